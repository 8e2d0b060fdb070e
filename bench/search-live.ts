/**
 * Search while and right after ingesting through the API.
 *
 * bench/search.ts measures a seeded database whose indexes were rebuilt and whose statistics are fresh; users never
 * see that state. Here, per database, the service runs in its own process on an empty database (PGlite: a fresh data
 * directory; PostgreSQL: a fresh database bench_<timestamp> on the BENCH_DATABASE_URL server, dropped afterwards), a
 * tenant with an admin API key is made as in bench/ingestion.ts, and the same 500 generated Markdown files of ~20 KB
 * (seeded) go up in one POST /api/v1/documents/bulk-upload. Then one client posts /api/v1/documents/query
 * sequentially (one request at a time, so latency without queueing), cycling hybrid / vector / fulltext over 300
 * queries generated from the uploaded documents (docs-lib.ts generateQueries), top_k 8, in three phases:
 *
 *   during       from the upload's 202 until GET /api/v1/documents/bulk-upload/{id} says done (polled every 500 ms
 *                by a second loop), as many queries as fit;
 *   right after  BENCH_AFTER_QUERIES (default 50) per mode, started the moment the batch is done: before the
 *                planner-statistics maintenance that follows a batch has necessarily run (platform/db/maintenance.ts
 *                runs at most once per DB_MAINTENANCE_INTERVAL_MS, 30 s by default);
 *   settled      BENCH_SETTLED_QUERIES (default 200) per mode once statistics describe the finished tables. On
 *                PostgreSQL that is observed: pg_class.reltuples of document_chunks reaches 95 % of its row count
 *                (ANALYZE sets it; polled as the server's superuser). PGlite runs inside the service, so nothing
 *                outside can look: the script waits the maintenance interval plus BENCH_SETTLE_MARGIN_S (10 s).
 *
 * Then autocannon, 4 connections, BENCH_DURATION s (10) of hybrid queries over the same rotating queries.
 * Three warm-up queries per mode run on the empty tenant before the upload, so module loading is not counted.
 *
 * Usage:
 *   npx tsx bench/search-live.ts                                                    (embedded PGlite)
 *   BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/test npx tsx bench/search-live.ts     (PGlite, then PostgreSQL)
 *   BENCH_DB=postgres BENCH_DATABASE_URL=... npx tsx bench/search-live.ts                         (PostgreSQL only)
 * Knobs: BENCH_DB=pglite|postgres|both  BENCH_BULK_FILES=500  BENCH_BULK_KB=20  BENCH_SEED=42  BENCH_AFTER_QUERIES=50
 *        BENCH_SETTLED_QUERIES=200  BENCH_SETTLE_MARGIN_S=10  BENCH_DURATION=10  BENCH_JSON=<file>.
 *        Service settings (WORKER_CONCURRENCY, DB_MAINTENANCE_INTERVAL_MS, ...) pass through.
 */
import { writeFile } from 'node:fs/promises';
import pg from 'pg';
import { startServiceProcess, type RunningService } from './lib.js';
import {
  bulkForm,
  createBenchDatabase,
  createTenant,
  fmt,
  generateCorpus,
  generateQueries,
  json,
  loadAverage,
  machine,
  percentile,
  queryThroughput,
  type BenchTenant,
} from './docs-lib.js';

const files = Number(process.env.BENCH_BULK_FILES ?? 500);
const kb = Number(process.env.BENCH_BULK_KB ?? 20);
const seed = Number(process.env.BENCH_SEED ?? 42);
const afterQueries = Number(process.env.BENCH_AFTER_QUERIES ?? 50);
const settledQueries = Number(process.env.BENCH_SETTLED_QUERIES ?? 200);
const settleMarginS = Number(process.env.BENCH_SETTLE_MARGIN_S ?? 10);
const duration = Number(process.env.BENCH_DURATION ?? 10);
// The service's default (config.ts DB_MAINTENANCE_INTERVAL_MS); passed through when set.
const maintenanceIntervalMs = Number(process.env.DB_MAINTENANCE_INTERVAL_MS ?? 30_000);
const pgServer = process.env.BENCH_DATABASE_URL ?? '';
const dbChoice = process.env.BENCH_DB ?? (pgServer ? 'both' : 'pglite');
const TOP_K = 8;
const MODES = ['hybrid', 'vector', 'fulltext'] as const;
type Mode = (typeof MODES)[number];
type Phase = 'during' | 'right after' | 'settled';

