import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.js';
import type { TenantTx } from '../../platform/db/tenant-db.js';
import { oauthCodes, oauthConsents, oauthGrants, oauthRefreshTokens, type OAuthCodeRow, type OAuthGrantRow, type OAuthRefreshTokenRow } from './oauth.table.js';

// Codes.

export async function insertCode(t: TenantTx, values: Omit<OAuthCodeRow, 'id' | 'tenantId' | 'usedAt' | 'grantId'>): Promise<void> {
  await t.tx.insert(oauthCodes).values({ ...values, tenantId: t.tenantId });
}

/** The code's row, locked until the transaction ends: two redemptions at once are serialised, the second sees the first. */
export async function lockCode(t: TenantTx, codeHash: string): Promise<OAuthCodeRow | null> {
  const [row] = await t.tx.select().from(oauthCodes).where(and(eq(oauthCodes.tenantId, t.tenantId), eq(oauthCodes.codeHash, codeHash))).for('update');
  return row ?? null;
}

export async function markCodeUsed(t: TenantTx, id: string, at: Date, grantId: string): Promise<void> {
  await t.tx.update(oauthCodes).set({ usedAt: at, grantId }).where(and(eq(oauthCodes.tenantId, t.tenantId), eq(oauthCodes.id, id)));
}

export async function findCodeTenant(db: Pick<Database, 'query'>, codeHash: string): Promise<string | null> {
  const [row] = await db.query<{ tenant_id: string | null }>(sql`SELECT oauth_find_code_tenant(${codeHash}) AS tenant_id`);
  return row?.tenant_id ?? null;
}

// Grants.

export async function insertGrant(t: TenantTx, values: Omit<OAuthGrantRow, 'tenantId' | 'revokedAt'>): Promise<OAuthGrantRow> {
  const [row] = await t.tx.insert(oauthGrants).values({ ...values, tenantId: t.tenantId }).returning();
  return row!;
}

export async function findGrant(t: TenantTx, id: string): Promise<OAuthGrantRow | null> {
  const [row] = await t.tx.select().from(oauthGrants).where(and(eq(oauthGrants.tenantId, t.tenantId), eq(oauthGrants.id, id)));
  return row ?? null;
}

/** Revokes the grants (their refresh tokens with them) and returns the ids that were still live. */
export async function revokeGrants(t: TenantTx, where: { ids?: string[]; userId?: string; sessionId?: string; clientId?: string }, at: Date): Promise<string[]> {
  const filters = [eq(oauthGrants.tenantId, t.tenantId), isNull(oauthGrants.revokedAt)];
  if (where.ids) filters.push(inArray(oauthGrants.id, where.ids.length ? where.ids : ['00000000-0000-0000-0000-000000000000']));
  if (where.userId) filters.push(eq(oauthGrants.userId, where.userId));
  if (where.sessionId) filters.push(eq(oauthGrants.sessionId, where.sessionId));
  if (where.clientId) filters.push(eq(oauthGrants.clientId, where.clientId));
  const revoked = await t.tx.update(oauthGrants).set({ revokedAt: at }).where(and(...filters)).returning({ id: oauthGrants.id });
  return revoked.map((r) => r.id);
}

export async function grantIdsOfClient(t: TenantTx, clientId: string): Promise<string[]> {
  const found = await t.tx.select({ id: oauthGrants.id }).from(oauthGrants).where(and(eq(oauthGrants.tenantId, t.tenantId), eq(oauthGrants.clientId, clientId)));
  return found.map((r) => r.id);
}

// Refresh tokens.

export async function insertRefreshToken(t: TenantTx, values: Pick<OAuthRefreshTokenRow, 'grantId' | 'tokenHash' | 'createdAt' | 'expiresAt'>): Promise<void> {
  await t.tx.insert(oauthRefreshTokens).values({ ...values, tenantId: t.tenantId });
}

/** The token's row, locked: two rotations of one token at once are serialised (the second sees it used). */
export async function lockRefreshToken(t: TenantTx, tokenHash: string): Promise<OAuthRefreshTokenRow | null> {
  const [row] = await t.tx
    .select()
    .from(oauthRefreshTokens)
    .where(and(eq(oauthRefreshTokens.tenantId, t.tenantId), eq(oauthRefreshTokens.tokenHash, tokenHash)))
    .for('update');
  return row ?? null;
}

export async function markRefreshTokenUsed(t: TenantTx, id: string, at: Date, successorSealed: string): Promise<void> {
  await t.tx.update(oauthRefreshTokens).set({ usedAt: at, successorSealed }).where(and(eq(oauthRefreshTokens.tenantId, t.tenantId), eq(oauthRefreshTokens.id, id)));
}

export async function findRefreshTenant(db: Pick<Database, 'query'>, tokenHash: string): Promise<string | null> {
  const [row] = await db.query<{ tenant_id: string | null }>(sql`SELECT oauth_find_refresh_tenant(${tokenHash}) AS tenant_id`);
  return row?.tenant_id ?? null;
}

// Consents.

export async function findConsent(t: TenantTx, userId: string, clientId: string): Promise<string[]> {
  const [row] = await t.tx
    .select({ scopes: oauthConsents.scopes })
    .from(oauthConsents)
    .where(and(eq(oauthConsents.tenantId, t.tenantId), eq(oauthConsents.userId, userId), eq(oauthConsents.clientId, clientId)));
  return row?.scopes ?? [];
}

/** Adds `scopes` to what the user granted the client. */
export async function grantConsent(t: TenantTx, userId: string, clientId: string, scopes: string[], at: Date): Promise<void> {
  await t.tx
    .insert(oauthConsents)
    .values({ tenantId: t.tenantId, userId, clientId, scopes, grantedAt: at })
    .onConflictDoUpdate({
      target: [oauthConsents.tenantId, oauthConsents.userId, oauthConsents.clientId],
      set: { scopes: sql`(SELECT array_agg(DISTINCT s) FROM unnest(${oauthConsents.scopes} || excluded.scopes) AS s)`, grantedAt: at },
    });
}
