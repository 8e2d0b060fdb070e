import { sql, type SQL } from 'drizzle-orm';
import { rows, type Database, type Tx } from '../db/database.js';

/** The SQL of the job queue (queue.ts holds the behaviour): one table, leases, fair claims across tenants. */

export type JobRow = {
  id: string;
  queue: string;
  tenant_id: string | null;
  payload: any;
  attempts: number;
  max_attempts: number;
  locked_by: string | null;
};

/**
 * One attempt's hold on a job: the worker that claimed it and the attempt number that claim made. A later claim
 * (after the lease expired and the job was requeued) bumps the attempt, so an old holder never matches again.
 */
export type JobLease = { jobId: string; workerId: string; attempt: number };

type Db = Pick<Database, 'query'>;

/**
 * The queue's "now": the database's clock, the one every instance shares, moved forward by `shiftMs` (what the
 * tests advanced the service clock by; always 0 in production).
 */
export const queueNow = (shiftMs: number): SQL => sql`(now() + make_interval(secs => ${shiftMs / 1000}))`;

/** The row is still this lease's: same worker, same attempt, still running. Every transition of a holder is fenced by it. */
const heldBy = (lease: JobLease) =>
  sql`id = ${lease.jobId} AND locked_by = ${lease.workerId} AND attempts = ${lease.attempt} AND status = 'running'`;

/** Runs a fenced UPDATE; true when it changed the row (the lease was still held), false when it was a no-op. */
async function fenced(db: Db, update: SQL): Promise<boolean> {
  return (await db.query(update)).length > 0;
}

export async function insertJob(
  tx: Tx,
  job: { queue: string; tenantId: string | null; payload: object; maxAttempts: number; delaySec: number; tenantCap: number | null },
  now: SQL,
): Promise<string> {
  const inserted = await rows<{ id: string }>(tx, sql`
    INSERT INTO job_queue (queue, tenant_id, payload, max_attempts, run_after, tenant_cap)
    VALUES (${job.queue}, ${job.tenantId}, ${JSON.stringify(job.payload)}::jsonb, ${job.maxAttempts},
            ${now} + make_interval(secs => ${job.delaySec}), ${job.tenantCap})
    RETURNING id`);
  return inserted[0].id;
}

/**
 * The next jobs, from the tenants with the fewest running jobs first, within each job's tenant cap (or the queue's,
 * `queueTenantCap`, for a job enqueued without one).
 */
export function claimJobs(tx: Tx, queue: string, workerId: string, limit: number, leaseSec: number, now: SQL, queueTenantCap: number | null = null): Promise<JobRow[]> {
  return rows<JobRow>(tx, sql`
    WITH running AS (
      SELECT tenant_id, count(*) AS n FROM job_queue WHERE queue = ${queue} AND status = 'running' GROUP BY tenant_id
    ), candidates AS (
      SELECT id, tenant_id, created_at, coalesce(tenant_cap, ${queueTenantCap}::int) AS tenant_cap,
             row_number() OVER (PARTITION BY tenant_id ORDER BY created_at, id) AS nth
      FROM job_queue
      WHERE queue = ${queue} AND status = 'queued' AND run_after <= ${now}
    ), picked AS (
      SELECT c.id FROM candidates c LEFT JOIN running r ON r.tenant_id IS NOT DISTINCT FROM c.tenant_id
      WHERE c.nth <= ${limit} AND (c.tenant_cap IS NULL OR coalesce(r.n, 0) + c.nth <= c.tenant_cap)
      -- created_at ties (the embedded database's clock ticks in milliseconds): the id decides, the same way every time
      ORDER BY coalesce(r.n, 0) + c.nth, c.created_at, c.id
      LIMIT ${limit}
    ), locked AS (
      SELECT id FROM job_queue WHERE id IN (SELECT id FROM picked) AND status = 'queued' FOR UPDATE SKIP LOCKED
    )
    UPDATE job_queue j SET status = 'running', attempts = attempts + 1, locked_by = ${workerId},
           lease_expires_at = ${now} + make_interval(secs => ${leaseSec})
    FROM locked WHERE j.id = locked.id
    RETURNING j.id, j.queue, j.tenant_id, j.payload, j.attempts, j.max_attempts, j.locked_by`);
}

