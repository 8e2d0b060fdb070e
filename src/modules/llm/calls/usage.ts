import type { Logger } from 'pino';
import type { Database } from '../../../platform/db/database.js';
import { tenantDb } from '../../../platform/db/tenant-db.js';
import { insertUsage, type UsageRecord } from './usage.repo.js';

export interface UsageRecorderOptions {
  /** Flush when this many records are waiting. */
  maxBatch?: number;
  /** Flush at least this often while records are waiting. */
  intervalMs?: number;
  /** Records kept when the database is unreachable; beyond that the oldest are dropped (and logged). */
  maxPending?: number;
}

/**
 * Usage is written off the response path: a call appends to an in-memory batch and returns, and the batch is written
 * per tenant (one transaction each, RLS applies) every `intervalMs` or once `maxBatch` records wait. `created_at` is
 * the time of the call, not of the write. stop() flushes what is left, so a graceful shutdown loses nothing.
 */
export class UsageRecorder {
  private pending: UsageRecord[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private readonly failedOnce = new WeakSet<UsageRecord>();
  private readonly maxBatch: number;
  private readonly intervalMs: number;
  private readonly maxPending: number;

  constructor(
    private readonly db: Database,
    private readonly log: Logger,
    options: UsageRecorderOptions = {},
  ) {
    // Large, infrequent batches: the cost of a write is mostly per statement, not per row.
    this.maxBatch = options.maxBatch ?? 1_000;
    this.intervalMs = options.intervalMs ?? 500;
    this.maxPending = options.maxPending ?? 50_000;
  }

  record(record: UsageRecord): void {
    this.pending.push(record);
    if (this.pending.length > this.maxPending) {
      const dropped = this.pending.splice(0, this.pending.length - this.maxPending);
      this.log.error({ dropped: dropped.length }, 'llm usage backlog full: oldest records dropped');
    }
    if (this.pending.length >= this.maxBatch) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = null;
        void this.flush();
      }, this.intervalMs);
      this.timer.unref();
    }
  }

  /** Writes everything waiting now; concurrent calls share the write in progress and then write the rest. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    this.flushing = this.write(batch).finally(() => {
      this.flushing = null;
    });
    await this.flushing;
  }

  private async write(batch: UsageRecord[]): Promise<void> {
    const byTenant = new Map<string, UsageRecord[]>();
    for (const record of batch) {
      const list = byTenant.get(record.tenantId);
      if (list) list.push(record);
      else byTenant.set(record.tenantId, [record]);
    }
    for (const [tenantId, records] of byTenant) {
      try {
        await tenantDb(this.db, tenantId).run((t) => insertUsage(t, records));
      } catch (error) {
        // Retried once, then dropped (a tenant deleted meanwhile is no error: its batch writes nothing, usage.repo.ts).
        const again = records.filter((r) => !this.failedOnce.has(r));
        for (const r of again) this.failedOnce.add(r);
        this.log.error({ err: error, tenantId, count: records.length, retrying: again.length }, 'llm usage write failed');
        this.pending.unshift(...again);
      }
    }
    if (this.pending.length > 0 && !this.timer) {
      this.timer = setTimeout(() => {
        this.timer = null;
        void this.flush();
      }, this.intervalMs);
      this.timer.unref();
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush().catch((error) => this.log.error({ err: error }, 'llm usage final flush failed'));
  }
}
