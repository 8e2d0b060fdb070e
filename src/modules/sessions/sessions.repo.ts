import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.js';
import type { TenantTx } from '../../platform/db/tenant-db.js';
import { browserSessions, type BrowserSessionRow } from './sessions.table.js';

export async function insertSession(
  t: TenantTx,
  values: Pick<BrowserSessionRow, 'userId' | 'tokenHash' | 'createdAt' | 'lastSeenAt' | 'expiresAt'>,
): Promise<BrowserSessionRow> {
  const [row] = await t.tx.insert(browserSessions).values({ ...values, tenantId: t.tenantId }).returning();
  return row!;
}

export async function findSessionByHash(t: TenantTx, tokenHash: string): Promise<BrowserSessionRow | null> {
  const [row] = await t.tx
    .select()
    .from(browserSessions)
    .where(and(eq(browserSessions.tenantId, t.tenantId), eq(browserSessions.tokenHash, tokenHash)));
  return row ?? null;
}

export async function touchSession(t: TenantTx, id: string, at: Date): Promise<void> {
  await t.tx.update(browserSessions).set({ lastSeenAt: at }).where(and(eq(browserSessions.tenantId, t.tenantId), eq(browserSessions.id, id)));
}

export async function endSession(t: TenantTx, id: string, at: Date): Promise<void> {
  await t.tx
    .update(browserSessions)
    .set({ endedAt: at })
    .where(and(eq(browserSessions.tenantId, t.tenantId), eq(browserSessions.id, id), isNull(browserSessions.endedAt)));
}

/** Ends every live session of a user (disabled, password reset or changed), in the caller's transaction. */
export async function endUserSessions(t: TenantTx, userId: string, at: Date): Promise<void> {
  await t.tx
    .update(browserSessions)
    .set({ endedAt: at })
    .where(and(eq(browserSessions.tenantId, t.tenantId), eq(browserSessions.userId, userId), isNull(browserSessions.endedAt)));
}

/** Which tenant a session id belongs to: the one cross-tenant read, through a SECURITY DEFINER function (0012). */
export async function findSessionTenant(db: Pick<Database, 'query'>, tokenHash: string): Promise<string | null> {
  const [row] = await db.query<{ tenant_id: string | null }>(sql`SELECT session_find_tenant(${tokenHash}) AS tenant_id`);
  return row?.tenant_id ?? null;
}
