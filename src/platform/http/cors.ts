import type { IncomingHttpHeaders } from 'node:http';
import type { App } from './types.js';

/** Paths where our own front-ends call with credentials (the session cookie): CORS for first-party origins only. */
const CREDENTIALED_PREFIX = '/api/auth/';
const ALLOWED_METHODS = 'GET, POST, OPTIONS';
const ALLOWED_HEADERS = 'authorization, content-type, idempotency-key, x-request-id';

/**
 * CORS on `/api/auth/*`: an origin listed in `FIRST_PARTY_ORIGINS` (or the one of `PUBLIC_BASE_URL`) is echoed with
 * `Access-Control-Allow-Credentials: true`; any other origin gets no CORS header at all, so the browser keeps the
 * answer from it. Never `*` (a wildcard with credentials is what RFC 9700 §4.x and the Fetch spec forbid).
 * Preflights under the prefix are answered here (204), before routing, for allowed and refused origins alike.
 */
export function registerFirstPartyCors(app: App, firstPartyOrigins: readonly string[]): void {
  const allowed = new Set(firstPartyOrigins);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith(CREDENTIALED_PREFIX)) return;
    const origin = request.headers.origin;
    const trusted = typeof origin === 'string' && allowed.has(origin);
    reply.header('vary', 'Origin');
    if (trusted) {
      reply.header('access-control-allow-origin', origin);
      reply.header('access-control-allow-credentials', 'true');
    }
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      if (trusted) {
        reply.header('access-control-allow-methods', ALLOWED_METHODS);
        reply.header('access-control-allow-headers', ALLOWED_HEADERS);
        reply.header('access-control-max-age', '600');
      }
      return reply.code(204).send();
    }
  });
}

/**
 * Whether a request comes from one of our own origins, as far as the browser tells: a request with a foreign
 * `Origin`, or (writes by top-level navigation carry no Origin) one the browser marks `Sec-Fetch-Site: cross-site`
 * or `same-site`, is not first-party. A request with neither header is not a browser's cross-site request (curl,
 * servers): browsers send Origin on every cross-origin POST and Sec-Fetch-Site on every request.
 */
export function isFirstPartyRequest(headers: IncomingHttpHeaders, firstPartyOrigins: readonly string[]): boolean {
  const origin = headers.origin;
  if (typeof origin === 'string') return firstPartyOrigins.includes(origin);
  const site = headers['sec-fetch-site'];
  return site === undefined || site === 'same-origin' || site === 'none';
}
