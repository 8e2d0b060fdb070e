import type { Logger } from 'pino';
import type { Database } from '../../../platform/db/database.js';
import { tenantDb, type TenantDb } from '../../../platform/db/tenant-db.js';
import type { DbMaintenance } from '../../../platform/db/maintenance.js';
import type { EventBus } from '../../../platform/events/bus.js';
import type { BlobStore } from '../../../platform/blobs/blob-store.js';
import type { Job, JobQueue } from '../../../platform/jobs/queue.js';
import type { JobHandler } from '../../../platform/jobs/worker.js';
import {
  abortable,
  createLimiter,
  ParseError,
  type ChunkPool,
  type DescriptionGenerator,
  type DocumentFormat,
  type EmbeddingResolver,
  type ParsedDocument,
} from '../../ingestion/index.js';
import { findJob, updateDocument, updateJob } from '../documents.repo.js';
import { INGEST_QUEUE, type DocumentRow, type IngestPayload } from '../documents.table.js';
import { publishStatus } from '../events.js';
import { documentFailed } from '../lifecycle-events.js';
import { readProfile, type IndexingProfile } from '../profile.repo.js';
import { failureMessage } from './errors.js';
import { countRunningJobs, hasOtherUnfinishedJobs, lockTenantSlots, startJobAttempt } from './indexing.repo.js';
import { lockDocumentForJob } from './ownership.js';
import type { IndexingScheduler } from './schedule.js';
import { VECTOR_CATCHUP_QUEUE, type VectorCatchup } from './vector-catchup.js';
import { discardStaged, indexDocument, JobOutcome, PermanentError, type IndexRun } from './index-document.js';

export interface PipelineDeps {
  db: Database;
  bus: EventBus;
  blobs: BlobStore;
  log: Logger;
  config: { worker: { concurrency: number; jobLeaseSec: number } };
  /** The parser thread pool (ingestion's createParserPool); one parse per thread, `parseSlots` threads. */
  parser: { parse(bytes: Uint8Array, format: DocumentFormat, opts?: { filename?: string }): Promise<ParsedDocument> };
  parseSlots: number;
  /** The chunking thread pool (ingestion's createChunkPool). */
  chunker: ChunkPool;
  scheduler: IndexingScheduler;
  embeddings: EmbeddingResolver;
  describer: DescriptionGenerator;
  /** Moves written chunks into the HNSW index off the job's path (vector-catchup.ts). */
  vectorCatchup: Pick<VectorCatchup, 'request'>;
  queue: Pick<JobQueue, 'poke'>;
  /** Told when chunks changed, so planner statistics follow (platform/db/maintenance.ts). */
  maintenance: Pick<DbMaintenance, 'request'>;
  /** Ingestion throughput (documents and bytes by outcome), when the process keeps metrics. */
  throughput?: IngestThroughput;
}

export interface IngestThroughput {
  finished(outcome: 'indexed' | 'error', bytes: number): void;
}

type Begin =
  | { kind: 'skip' }
  | { kind: 'superseded' }
  | { kind: 'deferred' }
  | { kind: 'go'; doc: DocumentRow; profile: IndexingProfile };

const finished = (status: string) => status === 'succeeded' || status === 'failed';

/**
 * The 'ingest' queue handler: pending → parsing → indexing → indexed | error for one document job.
 *
 * Idempotent under at-least-once delivery: a finished job is skipped; a re-run first drops the chunks its
 * crashed attempt staged; chunks become visible only through the swap of documents.live_job_id, so a
 * document never shows two chunk sets or half of one. A job that is no longer the document's current one
 * (a newer reindex exists, or the document was deleted) stops at its next step and cleans up after itself.
 * No transaction spans a parse, an embedding call or a blob write.
 */
