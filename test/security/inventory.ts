import { randomUUID } from 'node:crypto';
import type { InventoryRoute } from '../../src/app.js';
import { PREFLIGHT_REASON } from '../../src/platform/http/app-cors.js';

/**
 * The registered routes as the cross-cutting suites see them (app.routeInventory, filled by an onRoute
 * hook in src/app.ts). HEAD routes are Fastify's automatic twins of GET routes: same requirement.
 */

/**
 * Browser pages, public by nature and absent from the OpenAPI document: what @fastify/swagger-ui registers
 * under /docs, the administration console under /admin (its files depend on the build), and the fixed
 * paths mails link to, which forward into the console.
 */
export const isBrowserPage = (url: string) =>
  url === '/docs' || url.startsWith('/docs/') || url === '/admin' || url.startsWith('/admin/') || ['/accept-invitation', '/reset-password'].includes(url);

/**
 * Wildcard routes whose tail the OpenAPI document names (the route's `swaggerTransform`): a wildcard is how Fastify
 * matches ids holding slashes, `{*}` is no name for a parameter.
 */
const NAMED_WILDCARDS: Record<string, string> = { '/v1/models/*': '/v1/models/:model' };

/** `/a/:id/*` → `/a/{id}/{*}`, the spelling of the OpenAPI document and of docs/permissions.md. */
export const openapiPath = (url: string) =>
  (NAMED_WILDCARDS[url] ?? url).replace(/:(\w+)(\([^)]*\))?/g, '{$1}').replace(/\*/g, '{*}');

/** A callable URL for a route pattern: every path parameter filled with a random UUID. */
export const concreteUrl = (url: string) => url.replace(/:(\w+)(\([^)]*\))?/g, () => randomUUID()).replace(/\*/g, randomUUID());

export const label = (route: Pick<InventoryRoute, 'method' | 'url'>) => `${route.method} ${openapiPath(route.url)}`;

/** An OPTIONS twin answering CORS preflights of a route apps call (platform/http/app-cors.ts); hidden from OpenAPI. */
export const isPreflight = (route: InventoryRoute) => route.method === 'OPTIONS' && route.auth?.kind === 'public' && route.auth.why === PREFLIGHT_REASON;

/** Routes a client calls, one per method and path (no HEAD twins, no CORS preflight twins). */
export const callable = (inventory: InventoryRoute[]) => inventory.filter((r) => r.method !== 'HEAD' && !isPreflight(r));
