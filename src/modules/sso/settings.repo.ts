import { eq, sql } from 'drizzle-orm';
import type { TenantTx } from '../../platform/db/tenant-db.js';
import { ssoSettings } from './sso.table.js';

/** The tenant's SSO settings (one row, absent until first set: not enforced). */

export async function isEnforced({ tx, tenantId }: TenantTx): Promise<boolean> {
  const [row] = await tx.select({ enforced: ssoSettings.enforced }).from(ssoSettings).where(eq(ssoSettings.tenantId, tenantId));
  return row?.enforced ?? false;
}

export async function setEnforced({ tx, tenantId }: TenantTx, enforced: boolean): Promise<void> {
  await tx
    .insert(ssoSettings)
    .values({ tenantId, enforced })
    .onConflictDoUpdate({ target: ssoSettings.tenantId, set: { enforced, updatedAt: sql`now()` } });
}
