import type { CoreContext } from '../../platform/context.js';
import { mountRoutes } from '../../platform/http/route.js';
import type { Mailer } from '../mail/index.js';
import type { Module } from '../module.js';
import type { InvitationsService, RevokeSessions } from '../users/index.js';
import { createAccountService } from './account.service.js';
import { authRoutes } from './auth.routes.js';
import { createAuthService, type AuthService, type SignInGate } from './auth.service.js';
import { codesRoutes } from './codes.routes.js';
import { createCredentialStore } from './credential-store.js';
import { createLoginCodesService } from './login-codes.service.js';
import { passwordResetRoutes } from './password-reset.routes.js';
import { createPasswordResetService } from './password-reset.service.js';

export interface AuthModuleDeps {
  /** Asked before every password, code, invitation and refresh sign-in (SSO enforcement). */
  signInGate: SignInGate;
  /** Ends every way the user is signed in: a password reset or change. */
  revokeSessions: RevokeSessions;
  invitations: InvitationsService;
  mailer: Mailer;
}

/** Sign-in (password, codes, invitations), tokens, password resets and the caller's own account; `service` issues tokens (SSO). */
export function createAuth(ctx: CoreContext, deps: AuthModuleDeps): { module: Module; service: AuthService } {
  ctx.authenticator.connect(createCredentialStore(ctx.db));
  const { signInGate, revokeSessions } = deps;
  const auth = createAuthService({ ...ctx, signInGate });
  const account = createAccountService({ ...ctx, revokeSessions, signInGate }, auth, deps.invitations);
  const loginCodes = createLoginCodesService({ ...ctx, signInGate }, auth, deps.mailer);
  const passwordResets = createPasswordResetService({ ...ctx, revokeSessions }, deps.mailer);
  const module: Module = {
    name: 'auth',
    jobs: [loginCodes.job, passwordResets.job],
    routes: (app) => mountRoutes(app, [...authRoutes(auth, account), ...codesRoutes(loginCodes), ...passwordResetRoutes(passwordResets)]),
  };
  return { module, service: auth };
}
