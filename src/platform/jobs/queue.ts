import { EventEmitter } from 'node:events';
import { notifyOnCommit, type Database, type Tx } from '../db/database.js';
import type { EventBus } from '../events/bus.js';
import type { Clock } from '../clock.js';
import {
  hasQueuedJob,
  buryJob,
  claimJobs,
  completeJob,
  extendJobLease,
  insertJob,
  purgeFinishedJobs,
  queueDepth,
  queueNow,
  reapExpiredJobs,
  releaseJob,
  retryJobLater,
  type JobLease,
  type JobRow,
} from './queue.repo.js';

export interface Job<P = Record<string, unknown>> {
  id: string;
  queue: string;
  tenantId: string | null;
  payload: P;
  /** This attempt's number (1 for the first claim); with `lockedBy`, it fences what the holder may still do. */
  attempts: number;
  maxAttempts: number;
  /** The worker that claimed this attempt. */
  lockedBy: string | null;
}

/** How a holder's transition ended: it took effect, or it was a no-op because the lease is no longer this attempt's. */
export type Fenced = 'lease_lost';

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
  lockedBy: r.locked_by,
});

const leaseOf = (job: Job): JobLease | null =>
  job.lockedBy === null ? null : { jobId: job.id, workerId: job.lockedBy, attempt: job.attempts };

/**
 * Enqueues a job in the caller's transaction: the row and its job commit together (or not at all), and every
 * instance's workers are woken on commit. For writers that hold no JobQueue (the event outbox); `shiftMs` is what the
 * tests advanced the service clock by (0 in production), so a delay counts from the queue's own "now".
 */
export async function enqueueJob(
  tx: Tx,
  queue: string,
  tenantId: string | null,
  payload: object,
  options: EnqueueOptions & { maxAttempts: number },
  shiftMs = 0,
): Promise<string> {
  const id = await insertJob(tx, {
    queue,
    tenantId,
    payload,
    maxAttempts: options.maxAttempts,
    delaySec: options.delaySec ?? 0,
    tenantCap: options.tenantCap ?? null,
  }, queueNow(shiftMs));
  await notifyOnCommit(tx, WAKE_CHANNEL, JSON.stringify(queue)); // other instances' workers wake on commit
  return id;
}

/**
 * A lease-based job queue on one table (at-least-once; handlers must be idempotent). Enqueue can join
 * the caller's transaction, so a row and its job commit together. Claims are fair across tenants:
 * the next job comes from the tenant with the fewest running jobs, so one tenant's 500-file batch
 * never starves another tenant's single upload. What a holder does with a claimed job (extend,
 * complete, fail, release) is fenced by its lease (worker and attempt): see README.md.
 */
export class JobQueue {
  readonly wake = new EventEmitter();

  constructor(
    private readonly db: Database,
    private readonly bus: EventBus,
    private readonly defaultMaxAttempts: number,
    private readonly clock: Clock,
  ) {
    this.wake.setMaxListeners(0);
  }

  async start(): Promise<void> {
    await this.bus.subscribe(WAKE_CHANNEL, (queue: string) => this.wake.emit(queue));
  }

  async enqueue(tx: Tx, queue: string, tenantId: string | null, payload: object, options: EnqueueOptions = {}): Promise<string> {
    return enqueueJob(tx, queue, tenantId, payload, { ...options, maxAttempts: options.maxAttempts ?? this.defaultMaxAttempts }, this.clock.advancedMs);
  }

  /** Wakes this process's workers at once (after the enqueuing transaction committed). */
  poke(queue: string): void {
    this.wake.emit(queue);
  }

  /** `tenantCap`: the queue's cap per tenant, for jobs enqueued without one of their own (`JobHandler.tenantCap`). */
  async claim(queue: string, workerId: string, limit: number, leaseSec: number, tenantCap: number | null = null): Promise<Job[]> {
    const claimed = await this.db.system((tx) => claimJobs(tx, queue, workerId, limit, leaseSec, this.now(), tenantCap));
    return claimed.map(toJob);
  }

  /** The heartbeat: false when the lease is no longer this attempt's (the holder must stop treating the job as its own). */
  async extendLease(job: Job, leaseSec: number): Promise<boolean> {
    const lease = leaseOf(job);
    return lease !== null && (await extendJobLease(this.db, lease, leaseSec, this.now()));
  }

  /** Marks the job done; false (a no-op) when its lease was lost, e.g. another worker runs it now. */
  async complete(job: Job): Promise<boolean> {
    const lease = leaseOf(job);
    return lease !== null && (await completeJob(this.db, lease, this.now()));
  }

  /**
   * Schedules another attempt with backoff, or buries the job when its attempts are spent; 'lease_lost' (a
   * no-op) when the job is no longer this attempt's, so a late failure never requeues or buries another's run.
   */
  async fail(job: Job, error: string, backoffSec: number): Promise<'retry' | 'dead' | Fenced> {
    const lease = leaseOf(job);
    if (lease === null) return 'lease_lost';
    if (job.attempts >= job.maxAttempts) {
      return (await buryJob(this.db, lease, error, this.now())) ? 'dead' : 'lease_lost';
    }
    return (await retryJobLater(this.db, lease, error, backoffSec, this.now())) ? 'retry' : 'lease_lost';
  }

  /** Puts a job this worker holds back in line untouched (graceful shutdown); false when it no longer held it. */
  async release(job: Job): Promise<boolean> {
    const lease = leaseOf(job);
    return lease !== null && (await releaseJob(this.db, lease));
  }

  /**
   * Jobs whose lease ran out (their worker died or hung): requeued while attempts remain, otherwise
   * returned as dead so their owner can record an explicit failure.
   */
  async reapExpired(options: { all?: boolean } = {}): Promise<Job[]> {
    return (await reapExpiredJobs(this.db, options.all ?? false, this.now())).map(toJob);
  }

  /** Whether a job of `queue` for the tenant is waiting to be claimed (not yet running), seen from `tx`. */
  hasQueued(tx: Tx, queue: string, tenantId: string): Promise<boolean> {
    return hasQueuedJob(tx, queue, tenantId);
  }

  async purgeFinished(olderThanSec: number): Promise<void> {
    await purgeFinishedJobs(this.db, olderThanSec, this.now());
  }

  /** Jobs per queue and state (`queued` and due, `delayed`, `running`, `dead`), across every instance. */
  depth(): Promise<{ queue: string; state: string; n: number }[]> {
    return queueDepth(this.db, this.now());
  }

  /** The database's time (one clock for every instance), moved as far as tests advanced the service clock. */
  private now() {
    return queueNow(this.clock.advancedMs);
  }
}
