import { sql } from 'drizzle-orm';
import { rows } from '../../platform/db/database.js';
import type { TenantTx } from '../../platform/db/tenant-db.js';

/** How a finished bulk-upload batch ended: its documents by outcome, and the files refused at upload. */
export interface BatchOutcome {
  total: number;
  indexed: number;
  failed: number;
  rejected: number;
}

/**
 * Marks the batch complete when none of its documents is pending, parsing or indexing any more, and answers its
 * outcome; null when it is not finished, was complete already, or is gone. The batch row is locked first, so of two
 * transactions finishing its last two documents at once, the second counts after the first commits: exactly one
 * of them completes it. (Each caller holds its document's lock already; this lock always comes after it.)
 */
export async function completeBatchIfDone({ tx, tenantId }: TenantTx, batchId: string): Promise<BatchOutcome | null> {
  const [batch] = await rows<{ total: number; rejected: number; completed: boolean }>(tx, sql`
    SELECT total, rejected, completed_at IS NOT NULL AS completed FROM upload_batches
    WHERE tenant_id = ${tenantId} AND id = ${batchId} FOR UPDATE`);
  if (!batch || batch.completed) return null;
  const [counts] = await rows<{ indexed: number; failed: number; unfinished: number }>(tx, sql`
    SELECT (count(*) FILTER (WHERE status = 'indexed'))::int AS indexed,
           (count(*) FILTER (WHERE status = 'error'))::int AS failed,
           (count(*) FILTER (WHERE status NOT IN ('indexed', 'error')))::int AS unfinished
    FROM documents WHERE tenant_id = ${tenantId} AND batch_id = ${batchId}`);
  if (counts.unfinished > 0) return null;
  await tx.execute(sql`UPDATE upload_batches SET completed_at = now() WHERE tenant_id = ${tenantId} AND id = ${batchId}`);
  return { total: Number(batch.total), indexed: counts.indexed, failed: counts.failed, rejected: Number(batch.rejected) };
}
