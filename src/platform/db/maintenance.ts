import type { Logger } from 'pino';
import type { Database } from './database.js';
import { refreshStatistics, tableSizes, type SearchedTable, type TableSize } from './maintenance.repo.js';

/**
 * Why statistics may be stale: an indexing batch ended (analyse whatever changed), or some documents were
 * indexed or deleted (analyse only once the change passes the threshold).
 */
export type MaintenanceReason = 'batch' | 'changes';

export interface MaintenanceStatus {
  /** Runs that analysed at least one table, in this process. */
  runs: number;
  lastAnalysed: SearchedTable[];
  lastReason: MaintenanceReason | null;
}

export interface DbMaintenance {
  /** Asks for a check outside the caller's path: coalesced, at most one run per interval. Never throws. */
  request(reason: MaintenanceReason): void;
  status(): MaintenanceStatus;
  close(): Promise<void>;
}

export interface MaintenanceOptions {
  db: Database;
  log: Pick<Logger, 'info' | 'error'>;
  intervalMs: number;
  thresholdRows: number;
  now?: () => number;
}

/** A table changed enough that the planner's picture of it is wrong (the same rule autovacuum applies: a base plus a share). */
export function isStale(size: TableSize, reason: MaintenanceReason, thresholdRows: number): boolean {
  if (size.analysed === null || reason === 'batch') return size.rows > 0;
  // Row counts miss updates (documents' live_job_id and status change in place), so a batch always analyses.
  const changed = Math.abs(size.rows - size.analysed);
  return changed > Math.max(thresholdRows, 0.1 * size.analysed);
}

/**
 * Keeps planner statistics current without an operator. Right after a bulk load the tables have none, and
 * the planner then scans every chunk instead of using the GIN and HNSW indexes (issue 16); the embedded
 * database has no autovacuum at all, and a server's may be off or late. Runs in the background of the
 * process that indexed (never on a request), at most once per `intervalMs`: requests in between set one
 * pending run at the end of the interval, which covers them all. The lock in `db.maintain` keeps a second
 * instance from running at the same moment; the row counts compared live in the database (pg_class), so
 * instances need not share memory.
 */
export function createDbMaintenance(options: MaintenanceOptions): DbMaintenance {
  const now = options.now ?? Date.now;
  const state: MaintenanceStatus = { runs: 0, lastAnalysed: [], lastReason: null };
  let lastStart = -Infinity;
  let pending: MaintenanceReason | null = null;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let closed = false;

  async function run(reason: MaintenanceReason): Promise<void> {
    lastStart = now();
    await options.db.maintain(async (owner) => {
      const stale = (await tableSizes(owner)).filter((s) => isStale(s, reason, options.thresholdRows)).map((s) => s.table);
      if (stale.length === 0) return;
      await refreshStatistics(owner, stale);
      state.runs++;
      state.lastAnalysed = stale;
      state.lastReason = reason;
      options.log.info({ tables: stale, reason }, 'planner statistics refreshed');
    });
  }

  function schedule(): void {
    if (closed || timer || running || pending === null) return;
    const wait = Math.max(0, lastStart + options.intervalMs - now());
    timer = setTimeout(() => {
      timer = null;
      const reason = pending!;
      pending = null;
      running = run(reason)
        .catch((error) => options.log.error({ err: error }, 'database maintenance failed'))
        .finally(() => {
          running = null;
          schedule();
        });
    }, wait);
    timer.unref();
  }

  return {
    request(reason) {
      pending = pending === 'batch' || reason === 'batch' ? 'batch' : 'changes';
      schedule();
    },
    status: () => ({ ...state, lastAnalysed: [...state.lastAnalysed] }),
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}
