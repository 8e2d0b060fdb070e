// The auth module as other modules see it.
export { createAuthService } from './auth.service.js';
export { createAccountService } from './account.service.js';
export { authRoutes } from './auth.routes.js';
export { createCredentialStore } from './credential-store.js';
export { revokeUserRefreshTokens } from './refresh-tokens.repo.js';
export { createLoginCodesService } from './login-codes.service.js';
export { codesRoutes } from './codes.routes.js';
export { createPasswordResetService } from './password-reset.service.js';
export { passwordResetRoutes } from './password-reset.routes.js';
