import { and, eq, sql } from 'drizzle-orm';
import type { TenantTx } from '../../platform/db/tenant-db.js';
import { appContentUsage, type UsageRow } from './app-content.table.js';

export interface UsageDelta {
  records?: number;
  recordBytes?: number;
  assetBytes?: number;
}

/**
 * Adds to an installation's counters and returns them as they now are. The upsert takes the row's lock
 * until the transaction ends, so a caller that finds itself over a quota throws and nothing is kept, and
 * two concurrent writes of one installation are counted one after the other.
 */
export async function addUsage(t: TenantTx, installationId: string, delta: UsageDelta): Promise<UsageRow> {
  const records = delta.records ?? 0;
  const recordBytes = delta.recordBytes ?? 0;
  const assetBytes = delta.assetBytes ?? 0;
  const [row] = await t.tx
    .insert(appContentUsage)
    .values({ tenantId: t.tenantId, installationId, records, recordBytes, assetBytes })
    .onConflictDoUpdate({
      target: [appContentUsage.tenantId, appContentUsage.installationId],
      set: {
        records: sql`${appContentUsage.records} + ${records}`,
        recordBytes: sql`${appContentUsage.recordBytes} + ${recordBytes}`,
        assetBytes: sql`${appContentUsage.assetBytes} + ${assetBytes}`,
      },
    })
    .returning();
  return row;
}

export async function deleteUsage(t: TenantTx, installationId: string): Promise<void> {
  await t.tx.delete(appContentUsage).where(and(eq(appContentUsage.tenantId, t.tenantId), eq(appContentUsage.installationId, installationId)));
}
