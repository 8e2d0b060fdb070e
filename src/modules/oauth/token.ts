import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { Static } from 'typebox';
import type { Database } from '../../platform/db/database.js';
import { tenantDb, type TenantTx } from '../../platform/db/tenant-db.js';
import { hashOpaqueToken } from '../../platform/auth/opaque-token.js';
import type { Clock } from '../../platform/clock.js';
import { callerBucket, type RateLimits } from '../../platform/rate-limit/limiter.js';
import { auth } from '../../platform/http/types.js';
import { respond, route, type Route } from '../../platform/http/route.js';
import { findUser, type UserRow } from '../users/index.js';
import { AUTHORIZATION_CODE } from './authorization.service.js';
import type { ClientsService } from './clients.service.js';
import { findCodeTenant, findGrant, findRefreshTenant, insertGrant, lockCode, lockRefreshToken, markCodeUsed, markRefreshTokenUsed } from './grants.repo.js';
import type { GrantRevoker } from './revocation.js';
import { REFRESH_TOKEN, type Issuer, type TokenResponse as Tokens } from './issue.js';
import { invalidGrant, OAuthError } from './oauth-errors.js';
import { NO_STORE, oauthErrorHandler } from './oauth-errors.http.js';
import { OAuthErrorBody, TokenRequest, TokenResponse } from './oauth.api.js';
import type { OAuthClientRow } from './oauth.table.js';
import { isVerifier, verifierMatches } from './pkce.js';
import { open, seal, type KeyRing } from './sealing.js';
import { covers, parseScope } from './scopes.js';

/**
 * Parallel tabs refresh with the same token at once: within this window a used token answers the successor it
 * already got instead of counting as reuse (which would revoke the whole grant).
 */
const REFRESH_GRACE_MS = 30_000;

export interface TokenEndpointDeps {
  db: Database;
  clock: Clock;
  limits: Pick<RateLimits, 'enforce'>;
  secrets: KeyRing;
  clients: Pick<ClientsService, 'authenticate'>;
  issuer: Issuer;
  revoker: GrantRevoker;
}

type Body = Static<typeof TokenRequest>;
/** A transaction's outcome: tokens, or a refusal that must not roll back what it wrote (a revocation). */
type Outcome = { tokens: Tokens } | { refused: OAuthError; revoked?: string[] };

const successorPurpose = (refreshTokenId: string) => `oauth-refresh-successor\0${refreshTokenId}`;
const activeUser = async (t: TenantTx, userId: string): Promise<UserRow | null> => {
  const user = await findUser(t, userId);
  return user && user.status === 'active' ? user : null;
};

