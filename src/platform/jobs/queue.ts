import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import { rows, type Database, type Tx } from '../db/database.js';
import type { EventBus } from '../events/bus.js';

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

type JobRow = { id: string; queue: string; tenant_id: string | null; payload: any; attempts: number; max_attempts: number };

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
    const inserted = await rows<{ id: string }>(tx, sql`
      INSERT INTO job_queue (queue, tenant_id, payload, max_attempts, run_after, tenant_cap)
      VALUES (${queue}, ${tenantId}, ${JSON.stringify(payload)}::jsonb, ${options.maxAttempts ?? this.defaultMaxAttempts},
              now() + make_interval(secs => ${options.delaySec ?? 0}), ${options.tenantCap ?? null})
      RETURNING id`);
    await this.bus.publish(WAKE_CHANNEL, queue, tx); // other instances' workers wake on commit
    return inserted[0].id;
  }

  /** Wakes this process's workers at once (after the enqueuing transaction committed). */
  poke(queue: string): void {
    this.wake.emit(queue);
  }

  async claim(queue: string, workerId: string, limit: number, leaseSec: number): Promise<Job[]> {
    const claimed = await this.db.system(async (tx) => {
      return rows<JobRow>(tx, sql`
        WITH running AS (
          SELECT tenant_id, count(*) AS n FROM job_queue WHERE queue = ${queue} AND status = 'running' GROUP BY tenant_id
        ), candidates AS (
          SELECT id, tenant_id, created_at, tenant_cap,
                 row_number() OVER (PARTITION BY tenant_id ORDER BY created_at) AS nth
          FROM job_queue
          WHERE queue = ${queue} AND status = 'queued' AND run_after <= now()
        ), picked AS (
          SELECT c.id FROM candidates c LEFT JOIN running r ON r.tenant_id IS NOT DISTINCT FROM c.tenant_id
          WHERE c.nth <= ${limit} AND (c.tenant_cap IS NULL OR coalesce(r.n, 0) + c.nth <= c.tenant_cap)
          ORDER BY coalesce(r.n, 0) + c.nth, c.created_at
          LIMIT ${limit}
        ), locked AS (
          SELECT id FROM job_queue WHERE id IN (SELECT id FROM picked) AND status = 'queued' FOR UPDATE SKIP LOCKED
        )
        UPDATE job_queue j SET status = 'running', attempts = attempts + 1, locked_by = ${workerId},
               lease_expires_at = now() + make_interval(secs => ${leaseSec})
        FROM locked WHERE j.id = locked.id
        RETURNING j.id, j.queue, j.tenant_id, j.payload, j.attempts, j.max_attempts`);
    });
    return claimed.map(toJob);
  }

  async extendLease(jobId: string, leaseSec: number): Promise<void> {
    await this.db.query(sql`
      UPDATE job_queue SET lease_expires_at = now() + make_interval(secs => ${leaseSec}) WHERE id = ${jobId} AND status = 'running'`);
  }

  async complete(jobId: string): Promise<void> {
    await this.db.query(sql`UPDATE job_queue SET status = 'done', finished_at = now(), lease_expires_at = NULL WHERE id = ${jobId}`);
  }

  /** Schedules another attempt with backoff, or buries the job when its attempts are spent. */
  async fail(job: Job, error: string, backoffSec: number): Promise<'retry' | 'dead'> {
    if (job.attempts >= job.maxAttempts) {
      await this.db.query(sql`
        UPDATE job_queue SET status = 'dead', last_error = ${error}, finished_at = now(), lease_expires_at = NULL WHERE id = ${job.id}`);
      return 'dead';
    }
    await this.db.query(sql`
      UPDATE job_queue SET status = 'queued', last_error = ${error}, lease_expires_at = NULL, locked_by = NULL,
             run_after = now() + make_interval(secs => ${backoffSec})
      WHERE id = ${job.id}`);
    return 'retry';
  }

  /** Puts a job this worker holds back in line untouched (graceful shutdown). */
  async release(jobId: string): Promise<void> {
    await this.db.query(sql`
      UPDATE job_queue SET status = 'queued', attempts = greatest(attempts - 1, 0), lease_expires_at = NULL, locked_by = NULL
      WHERE id = ${jobId} AND status = 'running'`);
  }

  /**
   * Jobs whose lease ran out (their worker died or hung): requeued while attempts remain, otherwise
   * returned as dead so their owner can record an explicit failure.
   */
  async reapExpired(options: { all?: boolean } = {}): Promise<Job[]> {
    const condition = options.all ? sql`status = 'running'` : sql`status = 'running' AND lease_expires_at < now()`;
    await this.db.query(sql`
      UPDATE job_queue SET status = 'queued', locked_by = NULL, lease_expires_at = NULL,
             last_error = 'lease expired (worker stopped or timed out)'
      WHERE ${condition} AND attempts < max_attempts`);
    const dead = await this.db.query<JobRow>(sql`
      UPDATE job_queue SET status = 'dead', finished_at = now(), lease_expires_at = NULL,
             last_error = 'lease expired on the last attempt'
      WHERE ${condition} AND attempts >= max_attempts
      RETURNING id, queue, tenant_id, payload, attempts, max_attempts`);
    return dead.map(toJob);
  }

  async purgeFinished(olderThanSec: number): Promise<void> {
    await this.db.query(sql`
      DELETE FROM job_queue WHERE status IN ('done', 'dead') AND finished_at < now() - make_interval(secs => ${olderThanSec})`);
  }
}
