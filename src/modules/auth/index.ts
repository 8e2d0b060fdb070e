// The auth module as other modules see it.
export { createAuthService, type AuthService, type TokenPair } from './auth.service.js';
export { authRoutes } from './auth.routes.js';
export { createCredentialStore } from './credential-store.js';
