import { randomUUID } from 'node:crypto';
import type { BaseLogger } from 'pino';
import type { Metrics } from '../metrics/metrics.js';
import type { Job, JobQueue } from './queue.js';

interface JobContext {
  /**
   * Aborted when this attempt must stop: the worker is shutting down, or the job's lease was lost (another worker
   * may run it now). Long handlers check it between steps; whatever they return afterwards is not recorded.
   */
  signal: AbortSignal;
}

/** The abort reason when a heartbeat found the lease gone: this attempt is no longer the job's. */
export class LeaseLostError extends Error {
  constructor(readonly jobId: string) {
    super('job lease lost: another worker may run this job now');
    this.name = 'LeaseLostError';
  }
}

export interface JobHandler {
  queue: string;
  concurrency: number;
  leaseSec: number;
  /**
   * At most this many jobs of one tenant run at once in this queue, whoever enqueued them (a job enqueued with a
   * `tenantCap` of its own keeps that one): for a queue whose writers cannot know the operator's setting.
   */
  tenantCap?: number;
  /** Throwing schedules a retry (with backoff) until the job's attempts are spent. */
  handle(job: Job, context: JobContext): Promise<void>;
  /** Called once when a job is buried (attempts spent or lease expired on the last one). */
  onDead?(job: Job, error: string): Promise<void>;
}

export interface PeriodicTask {
  name: string;
  everyMs: number;
  run(): Promise<void>;
}

const backoffSec = (attempt: number) => Math.min(60, 2 ** attempt);

/** How often expired leases are looked for: well within the shortest lease, at most every 15 s, at least every 1 s. */
const watchdogIntervalMs = (handlers: Pick<JobHandler, 'leaseSec'>[]) =>
  Math.max(1000, Math.min(15_000, ...handlers.map((h) => (h.leaseSec * 1000) / 2)));

type Outcome = 'completed' | 'retried' | 'dead' | 'released' | 'lease_lost';

/** A holder's transition the queue refused because the lease had moved on (fenced out). */
type Transition = 'extend_lease' | 'complete' | 'fail' | 'release';

/** The worker's series: jobs running now, attempts started, and how each attempt ended, per queue (job kind). */
function workerSeries(metrics: Metrics | undefined) {
  if (!metrics) return null;
  return {
    running: metrics.gauge('kb_jobs_running', 'Jobs this process is running now, by queue', ['queue']),
    started: metrics.counter('kb_job_attempts_total', 'Job attempts this process started, by queue', ['queue']),
    finished: metrics.counter('kb_jobs_finished_total', 'Job attempts this process ended, by queue and outcome (completed, retried, dead, released, lease_lost)', ['queue', 'outcome']),
    fenced: metrics.counter('kb_job_fenced_transitions_total', 'Transitions of a job attempt refused because its lease had been lost, by queue and transition', ['queue', 'transition']),
    duration: metrics.histogram('kb_job_duration_seconds', 'Time a job attempt ran, by queue and outcome', ['queue', 'outcome']),
  };
}

/**
 * Runs job handlers in this process: claims in batches up to each handler's concurrency, wakes at
 * once on local enqueue or NOTIFY and otherwise polls, keeps leases alive with heartbeats, and on
 * stop lets running jobs finish within the grace period before handing the rest back to the queue.
 * A heartbeat that finds the lease lost aborts the handler, and the attempt then records nothing.
 */
export class WorkerRuntime {
  readonly id = `worker-${process.pid}-${randomUUID().slice(0, 8)}`;
  private running = false;
  private readonly active = new Map<string, { job: Job; abort: AbortController; done: Promise<void> }>();
  private readonly loops: Promise<void>[] = [];
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly wakers = new Map<string, () => void>();
  private readonly series: ReturnType<typeof workerSeries>;

  constructor(
    private readonly queue: JobQueue,
    private readonly handlers: JobHandler[],
    private readonly tasks: PeriodicTask[],
    private readonly log: BaseLogger,
    private readonly pollMs: number,
    metrics?: Metrics,
  ) {
    this.series = workerSeries(metrics);
  }

  async start(options: { reclaimAll: boolean }): Promise<void> {
    this.running = true;
    // The embedded database belongs to this process alone: whatever was running died with the last one.
    await this.reap(options.reclaimAll);
    for (const handler of this.handlers) this.loops.push(this.loop(handler));
    const watchdog: PeriodicTask = { name: 'job-watchdog', everyMs: watchdogIntervalMs(this.handlers), run: () => this.reap(false) };
    for (const task of [watchdog, ...this.tasks]) {
      const timer = setInterval(() => {
        task.run().catch((error) => this.log.error({ err: error, task: task.name }, 'periodic task failed'));
      }, task.everyMs);
      timer.unref();
      this.timers.push(timer);
    }
  }

  private async reap(all: boolean): Promise<void> {
    const dead = await this.queue.reapExpired({ all });
    for (const job of dead) {
      const handler = this.handlers.find((h) => h.queue === job.queue);
      await handler?.onDead?.(job, 'lease expired on the last attempt').catch((error) =>
        this.log.error({ err: error, jobId: job.id }, 'onDead failed'),
      );
    }
  }

