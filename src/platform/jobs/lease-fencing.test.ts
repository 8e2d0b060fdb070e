import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../test/harness.js';
import { eventually } from '../../../test/support/eventually.js';
import { Metrics } from '../metrics/metrics.js';
import type { Job } from './queue.js';
import { LeaseLostError, WorkerRuntime, type JobHandler } from './worker.js';

// A worker whose lease ran out (it hung, or the clock says so) must not finish, fail or requeue a job another
// worker has claimed since. The clock is moved, nothing sleeps; RUN_MODE=api, so no worker of the service claims
// the test's jobs, and every test has a queue of its own, so no claim picks up another test's job.
const LEASE_SEC = 3;

let t: TestService;
let queues = 0;

beforeAll(async () => {
  t = await startTestService({ env: { RUN_MODE: 'api' } });
});
afterAll(async () => {
  await t?.close();
});

const queue = () => t.service.ctx.queue;
const newQueue = () => `lease-fencing-${++queues}`;

async function enqueue(name: string, options: { maxAttempts?: number; tenantId?: string; tenantCap?: number } = {}) {
  const { tenantId = null, ...rest } = options;
  return t.service.ctx.db.system((tx) => queue().enqueue(tx, name, tenantId, { step: 'work' }, { maxAttempts: 3, ...rest }));
}

async function row(id: string) {
  const [found] = await t.service.ctx.db.query<{ status: string; locked_by: string | null; attempts: number; last_error: string | null }>(
    sql`SELECT status, locked_by, attempts, last_error FROM job_queue WHERE id = ${id}`,
  );
  return found;
}

/** The lease's time passes (the clock moves beyond it) and the watchdog hands the job back to the queue. */
async function leaseRunsOut() {
  t.service.ctx.clock.advance((LEASE_SEC + 1) * 1000);
  await queue().reapExpired();
}

/** Worker A claims the job, its lease runs out, worker B claims it: the same job, the next attempt. */
async function claimedByAThenB(name: string) {
  const [a] = await queue().claim(name, 'worker-a', 1, LEASE_SEC);
  await leaseRunsOut();
  const [b] = await queue().claim(name, 'worker-b', 1, LEASE_SEC);
  expect(b).toMatchObject({ id: a.id, lockedBy: 'worker-b', attempts: a.attempts + 1 });
  return { a, b };
}

describe('transitions are fenced by the lease (worker and attempt)', () => {
  it("A's late completion changes nothing while B runs the job; B's completion finishes it", async () => {
    const name = newQueue();
    await enqueue(name);
    const { a, b } = await claimedByAThenB(name);

    expect(await queue().complete(a)).toBe(false);
    expect(await row(a.id)).toMatchObject({ status: 'running', locked_by: 'worker-b', attempts: 2 });

    expect(await queue().complete(b)).toBe(true);
    expect(await row(a.id)).toMatchObject({ status: 'done', locked_by: 'worker-b' });
  });

  it("A's late retry, failure, release or heartbeat after B finished changes nothing", async () => {
    const name = newQueue();
    await enqueue(name, { maxAttempts: 2 });
    const { a, b } = await claimedByAThenB(name);
    expect(await queue().complete(b)).toBe(true);

    expect(await queue().fail(a, 'late failure of an attempt that lost its lease', 1)).toBe('lease_lost');
    expect(await queue().release(a)).toBe(false);
    expect(await queue().extendLease(a, LEASE_SEC)).toBe(false);
    expect(await row(a.id)).toMatchObject({ status: 'done', locked_by: 'worker-b', attempts: 2, last_error: 'lease expired (worker stopped or timed out)' });

    // The last attempt's late failure would bury the job (and tell its owner it died): refused as well.
    const lastAttempt = { ...a, attempts: a.maxAttempts };
    expect(await queue().fail(lastAttempt, 'late failure on what A took for its last attempt', 1)).toBe('lease_lost');
    expect((await row(a.id)).status).toBe('done');
  });

  it("A's late failure while B runs the job does not requeue it under B", async () => {
    const name = newQueue();
    await enqueue(name);
    const { a, b } = await claimedByAThenB(name);

    expect(await queue().fail(a, 'late failure', 1)).toBe('lease_lost');
    expect(await row(a.id)).toMatchObject({ status: 'running', locked_by: 'worker-b', attempts: 2 });
    expect(await queue().extendLease(b, LEASE_SEC)).toBe(true);
    expect(await queue().fail(b, 'B failed for real', 1)).toBe('retry');
    expect(await row(a.id)).toMatchObject({ status: 'queued', locked_by: null, last_error: 'B failed for real' });
  });

  it("A's heartbeat after B claimed the job reports the lease lost", async () => {
    const name = newQueue();
    await enqueue(name);
    const { a, b } = await claimedByAThenB(name);
    expect(await queue().extendLease(a, LEASE_SEC)).toBe(false);
    expect(await queue().extendLease(b, LEASE_SEC)).toBe(true);
  });

  it("the tenant's cap still counts B's run after A's late completion", async () => {
    const name = newQueue();
    const tenantId = randomUUID();
    await enqueue(name, { tenantId, tenantCap: 1 });
    await enqueue(name, { tenantId, tenantCap: 1 });
    const { a } = await claimedByAThenB(name);

    await queue().complete(a);
    // B still runs the first job: with a cap of one, the tenant's second job waits.
    expect(await queue().claim(name, 'worker-c', 1, LEASE_SEC)).toEqual([]);
  });
});

