import { randomUUID } from 'node:crypto';
import type { Database } from '../../platform/db/database.js';
import { tenantDb, type TenantTx } from '../../platform/db/tenant-db.js';
import type { TokenService } from '../../platform/auth/tokens.js';
import { AUTH_CHANNEL, type Authenticator } from '../../platform/auth/authenticator.js';
import type { EventBus } from '../../platform/events/bus.js';
import type { Principal, SignedInVia } from '../../platform/auth/principal.js';
import { expandScopes } from '../../platform/auth/scopes.js';
import { notAuthenticated } from '../../platform/http/errors.js';
import type { Config } from '../../platform/config.js';
import type { RateLimits } from '../../platform/rate-limit/limiter.js';
import { findTenant } from '../tenants/index.js';
import { audit } from '../audit/index.js';
import { decoyHash, findUser, findUserByEmail, updateUser, verifyPassword, type UserRow } from '../users/index.js';
import { insertRefreshToken, lockRefreshToken, markRefreshTokenUsed, revokeRefreshFamily } from './refresh-tokens.repo.js';
import { refuseIfGuessing, spendFailure } from '../../platform/rate-limit/budgets.js';

export interface AuthDeps {
  db: Database;
  authenticator: Pick<Authenticator, 'profile' | 'forgetUser'>;
  bus: EventBus;
  tokens: TokenService;
  limits: Pick<RateLimits, 'consume' | 'enforce' | 'refuseIfExhausted'>;
  config: Pick<Config, 'accessTokenTtlSec' | 'refreshTokenTtlSec'>;
  /**
   * Asked before a password, code or invitation sign-in succeeds, and before a refresh of a family no SSO sign-in
   * started; throws to refuse it (SSO enforcement, wired by the composition root).
   */
  signInGate?: SignInGate;
}

/** Refuses (throws) a password or code sign-in of a user whose credentials were right, e.g. when the tenant requires SSO. */
export type SignInGate = (t: TenantTx, user: UserRow) => Promise<void>;

export interface TokenPair {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: 'bearer';
}

const invalidRefreshToken = () => notAuthenticated('invalid_refresh_token');

