import type { OwnerStatement } from './database.js';

/** The tables search reads: the chunks and, through the live_chunks view, their documents. */
export const SEARCHED_TABLES = ['documents', 'document_chunks'] as const;
export type SearchedTable = (typeof SEARCHED_TABLES)[number];

export interface TableSize {
  table: SearchedTable;
  /** Rows now (an exact count: the owner bypasses row-level security). */
  rows: number;
  /** Rows the last ANALYZE or VACUUM saw (pg_class.reltuples), or null if never analysed. */
  analysed: number | null;
  /** Dead row versions left by deletes and updates that no VACUUM has reclaimed yet (pg_stat_user_tables.n_dead_tup). */
  dead: number;
}

/**
 * How many rows each table has now, had at its last analysis, and holds dead. pg_class.reltuples is what the
 * planner itself uses, kept in the database: every instance sees the same value, and a restart loses nothing.
 * The dead-row count is the statistics system's (what autovacuum reads too), flushed by each backend after it.
 */
export async function tableSizes(run: OwnerStatement): Promise<TableSize[]> {
  const counts = SEARCHED_TABLES.map((t) => `SELECT '${t}' AS t, count(*)::float8 AS n FROM ${t}`).join(' UNION ALL ');
  const found = await run(`
    SELECT x.t AS table, x.n AS rows, CASE WHEN c.reltuples < 0 THEN NULL ELSE c.reltuples::float8 END AS analysed,
           coalesce(pg_stat_get_dead_tuples(c.oid), 0)::float8 AS dead
    FROM (${counts}) x JOIN pg_class c ON c.oid = x.t::regclass`);
  return found.map((r) => ({
    table: r.table as SearchedTable,
    rows: Number(r.rows),
    analysed: r.analysed === null ? null : Number(r.analysed),
    dead: Number(r.dead),
  }));
}

/**
 * ANALYZE, which the owner alone may run (PostgreSQL skips a non-owner's with a warning). Dead rows are
 * VACUUM's: autovacuum's on a server, `Database.vacuum` on the embedded database (see maintenance.ts).
 */
export async function refreshStatistics(run: OwnerStatement, tables: SearchedTable[]): Promise<void> {
  if (tables.length === 0) return;
  // Bulk inserts land in a GIN index's pending list, which only VACUUM (autovacuum) merges; the planner
  // prices every pending page into a GIN scan, so without this a fresh full-text index looks too dear to use.
  await run(`
    SELECT gin_clean_pending_list(i.indexrelid) FROM pg_index i
    JOIN pg_class ic ON ic.oid = i.indexrelid JOIN pg_am am ON am.oid = ic.relam
    WHERE am.amname = 'gin' AND i.indrelid IN (${tables.map((t) => `'${t}'::regclass`).join(', ')})`);
  await run(`ANALYZE ${tables.join(', ')}`);
}
