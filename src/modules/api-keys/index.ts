// The api-keys module as other modules see it.
export { createApiKeysService } from './api-keys.service.js';
export { apiKeysRoutes } from './api-keys.routes.js';
export { findApiKeyByHash, touchApiKeys } from './api-keys.repo.js';