/** Login, refresh-token rotation with reuse detection, and the views of the current principal. */
export function createAuthService(deps: AuthDeps) {
  const { db, tokens, config, limits } = deps;

  /**
   * A token pair in family `familyId`; `deviceName` (a desktop sign-in's) and `via` (how the family was signed in)
   * ride along the family's rotations.
   */
  async function issue(t: TenantTx, user: UserRow, familyId: string, deviceName: string | null = null, via?: SignedInVia): Promise<TokenPair> {
    const refreshId = randomUUID();
    const expiresAt = new Date(Date.now() + config.refreshTokenTtlSec * 1000);
    await insertRefreshToken(t, { id: refreshId, userId: user.id, familyId, expiresAt, deviceName });
    const signedIn = via ? { via } : {};
    const access = await tokens.sign('access', { sub: user.id, tid: user.tenantId, role: user.role, ...signedIn }, config.accessTokenTtlSec);
    const refresh = await tokens.sign('refresh', { sub: user.id, tid: user.tenantId, fam: familyId, jti: refreshId, ...signedIn }, config.refreshTokenTtlSec);
    return { access_token: access.token, refresh_token: refresh.token, expires_in: config.accessTokenTtlSec, token_type: 'bearer' };
  }

  /**
   * Every failure path costs one argon2 verification and returns the same 401. Only failures spend
   * the login budgets (per client IP and per account, the tenant as resolved so that its slug and its
   * UUID are one account), so a whole office behind one address signs in freely while guessing,
   * from one address or spread over many, is refused once a budget is spent.
   */
  async function login(input: { email: string; password: string; tenant: string }, ip: string): Promise<TokenPair> {
    const tenant = await db.system((tx) => findTenant(tx, input.tenant.trim()));
    const email = input.email.trim().toLowerCase();
    const buckets = { ip, account: `${tenant?.id ?? input.tenant.trim().toLowerCase()}:${email}` };
    await refuseIfGuessing(limits, buckets);
    const tdb = tenant ? tenantDb(db, tenant.id) : null;
    const user = tdb ? await tdb.run((t) => findUserByEmail(t, email)) : null;
    const passwordOk = await verifyPassword(user?.passwordHash ?? (await decoyHash()), input.password);
    if (!tdb || !user || !passwordOk || user.status !== 'active') {
      await spendFailure(limits, buckets);
      // Recorded only in a tenant that exists, for an e-mail that may not (the trail shows guessing too).
      if (tdb) await tdb.run((t) => audit(t, 'auth.login_failed', { anonymous: true, userId: user?.id ?? null }, { targetId: user?.id ?? null, details: { email: email.slice(0, 320) }, ip }));
      throw notAuthenticated('invalid_credentials');
    }
    const pair = await tdb.run(async (t) => {
      // Only after the password was right: a refusal tells nothing to someone who does not know it.
      await deps.signInGate?.(t, user);
      await updateUser(t, user.id, { lastLoginAt: new Date() });
      await deps.bus.publish(AUTH_CHANNEL, { kind: 'user', id: user.id }, t.tx); // cached profiles show the new login time
      return issue(t, user, randomUUID());
    });
    deps.authenticator.forgetUser(user.id);
    return pair;
  }

  /**
   * Rotates a refresh token. A token presented a second time means it was copied: the whole family
   * is revoked (committed), and the caller gets the same 401 as for any invalid token. A family that
   * no SSO sign-in started asks the sign-in gate again, so a tenant that came to enforce SSO after a
   * password sign-in stops its rotations (403 `sso_required`, nothing written) for everyone but owners.
   */
  async function refresh(refreshToken: string): Promise<TokenPair> {
    const claims = await tokens.verify('refresh', refreshToken);
    if (!claims || typeof claims.fam !== 'string') throw invalidRefreshToken();
    const outcome = await tenantDb(db, claims.tid).run(async (t) => {
      const row = await lockRefreshToken(t, claims.jti);
      if (!row || row.familyId !== claims.fam) return null;
      if (row.usedAt || row.revokedAt) {
        await revokeRefreshFamily(t, row.familyId, new Date());
        return null;
      }
      if (row.expiresAt.getTime() <= Date.now()) return null;
      const user = await findUser(t, row.userId);
      if (!user || user.status !== 'active') return null;
      const via = claims.via === 'sso' ? ('sso' as const) : undefined;
      if (!via) await deps.signInGate?.(t, user);
      await markRefreshTokenUsed(t, row.id, new Date());
      return issue(t, user, row.familyId, row.deviceName, via);
    });
    if (!outcome) throw invalidRefreshToken();
    return outcome;
  }

  /**
   * Whose call a refresh is, for the default budget: the user of a refresh token whose signature holds (a forged or
   * expired one names nobody and spends its address's budget). Rotation stays as strict: reuse still ends the family.
   */
  async function refreshCaller(body: unknown): Promise<{ userId: string } | null> {
    const token = (body as { refresh_token?: unknown } | null)?.refresh_token;
    if (typeof token !== 'string' || token.length > 4096) return null;
    const claims = await tokens.verify('refresh', token);
    return claims && typeof claims.sub === 'string' ? { userId: claims.sub } : null;
  }

  async function me(principal: Principal & { kind: 'user' }) {
    const user = await deps.authenticator.profile(principal.tenantId, principal.userId);
    if (!user) throw notAuthenticated();
    return {
      id: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      status: user.status,
      tenant_id: user.tenantId,
      tenant_slug: user.tenantSlug,
      tenant_name: user.tenantName,
      permissions: expandScopes(principal.scopes),
      created_at: user.createdAt.toISOString(),
      last_login_at: user.lastLoginAt?.toISOString() ?? null,
    };
  }

  function verify(principal: Principal) {
    return {
      valid: true as const,
      kind: principal.kind,
      user_id: principal.kind === 'user' ? principal.userId : null,
      api_key_id: principal.kind === 'api_key' ? principal.apiKeyId : null,
      tenant_id: principal.tenantId,
      role: principal.kind === 'user' ? principal.role : null,
      scopes: [...principal.scopes],
      expires_at: principal.expiresAt?.toISOString() ?? null,
    };
  }

  return { login, refresh, refreshCaller, me, verify, issueFor: issue };
}
export type AuthService = ReturnType<typeof createAuthService>;
