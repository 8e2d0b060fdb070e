import type { TenantTx } from '../../platform/db/tenant-db.js';
import { emitEvent, emitEvents } from '../webhooks/index.js';
import { completeBatchIfDone } from './batches.repo.js';
import type { DocumentRow } from './documents.table.js';

/**
 * The documents' entries in the tenant's event log (webhooks module), each written in the transaction of the change
 * it describes: the indexing job's swap (indexed), its terminal failure (failed), the remover's delete (deleted),
 * and the change that finished a bulk-upload batch. Payloads hold ids, names, statuses and counts: never the text.
 */

type Ended = Pick<DocumentRow, 'id' | 'filename' | 'memoryId' | 'batchId'>;

// An error message is meant for people and bounded like the status notification's (events.ts).
const MAX_ERROR = 1000;

export async function documentIndexed(t: TenantTx, doc: Ended & Pick<DocumentRow, 'folderId' | 'chunkCount'>): Promise<void> {
  await emitEvent(t, 'document.indexed', {
    document_id: doc.id,
    filename: doc.filename,
    memory_id: doc.memoryId,
    folder_id: doc.folderId,
    chunks: doc.chunkCount,
    batch_id: doc.batchId,
  });
  await batchMayBeComplete(t, doc.batchId);
}

export async function documentFailed(t: TenantTx, doc: Ended & Pick<DocumentRow, 'error'>): Promise<void> {
  const error = doc.error && doc.error.length > MAX_ERROR ? `${doc.error.slice(0, MAX_ERROR - 1)}…` : doc.error;
  await emitEvent(t, 'document.failed', { document_id: doc.id, filename: doc.filename, memory_id: doc.memoryId, error, batch_id: doc.batchId });
  await batchMayBeComplete(t, doc.batchId);
}

/**
 * One `document.deleted` per document, in one statement however many a folder or memory held. A batch whose last
 * unfinished documents were among them is complete now (nothing else would ever finish it).
 */
export async function documentsDeleted(t: TenantTx, docs: readonly (Ended & Pick<DocumentRow, 'status'>)[]): Promise<void> {
  await emitEvents(t, 'document.deleted', docs.map((d) => ({ document_id: d.id, filename: d.filename, memory_id: d.memoryId })));
  const unfinished = docs.filter((d) => d.batchId && d.status !== 'indexed' && d.status !== 'error').map((d) => d.batchId!);
  // In id order, so two deletes touching the same batches lock them in the same order.
  for (const batchId of [...new Set(unfinished)].sort()) await batchMayBeComplete(t, batchId);
}

/** `batch.completed` when this transaction finished the batch (its last document ended or went, or it had none). */
export async function batchMayBeComplete(t: TenantTx, batchId: string | null): Promise<void> {
  if (!batchId) return;
  const outcome = await completeBatchIfDone(t, batchId);
  if (outcome) await emitEvent(t, 'batch.completed', { batch_id: batchId, ...outcome });
}
