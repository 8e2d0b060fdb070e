import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../http/types.js';
import { AppError, notAuthenticated } from '../http/errors.js';
import { rateLimitHeaders, tooManyRequests, type RateLimits } from '../rate-limit/limiter.js';
import type { Authenticator } from './authenticator.js';
import type { Principal } from './principal.js';
import { hasScopes } from './scopes.js';

const RATE_LIMITED_PREFIXES = ['/api/', '/v1/'];

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
      const decision = await limits.consume('default', bucketOf(request.principal, request.ip));
      reply.headers(rateLimitHeaders(decision));
      if (!decision.allowed) throw tooManyRequests(decision);
    }

    if (!requirement || requirement.kind !== 'principal') return;
    const principal = request.principal;
    if (!principal) throw notAuthenticated('unauthorized', presented ? 'Invalid or expired credentials' : 'Not authenticated');
    if (!requirement.principals.includes(principal.kind)) {
      throw new AppError('forbidden', `This endpoint requires a ${requirement.principals.join(' or ')} credential`);
    }
    if (!hasScopes(principal.scopes, requirement.scopes)) {
      throw new AppError('insufficient_scope', `Missing scope: ${requirement.scopes.join(', ')}`);
    }
  });
}

function bucketOf(principal: Principal | null, ip: string): string {
  if (!principal) return `ip:${ip}`;
  return principal.kind === 'api_key' ? `key:${principal.apiKeyId}` : `user:${principal.userId}`;
}

/** The principal of an authenticated route (the onRequest hook already refused anonymous calls). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw notAuthenticated();
  return request.principal;
}
