import { auth } from '../../platform/http/types.js';
import { ErrorBody } from '../../platform/http/schemas.js';
import { route, type Route } from '../../platform/http/route.js';
import type { AuthorizationService } from './authorization.service.js';
import { answer, authorizeErrorHandler } from './authorize.js';
import { AuthorizeResponse, OAuthErrorBody, SilentAuthRequest } from './oauth.api.js';

/** POST /api/auth/silent-authorize: OIDC `prompt=none` on the session cookie (no login page, no bearer). */
export function silentAuthorizeRoute(service: AuthorizationService): Route {
  return route({
    method: 'POST',
    url: '/api/auth/silent-authorize',
    tags: ['oauth'],
    summary: 'Authorize without interaction (prompt=none): a code from the session, or login_required / consent_required',
    description:
      'Reads only the `service_session` cookie. Answers as the authorization endpoint, except that without a session it is `{"status": "login_required"}` ' +
      '(no login page) and a missing consent is `consent_required`. A call from another origin is 403 `cross_origin_refused`.',
    auth: auth.custom('service_session cookie (checked by the handler)'),
    body: SilentAuthRequest,
    responses: { 200: AuthorizeResponse, 400: OAuthErrorBody, 403: ErrorBody, 422: ErrorBody },
    errorHandler: authorizeErrorHandler,
    handler: async ({ body, headers }) => answer(await service.decide(body, headers, 'silent')),
  });
}
