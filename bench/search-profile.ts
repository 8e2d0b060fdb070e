/**
 * Where a search query's time goes: the search service itself, in this process, over a database
 * seeded and kept by bench/search.ts (BENCH_KEEP), with every statement timed as the service issues it (the app
 * role, the tenant set, the same transactions). No HTTP: what remains beside the statements is the service's own
 * CPU (query embedding, fusion, collapse) and the driver.
 *
 * Per case: 30 warm-up queries, then BENCH_QUERIES (default 300) sequential ones over the generated queries of
 * bench/search.ts; per statement kind p50/p95 and count per query, the whole query's p50/p95, and the CPU this
 * process spent per query.
 *
 * Usage (on PGlite the kept data directory must not be open in another process):
 *   BENCH_REUSE=/tmp/pg.json npx tsx bench/search-profile.ts
 *   BENCH_REUSE=/tmp/pglite.json npx tsx bench/search-profile.ts
 * Knobs: BENCH_CASES (as bench/search.ts), BENCH_QUERIES, SEARCH_PARALLEL_LEGS=false, SEARCH_FULLTEXT_MAX_RANKED,
 *        BENCH_EXPLAIN=1 (EXPLAIN ANALYZE the slowest statement of each leg), BENCH_ANSWERS=<file> (every answer).
 */
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import pino from 'pino';
import { rows, type Database, type Tx } from '../src/platform/db/database.js';
import { tenantDb } from '../src/platform/db/tenant-db.js';
import { PgDialect } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import { createSearchService, type SearchInput } from '../src/modules/search/search.service.js';
import { fmt, generateQueries, loadAverage, percentile } from './docs-lib.js';
import { createSeeder } from './search-seed.js';
import { openKeptSearch } from './search-kept.js';

const { reuse, kept, db } = await openKeptSearch(4);
const n = Number(process.env.BENCH_QUERIES ?? 300);
const cases = (process.env.BENCH_CASES ?? 'hybrid,vector,fulltext,hybrid-small-tenant,hybrid-tag-filter,hybrid-memory-filter').split(',');

