import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.js';
import type { TenantTx } from '../../platform/db/tenant-db.js';
import { appLaunchTokens, type LaunchTokenRow } from './apps.table.js';

export async function insertLaunchToken(t: TenantTx, values: Pick<LaunchTokenRow, 'installationId' | 'userId' | 'tokenHash' | 'createdAt' | 'expiresAt'>): Promise<void> {
  await t.tx.insert(appLaunchTokens).values({ ...values, tenantId: t.tenantId });
}

/** The token of this hash, locked, so that two exchanges of one launch token cannot both succeed. */
export async function lockLaunchToken(t: TenantTx, tokenHash: string): Promise<LaunchTokenRow | null> {
  const [row] = await t.tx
    .select()
    .from(appLaunchTokens)
    .where(and(eq(appLaunchTokens.tenantId, t.tenantId), eq(appLaunchTokens.tokenHash, tokenHash)))
    .for('update');
  return row ?? null;
}

export async function spendLaunchToken(t: TenantTx, id: string, at: Date): Promise<void> {
  await t.tx.update(appLaunchTokens).set({ usedAt: at }).where(and(eq(appLaunchTokens.tenantId, t.tenantId), eq(appLaunchTokens.id, id)));
}

/** Every launch token of an installation (uninstall): none can be exchanged afterwards. */
export async function deleteLaunchTokensOf(t: TenantTx, installationId: string): Promise<void> {
  await t.tx.delete(appLaunchTokens).where(and(eq(appLaunchTokens.tenantId, t.tenantId), eq(appLaunchTokens.installationId, installationId)));
}

/** Launch tokens that can no longer be exchanged, kept a while as a record, then dropped. */
export async function deleteExpiredLaunchTokens(t: TenantTx, before: Date): Promise<void> {
  await t.tx.delete(appLaunchTokens).where(and(eq(appLaunchTokens.tenantId, t.tenantId), lt(appLaunchTokens.expiresAt, before)));
}

/** Which tenant a launch token belongs to: the one cross-tenant read, through 0015's SECURITY DEFINER function. */
export async function findLaunchTokenTenant(db: Pick<Database, 'query'>, tokenHash: string): Promise<string | null> {
  const [row] = await db.query<{ tenant_id: string | null }>(sql`SELECT apps_find_launch_token_tenant(${tokenHash}) AS tenant_id`);
  return row?.tenant_id ?? null;
}