interface Sample {
  phase: Phase;
  mode: Mode;
  ms: number;
  items: number;
  /** Documents indexed when the query was sent (during the batch; the total afterwards). */
  indexed: number;
}

interface PhaseStats {
  n: number;
  p50: number;
  p95: number;
  max: number;
  nonEmpty: number;
}

interface RunResult {
  db: string;
  chunks: number;
  indexedS: number;
  firstIndexedS: number;
  errored: number;
  settle: string;
  /** Per table row: a phase, or the batch's first or second half of the during phase. */
  stats: { row: string; phase: Phase; seconds: number; modes: Record<Mode, PhaseStats> }[];
  load: Record<Phase | 'rps', string>;
  rps: { rps: number; p50: number; p99: number; non2xx: number };
  samples: Sample[];
}

const body = (query: string, mode: Mode) => JSON.stringify({ query, mode, top_k: TOP_K });

function client(service: RunningService, tenant: BenchTenant) {
  const url = `${service.url}/api/v1/documents/query`;
  const headers = { ...tenant.headers, 'content-type': 'application/json' };
  /** One query; its latency as the client sees it (HTTP included) and the number of hits. */
  return async (b: string): Promise<{ ms: number; items: number }> => {
    const t = performance.now();
    const res = await fetch(url, { method: 'POST', headers, body: b });
    const out = (await res.json()) as { items: unknown[] };
    const ms = performance.now() - t;
    if (res.status !== 200) throw new Error(`query: ${res.status} ${JSON.stringify(out).slice(0, 300)}`);
    return { ms, items: out.items.length };
  };
}

function summarise(samples: readonly Sample[]): PhaseStats {
  const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
  return {
    n: ms.length,
    p50: percentile(ms, 50),
    p95: percentile(ms, 95),
    max: ms[ms.length - 1] ?? NaN,
    nonEmpty: samples.length ? samples.filter((s) => s.items > 0).length / samples.length : NaN,
  };
}

/** PostgreSQL: waits until ANALYZE has seen the finished chunk table (reltuples is -1 before any, then its estimate). */
async function statisticsSettled(databaseUrl: string, timeoutMs: number): Promise<{ waitedS: number; reltuples: number; rows: number }> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  const t0 = performance.now();
  try {
    const rows = Number((await c.query(`SELECT count(*)::int AS n FROM document_chunks`)).rows[0].n);
    for (;;) {
      const reltuples = Number((await c.query(`SELECT reltuples FROM pg_class WHERE relname = 'document_chunks'`)).rows[0].reltuples);
      if (reltuples >= 0.95 * rows) return { waitedS: (performance.now() - t0) / 1000, reltuples, rows };
      if (performance.now() - t0 > timeoutMs) throw new Error(`no ANALYZE of document_chunks within ${timeoutMs} ms (reltuples ${reltuples}, rows ${rows})`);
      await new Promise((r) => setTimeout(r, 500));
    }
  } finally {
    await c.end();
  }
}

