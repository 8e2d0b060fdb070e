import { EventEmitter } from 'node:events';
import type { Database, Tx } from '../db/database.js';
import type { EventBus } from '../events/bus.js';
import {
  hasQueuedJob,
  buryJob,
  claimJobs,
  completeJob,
  extendJobLease,
  insertJob,
  purgeFinishedJobs,
  queueDepth,
  reapExpiredJobs,
  releaseJob,
  retryJobLater,
  type JobRow,
} from './queue.repo.js';

export interface Job<P = Record<string, unknown>> {
  id: string;
  queue: string;
  tenantId: string | null;
  payload: P;
  attempts: number;
  maxAttempts: number;
}

export interface EnqueueOptions {
  maxAttempts?: number;
  delaySec?: number;
  /** At most this many jobs of the same tenant run at once in this queue (e.g. a tenant's indexing parallelism). */
  tenantCap?: number;
}

const WAKE_CHANNEL = 'job_wake';

const toJob = (r: JobRow): Job => ({
  id: r.id,
  queue: r.queue,
  tenantId: r.tenant_id,
  payload: typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload,
  attempts: r.attempts,
  maxAttempts: r.max_attempts,
});

/**
 * A lease-based job queue on one table (at-least-once; handlers must be idempotent). Enqueue can join
 * the caller's transaction, so a row and its job commit together. Claims are fair across tenants:
 * the next job comes from the tenant with the fewest running jobs, so one tenant's 500-file batch
 * never starves another tenant's single upload.
 */
export class JobQueue {
  readonly wake = new EventEmitter();

  constructor(
    private readonly db: Database,
    private readonly bus: EventBus,
    private readonly defaultMaxAttempts: number,
  ) {
    this.wake.setMaxListeners(0);
  }

  async start(): Promise<void> {
    await this.bus.subscribe(WAKE_CHANNEL, (queue: string) => this.wake.emit(queue));
  }

  async enqueue(tx: Tx, queue: string, tenantId: string | null, payload: object, options: EnqueueOptions = {}): Promise<string> {
    const id = await insertJob(tx, {
      queue,
      tenantId,
      payload,
      maxAttempts: options.maxAttempts ?? this.defaultMaxAttempts,
      delaySec: options.delaySec ?? 0,
      tenantCap: options.tenantCap ?? null,
    });
    await this.bus.publish(WAKE_CHANNEL, queue, tx); // other instances' workers wake on commit
    return id;
  }

  /** Wakes this process's workers at once (after the enqueuing transaction committed). */
  poke(queue: string): void {
    this.wake.emit(queue);
  }

  async claim(queue: string, workerId: string, limit: number, leaseSec: number): Promise<Job[]> {
    const claimed = await this.db.system((tx) => claimJobs(tx, queue, workerId, limit, leaseSec));
    return claimed.map(toJob);
  }

  async extendLease(jobId: string, leaseSec: number): Promise<void> {
    await extendJobLease(this.db, jobId, leaseSec);
  }

  async complete(jobId: string): Promise<void> {
    await completeJob(this.db, jobId);
  }

  /** Schedules another attempt with backoff, or buries the job when its attempts are spent. */
  async fail(job: Job, error: string, backoffSec: number): Promise<'retry' | 'dead'> {
    if (job.attempts >= job.maxAttempts) {
      await buryJob(this.db, job.id, error);
      return 'dead';
    }
    await retryJobLater(this.db, job.id, error, backoffSec);
    return 'retry';
  }

  /** Puts a job this worker holds back in line untouched (graceful shutdown). */
  async release(jobId: string): Promise<void> {
    await releaseJob(this.db, jobId);
  }

  /**
   * Jobs whose lease ran out (their worker died or hung): requeued while attempts remain, otherwise
   * returned as dead so their owner can record an explicit failure.
   */
  async reapExpired(options: { all?: boolean } = {}): Promise<Job[]> {
    return (await reapExpiredJobs(this.db, options.all ?? false)).map(toJob);
  }

  /** Whether a job of `queue` for the tenant is waiting to be claimed (not yet running), seen from `tx`. */
  hasQueued(tx: Tx, queue: string, tenantId: string): Promise<boolean> {
    return hasQueuedJob(tx, queue, tenantId);
  }

  async purgeFinished(olderThanSec: number): Promise<void> {
    await purgeFinishedJobs(this.db, olderThanSec);
  }

  /** Jobs per queue and state (`queued` and due, `delayed`, `running`, `dead`), across every instance. */
  depth(): Promise<{ queue: string; state: string; n: number }[]> {
    return queueDepth(this.db);
  }
}