/** Whether a job of `queue` for the tenant waits to be claimed (in the caller's transaction). */
export async function hasQueuedJob(tx: Tx, queue: string, tenantId: string): Promise<boolean> {
  const [{ any }] = await rows<{ any: boolean }>(tx, sql`
    SELECT EXISTS (SELECT 1 FROM job_queue WHERE queue = ${queue} AND tenant_id = ${tenantId} AND status = 'queued') AS any`);
  return any;
}

// The transitions of a running attempt below are fenced by its lease: once the lease expired and another worker
// claimed the job (or the watchdog requeued or buried it), the old holder's late call changes nothing and says so.

export function extendJobLease(db: Db, lease: JobLease, leaseSec: number, now: SQL): Promise<boolean> {
  return fenced(db, sql`
    UPDATE job_queue SET lease_expires_at = ${now} + make_interval(secs => ${leaseSec})
    WHERE ${heldBy(lease)} RETURNING id`);
}

export function completeJob(db: Db, lease: JobLease, now: SQL): Promise<boolean> {
  return fenced(db, sql`
    UPDATE job_queue SET status = 'done', finished_at = ${now}, lease_expires_at = NULL WHERE ${heldBy(lease)} RETURNING id`);
}

export function buryJob(db: Db, lease: JobLease, error: string, now: SQL): Promise<boolean> {
  return fenced(db, sql`
    UPDATE job_queue SET status = 'dead', last_error = ${error}, finished_at = ${now}, lease_expires_at = NULL
    WHERE ${heldBy(lease)} RETURNING id`);
}

export function retryJobLater(db: Db, lease: JobLease, error: string, backoffSec: number, now: SQL): Promise<boolean> {
  return fenced(db, sql`
    UPDATE job_queue SET status = 'queued', last_error = ${error}, lease_expires_at = NULL, locked_by = NULL,
           run_after = ${now} + make_interval(secs => ${backoffSec})
    WHERE ${heldBy(lease)} RETURNING id`);
}

export function releaseJob(db: Db, lease: JobLease): Promise<boolean> {
  return fenced(db, sql`
    UPDATE job_queue SET status = 'queued', attempts = greatest(attempts - 1, 0), lease_expires_at = NULL, locked_by = NULL
    WHERE ${heldBy(lease)} RETURNING id`);
}

/** Requeues jobs whose lease ran out while attempts remain; buries and returns the others. */
export async function reapExpiredJobs(db: Db, all: boolean, now: SQL): Promise<JobRow[]> {
  const condition = all ? sql`status = 'running'` : sql`status = 'running' AND lease_expires_at < ${now}`;
  await db.query(sql`
    UPDATE job_queue SET status = 'queued', locked_by = NULL, lease_expires_at = NULL,
           last_error = 'lease expired (worker stopped or timed out)'
    WHERE ${condition} AND attempts < max_attempts`);
  return db.query<JobRow>(sql`
    UPDATE job_queue SET status = 'dead', finished_at = ${now}, lease_expires_at = NULL,
           last_error = 'lease expired on the last attempt'
    WHERE ${condition} AND attempts >= max_attempts
    RETURNING id, queue, tenant_id, payload, attempts, max_attempts, locked_by`);
}

export async function purgeFinishedJobs(db: Db, olderThanSec: number, now: SQL): Promise<void> {
  await db.query(sql`
    DELETE FROM job_queue WHERE status IN ('done', 'dead') AND finished_at < ${now} - make_interval(secs => ${olderThanSec})`);
}

/** Jobs waiting (due now or delayed), running, and buried (kept until purged), per queue: the metrics' queue depth. */
export function queueDepth(db: Db, now: SQL): Promise<{ queue: string; state: string; n: number }[]> {
  return db.query(sql`
    SELECT queue,
           CASE WHEN status = 'queued' AND run_after > ${now} THEN 'delayed' ELSE status END AS state,
           count(*)::int AS n
    FROM job_queue WHERE status IN ('queued', 'running', 'dead')
    GROUP BY 1, 2`);
}
