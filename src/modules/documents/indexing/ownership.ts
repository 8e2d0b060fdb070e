import type { TenantTx } from '../../../platform/db/tenant-db.js';
import { findDocument } from '../documents.repo.js';
import type { DocumentRow } from '../documents.table.js';

export type Ownership =
  | { state: 'deleted' }
  /** A newer job (a reindex) owns the document now. */
  | { state: 'superseded'; doc: DocumentRow }
  | { state: 'owner'; doc: DocumentRow };

/**
 * Locks the document (FOR UPDATE, until the caller's transaction ends) and tells whether `jobId` still owns it:
 * the check every step of an indexing job makes before it writes, so a job overtaken by a reindex or a delete
 * never changes what the newer owner shows. `via: 'live'` asks whether the job's chunk set is the live one
 * instead (the description is written after the swap, by the job whose set it describes).
 */
export async function lockDocumentForJob(t: TenantTx, documentId: string, jobId: string, via: 'current' | 'live' = 'current'): Promise<Ownership> {
  const doc = await findDocument(t, documentId, true);
  if (!doc) return { state: 'deleted' };
  const owner = via === 'current' ? doc.currentJobId : doc.liveJobId;
  return owner === jobId ? { state: 'owner', doc } : { state: 'superseded', doc };
}