export function createIngestJobHandler(deps: PipelineDeps): JobHandler {
  const { db, bus, log } = deps;
  // The pool's time limit starts when parse() is called, so calls wait here rather than in its queue.
  const parseSlots = createLimiter(deps.parseSlots);
  const parse: IndexRun['parse'] = (bytes, format, filename, signal) =>
    parseSlots.run(() => abortable(deps.parser.parse(bytes, format, { filename }), signal), signal);
  const chunk: IndexRun['chunk'] = (doc, options, signal) => deps.chunker.chunk(doc, options, signal);

  async function begin(job: Job, tenant: TenantDb, payload: IngestPayload): Promise<Begin> {
    return tenant.run(async (t) => {
      await lockTenantSlots(t);
      const owner = await lockDocumentForJob(t, payload.document_id, payload.job_id);
      const record = owner.state !== 'deleted' && (await findJob(t, payload.job_id, true));
      if (owner.state === 'deleted' || !record || finished(record.status)) return { kind: 'skip' };
      if (owner.state === 'superseded') {
        await updateJob(t, record.id, { status: 'failed', error: SUPERSEDED, finishedAt: new Date() });
        return { kind: 'superseded' };
      }
      const profile = await readProfile(t);
      // The queue already caps the tenant at claim time; this catches claims racing on several instances
      // and a parallelism lowered after the job was queued.
      if ((await countRunningJobs(t, record.id)) >= profile.parallelism) {
        await deps.scheduler.scheduleIndexing(t, owner.doc, record.source, { jobId: record.id, delaySec: 1 });
        return { kind: 'deferred' };
      }
      await startJobAttempt(t, record.id, job.id);
      const parsing = (await updateDocument(t, owner.doc.id, { status: 'parsing', error: null }))!;
      await publishStatus(bus, t.tx, parsing);
      return { kind: 'go', doc: parsing, profile };
    });
  }

  async function markSuperseded(tenant: TenantDb, payload: IngestPayload) {
    await tenant.run(async (t) => {
      const record = await findJob(t, payload.job_id, true);
      if (record && !finished(record.status)) {
        await updateJob(t, record.id, { status: 'failed', error: SUPERSEDED, finishedAt: new Date() });
      }
    });
  }

  /** Terminal failure: the document shows `message`; an older live chunk set (reindex) stays but is not searched. */
  async function fail(tenant: TenantDb, payload: IngestPayload, message: string, extra: Record<string, unknown> = {}) {
    await tenant.run(async (t) => {
      const owner = await lockDocumentForJob(t, payload.document_id, payload.job_id);
      const record = owner.state !== 'deleted' && (await findJob(t, payload.job_id, true));
      if (!record || finished(record.status)) return;
      await updateJob(t, record.id, { status: 'failed', error: message, finishedAt: new Date(), ...extra });
      if (owner.state !== 'owner') return;
      const failed = (await updateDocument(t, owner.doc.id, { status: 'error', error: message }))!;
      await publishStatus(bus, t.tx, failed);
      await documentFailed(t, failed);
    });
    // The staged chunks the caller discarded are dead rows now, and this may have been the batch's last document.
    await statisticsMayBeStale(tenant, payload.job_id);
  }

  /** A transient failure with attempts left: back to pending until the queue retries. */
  async function retryLater(tenant: TenantDb, payload: IngestPayload, attempt: number, message: string) {
    await tenant.run(async (t) => {
      const owner = await lockDocumentForJob(t, payload.document_id, payload.job_id);
      const record = owner.state !== 'deleted' && (await findJob(t, payload.job_id, true));
      if (!record || record.status !== 'running') return;
      await updateJob(t, record.id, { status: 'queued', error: `Attempt ${attempt} failed, retrying: ${message}` });
      if (owner.state !== 'owner') return;
      const pending = (await updateDocument(t, owner.doc.id, { status: 'pending' }))!;
      await publishStatus(bus, t.tx, pending);
    });
  }

  const run: IndexRun = {
    bus,
    blobs: deps.blobs,
    log,
    parse,
    chunk,
    embeddings: deps.embeddings,
    describer: deps.describer,
  };

  /**
   * The tenant's last pending document is done: a batch ended, analyse whatever changed. Otherwise only a
   * change past the threshold calls for it. Either way the run happens later, off this job, and also looks at
   * the dead rows a re-index (the replaced chunk set) or a failure (the discarded one) left (VACUUM, embedded).
   */
  async function statisticsMayBeStale(tenant: TenantDb, jobId: string) {
    try {
      const { more, queued } = await tenant.run(async (t) => {
        const more = await hasOtherUnfinishedJobs(t, jobId);
        // The batch's chunks go into the HNSW graph once it is over (or earlier, when too many wait).
        return { more, queued: await deps.vectorCatchup.request(t, !more) };
      });
      if (queued) deps.queue.poke(VECTOR_CATCHUP_QUEUE);
      deps.maintenance.request(more ? 'changes' : 'batch');
    } catch (error) {
      log.warn({ err: error }, 'could not request database maintenance');
    }
  }

  return {
    queue: INGEST_QUEUE,
    concurrency: deps.config.worker.concurrency,
    leaseSec: deps.config.worker.jobLeaseSec,

    async handle(job, { signal }) {
      const payload = job.payload as unknown as IngestPayload;
      const tenantId = job.tenantId;
      if (!tenantId || !payload?.document_id || !payload?.job_id) return; // not ours to interpret; nothing to retry
      const tenant = tenantDb(db, tenantId);
      const started = await begin(job, tenant, payload);
      if (started.kind === 'superseded') await discardStaged(tenant, payload);
      if (started.kind !== 'go') return;
      try {
        await indexDocument(run, { tenant, payload, doc: started.doc, profile: started.profile, signal });
        deps.throughput?.finished('indexed', started.doc.sizeBytes);
        await statisticsMayBeStale(tenant, payload.job_id);
      } catch (error) {
        if (signal.aborted) throw error; // the worker is stopping: the job goes back to the queue untouched
        if (error instanceof JobOutcome) {
          // Deleted: its rows went with the document. Superseded: say so on this job's row.
          if (error.kind === 'superseded') await markSuperseded(tenant, payload);
          return;
        }
        const message = error instanceof ParseError ? error.message : failureMessage(error);
        await discardStaged(tenant, payload).catch(() => {});
        const permanent = error instanceof ParseError || error instanceof PermanentError;
        if (permanent || job.attempts >= job.maxAttempts) {
          const stats = (error as { stats?: Record<string, number> }).stats;
          const warnings = (error as { warnings?: string[] }).warnings;
          await fail(tenant, payload, message, { ...(stats && { stats }), ...(warnings && { warnings }) });
          deps.throughput?.finished('error', started.doc.sizeBytes);
          return;
        }
        log.warn({ err: error, documentId: payload.document_id, attempt: job.attempts }, 'indexing attempt failed; will retry');
        await retryLater(tenant, payload, job.attempts, message);
        throw error;
      }
    },

    /** The watchdog: attempts spent without an outcome (a worker died or hung each time). */
    async onDead(job, error) {
      const payload = job.payload as unknown as IngestPayload;
      if (!job.tenantId || !payload?.document_id) return;
      const message = /lease expired/.test(error)
        ? `Indexing did not finish after ${job.attempts} attempt${job.attempts === 1 ? '' : 's'} (worker stopped or timed out).`
        : `Indexing failed after ${job.attempts} attempt${job.attempts === 1 ? '' : 's'}: ${error}`;
      const tenant = tenantDb(db, job.tenantId);
      await discardStaged(tenant, payload).catch(() => {});
      await fail(tenant, payload, message);
    },
  };
}

const SUPERSEDED = 'Superseded by a newer indexing job of this document.';
