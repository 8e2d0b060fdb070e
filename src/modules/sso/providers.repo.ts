import { and, asc, eq, sql } from 'drizzle-orm';
import type { TenantTx } from '../../platform/db/tenant-db.js';
import { ssoProviders, type SsoProviderRow } from './sso.table.js';

/** The tenant's SSO providers; every query filtered by the TenantTx's tenant. */

export type ProviderValues = Omit<typeof ssoProviders.$inferInsert, 'tenantId' | 'createdAt' | 'updatedAt'>;

export async function findProvider({ tx, tenantId }: TenantTx, id: string): Promise<SsoProviderRow | null> {
  const [row] = await tx.select().from(ssoProviders).where(and(eq(ssoProviders.tenantId, tenantId), eq(ssoProviders.id, id)));
  return row ?? null;
}

/** The provider, locked until the transaction ends (an update or a consent racing another). */
export async function lockProvider({ tx, tenantId }: TenantTx, id: string): Promise<SsoProviderRow | null> {
  const [row] = await tx.select().from(ssoProviders).where(and(eq(ssoProviders.tenantId, tenantId), eq(ssoProviders.id, id))).for('update');
  return row ?? null;
}

export async function listProviders({ tx, tenantId }: TenantTx, options: { enabledOnly?: boolean } = {}): Promise<SsoProviderRow[]> {
  const where = options.enabledOnly ? and(eq(ssoProviders.tenantId, tenantId), eq(ssoProviders.enabled, true)) : eq(ssoProviders.tenantId, tenantId);
  return tx.select().from(ssoProviders).where(where).orderBy(asc(ssoProviders.createdAt), asc(ssoProviders.id));
}

export async function countEnabledProviders({ tx, tenantId }: TenantTx): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(ssoProviders)
    .where(and(eq(ssoProviders.tenantId, tenantId), eq(ssoProviders.enabled, true)));
  return row?.n ?? 0;
}

export async function insertProvider({ tx, tenantId }: TenantTx, values: ProviderValues): Promise<SsoProviderRow> {
  const [row] = await tx.insert(ssoProviders).values({ ...values, tenantId }).returning();
  return row;
}

export async function updateProvider({ tx, tenantId }: TenantTx, id: string, patch: Partial<ProviderValues>): Promise<SsoProviderRow | null> {
  const [row] = await tx
    .update(ssoProviders)
    .set({ ...patch, updatedAt: sql`clock_timestamp()` })
    .where(and(eq(ssoProviders.tenantId, tenantId), eq(ssoProviders.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteProvider({ tx, tenantId }: TenantTx, id: string): Promise<boolean> {
  const deleted = await tx
    .delete(ssoProviders)
    .where(and(eq(ssoProviders.tenantId, tenantId), eq(ssoProviders.id, id)))
    .returning({ id: ssoProviders.id });
  return deleted.length > 0;
}
