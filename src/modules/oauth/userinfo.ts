import type { Authenticator } from '../../platform/auth/authenticator.js';
import type { Principal } from '../../platform/auth/principal.js';
import { notAuthenticated } from '../../platform/http/errors.js';
import { auth } from '../../platform/http/types.js';
import { route, type Route } from '../../platform/http/route.js';
import { UserInfo } from './oauth.api.js';

export interface UserInfoDeps {
  authenticator: Pick<Authenticator, 'profile'>;
}

/** What the user's own token (no client) sees: every claim. */
const EVERY_CLAIM = ['openid', 'profile', 'email'];

/**
 * GET /api/auth/userinfo (OIDC Core §5.3): the claims the granted scopes allow. A token issued to a client needs
 * `openid` (the route's requirement, checked before the handler); the user's own token (no client) sees every claim.
 */
export function createUserInfo(deps: UserInfoDeps) {
  async function userInfo(principal: Principal) {
    if (principal.kind !== 'user') throw notAuthenticated();
    const scopes = principal.clientId !== undefined ? (principal.grantedScopes ?? []) : EVERY_CLAIM;
    const profile = await deps.authenticator.profile(principal.tenantId, principal.userId);
    if (!profile) throw notAuthenticated();
    return {
      sub: profile.id,
      tenant_id: profile.tenantId,
      ...(scopes.includes('email') ? { email: profile.email } : {}),
      ...(scopes.includes('profile') ? { name: profile.name } : {}),
    };
  }
  return { userInfo };
}
export type UserInfoEndpoint = ReturnType<typeof createUserInfo>;

export function userInfoRoute(endpoint: UserInfoEndpoint): Route {
  return route({
    method: 'GET',
    url: '/api/auth/userinfo',
    tags: ['oauth'],
    summary: 'OpenID Connect userinfo: the signed-in user, as far as the granted scopes allow',
    description: '`sub` and `tenant_id` always; `email` with scope email, `name` with scope profile. A token issued to a client without `openid` is 403 `insufficient_scope`.',
    auth: auth.oidc('openid'),
    responses: { 200: UserInfo },
    handler: ({ principal }) => endpoint.userInfo(principal),
  });
}
