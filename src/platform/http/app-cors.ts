import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Authenticator } from '../auth/authenticator.js';
import type { App, AuthRequirement } from './types.js';
import { auth } from './types.js';

/**
 * CORS for installed apps, and for nothing else: an app's frontend runs on its own origin (its manifest's
 * entry_url) and calls the exchange and the routes that admit app tokens from there. Such a route answers
 * cross-origin only to that origin:
 * - with an app token, only the origin of the token's installation;
 * - with no credential (the exchange, or a refused token), an origin some active installation opens from,
 *   so the app can read "expired: relaunch";
 * - a user's or API key's call never gets CORS headers (the platform's own pages are same-origin).
 * Preflights carry no credential, so they are answered for origins of active installations, and only for
 * the methods of that path that admit apps. No cookie is ever involved (no Allow-Credentials).
 */

export const PREFLIGHT_REASON = 'CORS preflight of a route installed apps call (answers only for their origins)';
const ALLOWED_HEADERS = 'Authorization, Content-Type, Idempotency-Key, If-Match, X-Request-Id';
const EXPOSED_HEADERS = 'ETag, Idempotent-Redacted, Idempotent-Replayed, Retry-After, X-RateLimit-Limit, X-RateLimit-Remaining, X-Request-Id';
const PREFLIGHT_MAX_AGE_SEC = '600';

type OriginCheck = Pick<Authenticator, 'isAppOrigin'>;

/**
 * Per app: the origin check and, per path, the methods that admit apps. Keyed by the HTTP server, which every
 * encapsulated instance of one app shares (a module may mount its routes inside a plugin).
 */
const state = new WeakMap<object, { origins: OriginCheck | null; methods: Map<string, Set<string>> }>();
const stateOf = (app: App) => {
  let s = state.get(app.server);
  if (!s) state.set(app.server, (s = { origins: null, methods: new Map() }));
  return s;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `app`: the route answers CORS for installed apps even though it takes no app token (the exchange). */
    cors?: 'app';
  }
}

/** Whether a route answers CORS for installed apps: it admits app tokens, or says so (the exchange). */
function isAppCorsRoute(config: { auth?: AuthRequirement; cors?: 'app' } | undefined): boolean {
  if (config?.cors === 'app') return true;
  return config?.auth?.kind === 'principal' && config.auth.principals.includes('app');
}

/**
 * Sets the CORS headers of app routes' answers once the caller is known: before the handler (so that a
 * stream that takes the reply over keeps them) and again on sending (errors raised before the handler).
 */
export function registerAppCors(app: App, origins: OriginCheck): void {
  stateOf(app).origins = origins;
  const apply = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method === 'OPTIONS' || !isAppCorsRoute(request.routeOptions.config)) return;
    reply.header('vary', 'Origin');
    const origin = request.headers.origin;
    if (typeof origin === 'string' && (await mayRead(request, origin, origins))) {
      reply.header('access-control-allow-origin', origin);
      reply.header('access-control-expose-headers', EXPOSED_HEADERS);
    } else {
      reply.removeHeader('access-control-allow-origin'); // e.g. one an idempotent replay carried
    }
  };
  app.addHook('preHandler', apply);
  app.addHook('onSend', async (request, reply, payload) => {
    await apply(request, reply);
    return payload;
  });
}

async function mayRead(request: FastifyRequest, origin: string, origins: OriginCheck): Promise<boolean> {
  const principal = request.principal;
  if (principal?.kind === 'app') return principal.origin === origin;
  if (principal) return false;
  return origins.isAppOrigin(origin);
}

/**
 * Called by `mountRoutes` for each route it registers: an app route gets (once per path) an OPTIONS twin
 * answering preflights. The twin is hidden from OpenAPI, like HEAD twins are.
 */
export function addAppPreflight(app: App, options: RouteOptions): void {
  if (!isAppCorsRoute(options.config as { auth?: AuthRequirement; cors?: 'app' })) return;
  const { methods } = stateOf(app);
  const url = options.url;
  const path = `${app.prefix}${url}`; // the same url under two plugin prefixes is two paths
  const known = methods.get(path);
  if (known) {
    for (const method of [options.method].flat()) known.add(method);
    return;
  }
  methods.set(path, new Set([options.method].flat()));
  app.route({
    method: 'OPTIONS',
    url,
    schema: { hide: true },
    config: { auth: auth.public(PREFLIGHT_REASON) },
    handler: async (request, reply) => {
      reply.header('vary', 'Origin');
      const origin = request.headers.origin;
      const asked = String(request.headers['access-control-request-method'] ?? '').toUpperCase();
      const allowed = methods.get(path)!;
      const origins = stateOf(app).origins;
      if (typeof origin === 'string' && allowed.has(asked) && origins && (await origins.isAppOrigin(origin))) {
        reply.headers({
          'access-control-allow-origin': origin,
          'access-control-allow-methods': [...allowed].join(', '),
          'access-control-allow-headers': ALLOWED_HEADERS,
          'access-control-max-age': PREFLIGHT_MAX_AGE_SEC,
        });
      }
      return reply.code(204).send();
    },
  });
}
