import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.js';
import type { TenantTx } from '../../platform/db/tenant-db.js';
import { ssoStates, type SsoStateRow } from './sso.table.js';

/** Pending redirects to an IdP, keyed by the SHA-256 of their state. */

export type StateValues = Omit<typeof ssoStates.$inferInsert, 'id' | 'tenantId' | 'usedAt'>;

export async function insertState({ tx, tenantId }: TenantTx, values: StateValues): Promise<void> {
  await tx.insert(ssoStates).values({ ...values, tenantId });
}

/**
 * Spends a state: marks it used and returns it, in one statement, only when it is unused and not expired at `now`.
 * Two callbacks with one state cannot both get it.
 */
export async function consumeState({ tx, tenantId }: TenantTx, stateHash: string, now: Date): Promise<SsoStateRow | null> {
  const [row] = await tx
    .update(ssoStates)
    .set({ usedAt: now })
    .where(and(eq(ssoStates.tenantId, tenantId), eq(ssoStates.stateHash, stateHash), isNull(ssoStates.usedAt), sql`${ssoStates.expiresAt} > ${now.toISOString()}::timestamptz`))
    .returning();
  return row ?? null;
}

/** Drops the tenant's states that ended before `before` (run when a new one is stored, so the table stays small). */
export async function purgeStates({ tx, tenantId }: TenantTx, before: Date): Promise<void> {
  await tx.delete(ssoStates).where(and(eq(ssoStates.tenantId, tenantId), lt(ssoStates.expiresAt, before)));
}

/** Which tenant a state belongs to: the one cross-tenant read, through a SECURITY DEFINER function (0013). */
export async function findStateTenant(db: Pick<Database, 'query'>, stateHash: string): Promise<string | null> {
  const [row] = await db.query<{ tenant_id: string | null }>(sql`SELECT sso_find_state_tenant(${stateHash}) AS tenant_id`);
  return row?.tenant_id ?? null;
}
