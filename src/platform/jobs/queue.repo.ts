import { sql } from 'drizzle-orm';
import { rows, type Database, type Tx } from '../db/database.js';

/** The SQL of the job queue (queue.ts holds the behaviour): one table, leases, fair claims across tenants. */

export type JobRow = { id: string; queue: string; tenant_id: string | null; payload: any; attempts: number; max_attempts: number };

type Db = Pick<Database, 'query'>;

export async function insertJob(
  tx: Tx,
  job: { queue: string; tenantId: string | null; payload: object; maxAttempts: number; delaySec: number; tenantCap: number | null },
): Promise<string> {
  const inserted = await rows<{ id: string }>(tx, sql`
    INSERT INTO job_queue (queue, tenant_id, payload, max_attempts, run_after, tenant_cap)
    VALUES (${job.queue}, ${job.tenantId}, ${JSON.stringify(job.payload)}::jsonb, ${job.maxAttempts},
            now() + make_interval(secs => ${job.delaySec}), ${job.tenantCap})
    RETURNING id`);
  return inserted[0].id;
}

/** The next jobs, from the tenants with the fewest running jobs first, within each job's tenant cap. */
export function claimJobs(tx: Tx, queue: string, workerId: string, limit: number, leaseSec: number): Promise<JobRow[]> {
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
}

/** Whether a job of `queue` for the tenant waits to be claimed (in the caller's transaction). */
export async function hasQueuedJob(tx: Tx, queue: string, tenantId: string): Promise<boolean> {
  const [{ any }] = await rows<{ any: boolean }>(tx, sql`
    SELECT EXISTS (SELECT 1 FROM job_queue WHERE queue = ${queue} AND tenant_id = ${tenantId} AND status = 'queued') AS any`);
  return any;
}

export async function extendJobLease(db: Db, jobId: string, leaseSec: number): Promise<void> {
  await db.query(sql`
    UPDATE job_queue SET lease_expires_at = now() + make_interval(secs => ${leaseSec}) WHERE id = ${jobId} AND status = 'running'`);
}

export async function completeJob(db: Db, jobId: string): Promise<void> {
  await db.query(sql`UPDATE job_queue SET status = 'done', finished_at = now(), lease_expires_at = NULL WHERE id = ${jobId}`);
}

export async function buryJob(db: Db, jobId: string, error: string): Promise<void> {
  await db.query(sql`
    UPDATE job_queue SET status = 'dead', last_error = ${error}, finished_at = now(), lease_expires_at = NULL WHERE id = ${jobId}`);
}

export async function retryJobLater(db: Db, jobId: string, error: string, backoffSec: number): Promise<void> {
  await db.query(sql`
    UPDATE job_queue SET status = 'queued', last_error = ${error}, lease_expires_at = NULL, locked_by = NULL,
           run_after = now() + make_interval(secs => ${backoffSec})
    WHERE id = ${jobId}`);
}

export async function releaseJob(db: Db, jobId: string): Promise<void> {
  await db.query(sql`
    UPDATE job_queue SET status = 'queued', attempts = greatest(attempts - 1, 0), lease_expires_at = NULL, locked_by = NULL
    WHERE id = ${jobId} AND status = 'running'`);
}

/** Requeues jobs whose lease ran out while attempts remain; buries and returns the others. */
export async function reapExpiredJobs(db: Db, all: boolean): Promise<JobRow[]> {
  const condition = all ? sql`status = 'running'` : sql`status = 'running' AND lease_expires_at < now()`;
  await db.query(sql`
    UPDATE job_queue SET status = 'queued', locked_by = NULL, lease_expires_at = NULL,
           last_error = 'lease expired (worker stopped or timed out)'
    WHERE ${condition} AND attempts < max_attempts`);
  return db.query<JobRow>(sql`
    UPDATE job_queue SET status = 'dead', finished_at = now(), lease_expires_at = NULL,
           last_error = 'lease expired on the last attempt'
    WHERE ${condition} AND attempts >= max_attempts
    RETURNING id, queue, tenant_id, payload, attempts, max_attempts`);
}

export async function purgeFinishedJobs(db: Db, olderThanSec: number): Promise<void> {
  await db.query(sql`
    DELETE FROM job_queue WHERE status IN ('done', 'dead') AND finished_at < now() - make_interval(secs => ${olderThanSec})`);
}

/** Jobs waiting (due now or delayed), running, and buried (kept until purged), per queue: the metrics' queue depth. */
export function queueDepth(db: Db): Promise<{ queue: string; state: string; n: number }[]> {
  return db.query(sql`
    SELECT queue,
           CASE WHEN status = 'queued' AND run_after > now() THEN 'delayed' ELSE status END AS state,
           count(*)::int AS n
    FROM job_queue WHERE status IN ('queued', 'running', 'dead')
    GROUP BY 1, 2`);
}
