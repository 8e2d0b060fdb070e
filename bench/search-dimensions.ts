/**
 * The vector leg for an embedding model of more than 2 000 dimensions (migration 0024): with a graph
 * (`document_chunks_hnsw_<D>`, halfvec) against without one (the index dropped: what every such tenant had before
 * 0024, the leg then sorting every chunk of its filters by distance, each vector read out of TOAST).
 *
 * A fresh database (PostgreSQL: bench_<timestamp> on BENCH_DATABASE_URL, dropped at the end; PGlite: a temporary
 * data directory), migrated by opening it as the service does; one tenant seeded as the database owner with
 * generated Markdown chunked by the real chunker and embedded by the built-in embedder at BENCH_DIMENSIONS (default
 * 3 072, the size of text-embedding-3-large). Then, in process through search.repo.ts as the service calls it (the
 * app role, the tenant set, tuneSearch's settings), BENCH_QUERIES generated queries (default 100, after 10 warm-up
 * ones) per case: no filter, and the tag filter (a quarter of the documents); the same statement planned without
 * the leg's own settings (underLegSettings: before them the planner sorted up to ~10 000 chunks rather than walk);
 * then without the graph. Also the graph's build time and size, and recall@32 of the walk against the exact 32
 * nearest.
 *
 * Usage:
 *   BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/test npx tsx bench/search-dimensions.ts
 *   npx tsx bench/search-dimensions.ts                         (PGlite: the default without BENCH_DATABASE_URL)
 * Knobs: BENCH_CHUNKS (default 20 000 on PostgreSQL, 5 000 on PGlite), BENCH_DIMENSIONS, BENCH_QUERIES,
 *        BENCH_KEEP=1 (keep the database with its graph and stop before the measurements without it).
 */
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { rows, type Database, type Tx } from '../src/platform/db/database.js';
import { openPostgres } from '../src/platform/db/postgres.js';
import { openPglite } from '../src/platform/db/pglite.js';
import { vectorLiteral } from '../src/platform/db/vector.js';
import { createOfflineEmbedder, OFFLINE_MODEL } from '../src/modules/ingestion/embedding/offline-embedder.js';
import { graphCast, tuneSearch, vectorLeg, vectorLegStatement, type SearchFilters } from '../src/modules/search/search.repo.js';
import { createBenchDatabase, fmt, generateQueries, loadAverage, machine, percentile, removeDir } from './docs-lib.js';
import { createSeeder, insertBatch, type Exec } from './search-seed.js';

