import { sql } from 'drizzle-orm';
import { rows } from '../../../platform/db/database.js';
import type { TenantTx } from '../../../platform/db/tenant-db.js';

export interface BatchRow {
  id: string;
  total: number;
  createdAt: Date;
}

export interface BatchDocument {
  id: string;
  filename: string;
  status: string;
  error: string | null;
}

export async function insertBatch({ tx, tenantId }: TenantTx, values: { id: string; total: number }): Promise<void> {
  await tx.execute(sql`INSERT INTO upload_batches (id, tenant_id, total) VALUES (${values.id}, ${tenantId}, ${values.total})`);
}

/** The batch's final counts once every file was accepted or refused: documents created, files refused. */
export async function setBatchCounts({ tx, tenantId }: TenantTx, id: string, counts: { total: number; rejected: number }): Promise<void> {
  await tx.execute(sql`UPDATE upload_batches SET total = ${counts.total}, rejected = ${counts.rejected} WHERE tenant_id = ${tenantId} AND id = ${id}`);
}

export async function findBatch({ tx, tenantId }: TenantTx, id: string): Promise<BatchRow | null> {
  const [row] = await rows<{ id: string; total: number; created_at: Date | string }>(tx, sql`
    SELECT id, total, created_at FROM upload_batches WHERE tenant_id = ${tenantId} AND id = ${id}`);
  return row ? { id: row.id, total: Number(row.total), createdAt: new Date(row.created_at) } : null;
}

export async function batchStatusCounts({ tx, tenantId }: TenantTx, batchId: string): Promise<Record<string, number>> {
  const found = await rows<{ status: string; n: number }>(tx, sql`
    SELECT status, count(*)::int AS n FROM documents WHERE tenant_id = ${tenantId} AND batch_id = ${batchId} GROUP BY status`);
  return Object.fromEntries(found.map((r) => [r.status, Number(r.n)]));
}

export async function batchDocuments({ tx, tenantId }: TenantTx, batchId: string): Promise<BatchDocument[]> {
  return rows<BatchDocument>(tx, sql`
    SELECT id, filename, status, error FROM documents WHERE tenant_id = ${tenantId} AND batch_id = ${batchId}`);
}
