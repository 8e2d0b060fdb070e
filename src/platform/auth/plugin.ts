import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../http/types.js';
import { AppError, notAuthenticated } from '../http/errors.js';
import { rateLimitHeaders, type RateLimits } from '../rate-limit/limiter.js';
import type { Authenticator } from './authenticator.js';
import type { Principal } from './principal.js';
import { hasScopes } from './scopes.js';
import { isAppPlatformScope } from './app-permissions.js';
import type { AuthRequirement } from '../http/types.js';

const RATE_LIMITED_PREFIXES = ['/api/', '/v1/'];
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * onRequest pipeline: principal → default rate limit (per key, per user, or per IP) → the route's
 * declared requirement. The principal is resolved before the limit so that 401s are limited per IP too.
 * Budgets of particular routes (login failures, refreshes, key creation) are spent where their key is
 * known: by the route builder (`rateLimit`) or the service.
 */
export function registerAuth(app: App, authenticator: Authenticator, limits: RateLimits): void {
  app.decorateRequest('principal', null);

  app.addHook('onRoute', (route) => {
    const requirement = route.config?.auth;
    if (!requirement) {
      throw new Error(`route ${route.method} ${route.url} declares no auth requirement (config.auth)`);
    }
    if (requirement.kind === 'principal') {
      checkAppRule(`${route.method} ${route.url}`, requirement);
      route.schema = { ...route.schema, security: [{ bearerAuth: [] }] } as typeof route.schema;
    }
  });

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const requirement = request.routeOptions.config.auth;
    const header = request.headers.authorization;
    let presented = false;
    if (requirement?.kind !== 'custom' && typeof header === 'string' && /^bearer /i.test(header)) {
      presented = true;
      request.principal = await authenticator.resolve(header.slice(7).trim());
    }

    if (RATE_LIMITED_PREFIXES.some((p) => request.url.startsWith(p))) {
      // A refusal throws the 429 with its headers (and is counted in kb_rate_limit_rejections_total).
      reply.headers(rateLimitHeaders(await limits.enforce('default', bucketOf(request.principal, request.ip))));
    }

    if (!requirement || requirement.kind !== 'principal') return;
    const principal = request.principal;
    if (!principal) throw notAuthenticated('unauthorized', presented ? 'Invalid or expired credentials' : 'Not authenticated');
    if (!requirement.principals.includes(principal.kind)) {
      if (principal.kind === 'app') throw new AppError('app_token_not_accepted');
      throw new AppError('forbidden', `This endpoint requires a ${requirement.principals.join(' or ')} credential`);
    }
    if (principal.kind === 'app' && requirement.appPermissions) {
      const missing = requirement.appPermissions.filter((p) => !principal.permissions.includes(p));
      if (missing.length > 0) throw new AppError('app_permission_missing', `Missing app permission: ${missing.join(', ')}`);
    } else if (!hasScopes(principal.scopes, requirement.scopes)) {
      throw new AppError('insufficient_scope', `Missing scope: ${requirement.scopes.join(', ')}`);
    }
    // A token issued to an OAuth client acts within the scopes granted to it; a write that needs no scope (the
    // account's own name, password) is no scope's to grant, so an app never makes one.
    if (principal.kind === 'user' && principal.clientId !== undefined && requirement.scopes.length === 0 && !SAFE_METHODS.has(request.method)) {
      throw new AppError('insufficient_scope', 'A token issued to an application cannot change the account');
    }
  });
}

/** An app shares its user's budget: launching an app is no way around the user's limit. */
function bucketOf(principal: Principal | null, ip: string): string {
  if (!principal) return `ip:${ip}`;
  return principal.kind === 'api_key' ? `key:${principal.apiKeyId}` : `user:${principal.userId}`;
}

/**
 * The rule that keeps app tokens out of the platform: a route admits them only by saying so, and then
 * either as an app API (it names the app permissions it needs) or as a platform route whose scopes are
 * all ones an app can be granted. Anything else fails registration, so it cannot be got wrong quietly.
 */
function checkAppRule(route: string, requirement: Extract<AuthRequirement, { kind: 'principal' }>): void {
  const admitsApps = requirement.principals.includes('app');
  if (requirement.appPermissions && (!admitsApps || requirement.appPermissions.length === 0)) {
    throw new Error(`route ${route} names app permissions but does not admit app tokens`);
  }
  if (admitsApps && !requirement.appPermissions) {
    if (requirement.scopes.length === 0 || !requirement.scopes.every(isAppPlatformScope)) {
      throw new Error(`route ${route} admits app tokens on scopes an app cannot be granted: ${requirement.scopes.join(', ') || 'none'}`);
    }
  }
}

/** The principal of an authenticated route (the onRequest hook already refused anonymous calls). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw notAuthenticated();
  return request.principal;
}
