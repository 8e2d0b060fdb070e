// The auth module as other modules see it.
export { createAuth } from './auth.module.js';

export { createCredentialStore } from './credential-store.js';
export { revokeUserRefreshTokens } from './refresh-tokens.repo.js';

