// The auth module as other modules see it.
export { createAuth } from './auth.module.js';
export type { AuthService, SignInGate, TokenPair } from './auth.service.js';
export type { AccountService } from './account.service.js';
export { createCredentialStore } from './credential-store.js';
export { revokeUserRefreshTokens } from './refresh-tokens.repo.js';
export type { LoginCodesService } from './login-codes.service.js';
export type { PasswordResetService } from './password-reset.service.js';