async function run(kind: 'pglite' | 'postgres'): Promise<RunResult> {
  const docs = generateCorpus(files, kb, seed);
  const queries = generateQueries(docs, 300, seed);
  const database = kind === 'postgres' ? await createBenchDatabase(pgServer) : null;
  const dbEnv: Record<string, string> = database ? { DATABASE_URL: database.url } : {};
  const service = await startServiceProcess(dbEnv);
  try {
    const tenant = await createTenant(service, 'live', dbEnv);
    const query = client(service, tenant);
    const samples: Sample[] = [];
    let turn = 0;
    /** The next query of the rotation: modes cycle, and each mode walks the query list. */
    const next = async (phase: Phase, indexed: number) => {
      const mode = MODES[turn % MODES.length];
      const q = queries[Math.floor(turn / MODES.length) % queries.length];
      turn++;
      const r = await query(body(q, mode));
      samples.push({ phase, mode, ms: r.ms, items: r.items, indexed });
    };
    for (const mode of MODES) for (let i = 0; i < 3; i++) await query(body(queries[i], mode)); // warm-up, empty tenant

    // during: the upload, then queries until the batch is done
    const load = {} as RunResult['load'];
    const loadBefore = loadAverage();
    const t0 = performance.now();
    const res = await fetch(`${service.url}/api/v1/documents/bulk-upload`, { method: 'POST', headers: tenant.headers, body: bulkForm(docs) });
    const accepted = (await res.json()) as { batch_id: string; total: number; rejected: unknown[] };
    if (res.status !== 202 || accepted.total !== files) throw new Error(`bulk upload: ${res.status} ${JSON.stringify(accepted).slice(0, 500)}`);
    const batch = { indexed: 0, errored: 0, done: false, firstIndexedS: NaN, doneS: NaN };
    const follow = (async () => {
      while (!batch.done) {
        const c = await json<{ indexed: number; errored: number; done: boolean }>(`${service.url}/api/v1/documents/bulk-upload/${accepted.batch_id}`, { headers: tenant.headers });
        Object.assign(batch, { indexed: c.indexed, errored: c.errored, done: c.done });
        if (c.indexed > 0 && Number.isNaN(batch.firstIndexedS)) batch.firstIndexedS = (performance.now() - t0) / 1000;
        if (c.done) batch.doneS = (performance.now() - t0) / 1000;
        else if (performance.now() - t0 > 30 * 60_000) throw new Error(`batch not done after 30 min: ${JSON.stringify(c)}`);
        else await new Promise((r) => setTimeout(r, 500));
      }
    })();
    let followError: unknown = null;
    follow.catch((e) => (followError = e));
    while (!batch.done) {
      if (followError) throw followError;
      await next('during', batch.indexed);
    }
    await follow;
    load.during = `${loadBefore} → ${loadAverage()}`;
    process.stderr.write(`  ${kind}: batch done in ${fmt(batch.doneS)} s, ${samples.length} queries during it (load ${loadAverage()})\n`);

    // right after: at once, before the maintenance that follows a batch has necessarily run
    let before = loadAverage();
    turn = 0;
    for (let i = 0; i < afterQueries * MODES.length; i++) await next('right after', batch.indexed);
    load['right after'] = `${before} → ${loadAverage()}`;

    // settled: statistics of the finished tables
    let settle: string;
    const sinceDone = () => performance.now() - t0 - batch.doneS * 1000;
    if (database) {
      const s = await statisticsSettled(database.url, 180_000);
      settle = `ANALYZE of document_chunks observed ${fmt(sinceDone() / 1000)} s after the batch was done (reltuples ${Math.round(s.reltuples)} of ${s.rows} rows)`;
    } else {
      const wait = Math.max(0, maintenanceIntervalMs + settleMarginS * 1000 - sinceDone());
      await new Promise((r) => setTimeout(r, wait));
      settle = `waited until ${fmt(sinceDone() / 1000)} s after the batch was done (maintenance interval ${maintenanceIntervalMs / 1000} s + ${settleMarginS} s; not observable from outside)`;
    }
    process.stderr.write(`  ${kind}: settled: ${settle}\n`);
    before = loadAverage();
    turn = 0;
    for (let i = 0; i < settledQueries * MODES.length; i++) await next('settled', batch.indexed);
    load.settled = `${before} → ${loadAverage()}`;

    // requests/s, hybrid, 4 connections
    before = loadAverage();
    const hybridBodies = queries.map((q) => body(q, 'hybrid'));
    const throughput = await queryThroughput(service, tenant, hybridBodies, duration);
    load.rps = `${before} → ${loadAverage()}`;

    const chunks = await countChunks(service, tenant);
    // The during phase also split by how much of the batch was indexed when the query went: the tables grow under it.
    const half = Math.floor(files / 2);
    const rows: { row: string; phase: Phase; keep: (s: Sample) => boolean }[] = [
      { row: 'during', phase: 'during', keep: () => true },
      { row: `during, < ${half} documents indexed`, phase: 'during', keep: (s) => s.indexed < half },
      { row: `during, ≥ ${half} documents indexed`, phase: 'during', keep: (s) => s.indexed >= half },
      { row: 'right after', phase: 'right after', keep: () => true },
      { row: 'settled', phase: 'settled', keep: () => true },
    ];
    const stats: RunResult['stats'] = rows.map(({ row, phase, keep }) => {
      const of = samples.filter((s) => s.phase === phase && keep(s));
      const modes = {} as Record<Mode, PhaseStats>;
      for (const mode of MODES) modes[mode] = summarise(of.filter((s) => s.mode === mode));
      return { row, phase, seconds: of.reduce((a, s) => a + s.ms, 0) / 1000, modes };
    });
    return {
      db: database ? 'PostgreSQL 15 server' : 'embedded PGlite',
      chunks,
      indexedS: batch.doneS,
      firstIndexedS: batch.firstIndexedS,
      errored: batch.errored,
      settle,
      stats,
      load,
      rps: throughput,
      samples,
    };
  } finally {
    await service.stop();
    await database?.drop();
  }
}