/** Statement kinds, recognised by their text (first match wins). */
const KINDS: [string, RegExp][] = [
  ['search settings', /set_config\('enable_seqscan|set_config\('hnsw/],
  ['models in use', /RECURSIVE models/],
  ['vector leg', /<=>/],
  ['text configs', /RECURSIVE configs/],
  ['full-text leg', /ts_rank_cd/],
  ['hit rows', /d\.filename/],
  ['pgvector version', /pg_extension/],
  ['profile', /profile/i],
];
const dialect = new PgDialect();
const timings = new Map<string, number[]>();
/** The slowest statement of each kind, EXPLAINed at the end of a case with BENCH_EXPLAIN=1. */
const slowest = new Map<string, { ms: number; statement: SQL; settings: SQL | null }>();
/** The settings statement last issued (a leg's EXPLAIN runs it first, as the service did). */
let lastSettings: SQL | null = null;
function record(text: string, ms: number, statement?: SQL) {
  const kind = KINDS.find(([, re]) => re.test(text.trim()))?.[0] ?? `other: ${text.trim().slice(0, 40)}`;
  const list = timings.get(kind) ?? [];
  list.push(ms);
  timings.set(kind, list);
  if (kind === 'search settings' && statement) lastSettings = statement;
  if (statement && ms > (slowest.get(kind)?.ms ?? -1)) slowest.set(kind, { ms, statement, settings: lastSettings });
}

/** A Tx whose statements are timed (execute only: the search module issues nothing else). */
function timedTx(tx: Tx): Tx {
  return new Proxy(tx, {
    get(target, prop, receiver) {
      if (prop !== 'execute') return Reflect.get(target, prop, receiver);
      return async (statement: SQL) => {
        const t = performance.now();
        try {
          return await target.execute(statement);
        } finally {
          record(dialect.sqlToQuery(statement).sql, performance.now() - t, statement);
        }
      };
    },
  });
}

const timedDb: Database = {
  ...db,
  kind: db.kind,
  tenant: (tenantId, fn) => {
    const t = performance.now();
    let inner = 0;
    return db
      .tenant(tenantId, async (tx) => {
        const t1 = performance.now();
        try {
          return await fn(timedTx(tx));
        } finally {
          inner = performance.now() - t1;
        }
      })
      .finally(() => record('BEGIN/COMMIT (transaction minus its statements)', performance.now() - t - inner));
  },
};
const service = createSearchService({
  db: timedDb,
  log: pino({ level: 'warn' }),
  embeddings: { forTenant: () => Promise.reject(new Error('the seeded documents record their model: no resolver needed')) },
  parallelLegs: process.env.SEARCH_PARALLEL_LEGS !== 'false', // on by default, as in the service
  fulltextMaxRanked: process.env.SEARCH_FULLTEXT_MAX_RANKED ? Number(process.env.SEARCH_FULLTEXT_MAX_RANKED) : undefined,
});
/** BENCH_ANSWERS=<file>: every case's answers (chunk ids per query), to compare two settings query by query. */
const allAnswers: Record<string, string[][]> = {};

const [a, b] = kept.tenants;
const queriesOf = (t: (typeof kept.tenants)[number], seed: number) => generateQueries(createSeeder(t.seed, 20, kept.dimensions).replay(t.docs), 300, seed);
const qa = queriesOf(a, a.seed);
const qb = queriesOf(b, b.seed);
const defs: Record<string, { tenant: string; queries: string[]; extra: Partial<SearchInput> }> = {
  hybrid: { tenant: a.tenantId, queries: qa, extra: { mode: 'hybrid' } },
  vector: { tenant: a.tenantId, queries: qa, extra: { mode: 'vector' } },
  fulltext: { tenant: a.tenantId, queries: qa, extra: { mode: 'fulltext' } },
  'hybrid-small-tenant': { tenant: b.tenantId, queries: qb, extra: { mode: 'hybrid' } },
  'hybrid-tag-filter': { tenant: a.tenantId, queries: qa, extra: { mode: 'hybrid', tags: { any: ['finance'] } } },
  'hybrid-memory-filter': { tenant: a.tenantId, queries: qa, extra: { mode: 'hybrid', memory_ids: a.memoryId ? [a.memoryId] : [] } },
};

console.log(`search profile on ${kept.kind} (${path.basename(reuse)}), ${n} queries per case, load ${loadAverage()}`);
for (const name of cases) {
  const def = defs[name];
  const tenant = tenantDb(timedDb, def.tenant);
  const run = (i: number) => service.search(tenant, { query: def.queries[i % def.queries.length], top_k: 8, ...def.extra });
  for (let i = 0; i < 30; i++) await run(i * 7);
  timings.clear();
  slowest.clear();
  const totals: number[] = [];
  // The answers, to compare two versions of the code: a digest of every query's chunk ids in order.
  const answers = createHash('sha256');
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const result = await run(i);
    totals.push(performance.now() - t);
    answers.update(result.items.map((h) => h.chunk_id).join(',') + ';');
    (allAnswers[name] ??= []).push(result.items.map((h) => h.chunk_id));
  }
  const cpu = process.cpuUsage(cpu0);
  totals.sort((x, y) => x - y);
  console.log(`\n${name}: query p50 ${fmt(percentile(totals, 50), 2)} p95 ${fmt(percentile(totals, 95), 2)} p99 ${fmt(percentile(totals, 99), 2)} ms; this process's CPU ${fmt((cpu.user + cpu.system) / 1000 / n, 2)} ms/query; answers ${answers.digest('hex').slice(0, 12)}; load ${loadAverage()}`);
  console.log('| statement | per query | p50 ms | p95 ms | max ms | sum ms/query |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const [kind, list] of timings) {
    const sorted = [...list].sort((x, y) => x - y);
    const sum = list.reduce((s, x) => s + x, 0);
    console.log(`| ${kind} | ${fmt(list.length / n, 2)} | ${fmt(percentile(sorted, 50), 2)} | ${fmt(percentile(sorted, 95), 2)} | ${fmt(sorted[sorted.length - 1], 2)} | ${fmt(sum / n, 2)} |`);
  }
  if (process.env.BENCH_EXPLAIN === '1') {
    for (const [kind, { ms, statement, settings }] of slowest) {
      if (!/leg/.test(kind)) continue;
      const plan = await db.tenant(def.tenant, async (tx) => {
        if (settings) await tx.execute(settings);
        return rows<{ 'QUERY PLAN': string }>(tx, sql`EXPLAIN (ANALYZE, BUFFERS) ${statement}`);
      });
      console.log(`\nslowest ${kind} (${fmt(ms, 2)} ms when timed), EXPLAIN (ANALYZE, BUFFERS) now:\n${plan.map((r) => r['QUERY PLAN']).join('\n').replace(/'\[[^\]]{100,}\]'/g, "'[…query vector…]'")}`);
    }
  }
}
if (process.env.BENCH_ANSWERS) await writeFile(process.env.BENCH_ANSWERS, JSON.stringify(allAnswers));
await db.close();
