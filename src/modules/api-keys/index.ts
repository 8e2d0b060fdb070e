// The api-keys module as other modules see it.
export { createApiKeys } from './api-keys.module.js';

export { findApiKeyByHash, touchApiKeys } from './api-keys.repo.js';
