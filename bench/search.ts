/**
 * Documents search benchmark: POST /api/v1/documents/query latency over 100 000 chunks.
 *
 * Set-up, per database: the service in its own process on a fresh data directory (and, on PostgreSQL, a fresh
 * database bench_<timestamp> created on the BENCH_DATABASE_URL server and dropped afterwards); two tenants made
 * with the operator CLI. One generated document goes through the real API first, to learn the embedding
 * dimension the service uses and to check that the seeder produces the same chunks as the pipeline. Then the
 * main tenant gets BENCH_CHUNKS chunks (default 100 000) and a second tenant BENCH_OTHER_CHUNKS (default 20 000,
 * so the shared HNSW index holds another tenant's rows and the tenant filter is real), seeded as the database
 * owner (see search-seed.ts: real chunker, real offline embedder, the same rows the pipeline writes). On
 * PostgreSQL the HNSW and GIN indexes are dropped during the load and rebuilt with their migration definitions
 * (BENCH_SEED_INDEXES=keep inserts into the live indexes instead). On PGlite the service is stopped while the
 * bench process writes into its data directory, then started again on it.
 *
 * Measured through the API with an API key: per case, BENCH_QUERIES (default 300) sequential requests (one
 * client, so latency without queueing) after 30 warm-up requests, cycling through 300 generated queries;
 * p50/p95/p99, share of non-empty answers, CPU per query of the service and of the PostgreSQL backends; then
 * autocannon at 4 connections for BENCH_DURATION s (default 10) on the same rotating queries. EXPLAIN ANALYZE of
 * both legs of the hybrid query, run by the app role with app.tenant_id set, through search.repo.ts itself.
 *
 * Usage:
 *   BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/test npx tsx bench/search.ts     (PostgreSQL)
 *   BENCH_DB=pglite npx tsx bench/search.ts                                                  (embedded PGlite)
 *   BENCH_DB=both BENCH_DATABASE_URL=... npx tsx bench/search.ts
 * Knobs: BENCH_CHUNKS BENCH_OTHER_CHUNKS BENCH_PGLITE_CHUNKS BENCH_QUERIES BENCH_DURATION BENCH_SEED
 *        BENCH_SEED_INDEXES=keep BENCH_CASES=hybrid,vector,fulltext,hybrid-small-tenant,hybrid-tag-filter,hybrid-memory-filter
 *        BENCH_JSON=<file>  BENCH_CPU_PROF=<dir> (profile the service with --cpu-prof)
 *        BENCH_KEEP=<file>: keep the seeded database (PostgreSQL: the database; PGlite: the data directory) and write
 *        what is needed to reuse it to <file>; BENCH_REUSE=<file>: measure on it again without seeding (with the
 *        BENCH_DB it was made with; remove it by hand when done: DROP DATABASE <name>, or rm -r <dataDir>).
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import type { Tx } from '../src/platform/db/database.js';
import { acquireDataDirLock } from '../src/platform/db/lock.js';
import { createOfflineEmbedder } from '../src/modules/ingestion/embedding/offline-embedder.js';
import { vectorLiteral } from '../src/platform/db/vector.js';
import { fulltextLeg, tuneSearch, vectorLeg } from '../src/modules/search/search.repo.js';
import {
  cpuMeter,
  createBenchDatabase,
  createTenant,
  fmt,
  generateQueries,
  json,
  loadAverage,
  machine,
  percentile,
  queryThroughput,
  removeDir,
  rssSampler,
  type BenchTenant,
  type GeneratedDoc,
} from './docs-lib.js';
import { createSeeder, generatedToBlocks, insertBatch, type Exec } from './search-seed.js';
import { chunkDocument } from '../src/modules/ingestion/chunking/chunker.js';
import { startServiceOn, type RunningService } from './lib.js';

const pgServer = process.env.BENCH_DATABASE_URL ?? '';
const dbChoice = process.env.BENCH_DB ?? (pgServer ? 'postgres' : 'pglite');
const mainChunks = Number(process.env.BENCH_CHUNKS ?? 100_000);
const otherChunks = Number(process.env.BENCH_OTHER_CHUNKS ?? 20_000);
const queriesPerCase = Number(process.env.BENCH_QUERIES ?? 300);
const duration = Number(process.env.BENCH_DURATION ?? 10);
const seed = Number(process.env.BENCH_SEED ?? 42);
const keepIndexes = process.env.BENCH_SEED_INDEXES === 'keep';
const CASES = ['hybrid', 'vector', 'fulltext', 'hybrid-small-tenant', 'hybrid-tag-filter', 'hybrid-memory-filter'] as const;
type CaseName = (typeof CASES)[number];
const wantedCases = (process.env.BENCH_CASES?.split(',') ?? CASES) as CaseName[];
const TOP_K = 8;
const APP_ROLE = process.env.DATABASE_APP_ROLE ?? 'kb_app';
const keepFile = process.env.BENCH_KEEP ?? '';
const reuseFile = process.env.BENCH_REUSE ?? '';

/** What BENCH_KEEP writes and BENCH_REUSE reads. */
interface KeptDatabase {
  kind: 'pglite' | 'postgres';
  /** PostgreSQL */
  name: string;
  url: string;
  /** PGlite */
  dataDir: string;
  chunks: { main: number; other: number };
  dimensions: number;
  iterative: boolean;
  seedS: number;
  indexBuildS: number;
  probe: string;
  tenants: { slug: string; tenantId: string; seed: number; docs: number; memoryId?: string }[];
}
const OWNER_PASSWORD = 'bench-password-1'; // docs-lib.ts createTenant()