/** POST /api/auth/token: the authorization_code and refresh_token grants (RFC 6749 §4.1.3, §6; RFC 7636 §4.5). */
export function createTokenEndpoint(deps: TokenEndpointDeps) {
  const { db, clock, issuer, revoker } = deps;

  async function redeemCode(client: OAuthClientRow, body: Body): Promise<Tokens> {
    if (body.code === undefined) throw new OAuthError('invalid_request', 'code is required');
    if (body.redirect_uri === undefined) throw new OAuthError('invalid_request', 'redirect_uri is required');
    if (body.code_verifier !== undefined && !isVerifier(body.code_verifier)) {
      throw new OAuthError('invalid_request', 'code_verifier must be 43 to 128 characters of [A-Za-z0-9-._~]');
    }
    if (!AUTHORIZATION_CODE.pattern.test(body.code)) throw invalidGrant();
    const hash = hashOpaqueToken(body.code);
    const tenantId = await findCodeTenant(db, hash);
    if (!tenantId) throw invalidGrant();
    await issuer.prepare();
    const outcome = await tenantDb(db, tenantId).run(async (t): Promise<Outcome> => {
      const code = await lockCode(t, hash);
      const now = clock.now();
      if (!code) return { refused: invalidGrant() };
      if (code.usedAt) {
        // RFC 9700 §4.2.4: a second redemption means the code leaked; what the first one gave is revoked.
        const revoked = code.grantId ? await revoker.revoke(t, { ids: [code.grantId] }, now) : [];
        return { refused: invalidGrant('The authorization code was already used; the tokens issued from it are revoked'), revoked };
      }
      if (code.clientId !== client.clientId) return { refused: invalidGrant() };
      if (code.expiresAt.getTime() <= now.getTime()) return { refused: invalidGrant('The authorization code expired') };
      if (code.redirectUri !== body.redirect_uri) return { refused: invalidGrant('redirect_uri differs from the authorization request') };
      // PKCE downgrade is refused both ways: a challenge needs its verifier, and a verifier needs a challenge.
      if (code.codeChallenge !== null) {
        if (body.code_verifier === undefined) return { refused: invalidGrant('code_verifier is required: the authorization request sent a code_challenge') };
        if (!verifierMatches(body.code_verifier, code.codeChallenge)) return { refused: invalidGrant('PKCE verification failed') };
      } else if (body.code_verifier !== undefined) {
        return { refused: invalidGrant('code_verifier sent, but the authorization request had no code_challenge') };
      }
      const user = await activeUser(t, code.userId);
      if (!user) return { refused: invalidGrant() };
      const grant = await insertGrant(t, {
        id: randomUUID(),
        clientId: client.clientId,
        userId: user.id,
        sessionId: code.sessionId,
        scope: code.scope,
        authTime: code.authTime,
        createdAt: now,
      });
      await markCodeUsed(t, code.id, now, grant.id);
      const refreshToken = await issuer.refreshToken(t, grant.id, now);
      const accessToken = await issuer.accessToken(grant, user);
      const idToken = grant.scope.split(' ').includes('openid') ? await issuer.idToken({ grant, user, nonce: code.nonce, accessToken }) : undefined;
      return { tokens: response(accessToken, refreshToken, grant.scope, idToken) };
    });
    return settle(outcome);
  }

  async function refresh(client: OAuthClientRow, body: Body): Promise<Tokens> {
    if (body.refresh_token === undefined) throw new OAuthError('invalid_request', 'refresh_token is required');
    const narrowed = body.scope === undefined ? null : parseScope(body.scope);
    if (body.scope !== undefined && !narrowed) throw new OAuthError('invalid_scope', 'The scope holds an unknown scope');
    if (!REFRESH_TOKEN.pattern.test(body.refresh_token)) throw invalidGrant();
    const hash = hashOpaqueToken(body.refresh_token);
    const tenantId = await findRefreshTenant(db, hash);
    if (!tenantId) throw invalidGrant();
    const outcome = await tenantDb(db, tenantId).run(async (t): Promise<Outcome> => {
      const row = await lockRefreshToken(t, hash);
      const grant = row ? await findGrant(t, row.grantId) : null;
      if (!row || !grant || grant.clientId !== client.clientId || grant.revokedAt) return { refused: invalidGrant() };
      // A refresh is its user's call: the ordinary per-user budget, which the client's other calls spend too.
      await deps.limits.enforce('default', callerBucket({ userId: grant.userId }));
      const scope = narrowed ? narrowed.join(' ') : grant.scope;
      if (!covers(grant.scope.split(' '), scope.split(' '))) return { refused: new OAuthError('invalid_scope', 'The scope exceeds what was granted') };
      const now = clock.now();
      if (row.usedAt) {
        const successor = row.successorSealed ? open(deps.secrets, successorPurpose(row.id), row.successorSealed) : null;
        const user = await activeUser(t, grant.userId);
        if (successor && user && now.getTime() - row.usedAt.getTime() <= REFRESH_GRACE_MS) {
          return { tokens: response(await issuer.accessToken(grant, user, scope), successor, scope) };
        }
        // Reuse after the grace window: the token was copied. The grant (every token of the family) is revoked.
        const revoked = await revoker.revoke(t, { ids: [grant.id] }, now);
        return { refused: invalidGrant('The refresh token was already used; the grant is revoked'), revoked };
      }
      if (row.expiresAt.getTime() <= now.getTime()) return { refused: invalidGrant('The refresh token expired') };
      const user = await activeUser(t, grant.userId);
      if (!user) return { refused: invalidGrant() };
      const successor = await issuer.refreshToken(t, grant.id, now);
      await markRefreshTokenUsed(t, row.id, now, seal(deps.secrets, successorPurpose(row.id), successor));
      return { tokens: response(await issuer.accessToken(grant, user, scope), successor, scope) };
    });
    return settle(outcome);
  }

  /** After the commit: this process forgets revoked grants at once (others by NOTIFY), then answers or refuses. */
  function settle(outcome: Outcome): Tokens {
    if ('tokens' in outcome) return outcome.tokens;
    revoker.forget(outcome.revoked ?? []);
    throw outcome.refused;
  }

  function response(accessToken: string, refreshToken: string, scope: string, idToken?: string): Tokens {
    return {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: issuer.accessTokenTtlSec,
      refresh_token: refreshToken,
      scope,
      ...(idToken ? { id_token: idToken } : {}),
    };
  }

  async function exchange(headers: IncomingHttpHeaders, body: Body): Promise<Tokens> {
    const client = await deps.clients.authenticate(headers.authorization, body);
    if (body.grant_type === 'authorization_code') return redeemCode(client, body);
    if (body.grant_type === 'refresh_token') return refresh(client, body);
    throw new OAuthError('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token');
  }

  return { exchange };
}
export type TokenEndpoint = ReturnType<typeof createTokenEndpoint>;

export function tokenRoute(endpoint: TokenEndpoint): Route {
  return route({
    method: 'POST',
    url: '/api/auth/token',
    tags: ['oauth'],
    summary: 'Token endpoint: authorization_code (PKCE S256) and refresh_token grants; JSON or form body',
    description:
      'Accepts `application/json` and `application/x-www-form-urlencoded`. Confidential clients authenticate with `client_secret_basic` ' +
      '(HTTP Basic) or `client_secret_post` (`client_secret` in the body); public clients send `client_id` and prove PKCE. ' +
      'A code is single use and lives 60 s; a second redemption revokes every token issued from it. Refresh tokens rotate at every use; ' +
      'a used one presented again within 30 s answers the same successor (parallel tabs), later it revokes the whole grant. ' +
      'Errors are RFC 6749 §5.2 JSON: `invalid_request`, `invalid_client` (401), `invalid_grant`, `unsupported_grant_type`, `invalid_scope`.',
    auth: auth.public('the client credentials and the code or refresh token in the body are the credential'),
    body: TokenRequest,
    responses: { 200: TokenResponse, 400: OAuthErrorBody, 401: OAuthErrorBody, 429: OAuthErrorBody },
    openapi: { consumes: ['application/json', 'application/x-www-form-urlencoded'] },
    errorHandler: oauthErrorHandler,
    handler: async ({ headers, body }) => respond(200, await endpoint.exchange(headers, body), NO_STORE),
  });
}
