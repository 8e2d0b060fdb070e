import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../http/types.js';
import { AppError, notAuthenticated } from '../http/errors.js';
import { callerBucket, rateLimitHeaders, type RateLimits } from '../rate-limit/limiter.js';
import type { Authenticator } from './authenticator.js';
import type { Principal } from './principal.js';
import { hasScopes } from './scopes.js';
import { isAppPlatformScope } from './app-permissions.js';
import type { AuthRequirement } from '../http/types.js';

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
      checkAppRule(`${route.method} ${route.url}`, requirement);
      checkOAuthRule(`${route.method} ${route.url}`, requirement);
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

    // A route whose credential is in the body (a refresh) names its caller itself once the body is read (route.ts).
    if (RATE_LIMITED_PREFIXES.some((p) => request.url.startsWith(p)) && !request.routeOptions.config.callerInBody) {
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
    if (principal.kind === 'user' && principal.clientId !== undefined) checkOAuthGrant(requirement, principal.grantedScopes ?? []);
  });
}

/**
 * A token issued to an OAuth client acts only within the scopes granted to it. The API scopes were checked above
 * (its `scopes` are role ∩ granted); a route that needs none (the account, its profile, the tenant's installations)
 * is no scope's to grant, so it is closed to such tokens (fail closed) unless it names the OpenID Connect scopes that
 * open it (`auth.oidc`: userinfo with `openid`). `admin` granted does not open them either: it covers API scopes only.
 */
function checkOAuthGrant(requirement: Extract<AuthRequirement, { kind: 'principal' }>, granted: readonly string[]): void {
  if (requirement.oauth) {
    const missing = requirement.oauth.filter((scope) => !granted.includes(scope));
    if (missing.length > 0) throw new AppError('insufficient_scope', `Missing scope: ${missing.join(', ')}`);
  } else if (requirement.scopes.length === 0) {
    throw new AppError('insufficient_scope', 'This endpoint is not open to tokens issued to applications');
  }
}

/** An app shares its user's budget: launching an app is no way around the user's limit. */
function bucketOf(principal: Principal | null, ip: string): string {
  if (!principal) return callerBucket({ ip });
  return callerBucket(principal.kind === 'api_key' ? { apiKeyId: principal.apiKeyId } : { userId: principal.userId });
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

/** An OpenID Connect opening (`oauth`) names at least one scope, on a route users call (OAuth tokens are users'). */
function checkOAuthRule(route: string, requirement: Extract<AuthRequirement, { kind: 'principal' }>): void {
  if (requirement.oauth && (requirement.oauth.length === 0 || !requirement.principals.includes('user'))) {
    throw new Error(`route ${route} opens to OAuth client tokens on no scope, or admits no user`);
  }
}
