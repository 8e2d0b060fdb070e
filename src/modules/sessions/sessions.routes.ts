import { auth } from '../../platform/http/types.js';
import { ErrorBody } from '../../platform/http/schemas.js';
import { respond, route, type Route } from '../../platform/http/route.js';
import { CheckSessionRequest, CheckSessionResponse, CreateSessionRequest, DestroySessionResponse, SessionResponse } from './sessions.api.js';
import type { SessionsService } from './sessions.service.js';

const tags = ['auth'];
/** Answers that set or clear the cookie are never cached, nor kept for an Idempotency-Key replay. */
const NO_STORE = { 'cache-control': 'no-store' };
const COOKIE_ONLY = 'service_session cookie (HttpOnly); cross-origin writes refused';
const crossOrigin = 'A request from a page of another origin (its `Origin` is not one of ours) is refused with 403 `cross_origin_refused`.';

export function sessionRoutes(service: SessionsService): Route[] {
  return [
    route({
      method: 'POST',
      url: '/api/auth/session/create',
      tags,
      summary: 'Turn your access token into a browser session (sets the service_session cookie)',
      description:
        'The body carries a user\'s own access token (not an API key, not a token issued to an OAuth client). The answer sets ' +
        '`service_session`: an opaque random id (stored hashed), HttpOnly, SameSite=Lax, Path=/, Secure on https. A session ' +
        'cookie already present is ended and replaced (rotation). In a tenant that enforces SSO, a token that no SSO sign-in ' +
        'issued becomes a session for owners only: 403 `sso_required` for anyone else. ' + crossOrigin,
      auth: auth.public('the access token in the body is the credential'),
      body: CreateSessionRequest,
      responses: { 200: SessionResponse, 401: ErrorBody, 403: ErrorBody, 422: ErrorBody },
      handler: async ({ headers, body }) => {
        const started = await service.create(headers, body.access_token);
        return respond(200, started.view, { ...NO_STORE, 'set-cookie': started.setCookie });
      },
    }),
    route({
      method: 'POST',
      url: '/api/auth/session/check',
      tags,
      summary: 'Whether the browser is signed in (never 401)',
      description: 'Reads the `service_session` cookie. With `client_id`, `authenticated` is true only when that OAuth client may serve the user. ' + crossOrigin,
      auth: auth.custom(COOKIE_ONLY),
      body: CheckSessionRequest,
      responses: { 200: CheckSessionResponse, 403: ErrorBody, 422: ErrorBody },
      handler: async ({ headers, body }) => respond(200, await service.check(headers, body.client_id), NO_STORE),
    }),
    route({
      method: 'POST',
      url: '/api/auth/session/destroy',
      tags,
      summary: 'Sign the browser out: ends the session and clears the cookie',
      description: crossOrigin,
      auth: auth.custom(COOKIE_ONLY),
      responses: { 200: DestroySessionResponse, 403: ErrorBody },
      handler: async ({ headers }) => {
        const { ended, setCookie } = await service.destroy(headers);
        return respond(200, { signed_out: ended !== null }, { ...NO_STORE, 'set-cookie': setCookie });
      },
    }),
  ];
}
