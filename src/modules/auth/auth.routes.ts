import { auth } from '../../platform/http/types.js';
import { ErrorBody } from '../../platform/http/schemas.js';
import { notAuthenticated } from '../../platform/http/errors.js';
import { route, type Route } from '../../platform/http/route.js';
import {
  AcceptedInvitation,
  AcceptInvitation,
  ChangePassword,
  InvitationInfo,
  InvitationInfoQuery,
  LoginRequest,
  PatchMe,
  RefreshRequest,
  TokenPair,
  UserResponse,
  VerifyResponse,
} from './auth.api.js';
import type { AccountService } from './account.service.js';
import type { AuthService } from './auth.service.js';

const tags = ['auth'];
const credentialErrors = { 401: ErrorBody, 422: ErrorBody, 429: ErrorBody };

export function authRoutes(service: AuthService, account: AccountService): Route[] {
  return [
    route({
      method: 'POST',
      url: '/api/auth/login',
      tags,
      summary: 'Log in with email, password and tenant',
      description: 'In a tenant that enforces SSO, everyone but owners is refused after the password was checked: 403 `sso_required`, naming the SSO routes.',
      auth: auth.public('login'),
      body: LoginRequest,
      responses: { 200: TokenPair, ...credentialErrors, 403: ErrorBody },
      handler: ({ body, ip }) => service.login({ email: body.email, password: body.password, tenant: body.tenant_id }, ip),
    }),
    ...['/api/auth/refresh', '/api/auth/token/refresh'].map((url) =>
      route({
        method: 'POST',
        url,
        tags,
        summary: 'Exchange a refresh token for a new token pair (rotation)',
        description:
          'In a tenant that enforces SSO, a token family that no SSO sign-in started (a password, code or invitation sign-in from ' +
          'before) no longer rotates for anyone but owners: 403 `sso_required`, naming the SSO routes.',
        auth: auth.public('refresh tokens are their own credential'),
        body: RefreshRequest,
        responses: { 200: TokenPair, ...credentialErrors, 403: ErrorBody },
        caller: (body) => service.refreshCaller(body),
        handler: ({ body }) => service.refresh(body.refresh_token),
      }),
    ),
    route({
      method: 'GET',
      url: '/api/auth/me',
      tags,
      summary: 'The signed-in user',
      auth: auth.user(),
      responses: { 200: UserResponse },
      handler: async ({ principal }) => {
        if (principal.kind !== 'user') throw notAuthenticated();
        return service.me(principal);
      },
    }),
    route({
      method: 'PATCH',
      url: '/api/auth/me',
      tags,
      summary: 'Rename yourself',
      auth: auth.user(),
      body: PatchMe,
      responses: { 200: UserResponse },
      handler: async ({ principal, body }) => {
        if (principal.kind !== 'user') throw notAuthenticated();
        await account.rename(principal, body.name);
        return service.me(principal);
      },
    }),
    route({
      method: 'POST',
      url: '/api/auth/me/password',
      tags,
      summary: 'Change your password',
      description:
        'The current password must be right (400 `wrong_password`) and the new one must pass the password policy (422). ' +
        'Every refresh token of the user is revoked; the answer is a fresh token pair for this device.',
      auth: auth.user(),
      body: ChangePassword,
      responses: { 200: TokenPair, 400: ErrorBody },
      handler: async ({ principal, body, ip }) => {
        if (principal.kind !== 'user') throw notAuthenticated();
        return account.changePassword(principal, body, ip);
      },
    }),
    route({
      method: 'GET',
      url: '/api/auth/invitation/info',
      tags,
      summary: 'What an invitation is for (tenant, e-mail, role, inviter)',
      description: 'An unknown, used, revoked or expired token is the same 404 `invalid_invitation`.',
      auth: auth.public('the invitation token is its own credential'),
      query: InvitationInfoQuery,
      responses: { 200: InvitationInfo, 404: ErrorBody, 422: ErrorBody },
      handler: ({ query }) => account.invitationInfo(query.token),
    }),
    route({
      method: 'POST',
      url: '/api/auth/accept-invitation',
      tags,
      summary: 'Accept an invitation: creates the account and signs it in',
      description:
        'The role and e-mail are the ones the inviter chose (other fields in the body are ignored); the password policy applies (422). ' +
        'An unknown, used, revoked or expired token is the same 404 `invalid_invitation`; it spends the per-IP failed-attempt budget (429). ' +
        'In a tenant that enforces SSO the account is created but only an owner is signed in: anyone else gets 403 `sso_required` ' +
        '(no tokens), naming the SSO routes through which the new account then signs in.',
      auth: auth.public('the invitation token is its own credential'),
      body: AcceptInvitation,
      responses: { 200: AcceptedInvitation, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody },
      handler: ({ body, ip }) => account.acceptInvitation(body, ip),
    }),
    route({
      method: 'GET',
      url: '/api/auth/verify',
      tags,
      summary: 'Validate the presented bearer (JWT or API key)',
      auth: auth.scopes(),
      responses: { 200: VerifyResponse },
      handler: async ({ principal }) => service.verify(principal),
    }),
  ];
}