/** Logs in as a kept tenant's owner and makes a new API key. */
async function reopenTenant(service: RunningService, t: KeptDatabase['tenants'][number]): Promise<BenchTenant> {
  const login = await json(`${service.url}/api/auth/login`, { method: 'POST', body: JSON.stringify({ email: `owner@${t.slug}.bench.io`, password: OWNER_PASSWORD, tenant_id: t.slug }) });
  const key = await json(`${service.url}/api/v1/api-keys/`, { method: 'POST', headers: { authorization: `Bearer ${login.access_token}` }, body: JSON.stringify({ name: 'bench', scopes: ['admin'] }) });
  return { tenantId: t.tenantId, slug: t.slug, headers: { authorization: `Bearer ${key.key}` } };
}

interface CaseResult {
  name: string;
  mode: string;
  tenantChunks: number;
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  nonEmpty: number;
  avgItems: number;
  serviceCpuMsPerQuery: number;
  postgresCpuMsPerQuery: number | null;
  rps: number;
  loadP50: number;
  loadP99: number;
  non2xx: number;
  load: string;
}

interface ExplainSummary {
  leg: string;
  queries: number;
  hnswUsed: number;
  ginUsed: number;
  execP50: number;
  execMax: number;
  samplePlan: string;
}

interface RunResult {
  db: string;
  chunks: { main: number; other: number };
  seedS: number;
  indexBuildS: number;
  probe: string;
  cases: CaseResult[];
  explain: ExplainSummary[];
  rssMb: number;
  workloadRssMb: number;
}

// ---------------------------------------------------------------------------------------------------------

const SEARCH_INDEXES = ['document_chunks_tsv', 'document_chunks_hnsw_384', 'document_chunks_hnsw_768', 'document_chunks_hnsw_1024', 'document_chunks_hnsw_1536'];

