import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { CONSOLE_DIR } from '../config.js';
import type { App } from './types.js';
import { auth } from './types.js';

export const CONSOLE_PREFIX = '/admin/';

/**
 * Pages the service's mails link to (PUBLIC_BASE_URL/accept-invitation?token=…). They live in the
 * console; these fixed paths forward there with the query unchanged (same origin, fixed target: no
 * open redirect).
 */
const MAIL_LINK_PAGES = ['/accept-invitation', '/reset-password'];

/**
 * The console's policy: scripts and everything else only from this origin (Vite emits no inline
 * script); inline styles are allowed because the component library sets CSS variables in `style`.
 */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** A hashed asset never changes under its name: a year in any cache. The page itself: always revalidated. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

function pageHeaders<R extends { header(name: string, value: string): R }>(reply: R, cacheControl: string): R {
  return reply
    .header('cache-control', cacheControl)
    .header('content-security-policy', CSP)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'same-origin');
}

/**
 * Serves the built administration console at /admin/ (a single-page app: unknown paths under it get
 * index.html, so deep links and reloads work). When the console was not built, /admin/ says how to
 * build it instead of a bare 404.
 */
export async function registerConsole(app: App, dir = CONSOLE_DIR): Promise<void> {
  const page = { auth: auth.public('administration console (a browser page)') };
  for (const link of MAIL_LINK_PAGES) {
    app.get(link, { schema: { hide: true }, config: page }, async (request, reply) => {
      const at = request.url.indexOf('?');
      const query = at === -1 ? '' : request.url.slice(at);
      return reply.redirect(`${CONSOLE_PREFIX.slice(0, -1)}${link}${query}`, 302);
    });
  }
  app.get('/admin', { schema: { hide: true }, config: page }, async (_request, reply) => reply.redirect(CONSOLE_PREFIX, 301));

  if (!existsSync(path.join(dir, 'index.html'))) {
    app.get(`${CONSOLE_PREFIX}*`, { schema: { hide: true }, config: page }, async (_request, reply) =>
      reply.code(503).send({ detail: 'The console is not built: run `npm run web:build` (script/server does it when missing)', code: 'unavailable' }),
    );
    return;
  }
  await app.register(fastifyStatic, {
    root: dir,
    prefix: CONSOLE_PREFIX,
    index: false,
    wildcard: false,
    cacheControl: false,
    decorateReply: true,
    schemaHide: true,
    setHeaders: (reply, file) => {
      pageHeaders(reply, file.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE : REVALIDATE);
    },
  });
  // Every other path under /admin/ is a page of the app: index.html, which routes it in the browser.
  app.get(`${CONSOLE_PREFIX}*`, { schema: { hide: true }, config: page }, async (request, reply) => {
    if (request.url.startsWith(`${CONSOLE_PREFIX}assets/`)) {
      return reply.code(404).send({ detail: 'No such console asset', code: 'not_found' });
    }
    return pageHeaders(reply, REVALIDATE).sendFile('index.html', dir);
  });
}
