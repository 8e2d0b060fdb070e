import type { IncomingHttpHeaders } from 'node:http';
import type { Static } from 'typebox';
import type { Database } from '../../platform/db/database.js';
import { tenantDb } from '../../platform/db/tenant-db.js';
import { hashOpaqueToken } from '../../platform/auth/opaque-token.js';
import type { TokenService } from '../../platform/auth/tokens.js';
import type { Clock } from '../../platform/clock.js';
import { auth } from '../../platform/http/types.js';
import { respond, route, type Route } from '../../platform/http/route.js';
import type { ClientsService } from './clients.service.js';
import { findGrant, findRefreshTenant, lockRefreshToken } from './grants.repo.js';
import { REFRESH_TOKEN } from './issue.js';
import { NO_STORE, oauthErrorHandler } from './oauth-errors.http.js';
import { OAuthErrorBody, RevokeRequest } from './oauth.api.js';
import type { GrantRevoker } from './revocation.js';
import { Type } from 'typebox';

export interface RevokeDeps {
  db: Database;
  clock: Clock;
  tokens: Pick<TokenService, 'verify'>;
  clients: Pick<ClientsService, 'authenticate'>;
  revoker: GrantRevoker;
}

/**
 * POST /api/auth/revoke (RFC 7009): a refresh token or an access token of the authenticated client ends its whole
 * grant (every refresh and access token issued from the same code). Unknown, invalid, already revoked tokens and
 * another client's tokens answer the same 200 and revoke nothing.
 */
export function createRevokeEndpoint(deps: RevokeDeps) {
  const { db, clock, revoker } = deps;

  async function grantOf(token: string): Promise<{ tenantId: string; grantId: string } | null> {
    if (REFRESH_TOKEN.pattern.test(token)) {
      const hash = hashOpaqueToken(token);
      const tenantId = await findRefreshTenant(db, hash);
      const row = tenantId ? await tenantDb(db, tenantId).run((t) => lockRefreshToken(t, hash)) : null;
      return tenantId && row ? { tenantId, grantId: row.grantId } : null;
    }
    const claims = await deps.tokens.verify('access', token);
    return claims && typeof claims.gid === 'string' ? { tenantId: claims.tid, grantId: claims.gid } : null;
  }

  async function revoke(headers: IncomingHttpHeaders, body: Static<typeof RevokeRequest>): Promise<void> {
    const client = await deps.clients.authenticate(headers.authorization, body);
    const found = await grantOf(body.token);
    if (!found) return;
    const revoked = await tenantDb(db, found.tenantId).run(async (t) => {
      const grant = await findGrant(t, found.grantId);
      if (!grant || grant.clientId !== client.clientId) return [];
      return revoker.revoke(t, { ids: [grant.id] }, clock.now());
    });
    revoker.forget(revoked);
  }

  return { revoke };
}
export type RevokeEndpoint = ReturnType<typeof createRevokeEndpoint>;

export function revokeRoute(endpoint: RevokeEndpoint): Route {
  return route({
    method: 'POST',
    url: '/api/auth/revoke',
    tags: ['oauth'],
    summary: 'Revoke a refresh or access token (RFC 7009): its whole grant ends',
    description:
      'Client authentication as at the token endpoint. Always 200 for a token that is unknown, invalid, already revoked or another ' +
      "client's (nothing is revoked then); `invalid_client` (401) when the client does not authenticate. JSON or form body.",
    auth: auth.public('the client credentials in the request are the credential'),
    body: RevokeRequest,
    responses: { 200: Type.Object({}), 400: OAuthErrorBody, 401: OAuthErrorBody },
    openapi: { consumes: ['application/json', 'application/x-www-form-urlencoded'] },
    errorHandler: oauthErrorHandler,
    handler: async ({ headers, body }) => {
      await endpoint.revoke(headers, body);
      return respond(200, {}, NO_STORE);
    },
  });
}