/** Seeds both tenants; returns the documents of each (queries are drawn from them) and timings. */
async function seedAll(exec: Exec, a: BenchTenant, b: BenchTenant, main: number, dimensions: number, onPglite: boolean) {
  const t0 = performance.now();
  const defs = (await exec(`SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'document_chunks' AND indexname = ANY($1::text[])`, [SEARCH_INDEXES])) as { indexname: string; indexdef: string }[];
  if (!keepIndexes) for (const d of defs) await exec(`DROP INDEX ${d.indexname}`);
  const docsOf: Record<string, GeneratedDoc[]> = {};
  const memoryOf: Record<string, string> = {};
  for (const [tenant, count, s] of [[a, main, seed], [b, otherChunks, seed + 1]] as const) {
    const seeder = createSeeder(s, 20, dimensions);
    const [memory] = await exec(`INSERT INTO memories (tenant_id, name) VALUES ($1, 'bench memory') RETURNING id::text AS id`, [tenant.tenantId]);
    memoryOf[tenant.tenantId] = String(memory.id);
    let pending: Promise<void> = Promise.resolve();
    let done = 0;
    let lastLog = performance.now();
    for await (const batch of seeder.batches(tenant.tenantId, count, 50, memoryOf[tenant.tenantId])) {
      await pending;
      pending = insertBatch(exec, batch); // the next batch is generated while the database writes this one
      done += batch.chunkCount;
      if (performance.now() - lastLog > 15_000) {
        lastLog = performance.now();
        process.stderr.write(`  seeding ${tenant.slug}: ${done} chunks, ${fmt((performance.now() - t0) / 1000, 0)} s, load ${loadAverage()}\n`);
      }
    }
    await pending;
    docsOf[tenant.tenantId] = seeder.docs;
  }
  const seedS = (performance.now() - t0) / 1000;
  const t1 = performance.now();
  if (!keepIndexes) {
    if (!onPglite) await exec(`SET maintenance_work_mem = '1GB'`);
    else await exec(`SET maintenance_work_mem = '512MB'`);
    for (const d of defs) await exec(d.indexdef);
  }
  await exec('ANALYZE');
  return { docsOf, memoryOf, seedS, indexBuildS: (performance.now() - t1) / 1000 };
}

