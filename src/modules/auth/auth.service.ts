import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database, Tx } from '../../platform/db/database.js';
import type { TokenService } from '../../platform/auth/tokens.js';
import { AUTH_CHANNEL, type Authenticator } from '../../platform/auth/authenticator.js';
import type { EventBus } from '../../platform/events/bus.js';
import type { Principal } from '../../platform/auth/principal.js';
import { expandScopes } from '../../platform/auth/scopes.js';
import { unauthorized } from '../../platform/http/errors.js';
import type { Config } from '../../platform/config.js';
import { findTenant } from '../tenants/tenants.repo.js';
import { findUser, findUserByEmail, updateUser } from '../users/users.repo.js';
import type { UserRow } from '../users/users.schema.js';
import { decoyHash, verifyPassword } from '../users/passwords.js';
import { refreshTokens } from './refresh-tokens.schema.js';

export interface AuthDeps {
  db: Database;
  authenticator: Pick<Authenticator, 'profile' | 'forgetUser'>;
  bus: EventBus;
  tokens: TokenService;
  config: Pick<Config, 'accessTokenTtlSec' | 'refreshTokenTtlSec'>;
}

export interface TokenPair {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: 'bearer';
}

const LOGIN_FAILED = 'Incorrect email, password or tenant';

/** Login, refresh-token rotation with reuse detection, and the views of the current principal. */
export function createAuthService(deps: AuthDeps) {
  const { db, tokens, config } = deps;

  async function issue(tx: Tx, user: UserRow, familyId: string): Promise<TokenPair> {
    const refreshId = randomUUID();
    const expiresAt = new Date(Date.now() + config.refreshTokenTtlSec * 1000);
    await tx.insert(refreshTokens).values({ id: refreshId, tenantId: user.tenantId, userId: user.id, familyId, expiresAt });
    const access = await tokens.sign('access', { sub: user.id, tid: user.tenantId, role: user.role }, config.accessTokenTtlSec);
    const refresh = await tokens.sign('refresh', { sub: user.id, tid: user.tenantId, fam: familyId, jti: refreshId }, config.refreshTokenTtlSec);
    return { access_token: access.token, refresh_token: refresh.token, expires_in: config.accessTokenTtlSec, token_type: 'bearer' };
  }

  /**
   * The per-account rate-limit bucket of a login: the tenant as resolved, so typing its slug or its UUID
   * draws on the same budget.
   */
  async function loginBucket(input: { email: string; tenant: string }): Promise<string> {
    const tenant = await db.system((tx) => findTenant(tx, input.tenant.trim()));
    return `login:${tenant?.id ?? input.tenant.trim().toLowerCase()}:${input.email.trim().toLowerCase()}`;
  }

  /** Every failure path costs one argon2 verification and returns the same 401. */
  async function login(input: { email: string; password: string; tenant: string }): Promise<TokenPair> {
    const tenant = await db.system((tx) => findTenant(tx, input.tenant.trim()));
    const email = input.email.trim().toLowerCase();
    const user = tenant ? await db.tenant(tenant.id, (tx) => findUserByEmail(tx, tenant.id, email)) : null;
    const passwordOk = await verifyPassword(user?.passwordHash ?? (await decoyHash()), input.password);
    if (!tenant || !user || !passwordOk || user.status !== 'active') throw unauthorized(LOGIN_FAILED, 'invalid_credentials');
    const pair = await db.tenant(tenant.id, async (tx) => {
      await updateUser(tx, tenant.id, user.id, { lastLoginAt: new Date() });
      await deps.bus.publish(AUTH_CHANNEL, { kind: 'user', id: user.id }, tx); // cached profiles show the new login time
      return issue(tx, user, randomUUID());
    });
    deps.authenticator.forgetUser(user.id);
    return pair;
  }

  /**
   * Rotates a refresh token. A token presented a second time means it was copied: the whole family
   * is revoked (committed), and the caller gets the same 401 as for any invalid token.
   */
  async function refresh(refreshToken: string): Promise<TokenPair> {
    const claims = await tokens.verify('refresh', refreshToken);
    if (!claims || typeof claims.fam !== 'string') throw unauthorized('Invalid or expired refresh token', 'invalid_refresh_token');
    const tenantId = claims.tid;
    const outcome = await db.tenant(tenantId, async (tx) => {
      const [row] = await tx
        .select()
        .from(refreshTokens)
        .where(and(eq(refreshTokens.tenantId, tenantId), eq(refreshTokens.id, claims.jti)))
        .for('update');
      if (!row || row.familyId !== claims.fam) return null;
      if (row.usedAt || row.revokedAt) {
        await tx
          .update(refreshTokens)
          .set({ revokedAt: new Date() })
          .where(and(eq(refreshTokens.tenantId, tenantId), eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
        return null;
      }
      if (row.expiresAt.getTime() <= Date.now()) return null;
      const user = await findUser(tx, tenantId, row.userId);
      if (!user || user.status !== 'active') return null;
      await tx.update(refreshTokens).set({ usedAt: new Date() }).where(eq(refreshTokens.id, row.id));
      return issue(tx, user, row.familyId);
    });
    if (!outcome) throw unauthorized('Invalid or expired refresh token', 'invalid_refresh_token');
    return outcome;
  }

  async function me(principal: Principal & { kind: 'user' }) {
    const user = await deps.authenticator.profile(principal.tenantId, principal.userId);
    if (!user) throw unauthorized();
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

  return { login, loginBucket, refresh, me, verify };
}
export type AuthService = ReturnType<typeof createAuthService>;
