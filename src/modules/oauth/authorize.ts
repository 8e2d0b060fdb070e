import { auth } from '../../platform/http/types.js';
import { ErrorBody } from '../../platform/http/schemas.js';
import { respond, route, type Route } from '../../platform/http/route.js';
import type { AuthorizationAnswer, AuthorizationService } from './authorization.service.js';
import { authorizeErrorHandler } from './oauth-errors.http.js';
import { AuthorizeQuery, AuthorizeResponse, OAuthErrorBody } from './oauth.api.js';

const NO_STORE = { 'cache-control': 'no-store' };
export const AUTHORIZATION_CREDENTIAL = 'service_session cookie, or a user\'s own access token as bearer (checked by the handler)';

/** A decision as HTTP: always 200 JSON (an untrusted client or redirect URI was thrown: `authorizeErrorHandler`'s 400). */
export const answer = (result: AuthorizationAnswer) => respond(200, result, NO_STORE);
export { authorizeErrorHandler };

/** GET /api/auth/authorize: the authorization endpoint, answering 200 JSON that our login page follows. */
export function authorizeRoute(service: AuthorizationService): Route {
  return route({
    method: 'GET',
    url: '/api/auth/authorize',
    tags: ['oauth'],
    summary: 'Authorization endpoint (OAuth 2.0 code flow with PKCE): answers 200 JSON, never redirects',
    description:
      'Authenticated by the `service_session` cookie or by a user\'s own access token (`Authorization: Bearer`); `user_id` and `tenant_id` ' +
      'never authenticate. An unknown `client_id`, or a `redirect_uri` not exactly equal to a registered one, is a 400 `{error, error_description}`. ' +
      'Otherwise always 200: `{"status": "ok", "redirect_to", "code", "state", "expires_in"}` (the code lives 60 s), ' +
      '`{"status": "error", "redirect_to"}` (unsupported response_type, unknown scope, PKCE missing for a public client, `plain`), ' +
      '`{"status": "login_required", "login_url"}` (no session, `user_id`/`tenant_id` of someone else, a tenant-owned client and a user of another tenant), ' +
      'or `{"status": "consent_required", "client", "scopes"}` (a third-party client the user has not yet allowed: `POST /api/auth/authorize/consent`). ' +
      'Redirects carry `iss` (RFC 9207).',
    auth: auth.custom(AUTHORIZATION_CREDENTIAL),
    query: AuthorizeQuery,
    responses: { 200: AuthorizeResponse, 400: OAuthErrorBody, 403: ErrorBody, 422: ErrorBody },
    errorHandler: authorizeErrorHandler,
    handler: async ({ query, headers }) => answer(await service.decide(query, headers, 'interactive')),
  });
}
