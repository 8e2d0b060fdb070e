import { auth } from '../../platform/http/types.js';
import { ErrorBody } from '../../platform/http/schemas.js';
import { route, type Route } from '../../platform/http/route.js';
import type { AuthorizationService } from './authorization.service.js';
import { answer, authorizeErrorHandler, AUTHORIZATION_CREDENTIAL } from './authorize.js';
import { AuthorizeResponse, ConsentRequest, OAuthErrorBody } from './oauth.api.js';

/** POST /api/auth/authorize/consent: the signed-in user allows (or denies) a third-party client the requested scopes. */
export function consentRoute(service: AuthorizationService): Route {
  return route({
    method: 'POST',
    url: '/api/auth/authorize/consent',
    tags: ['oauth'],
    summary: 'Grant a third-party client the requested scopes, then answer as the authorization endpoint',
    description:
      'The body is the authorization request (the query of `GET /api/auth/authorize`) plus `approve` (default true). The consent is recorded ' +
      'for the signed-in user (cookie or own bearer), and the answer is the authorization endpoint\'s (`status: "ok"` with a code). ' +
      '`approve: false` answers an `access_denied` error redirect. A cookie-authenticated call from another origin is 403 `cross_origin_refused`.',
    auth: auth.custom(AUTHORIZATION_CREDENTIAL),
    body: ConsentRequest,
    responses: { 200: AuthorizeResponse, 400: OAuthErrorBody, 403: ErrorBody, 422: ErrorBody },
    errorHandler: authorizeErrorHandler,
    handler: async ({ body, headers }) => {
      const { approve, ...request } = body;
      return answer(await service.decide(request, headers, 'consent', approve ?? true));
    },
  });
}