  private async loop(handler: JobHandler): Promise<void> {
    let mine = 0;
    while (this.running) {
      if (mine < handler.concurrency) {
        let jobs: Job[] = [];
        try {
          jobs = await this.queue.claim(handler.queue, this.id, handler.concurrency - mine, handler.leaseSec, handler.tenantCap ?? null);
        } catch (error) {
          if (this.running) this.log.error({ err: error, queue: handler.queue }, 'claim failed');
        }
        for (const job of jobs) {
          mine++;
          const abort = new AbortController();
          const done = this.run(handler, job, abort).finally(() => {
            mine--;
            this.active.delete(job.id);
            this.wakers.get(handler.queue)?.();
          });
          this.active.set(job.id, { job, abort, done });
        }
        if (jobs.length > 0) continue;
      }
      await this.sleep(handler.queue);
    }
  }

  private sleep(queue: string): Promise<void> {
    return new Promise((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        this.queue.wake.off(queue, finish);
        this.wakers.delete(queue);
        resolve();
      };
      const timer = setTimeout(finish, this.pollMs);
      this.queue.wake.on(queue, finish);
      this.wakers.set(queue, finish);
    });
  }

  private async run(handler: JobHandler, job: Job, abort: AbortController): Promise<void> {
    let leaseLost = false;
    let settling = false; // the handler returned: a heartbeat answering now says nothing about the attempt
    const lost = (transition: Transition) => {
      this.fencedOut(job, transition);
      leaseLost = true;
      if (!abort.signal.aborted) abort.abort(new LeaseLostError(job.id));
    };
    let beating = false;
    const heartbeat = setInterval(() => {
      if (beating || leaseLost) return;
      beating = true;
      this.queue
        .extendLease(job, handler.leaseSec)
        .then((held) => {
          if (!held && !settling) lost('extend_lease');
        })
        // Unreachable database: keep the handler going; the next beat (or the fenced transition) decides.
        .catch((error) => this.log.warn({ err: error, jobId: job.id, queue: job.queue }, 'job heartbeat failed'))
        .finally(() => (beating = false));
    }, Math.max(1000, (handler.leaseSec * 1000) / 3));
    heartbeat.unref();
    const labels = { queue: job.queue };
    this.series?.started.inc(labels);
    this.series?.running.inc(labels);
    const started = performance.now();
    let outcome: Outcome = 'completed';
    try {
      await handler.handle(job, { signal: abort.signal });
      settling = true;
      if (leaseLost || !(await this.queue.complete(job))) {
        if (!leaseLost) lost('complete');
        outcome = 'lease_lost';
      }
    } catch (error) {
      settling = true;
      if (leaseLost) {
        outcome = 'lease_lost'; // not ours any more: whoever holds the job now records its outcome
        return;
      }
      if (abort.signal.aborted && !this.running) {
        outcome = 'released';
        return; // handed back to the queue by stop()
      }
      const message = error instanceof Error ? error.message : String(error);
      this.log.warn({ jobId: job.id, queue: job.queue, attempt: job.attempts, err: error }, 'job failed');
      const failed = await this.queue.fail(job, message, backoffSec(job.attempts)).catch(() => 'retry' as const);
      if (failed === 'lease_lost') {
        lost('fail');
        outcome = 'lease_lost';
        return; // a late failure neither requeues nor buries a run that is another worker's now
      }
      outcome = failed === 'dead' ? 'dead' : 'retried';
      if (failed === 'dead') await handler.onDead?.(job, message).catch(() => {});
    } finally {
      clearInterval(heartbeat);
      this.series?.running.dec(labels);
      this.series?.finished.inc({ ...labels, outcome });
      this.series?.duration.observe({ ...labels, outcome }, (performance.now() - started) / 1000);
    }
  }

  /** Says (without the payload) that a transition of this attempt was a no-op because its lease had moved on. */
  private fencedOut(job: Job, transition: Transition): void {
    this.series?.fenced.inc({ queue: job.queue, transition });
    this.log.warn(
      { jobId: job.id, queue: job.queue, attempt: job.attempts, workerId: this.id, transition },
      'job lease lost: this attempt no longer holds the job, transition ignored',
    );
  }

  async stop(graceMs: number): Promise<void> {
    if (!this.running) return;
    this.running = false;
    for (const timer of this.timers) clearInterval(timer);
    for (const wake of [...this.wakers.values()]) wake();
    await Promise.all(this.loops);
    const pending = [...this.active.values()];
    const finished = Promise.all(pending.map((a) => a.done));
    const timedOut = await Promise.race([
      finished.then(() => false),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(true), graceMs).unref()),
    ]);
    if (timedOut) {
      for (const { job, abort } of this.active.values()) {
        abort.abort(new Error('worker stopping'));
        const held = await this.queue.release(job).catch(() => true);
        if (!held) this.fencedOut(job, 'release');
      }
      await Promise.race([finished, new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
    }
  }
}