/** A handler whose runs the test finishes by hand, each reporting the job and signal it was given. */
function heldHandler(name: string) {
  const runs: { job: Job; signal: AbortSignal; finish: () => void }[] = [];
  let started: (() => void) | null = null;
  const handler: JobHandler = {
    queue: name,
    concurrency: 1,
    leaseSec: LEASE_SEC,
    // It ignores the signal on purpose: even a handler that runs to the end must not complete a job it lost.
    handle: (job, { signal }) =>
      new Promise<void>((finish) => {
        runs.push({ job, signal, finish });
        started?.();
      }),
  };
  const nextRun = (count: number) =>
    runs.length >= count ? Promise.resolve(runs[count - 1]) : new Promise<(typeof runs)[number]>((resolve) => (started = () => runs.length >= count && resolve(runs[count - 1])));
  return { handler, nextRun };
}

describe('two workers racing for one job', () => {
  it('the worker whose lease was lost sees its handler aborted and never completes the job', async () => {
    const name = newQueue();
    const id = await enqueue(name);
    const { ctx } = t.service;
    const metricsA = new Metrics();
    const a = heldHandler(name);
    const b = heldHandler(name);
    const workerA = new WorkerRuntime(ctx.queue, [a.handler], [], ctx.log, 200, metricsA);
    const workerB = new WorkerRuntime(ctx.queue, [b.handler], [], ctx.log, 200);
    try {
      await workerA.start({ reclaimAll: false });
      const runA = await a.nextRun(1);
      expect(runA.job.lockedBy).toBe(workerA.id);

      await leaseRunsOut();
      await workerB.start({ reclaimAll: false });
      const runB = await b.nextRun(1);
      expect(runB.job).toMatchObject({ id, lockedBy: workerB.id, attempts: 2 });

      // A's next heartbeat finds the lease gone and aborts its handler.
      await eventually("A's handler to be aborted", () => runA.signal.aborted, Boolean, 15_000);
      expect(runA.signal.reason).toBeInstanceOf(LeaseLostError);
      expect(runB.signal.aborted).toBe(false);

      runA.finish(); // A's handler returns anyway: nothing of it is recorded
      await workerA.stop(5000);
      expect(await row(id)).toMatchObject({ status: 'running', locked_by: workerB.id, attempts: 2 });
      const lostAttempts = await metricsA.registry.getSingleMetric('kb_jobs_finished_total')!.get();
      expect(lostAttempts.values).toContainEqual(expect.objectContaining({ labels: { queue: name, outcome: 'lease_lost' }, value: 1 }));
      const fenced = await metricsA.registry.getSingleMetric('kb_job_fenced_transitions_total')!.get();
      expect(fenced.values).toContainEqual(expect.objectContaining({ labels: { queue: name, transition: 'extend_lease' }, value: 1 }));

      runB.finish();
      await eventually('B to complete the job', async () => (await row(id)).status, (status) => status === 'done', 15_000);
      expect((await row(id)).locked_by).toBe(workerB.id);
    } finally {
      await workerA.stop(2000);
      await workerB.stop(2000);
    }
  });
});
