import { auth } from '../../platform/http/types.js';
import { ErrorBody } from '../../platform/http/schemas.js';
import { route, type Route } from '../../platform/http/route.js';
import { notAuthenticated } from '../../platform/http/errors.js';
import { AppParams, ExchangeBody, ExchangeResponse, LaunchTokenResponse } from './apps.api.js';
import type { RuntimeService } from './runtime.service.js';

const tags = ['apps'];

/** Opening an app: the launch token (platform side) and its exchange for an app token (app side). */
export function runtimeRoutes(runtime: RuntimeService): Route[] {
  return [
    route({
      method: 'POST',
      url: '/api/v1/app-platform/apps/:app_id/launch-token',
      tags,
      summary: 'A launch token for opening an installed app, and the launch URL that carries it',
      description: 'Any signed-in user of the tenant may open its apps (API keys may not). The token is single use, valid 60 s, and accepted only by the exchange.',
      auth: auth.user(),
      params: AppParams,
      responses: { 200: LaunchTokenResponse, 404: ErrorBody },
      handler: async ({ tenant, principal, params }) => {
        if (principal.kind !== 'user') throw notAuthenticated();
        return runtime.launch(tenant, principal.userId, params.app_id);
      },
    }),
    route({
      method: 'POST',
      url: '/api/v1/app-platform/runtime/exchange',
      tags,
      summary: "The app's frontend exchanges its launch token for an app access token (no bearer)",
      description:
        'A used, expired or unknown launch token, or one of an uninstalled app, is the same 401 `invalid_launch_token`. ' +
        "A browser request must come from the origin of the app's entry_url (403 `app_origin_mismatch`); CORS answers only that origin. " +
        'The app token (900 s) opens the app APIs and the platform routes of the scopes it was granted; it has no refresh: relaunch the app.',
      auth: auth.custom('launch token in the body'),
      cors: 'app',
      body: ExchangeBody,
      responses: { 200: ExchangeResponse, 401: ErrorBody, 403: ErrorBody, 422: ErrorBody, 429: ErrorBody },
      handler: ({ body, headers }) => runtime.exchange(body.launch_token, typeof headers.origin === 'string' ? headers.origin : undefined),
    }),
  ];
}