/** One generated document through the real API: its job's dimensions, and whether the seeder would chunk it the same. */
async function probe(service: RunningService, tenant: BenchTenant): Promise<{ dimensions: number; note: string }> {
  const doc = await firstDoc();
  const form = new FormData();
  form.append('file', new Blob([doc.text], { type: 'text/markdown' }), doc.filename);
  const res = await fetch(`${service.url}/api/v1/documents/`, { method: 'POST', headers: tenant.headers, body: form });
  if (res.status !== 201) throw new Error(`probe upload: ${res.status} ${await res.text()}`);
  const { document_id } = (await res.json()) as { document_id: string };
  for (let i = 0; ; i++) {
    const d = await json(`${service.url}/api/v1/documents/${document_id}`, { headers: tenant.headers });
    if (d.status === 'indexed') break;
    if (d.status === 'error' || i > 600) throw new Error(`probe document: ${JSON.stringify(d)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const [job] = await json<any[]>(`${service.url}/api/v1/documents/${document_id}/jobs`, { headers: tenant.headers });
  const seeded = chunkDocument({ format: 'md', blocks: generatedToBlocks(doc.text), metadata: {}, warnings: [] }, { chunkSize: 512, overlap: 64 });
  const viaApi = await json<any>(`${service.url}/api/v1/documents/${document_id}/chunks/?limit=100`, { headers: tenant.headers });
  const apiTexts = (viaApi.items ?? viaApi).map((c: { text: string }) => c.text);
  const same = apiTexts.length === seeded.length && apiTexts.every((t: string, i: number) => t === seeded[i].text);
  return {
    dimensions: job.dimensions,
    note: `${job.provider}/${job.model}, ${job.dimensions} dimensions; the seeder's chunks of a probe document ${same ? 'match' : 'DIFFER from'} the pipeline's (${seeded.length} vs ${apiTexts.length})`,
  };

  async function firstDoc(): Promise<GeneratedDoc> {
    const s = createSeeder(seed + 99, 20, 384);
    for await (const _ of s.batches('00000000-0000-0000-0000-000000000000', 1, 1)) break;
    return s.docs[0];
  }
}

// ---------------------------------------------------------------------------------------------------------
// Measurement

function body(query: string, mode: string, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ query, mode, top_k: TOP_K, ...extra });
}

async function sequential(service: RunningService, tenant: BenchTenant, bodies: string[], n: number, dbName: string | null) {
  const url = `${service.url}/api/v1/documents/query`;
  const headers = { ...tenant.headers, 'content-type': 'application/json' };
  const post = async (b: string) => {
    const res = await fetch(url, { method: 'POST', headers, body: b });
    const out = (await res.json()) as { items: unknown[] };
    if (res.status !== 200) throw new Error(`query: ${res.status} ${JSON.stringify(out).slice(0, 300)}`);
    return out.items.length;
  };
  for (let i = 0; i < 30; i++) await post(bodies[(i * 7) % bodies.length]);
  const latencies: number[] = [];
  let nonEmpty = 0;
  let items = 0;
  const meter = cpuMeter(service.child.pid!, dbName);
  await meter.start();
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const count = await post(bodies[i % bodies.length]);
    latencies.push(performance.now() - t);
    if (count > 0) nonEmpty++;
    items += count;
  }
  const cpu = await meter.stop();
  latencies.sort((a, b) => a - b);
  return {
    n,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1],
    nonEmpty: nonEmpty / n,
    avgItems: items / n,
    serviceCpuMsPerQuery: (cpu.serviceCpuS * 1000) / n,
    postgresCpuMsPerQuery: cpu.postgresCpuS === null ? null : (cpu.postgresCpuS * 1000) / n,
  };
}

function concurrent(service: RunningService, tenant: BenchTenant, bodies: string[]) {
  return queryThroughput(service, tenant, bodies, duration);
}

// ---------------------------------------------------------------------------------------------------------
// EXPLAIN ANALYZE through search.repo.ts

const dialect = new PgDialect();

/**
 * A Tx whose leg statements (vector distance, full-text rank) are EXPLAIN ANALYZEd (plans collected); every other
 * statement (settings, the query's normalisation) runs as it is and answers its rows.
 */
function explainingTx(exec: Exec, plans: string[]): Tx {
  return {
    execute: async (statement: SQL) => {
      const q = dialect.sqlToQuery(statement);
      if (/<=>|ts_rank_cd/.test(q.sql)) {
        const r = await exec(`EXPLAIN (ANALYZE, BUFFERS) ${q.sql}`, q.params);
        plans.push(r.map((x) => String(x['QUERY PLAN'])).join('\n'));
        return { rows: [] };
      }
      return { rows: await exec(q.sql, q.params) };
    },
  } as unknown as Tx;
}

async function explainHybrid(exec: Exec, tenantId: string, queries: string[], dimensions: number, iterative: boolean): Promise<ExplainSummary[]> {
  const embedder = createOfflineEmbedder({ dimensions });
  const limit = TOP_K * 4; // search.service.ts: hybrid fetches top_k * CANDIDATES_PER_RESULT per leg
  const legs: Record<string, string[]> = { vector: [], fulltext: [] };
  for (const query of queries) {
    await exec('BEGIN');
    try {
      await exec(`SET LOCAL ROLE ${APP_ROLE}`);
      await exec(`SELECT set_config('app.tenant_id', $1, true)`, [tenantId]);
      const vplans: string[] = [];
      const vtx = explainingTx(exec, vplans);
      await tuneSearch(vtx, iterative ? limit * 2 : null);
      await vectorLeg({ tx: vtx, tenantId }, {}, { model: `builtin/${embedder.model}` /* what the seed records */, dimensions, vector: vectorLiteral(embedder.embedSync(query)), limit });
      legs.vector.push(...vplans);
      const fplans: string[] = [];
      await fulltextLeg({ tx: explainingTx(exec, fplans), tenantId }, {}, query, limit);
      legs.fulltext.push(...fplans);
    } finally {
      await exec('ROLLBACK');
    }
  }
  return Object.entries(legs).map(([leg, plans]) => {
    const times = plans.map((p) => Number(/Execution Time: ([\d.]+) ms/.exec(p)?.[1] ?? NaN)).sort((a, b) => a - b);
    return {
      leg,
      queries: plans.length,
      hnswUsed: plans.filter((p) => /document_chunks_hnsw_\d+/.test(p)).length,
      ginUsed: plans.filter((p) => /document_chunks_tsv/.test(p)).length,
      execP50: percentile(times, 50),
      execMax: times[times.length - 1],
      samplePlan: (plans[Math.floor(plans.length / 2)] ?? '').replace(/'\[[^\]]{100,}\]'/g, "'[…query vector…]'"),
    };
  });
}

// ---------------------------------------------------------------------------------------------------------

async function run(kind: 'pglite' | 'postgres'): Promise<RunResult> {
  const kept: KeptDatabase | null = reuseFile ? JSON.parse(await readFile(reuseFile, 'utf8')) : null;
  if (kept && kept.kind !== kind) throw new Error(`${reuseFile} holds a ${kept.kind} database; run with BENCH_DB=${kept.kind}`);
  const keep = Boolean(keepFile && !kept);
  const main = kind === 'pglite' ? Number(process.env.BENCH_PGLITE_CHUNKS ?? mainChunks) : mainChunks;
  const dataDir = kept?.dataDir || (await mkdtemp(path.join(os.tmpdir(), 'kb-bench-search-')));
  const database = kind === 'postgres' ? (kept ? { name: kept.name, url: kept.url, drop: async () => {} } : await createBenchDatabase(pgServer)) : null;
  const dbEnv: Record<string, string> = database ? { DATABASE_URL: database.url } : {};
  const profEnv: Record<string, string> = process.env.BENCH_CPU_PROF
    ? { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --cpu-prof --cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`.trim() }
    : {};
  let service = await startServiceOn(dataDir, { ...dbEnv, ...profEnv });
  let pglite: PGlite | null = null;
  let owner: pg.Client | null = null;
  try {
    let a: BenchTenant;
    let b: BenchTenant;
    let dimensions: number;
    let note: string;
    let iterative: boolean;
    let seeded: { docsOf: Record<string, GeneratedDoc[]>; memoryOf: Record<string, string>; seedS: number; indexBuildS: number };
    let exec: Exec;
    let counts: Record<string, unknown>[];
    const countChunks = () => exec(`SELECT tenant_id::text AS t, count(*)::int AS n FROM document_chunks GROUP BY 1`);
    if (kept) {
      a = await reopenTenant(service, kept.tenants[0]);
      b = await reopenTenant(service, kept.tenants[1]);
      ({ dimensions, probe: note, iterative } = kept);
      const docsOf: Record<string, GeneratedDoc[]> = {};
      const memoryOf: Record<string, string> = {};
      for (const t of kept.tenants) {
        docsOf[t.tenantId] = createSeeder(t.seed, 20, dimensions).replay(t.docs);
        if (t.memoryId) memoryOf[t.tenantId] = t.memoryId;
      }
      seeded = { docsOf, memoryOf, seedS: kept.seedS, indexBuildS: kept.indexBuildS };
      if (database) {
        owner = new pg.Client({ connectionString: kept.url });
        await owner.connect();
        exec = async (text, params) => (await owner!.query(text, params as unknown[])).rows;
      } else exec = async () => [];
      counts = [
        { t: a.tenantId, n: kept.chunks.main },
        { t: b.tenantId, n: kept.chunks.other },
      ];
      process.stderr.write(`  ${kind}: reusing ${kept.name || kept.dataDir} (load ${loadAverage()})\n`);
    } else {
      a = await createTenant(service, 'search-main', dbEnv);
      b = await createTenant(service, 'search-other', dbEnv);
      ({ dimensions, note } = await probe(service, a));
      process.stderr.write(`  ${kind}: probe ${note}; seeding ${main} + ${otherChunks} chunks (load ${loadAverage()})\n`);
      let releaseLock: (() => Promise<void>) | null = null;
      if (database) {
        owner = new pg.Client({ connectionString: database.url });
        await owner.connect();
        exec = async (text, params) => (await owner!.query(text, params as unknown[])).rows;
      } else {
        await service.stop(); // the embedded database belongs to one process at a time
        const lock = await acquireDataDirLock(dataDir);
        releaseLock = () => lock.release();
        pglite = await PGlite.create({ dataDir: path.join(dataDir, 'pglite'), extensions: { vector } });
        exec = async (text, params) => (await pglite!.query<Record<string, unknown>>(text, params as unknown[])).rows;
      }
      seeded = await seedAll(exec, a, b, main, dimensions, kind === 'pglite');
      const version = String((await exec(`SELECT extversion FROM pg_extension WHERE extname = 'vector'`))[0].extversion);
      const [major, minor] = version.split('.').map(Number);
      iterative = major > 0 || minor >= 8;
      counts = await countChunks();
      process.stderr.write(`  ${kind}: seeded in ${fmt(seeded.seedS, 0)} s, indexes in ${fmt(seeded.indexBuildS, 0)} s (pgvector ${version}); load ${loadAverage()}\n`);
      if (keep) {
        const chunkCount = (t: BenchTenant) => Number(counts.find((r) => r.t === t.tenantId)?.n ?? 0);
        const state: KeptDatabase = {
          kind,
          name: database?.name ?? '',
          url: database?.url ?? '',
          dataDir: database ? '' : dataDir,
          chunks: { main: chunkCount(a), other: chunkCount(b) },
          dimensions,
          iterative,
          seedS: seeded.seedS,
          indexBuildS: seeded.indexBuildS,
          probe: note,
          tenants: [
            { slug: a.slug, tenantId: a.tenantId, seed, docs: seeded.docsOf[a.tenantId].length, memoryId: seeded.memoryOf[a.tenantId] },
            { slug: b.slug, tenantId: b.tenantId, seed: seed + 1, docs: seeded.docsOf[b.tenantId].length, memoryId: seeded.memoryOf[b.tenantId] },
          ],
        };
        await writeFile(keepFile, JSON.stringify(state, null, 2));
        process.stderr.write(`  kept ${database?.name ?? dataDir}; reuse with BENCH_REUSE=${keepFile}\n`);
      }
      if (pglite) {
        await pglite.close();
        pglite = null;
        await releaseLock?.();
        service = await startServiceOn(dataDir, profEnv);
      }
    }
    const chunkCounts = new Map(counts.map((r) => [String(r.t), Number(r.n)]));
    const chunksOf = (t: BenchTenant) => chunkCounts.get(t.tenantId) ?? NaN;

    const rss = rssSampler(service.child.pid!);
    const queriesA = generateQueries(seeded.docsOf[a.tenantId], 300, seed);
    const queriesB = generateQueries(seeded.docsOf[b.tenantId], 300, seed + 1);
    const caseDefs: Record<CaseName, { tenant: BenchTenant; mode: string; bodies: string[] }> = {
      hybrid: { tenant: a, mode: 'hybrid', bodies: queriesA.map((q) => body(q, 'hybrid')) },
      vector: { tenant: a, mode: 'vector', bodies: queriesA.map((q) => body(q, 'vector')) },
      fulltext: { tenant: a, mode: 'fulltext', bodies: queriesA.map((q) => body(q, 'fulltext')) },
      'hybrid-small-tenant': { tenant: b, mode: 'hybrid', bodies: queriesB.map((q) => body(q, 'hybrid')) },
      'hybrid-tag-filter': { tenant: a, mode: 'hybrid, tags.any=[finance]', bodies: queriesA.map((q) => body(q, 'hybrid', { tags: { any: ['finance'] } })) },
      // A tenth of the documents (search-seed.ts MEMORY_EVERY); queries come from all of them, as a user's would.
      'hybrid-memory-filter': { tenant: a, mode: 'hybrid, memory_ids=[one memory]', bodies: queriesA.map((q) => body(q, 'hybrid', { memory_ids: [seeded.memoryOf[a.tenantId]] })) },
    };
    const cases: CaseResult[] = [];
    for (const name of wantedCases) {
      const def = caseDefs[name];
      const loadBefore = loadAverage();
      const seq = await sequential(service, def.tenant, def.bodies, queriesPerCase, database?.name ?? null);
      const con = await concurrent(service, def.tenant, def.bodies);
      cases.push({ name, mode: def.mode, tenantChunks: chunksOf(def.tenant), ...seq, rps: con.rps, loadP50: con.p50, loadP99: con.p99, non2xx: con.non2xx, load: `${loadBefore} → ${loadAverage()}` });
      process.stderr.write(`  ${kind} ${name}: p50 ${fmt(seq.p50)} p95 ${fmt(seq.p95)} ms, ${fmt(con.rps, 0)} req/s (load ${loadAverage()})\n`);
    }
    const workloadRssMb = await rss.stop();
    const rssMb = await service.rssMb();

    // EXPLAIN ANALYZE of the hybrid legs as the app role (on PGlite, with the service stopped).
    let explain: ExplainSummary[] = [];
    if (database) explain = await explainHybrid(exec, a.tenantId, queriesA.slice(0, 20), dimensions, iterative);
    else {
      await service.stop();
      const lock = await acquireDataDirLock(dataDir);
      try {
        pglite = await PGlite.create({ dataDir: path.join(dataDir, 'pglite'), extensions: { vector } });
        const p = pglite;
        explain = await explainHybrid(async (text, params) => (await p.query<Record<string, unknown>>(text, params as unknown[])).rows, a.tenantId, queriesA.slice(0, 20), dimensions, iterative);
      } finally {
        await pglite?.close();
        pglite = null;
        await lock.release();
      }
    }

    return {
      db: database ? 'PostgreSQL 15 server' : 'embedded PGlite',
      chunks: { main: chunksOf(a), other: chunksOf(b) },
      seedS: seeded.seedS,
      indexBuildS: seeded.indexBuildS,
      probe: note,
      cases,
      explain,
      rssMb,
      workloadRssMb,
    };
  } finally {
    await pglite?.close().catch(() => {});
    await owner?.end().catch(() => {});
    await service.stop();
    if (!keep && !kept) await database?.drop();
    if (database || (!keep && !kept)) await removeDir(dataDir); // on PostgreSQL it only holds blobs
  }
}

// ---------------------------------------------------------------------------------------------------------

console.log(`\n### Documents: search\n`);
console.log(`${machine()}; ${new Date().toISOString()}; load average at start ${loadAverage()} (1/5/15 min).\n`);
const kinds: ('pglite' | 'postgres')[] = dbChoice === 'both' ? ['postgres', 'pglite'] : [dbChoice as 'pglite' | 'postgres'];
if (kinds.includes('postgres') && !pgServer) throw new Error('PostgreSQL runs need BENCH_DATABASE_URL (a server URL, e.g. postgresql://postgres@127.0.0.1:5432/test)');
const runs: RunResult[] = [];
for (const kind of kinds) runs.push(await run(kind));

for (const r of runs) {
  console.log(`#### POST /api/v1/documents/query on ${r.db}: ${r.chunks.main} chunks (main tenant) + ${r.chunks.other} (other tenant)\n`);
  console.log(
    `Seeded in ${fmt(r.seedS, 0)} s + ${fmt(r.indexBuildS, 0)} s of index build/ANALYZE. Embedder: ${r.probe}. top_k ${TOP_K}; ` +
      `${queriesPerCase} sequential requests per case (one client, after 30 warm-up requests) over 300 generated queries, ` +
      `then autocannon with 4 connections for ${duration} s. Latencies in ms, measured by the client (HTTP included).\n`,
  );
  console.log('| case | mode | tenant chunks | p50 | p95 | p99 | max | non-empty | service CPU ms/query | PostgreSQL CPU ms/query | 4 connections: req/s | p50 | p99 | errors | load before → after |');
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const c of r.cases) {
    console.log(
      `| ${c.name} | ${c.mode} | ${c.tenantChunks} | ${fmt(c.p50)} | **${fmt(c.p95)}** | ${fmt(c.p99)} | ${fmt(c.max)} | ${fmt(c.nonEmpty * 100, 0)}% | ${fmt(c.serviceCpuMsPerQuery)} | ${c.postgresCpuMsPerQuery === null ? 'n/a' : fmt(c.postgresCpuMsPerQuery)} | ${fmt(c.rps, 0)} | ${c.loadP50} | ${c.loadP99} | ${c.non2xx} | ${c.load} |`,
    );
  }
  console.log(`\nPeak RSS of the service: ${r.rssMb} MB since start (VmHWM), ${r.workloadRssMb} MB during the queries.\n`);
  console.log(`EXPLAIN (ANALYZE, BUFFERS) of the two legs of hybrid queries, as ${APP_ROLE} with app.tenant_id set, through search.repo.ts:\n`);
  console.log('| leg | queries | HNSW index used | GIN index used | execution p50 ms | max ms |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const e of r.explain) console.log(`| ${e.leg} | ${e.queries} | ${e.hnswUsed} | ${e.ginUsed} | ${fmt(e.execP50, 2)} | ${fmt(e.execMax, 2)} |`);
  for (const e of r.explain) console.log(`\n<details><summary>${e.leg} leg, median plan</summary>\n\n\`\`\`\n${e.samplePlan}\n\`\`\`\n</details>`);
  console.log('');
}
if (process.env.BENCH_JSON) await writeFile(process.env.BENCH_JSON, JSON.stringify({ date: new Date().toISOString(), machine: machine(), runs }, null, 2));
