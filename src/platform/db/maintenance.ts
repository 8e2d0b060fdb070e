import type { Logger } from 'pino';
import type { Database, OwnerStatement } from './database.js';
import { refreshStatistics, SEARCHED_TABLES, tableSizes, type SearchedTable, type TableSize } from './maintenance.repo.js';

/**
 * Why statistics may be stale: an indexing batch ended (analyse whatever changed), or some documents were
 * indexed, re-indexed or deleted (analyse only once the change passes the threshold). Either way a run also
 * checks the dead rows those left behind (VACUUM, on the embedded database).
 */
export type MaintenanceReason = 'batch' | 'changes';

interface MaintenanceStatus {
  /** Runs that analysed (or vacuumed) at least one table, in this process. */
  runs: number;
  /** Tables the last such run analysed, those it vacuumed included (VACUUM (ANALYZE) does both). */
  lastAnalysed: SearchedTable[];
  /** Tables the last such run vacuumed: only ever on the embedded database. */
  lastVacuumed: SearchedTable[];
  lastReason: MaintenanceReason | null;
}

/**
 * Work a module adds to every maintenance run: as the owner, under the maintenance lock (one instance at a time),
 * after the statistics are refreshed (which it may read). `kind` tells whether statements run outside a
 * transaction (a server: CREATE INDEX CONCURRENTLY is possible) or inside the embedded database's one. Resolves to
 * what it did, one line each, for the log (empty: nothing).
 */
export type MaintenanceTask = (run: OwnerStatement, kind: Database['kind']) => Promise<string[]>;

export interface DbMaintenance {
  /** Asks for a check outside the caller's path: coalesced, at most one run per interval. Never throws. */
  request(reason: MaintenanceReason): void;
  /** Adds a task to every run from now on (the composition root, once per module that has one). */
  addTask(task: MaintenanceTask): void;
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
function isStale(size: TableSize, reason: MaintenanceReason, thresholdRows: number): boolean {
  if (size.analysed === null || reason === 'batch') return size.rows > 0;
  // Row counts miss updates (documents' live_job_id and status change in place), so a batch always analyses.
  const changed = Math.abs(size.rows - size.analysed);
  return changed > Math.max(thresholdRows, 0.1 * size.analysed);
}

/** Share of a table's live rows that may be dead before a VACUUM is due: autovacuum's default scale factor. */
const VACUUM_SCALE_FACTOR = 0.2;

/**
 * Dead rows worth reclaiming: the rule autovacuum applies, a base plus a share of the live rows. Below it a VACUUM
 * would scan every page (and every HNSW graph) of the table to win back little.
 */
export function needsVacuum(size: TableSize, thresholdRows: number): boolean {
  return size.dead > thresholdRows + VACUUM_SCALE_FACTOR * size.rows;
}

export interface MaintenanceRun {
  analysed: SearchedTable[];
  vacuumed: SearchedTable[];
  /** What the tasks did (MaintenanceTask). */
  tasks: string[];
}

/**
 * One check and whatever it calls for. Tables with enough dead rows get `VACUUM (ANALYZE)` where the database
 * offers it (the embedded one: nothing else ever vacuums there); those are analysed by it, the other stale ones
 * by ANALYZE. Resolves to null when another instance held the maintenance lock.
 */
export async function maintainOnce(db: Database, reason: MaintenanceReason, thresholdRows: number, tasks: readonly MaintenanceTask[] = []): Promise<MaintenanceRun | null> {
  const checked = await db.maintain(async (owner) => {
    const sizes = await tableSizes(owner);
    const vacuum = db.vacuum ? sizes.filter((s) => needsVacuum(s, thresholdRows)).map((s) => s.table) : [];
    const analyse = sizes.filter((s) => isStale(s, reason, thresholdRows) && !vacuum.includes(s.table)).map((s) => s.table);
    await refreshStatistics(owner, analyse);
    return { analyse, vacuum };
  });
  if (!checked) return null;
  // Outside `maintain`: VACUUM cannot run in the transaction that is on the embedded database.
  if (checked.vacuum.length > 0) await db.vacuum!(checked.vacuum);
  // The tasks in a `maintain` of their own, once the statistics are committed: a task that fails loses only its
  // own work (on the embedded database `maintain` is one transaction, which a failed statement would roll back).
  const done = tasks.length === 0 ? [] : ((await db.maintain(async (owner) => {
    const lines: string[] = [];
    for (const task of tasks) lines.push(...(await task(owner, db.kind)));
    return lines;
  })) ?? []);
  const refreshed = new Set([...checked.analyse, ...checked.vacuum]);
  return { analysed: SEARCHED_TABLES.filter((t) => refreshed.has(t)), vacuumed: checked.vacuum, tasks: done };
}

/**
 * Keeps planner statistics current without an operator (and on the embedded database reclaims dead rows).
 * Right after a bulk load the tables have none, and the planner then scans every chunk instead of using the
 * GIN and HNSW indexes; the embedded database has no autovacuum at all, and a server's may be off
 * or late. Runs in the background of the
 * process that indexed (never on a request), at most once per `intervalMs`: requests in between set one
 * pending run at the end of the interval, which covers them all. The lock in `db.maintain` keeps a second
 * instance from running at the same moment; the row counts compared live in the database (pg_class), so
 * instances need not share memory.
 *
 * The embedded database has no autovacuum either: the dead rows of deleted documents and of the chunk sets a
 * re-index replaced would stay for ever, every scan reading past them. There a run also vacuums the tables
 * whose dead rows passed `needsVacuum` (`Database.vacuum`, holding the one connection for its duration, like
 * any statement there). On a server autovacuum does it, and the capability is absent.
 */
export function createDbMaintenance(options: MaintenanceOptions): DbMaintenance {
  const now = options.now ?? Date.now;
  const state: MaintenanceStatus = { runs: 0, lastAnalysed: [], lastVacuumed: [], lastReason: null };
  let lastStart = -Infinity;
  let pending: MaintenanceReason | null = null;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let closed = false;
  const tasks: MaintenanceTask[] = [];

  async function run(reason: MaintenanceReason): Promise<void> {
    lastStart = now();
    const done = await maintainOnce(options.db, reason, options.thresholdRows, tasks);
    if (done && done.tasks.length > 0) options.log.info({ done: done.tasks, reason }, 'maintenance tasks');
    if (!done || done.analysed.length === 0) return;
    state.runs++;
    state.lastAnalysed = done.analysed;
    state.lastVacuumed = done.vacuumed;
    state.lastReason = reason;
    options.log.info({ tables: done.analysed, vacuumed: done.vacuumed, reason }, 'planner statistics refreshed');
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
    addTask: (task) => void tasks.push(task),
    status: () => ({ ...state, lastAnalysed: [...state.lastAnalysed], lastVacuumed: [...state.lastVacuumed] }),
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}
