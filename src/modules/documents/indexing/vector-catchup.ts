import { setImmediate } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { Database } from '../../../platform/db/database.js';
import { tenantDb, type TenantTx } from '../../../platform/db/tenant-db.js';
import type { DbMaintenance } from '../../../platform/db/maintenance.js';
import type { JobQueue } from '../../../platform/jobs/queue.js';
import type { JobHandler } from '../../../platform/jobs/worker.js';
import { indexPendingVectors, pendingVectorsOver } from './indexing.repo.js';

/**
 * The HNSW insert, off the indexing job's path (migration 0020). An indexing job writes its chunks outside
 * the HNSW graph (ann_pending); search finds them meanwhile by exact distance. This queue moves them into the graph
 * in short transactions, each sized to take about `stepTargetMs` (VECTOR_CATCHUP_STEP_MS; on the embedded database every request waits
 * behind the one connection, as for chunk writes), one job per tenant at a time.
 *
 * It is asked for when a tenant's batch ends (no other document of the tenant left to index), and during a batch
 * once more than PENDING_CAP chunks of the tenant wait: the exact scan of the pending chunks is what every vector
 * query pays until they are in. A job gives its worker back after JOB_BUDGET_MS and queues its own continuation.
 */
export const VECTOR_CATCHUP_QUEUE = 'vector-catchup';

const MIN_STEP_ROWS = 8;
const MAX_STEP_ROWS = 512;
const JOB_BUDGET_MS = 10_000;
/** Pending chunks of one tenant past which the catch-up starts without waiting for the batch to end. */
const PENDING_CAP = 20_000;

export interface VectorCatchup {
  /**
   * Inside the caller's tenant transaction: queues a catch-up for the tenant unless one is already waiting to run.
   * `batchEnded` false: only when the tenant's pending chunks passed PENDING_CAP. Returns whether one was queued.
   */
  request(t: TenantTx, batchEnded: boolean): Promise<boolean>;
  handler: JobHandler;
}

export interface VectorCatchupDeps {
  db: Database;
  queue: JobQueue;
  log: Pick<Logger, 'info'>;
  /** Told when a catch-up is through: it rewrote every row it moved (dead rows, and ann_pending's statistics). */
  maintenance: Pick<DbMaintenance, 'request'>;
  /** Target duration of one step (one transaction). */
  stepTargetMs: number;
}

export function createVectorCatchup(deps: VectorCatchupDeps): VectorCatchup {
  const { db, queue, log } = deps;

  async function request(t: TenantTx, batchEnded: boolean): Promise<boolean> {
    if (!batchEnded && !(await pendingVectorsOver(t, PENDING_CAP))) return false;
    // A running job may be past its last step: only a queued one is sure to see the rows written now.
    if (await queue.hasQueued(t.tx, VECTOR_CATCHUP_QUEUE, t.tenantId)) return false;
    await queue.enqueue(t.tx, VECTOR_CATCHUP_QUEUE, t.tenantId, {}, { tenantCap: 1 });
    return true;
  }

  const handler: JobHandler = {
    queue: VECTOR_CATCHUP_QUEUE,
    concurrency: 1,
    leaseSec: 60,
    async handle(job, { signal }) {
      const tenantId = job.tenantId;
      if (!tenantId) return;
      const tenant = tenantDb(db, tenantId);
      const started = performance.now();
      let rowsPerStep = 32;
      let moved = 0;
      let through = false;
      for (;;) {
        signal.throwIfAborted();
        const t = performance.now();
        const n = await tenant.run((t) => indexPendingVectors(t, rowsPerStep));
        moved += n;
        if (n < rowsPerStep) {
          through = true;
          break;
        }
        const elapsed = performance.now() - t;
        rowsPerStep = Math.round(Math.min(MAX_STEP_ROWS, Math.max(MIN_STEP_ROWS, (n * deps.stepTargetMs) / Math.max(1, elapsed))));
        // The embedded database answers within the event loop's microtasks: without a turn of the loop between
        // steps, no HTTP request would even be read until the whole job was over (measured: a batch's status poll
        // waited for the full catch-up). One turn lets what arrived meanwhile queue up before the next step.
        await setImmediate();
        if (performance.now() - started > JOB_BUDGET_MS) {
          // More to do: the continuation waits its turn behind other tenants' work.
          await tenant.run((t) => queue.enqueue(t.tx, VECTOR_CATCHUP_QUEUE, tenantId, {}, { tenantCap: 1 }));
          queue.poke(VECTOR_CATCHUP_QUEUE);
          break;
        }
      }
      if (moved === 0) return;
      log.info({ tenantId, chunks: moved, ms: Math.round(performance.now() - started) }, 'chunks moved into the HNSW index');
      if (through) deps.maintenance.request('batch');
    },
  };

  return { request, handler };
}