const server = process.env.BENCH_DATABASE_URL ?? '';
const kind = (process.env.BENCH_DB ?? (server ? 'postgres' : 'pglite')) === 'pglite' ? 'pglite' : 'postgres';
if (kind === 'postgres' && !server) throw new Error('BENCH_DATABASE_URL=postgresql://… (or BENCH_DB=pglite)');
const chunks = Number(process.env.BENCH_CHUNKS ?? (kind === 'pglite' ? 5_000 : 20_000));
const dimensions = Number(process.env.BENCH_DIMENSIONS ?? 3072);
const queries = Number(process.env.BENCH_QUERIES ?? 100);
const LIMIT = 32;
const graph = `document_chunks_hnsw_${dimensions}`;
const model = `builtin/${OFFLINE_MODEL}`;

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kb-bench-dims-'));
const database = kind === 'postgres' ? await createBenchDatabase(server) : null;
let db: Database | null = null;
let owner: pg.Client | null = null;
let tenantOf: string | null = null;
try {
  db = database
    ? await openPostgres({ url: database.url, appRole: 'kb_app', poolSize: 2 })
    : await openPglite({ dataDir, appRole: 'kb_app', pipeline: true });
  let exec: Exec;
  if (database) {
    owner = new pg.Client({ connectionString: database.url });
    await owner.connect();
    exec = async (text, params) => (await owner!.query(text, params as unknown[])).rows;
  } else {
    const pglite = (db as Database & { pglite: import('@electric-sql/pglite').PGlite }).pglite;
    // The one session runs as the app role after migrations (platform/db/pglite.ts): the owner's statements step out of it.
    exec = async (text, params) => {
      await pglite.exec('SET ROLE NONE');
      try {
        return (await pglite.query<Record<string, unknown>>(text, params as unknown[])).rows;
      } finally {
        await pglite.exec('SET ROLE kb_app');
      }
    };
  }
  const [{ id: tenantId }] = (await exec(`INSERT INTO tenants (slug, name) VALUES ('bench-dims-${Date.now().toString(36)}', 'bench dims') RETURNING id::text AS id`)) as { id: string }[];
  tenantOf = tenantId;
  const [found] = (await exec(`SELECT indexdef AS def FROM pg_indexes WHERE indexname = $1`, [graph])) as { def: string }[];
  if (!found) throw new Error(`no ${graph}: dimensions without a graph cannot be compared with one`);
  const def = found.def;
  console.log(`### Vector leg at ${dimensions} dimensions (${kind})\n\n${machine()}; ${new Date().toISOString()}; load ${loadAverage()}\n`);

  // Seeded without the graph, which is then built once as the migration defines it (faster than inserting into it).
  await exec(`DROP INDEX ${graph}`);
  const seeder = createSeeder(11, 20, dimensions);
  const t0 = performance.now();
  let done = 0;
  for await (const batch of seeder.batches(tenantId, chunks, 25)) {
    await insertBatch(exec, batch, 250); // 3 072-dimension vectors are ~30 kB of text each
    done += batch.chunkCount;
  }
  const seedS = (performance.now() - t0) / 1000;
  const t1 = performance.now();
  await exec(`SET maintenance_work_mem = '${kind === 'pglite' ? '512MB' : '1GB'}'`);
  await exec(def);
  const buildS = (performance.now() - t1) / 1000;
  await exec('ANALYZE');
  const [{ size }] = (await exec(`SELECT pg_size_pretty(pg_relation_size($1::regclass)) AS size`, [graph])) as { size: string }[];
  console.log(`${done} chunks of ${dimensions} dimensions seeded in ${fmt(seedS)} s; ${graph} (${graphCast(dimensions).type}) built in ${fmt(buildS)} s, ${size}\n`);

  const embedder = createOfflineEmbedder({ dimensions });
  const vectors = generateQueries(seeder.docs, queries + 10, 5).map((q) => vectorLiteral(embedder.embedSync(q)));
  const cases: [string, SearchFilters][] = [
    ['no filter', {}],
    ['tag filter (a quarter of the documents)', { tagsAny: ['finance'] }],
  ];
  /** 'leg': vectorLeg as search runs it; 'plain': its statement without the leg's planner settings (before them). */
  const leg = (filters: SearchFilters, vector: string, how: 'leg' | 'plain' | 'exact' = 'leg') =>
    db!.tenant(tenantId, async (tx: Tx) => {
      await tuneSearch(tx, LIMIT * 2);
      const o = { model, dimensions, vector, limit: LIMIT, ...(how === 'exact' ? { exactAlwaysChunks: 1e9, exactMaxChunks: 1e9 } : {}) };
      return how === 'plain' ? rows<{ id: string }>(tx, vectorLegStatement(tenantId, filters, o)) : vectorLeg({ tx, tenantId }, filters, o);
    });
  const measure = async (filters: SearchFilters, how: 'leg' | 'plain' = 'leg') => {
    for (const v of vectors.slice(0, 10)) await leg(filters, v, how);
    const times: number[] = [];
    const answers: string[][] = [];
    for (const v of vectors.slice(10)) {
      const started = performance.now();
      answers.push((await leg(filters, v, how)).map((r) => r.id));
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    return { p50: percentile(times, 50), p95: percentile(times, 95), answers };
  };

  const withGraph = new Map<string, Awaited<ReturnType<typeof measure>>>();
  const unset = new Map<string, Awaited<ReturnType<typeof measure>>>();
  const recall = new Map<string, number>();
  for (const [name, filters] of cases) {
    const m = await measure(filters);
    withGraph.set(name, m);
    unset.set(name, await measure(filters, 'plain'));
    let found = 0;
    let wanted = 0;
    for (let i = 0; i < m.answers.length; i++) {
      const exact = new Set((await leg(filters, vectors[10 + i], 'exact')).map((r) => r.id));
      found += m.answers[i].filter((id) => exact.has(id)).length;
      wanted += exact.size;
    }
    recall.set(name, wanted ? found / wanted : NaN);
  }
  if (process.env.BENCH_KEEP) process.exit(0);
  await exec(`DROP INDEX ${graph}`);
  await exec('ANALYZE');
  console.log(`| case | this code: p50 / p95 ms | recall@${LIMIT} | without the leg's settings: p50 / p95 | without the graph: p50 / p95 |`);
  console.log('|---|---:|---:|---:|---:|');
  for (const [name, filters] of cases) {
    const after = withGraph.get(name)!;
    const plain = unset.get(name)!;
    const before = await measure(filters);
    console.log(`| ${name} | ${fmt(after.p50)} / ${fmt(after.p95)} | ${fmt(recall.get(name)!, 2)} | ${fmt(plain.p50)} / ${fmt(plain.p95)} | ${fmt(before.p50)} / ${fmt(before.p95)} |`);
  }
  console.log(`\n${queries} queries per cell after 10 warm-up ones; load ${loadAverage()}`);
} finally {
  await owner?.end().catch(() => {});
  await db?.close();
  if (process.env.BENCH_KEEP) console.log(`kept: ${database?.url ?? dataDir} (tenant ${tenantOf ?? '?'})`);
  else {
    await database?.drop();
    await removeDir(dataDir);
  }
}
