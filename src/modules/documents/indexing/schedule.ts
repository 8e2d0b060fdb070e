import { randomUUID } from 'node:crypto';
import type { TenantTx } from '../../../platform/db/tenant-db.js';
import type { EventBus } from '../../../platform/events/bus.js';
import type { JobQueue } from '../../../platform/jobs/queue.js';
import { insertJob, updateDocument, updateJob } from '../documents.repo.js';
import { INGEST_QUEUE, type DocumentRow, type IngestPayload, type JobSource } from '../documents.table.js';
import { publishStatus } from '../events.js';
import { readProfile } from '../profile.repo.js';

export interface Scheduled {
  jobId: string;
  /** The document as it is now: pending, owned by the new job. */
  document: DocumentRow;
}

/** With `requeue`, the job already exists and only goes back to the queue (the tenant had no free slot). */
export interface Requeue {
  jobId: string;
  delaySec: number;
}

/**
 * The one way a document gets (re)indexed, inside the caller's tenant transaction: a new job row, its queue
 * message (capped at the tenant's parallelism), the document back to `pending` and owned by that job, and the
 * status event. Upload, reindex and the handler's deferral all come through here, so the three cannot drift
 * apart. An older job still queued or running notices at its next step that it no longer owns the document.
 * The queue's NOTIFY goes out on commit; a caller that committed may also `queue.poke(INGEST_QUEUE)`.
 */
export function createIndexingScheduler(deps: { queue: JobQueue; bus: EventBus }) {
  async function scheduleIndexing(t: TenantTx, document: DocumentRow, source: JobSource, requeue?: Requeue): Promise<Scheduled> {
    const { parallelism } = await readProfile(t);
    const jobId = requeue?.jobId ?? randomUUID();
    if (!requeue) await insertJob(t, { id: jobId, documentId: document.id, source });
    const payload: IngestPayload = { document_id: document.id, job_id: jobId };
    const queueJobId = await deps.queue.enqueue(t.tx, INGEST_QUEUE, t.tenantId, payload, { tenantCap: parallelism, ...(requeue && { delaySec: requeue.delaySec }) });
    await updateJob(t, jobId, { queueJobId });
    // A deferred job's document is still pending and still its own: nothing to change or announce.
    if (requeue) return { jobId, document };
    const pending = (await updateDocument(t, document.id, { status: 'pending', error: null, currentJobId: jobId }))!;
    await publishStatus(deps.bus, t.tx, pending);
    return { jobId, document: pending };
  }
  return { scheduleIndexing };
}
export type IndexingScheduler = ReturnType<typeof createIndexingScheduler>;
