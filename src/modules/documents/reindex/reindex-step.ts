import type { Database } from '../../../platform/db/database.js';
import { tenantDb } from '../../../platform/db/tenant-db.js';
import type { JobQueue } from '../../../platform/jobs/queue.js';
import type { JobHandler } from '../../../platform/jobs/worker.js';
import { INGEST_QUEUE } from '../documents.table.js';
import type { IndexingScheduler } from '../indexing/schedule.js';
import { readProfile } from '../profile.repo.js';
import { countInFlight, countProgress, findRun, lockTenantRuns, nextDocuments, updateRun } from './reindex.repo.js';
import type { ReindexService } from './reindex.service.js';
import { REINDEX_QUEUE, type ReindexStepPayload } from './reindex.table.js';

export interface ReindexStepDeps {
  db: Database;
  queue: JobQueue;
  scheduler: IndexingScheduler;
  runs: ReindexService;
}

/** While documents of the run are being re-embedded, the run looks again this often (seconds). */
const WAIT_SEC = 1;
/**
 * Documents of the tenant in flight a step tops up to, per unit of its parallelism: the queue runs at most
 * `parallelism` of them at once (its tenant cap), the rest wait their turn there, so the tenant's workers never
 * idle between two steps, while the tenant's own new uploads wait behind at most this much of the run.
 */
const IN_FLIGHT_PER_SLOT = 2;
/**
 * A document still on another model once a pass is through (its own job embedded it with the previous model just
 * before the change) gets another pass; after this many the run completes and shows it as remaining.
 */
const MAX_PASSES = 3;

/**
 * One step of a re-embedding run (the 'reindex' queue): schedules the next documents not on the target model,
 * topping the tenant's documents in flight up to twice its indexing parallelism (the queue caps the running ones
 * at the parallelism), through `scheduleIndexing` (the one way a document
 * is indexed), records the progress and queues the next step, all in one transaction. A run is therefore never
 * more than one short transaction at a time, each tenant has one step at a time (tenantCap 1) and the queue
 * serves tenants fairly; a restart finds the next step in the queue. Steps carry a sequence number: a redelivered
 * (at-least-once) or superseded step finds another number on the run and does nothing.
 */
export function createReindexStepHandler(deps: ReindexStepDeps): JobHandler {
  const { db, queue, scheduler, runs } = deps;

  return {
    queue: REINDEX_QUEUE,
    concurrency: 1,
    leaseSec: 60,

    async handle(job) {
      const payload = job.payload as unknown as ReindexStepPayload;
      if (!job.tenantId || !payload?.run_id || !Number.isInteger(payload.seq)) return;
      const tenant = tenantDb(db, job.tenantId);
      const scheduled = await tenant.run(async (t) => {
        await lockTenantRuns(t);
        const run = await findRun(t, payload.run_id, true);
        if (!run || (run.status !== 'queued' && run.status !== 'running') || run.stepSeq !== payload.seq) return 0;
        const target = { model: run.targetModel, dimensions: run.targetDimensions };
        const { parallelism } = await readProfile(t);
        const inFlight = await countInFlight(t);
        const free = Math.max(0, parallelism * IN_FLIGHT_PER_SLOT - inFlight);
        const docs = await nextDocuments(t, target, run.cursorId, free, run.pass === 1);
        for (const doc of docs) await scheduler.scheduleIndexing(t, doc, 'admin');
        const cursorId = docs.length ? docs[docs.length - 1].id : run.cursorId;
        let pass = run.pass;
        let nextCursor = cursorId;
        // The pass is through, and nothing of the tenant is being indexed any more: done, or one more pass.
        if (free > 0 && docs.length === 0 && inFlight === 0) {
          const leftBehind = await nextDocuments(t, target, null, 1, false);
          if (leftBehind.length === 0 || pass >= MAX_PASSES) {
            await runs.finish(t, run, 'completed', null);
            return 0;
          }
          pass += 1;
          nextCursor = null;
        }
        const progress = await countProgress(t, target);
        const updated = await updateRun(t, run.id, {
          status: 'running',
          startedAt: run.startedAt ?? new Date(),
          cursorId: nextCursor,
          pass,
          stepSeq: run.stepSeq + 1,
          ...progress,
        });
        await runs.enqueueStep(t, updated, pass !== run.pass ? 0 : WAIT_SEC);
        await runs.publish(t, run.id);
        return docs.length;
      });
      if (scheduled > 0) queue.poke(INGEST_QUEUE);
    },

    /** A step that kept failing: the run fails with the reason (documents already scheduled still finish). */
    async onDead(job, error) {
      const payload = job.payload as unknown as ReindexStepPayload;
      if (!job.tenantId || !payload?.run_id) return;
      await tenantDb(db, job.tenantId).run(async (t) => {
        await lockTenantRuns(t);
        const run = await findRun(t, payload.run_id, true);
        if (!run || (run.status !== 'queued' && run.status !== 'running') || run.stepSeq !== payload.seq) return;
        await runs.finish(t, run, 'failed', `The run stopped after a step failed ${job.attempts} times: ${error}`.slice(0, 1000));
      });
    },
  };
}