/** Chunks of the tenant's documents, read through the API (the listing's chunk_count). */
async function countChunks(service: RunningService, tenant: BenchTenant): Promise<number> {
  let total = 0;
  for (let page = 1; ; page++) {
    const list = await json<{ items: { chunk_count: number }[]; total: number }>(`${service.url}/api/v1/documents/?page=${page}&page_size=100`, { headers: tenant.headers });
    for (const d of list.items) total += d.chunk_count;
    if (list.items.length === 0 || page * 100 >= list.total) return total;
  }
}

// ---------------------------------------------------------------------------------------------------------

console.log(`\n### Documents: search while and right after ingesting through the API\n`);
console.log(`${machine()}; ${new Date().toISOString()}; load average at start ${loadAverage()} (1/5/15 min).\n`);
const kinds: ('pglite' | 'postgres')[] = dbChoice === 'both' ? ['pglite', 'postgres'] : [dbChoice as 'pglite' | 'postgres'];
if (kinds.includes('postgres') && !pgServer) throw new Error('BENCH_DB=postgres needs BENCH_DATABASE_URL (a server URL, e.g. postgresql://postgres@127.0.0.1:5432/test)');
const runs: RunResult[] = [];
for (const kind of kinds) runs.push(await run(kind));

console.log(
  `${files} generated Markdown files of ~${kb} KB (seed ${seed}) in one bulk upload to an empty tenant; one client posting ` +
    `/api/v1/documents/query one request at a time, cycling hybrid / vector / full text over 300 queries generated from ` +
    `those files, top_k ${TOP_K}. Phases: **during** the batch (from the upload's 202 until it is done), **right after** ` +
    `(${afterQueries} per mode, at once), **settled** (${settledQueries} per mode, once the planner statistics describe the ` +
    `finished tables). Latencies in ms as the client sees them (HTTP included); non-empty = share of queries with a hit ` +
    `(during the batch, early queries find little). The during phase is also split by the documents indexed when each ` +
    `query was sent; "s of queries" is the time the client spent in that row's requests.\n`,
);
for (const r of runs) {
  console.log(`#### ${r.db}: ${r.chunks} chunks, batch indexed in ${fmt(r.indexedS)} s (first document at ${fmt(r.firstIndexedS)} s), ${r.errored} errored\n`);
  console.log(`Settled: ${r.settle}.\n`);
  console.log('| phase | hybrid p50 / p95 | vector p50 / p95 | full text p50 / p95 | queries per mode | s of queries | non-empty (hybrid / vector / full text) | load before → after |');
  console.log('|---|---:|---:|---:|---:|---:|---|---|');
  for (const { row, phase, seconds, modes: s } of r.stats) {
    const cell = (m: Mode) => `${fmt(s[m].p50)} / ${m === 'hybrid' ? `**${fmt(s[m].p95)}**` : fmt(s[m].p95)}`;
    console.log(
      `| ${row} | ${cell('hybrid')} | ${cell('vector')} | ${cell('fulltext')} | ${MODES.map((m) => s[m].n).join(' / ')} | ${fmt(seconds)} | ${MODES.map((m) => `${fmt(s[m].nonEmpty * 100, 0)} %`).join(' / ')} | ${row === phase ? r.load[phase] : ''} |`,
    );
  }
  console.log(
    `\nHybrid at 4 connections (autocannon, ${duration} s, settled): **${fmt(r.rps.rps, 0)} requests/s**, p50 ${r.rps.p50} ms, p99 ${r.rps.p99} ms, ` +
      `${r.rps.non2xx} errors; load ${r.load.rps}.\n`,
  );
}
console.log(`Load average at the end ${loadAverage()}.\n`);
if (process.env.BENCH_JSON) await writeFile(process.env.BENCH_JSON, JSON.stringify({ date: new Date().toISOString(), machine: machine(), runs }, null, 2));
