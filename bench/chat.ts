/**
 * Chat benchmark: the service's own time per POST /api/v1/chat/query — retrieval, reranking's share aside,
 * packing, prompt, citations and storage, excluding the model — over 100 000 seeded chunks.
 *
 * Set-up: the service in its own process on a fresh data directory (PGlite by default; with BENCH_DATABASE_URL a fresh
 * database bench_<timestamp> on that PostgreSQL server, dropped afterwards). One tenant gets BENCH_CHUNKS chunks
 * (default 100 000) seeded as the database owner exactly as bench/search.ts does (search-seed.ts: real chunker at
 * 512/64, real offline embedder, the rows the pipeline writes; indexes dropped during the load and rebuilt). Its
 * provider is the loopback OpenAI-compatible peer (test/peers/fake-openai.ts, replying with a short cited answer at
 * once) and, for the rerank case, a second peer in Cohere's shape scoring with the lexical cross-scorer.
 *
 * Measured through the API with an admin API key, one client, BENCH_QUERIES (default 200) sequential requests per
 * case after 20 warm-up requests per case, cycling through 300 generated queries, top_k 8. The cases are interleaved
 * (each query goes through every case in turn), so that a change of the machine's load or a warming cache weighs on
 * all of them alike and their ratios hold within the run:
 *   - documents/query: the hybrid search route alone (the baseline: the same retrieval);
 *   - chat retrieve: chat/query with mode "retrieve" (no model);
 *   - chat answer: mode "answer" with the fake model (the answer and its conversation are stored);
 *   - chat answer + rerank: the same, reranked by the tenant's default rerank model (the Cohere-shaped peer).
 * The service's own time is computed server side from the response: latency_ms − timings.generation_ms −
 * timings.rerank_ms (− condense_ms, 0 here): what is left when the model calls are taken out. Client latencies
 * include HTTP.
 *
 * Usage:
 *   npx tsx bench/chat.ts                                                        (embedded PGlite)
 *   BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/test npx tsx bench/chat.ts    (PostgreSQL)
 * Knobs: BENCH_CHUNKS BENCH_QUERIES BENCH_SEED BENCH_CASES=documents-query,chat-retrieve,chat-answer,chat-answer-rerank
 *        BENCH_KEEP=<file>: keep the seeded data directory (PostgreSQL: the database) and write what reusing it needs;
 *        BENCH_REUSE=<file>: measure on it again without seeding (remove it by hand when done).
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { acquireDataDirLock } from '../src/platform/db/lock.js';
import { startFakeOpenAI } from '../test/peers/fake-openai.js';
import { createBenchDatabase, createTenant, fmt, generateQueries, json, loadAverage, machine, percentile, removeDir, type BenchTenant } from './docs-lib.js';
import { columns, createSeeder, INSERT_CHUNKS, INSERT_DOCS, INSERT_JOBS, ROW_WIDTHS, type SeedRows } from './search-seed.js';
import { startServiceOn, type RunningService } from './lib.js';

const pgServer = process.env.BENCH_DATABASE_URL ?? '';
const chunks = Number(process.env.BENCH_CHUNKS ?? 100_000);
const queriesPerCase = Number(process.env.BENCH_QUERIES ?? 200);
const seed = Number(process.env.BENCH_SEED ?? 42);
const CASES = ['documents-query', 'chat-retrieve', 'chat-answer', 'chat-answer-rerank'] as const;
type CaseName = (typeof CASES)[number];
const wanted = (process.env.BENCH_CASES?.split(',') ?? CASES) as CaseName[];
const keepFile = process.env.BENCH_KEEP ?? '';
const reuseFile = process.env.BENCH_REUSE ?? '';

/** What BENCH_KEEP writes and BENCH_REUSE reads. */
interface Kept {
  kind: 'pglite' | 'postgres';
  dataDir: string;
  database: { name: string; url: string } | null;
  tenant: { slug: string; tenantId: string };
  docs: number;
  chunks: number;
  seedS: number;
  indexS: number;
}
const TOP_K = 8;
const WARM_UP = 20;
const SEARCH_INDEXES = ['document_chunks_tsv', 'document_chunks_hnsw_384', 'document_chunks_hnsw_768', 'document_chunks_hnsw_1024', 'document_chunks_hnsw_1536'];
/** The model's whole answer, at once: the model's share of the time is then the peer's round trip. */
const REPLY = 'The first source says so [1], and the second one adds a detail [2]; the third [3] agrees.';

type Exec = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

async function insertBatch(exec: Exec, b: SeedRows): Promise<void> {
  await exec('BEGIN');
  try {
    await exec(INSERT_DOCS, columns(b.documents, ROW_WIDTHS.documents));
    await exec(INSERT_JOBS, columns(b.jobs, ROW_WIDTHS.jobs));
    for (let i = 0; i < b.chunks.length; i += 1000) await exec(INSERT_CHUNKS, columns(b.chunks.slice(i, i + 1000), ROW_WIDTHS.chunks));
    await exec('COMMIT');
  } catch (error) {
    await exec('ROLLBACK').catch(() => {});
    throw error;
  }
}

/** bench/search.ts's seeding, for one tenant: indexes dropped, rows written in batches, indexes rebuilt, ANALYZE. */
async function seedTenant(exec: Exec, tenant: BenchTenant, count: number, onPglite: boolean) {
  const started = performance.now();
  const defs = (await exec(`SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'document_chunks' AND indexname = ANY($1::text[])`, [SEARCH_INDEXES])) as {
    indexname: string;
    indexdef: string;
  }[];
  for (const d of defs) await exec(`DROP INDEX ${d.indexname}`);
  const seeder = createSeeder(seed, 20, 384);
  let pending: Promise<void> = Promise.resolve();
  let done = 0;
  let lastLog = performance.now();
  for await (const batch of seeder.batches(tenant.tenantId, count)) {
    await pending;
    pending = insertBatch(exec, batch);
    done += batch.chunkCount;
    if (performance.now() - lastLog > 15_000) {
      lastLog = performance.now();
      process.stderr.write(`  seeding: ${done} chunks, ${fmt((performance.now() - started) / 1000, 0)} s, load ${loadAverage()}\n`);
    }
  }
  await pending;
  const seedS = (performance.now() - started) / 1000;
  const indexStarted = performance.now();
  await exec(`SET maintenance_work_mem = '${onPglite ? '512MB' : '1GB'}'`);
  for (const d of defs) await exec(d.indexdef);
  await exec('ANALYZE');
  return { docs: seeder.docs, chunks: done, seedS, indexS: (performance.now() - indexStarted) / 1000 };
}

interface Sample {
  client: number;
  server: number | null;
  own: number | null;
  retrieval: number | null;
  rerank: number | null;
  packing: number | null;
  model: number | null;
  sources: number;
}

/** One request of a case: its client latency and, for chat/query, the server's own accounting. */
function requester(service: RunningService, tenant: BenchTenant, name: CaseName) {
  const url = `${service.url}${name === 'documents-query' ? '/api/v1/documents/query' : '/api/v1/chat/query'}`;
  const bodyOf = (query: string) => {
    if (name === 'documents-query') return { query, top_k: TOP_K, mode: 'hybrid' };
    return { query, top_k: TOP_K, mode: name === 'chat-retrieve' ? 'retrieve' : 'answer', rerank: name === 'chat-answer-rerank' };
  };
  return async (query: string): Promise<Sample> => {
    const started = performance.now();
    const res = await fetch(url, { method: 'POST', headers: { ...tenant.headers, 'content-type': 'application/json' }, body: JSON.stringify(bodyOf(query)) });
    const body = (await res.json()) as any;
    const client = performance.now() - started;
    if (res.status !== 200) throw new Error(`${name}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    if (name === 'documents-query') return { client, server: null, own: null, retrieval: null, rerank: null, packing: null, model: null, sources: body.items.length };
    const t = body.timings;
    const model = t.generation_ms + t.condense_ms;
    return {
      client,
      server: body.latency_ms,
      own: body.latency_ms - model - t.rerank_ms,
      retrieval: t.retrieval_ms,
      rerank: t.rerank_ms,
      packing: t.packing_ms,
      model,
      sources: body.sources.length,
    };
  };
}

/** Every case on every query in turn (interleaved), after the warm-up. */
async function measure(service: RunningService, tenant: BenchTenant, names: CaseName[], queries: string[]): Promise<Map<CaseName, Sample[]>> {
  const send = new Map(names.map((n) => [n, requester(service, tenant, n)]));
  const samples = new Map<CaseName, Sample[]>(names.map((n) => [n, []]));
  for (let i = 0; i < WARM_UP; i++) for (const n of names) await send.get(n)!(queries[(i * 7) % queries.length]);
  for (let i = 0; i < queriesPerCase; i++) {
    for (const n of names) samples.get(n)!.push(await send.get(n)!(queries[i % queries.length]));
    if (i % 50 === 49) process.stderr.write(`  ${i + 1}/${queriesPerCase} queries through every case (load ${loadAverage()})\n`);
  }
  return samples;
}

function stats(samples: Sample[], field: keyof Sample) {
  const values = samples.map((s) => s[field]).filter((v): v is number => typeof v === 'number').sort((a, b) => a - b);
  return values.length ? { p50: percentile(values, 50), p95: percentile(values, 95) } : null;
}

async function run(): Promise<void> {
  const kept: Kept | null = reuseFile ? JSON.parse(await readFile(reuseFile, 'utf8')) : null;
  const kind = kept?.kind ?? (pgServer ? 'postgres' : 'pglite');
  const dataDir = kept?.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'kb-bench-chat-')));
  const database = kept ? (kept.database ? { ...kept.database, drop: async () => {} } : null) : pgServer ? await createBenchDatabase(pgServer) : null;
  const dbEnv: Record<string, string> = database ? { DATABASE_URL: database.url } : {};
  const env = { ...dbEnv, PROVIDER_ALLOW_PRIVATE_URLS: 'true' };
  const [openai, cohere] = await Promise.all([startFakeOpenAI({ record: false }), startFakeOpenAI({ record: false })]);
  openai.setReply(REPLY);
  let service = await startServiceOn(dataDir, env);
  let owner: pg.Client | null = null;
  const keep = Boolean(keepFile && !kept);
  try {
    let tenant: BenchTenant;
    let docs: ReturnType<typeof createSeeder>['docs'];
    let seeding: { seedS: number; indexS: number; chunks: number };
    if (kept) {
      tenant = await reopenTenant(service, kept.tenant);
      docs = createSeeder(seed, 20, 384).replay(kept.docs);
      seeding = { seedS: kept.seedS, indexS: kept.indexS, chunks: kept.chunks };
      process.stderr.write(`  ${kind}: reusing ${kept.database?.name ?? kept.dataDir} (load ${loadAverage()})\n`);
    } else {
      tenant = await createTenant(service, 'chat-bench', dbEnv);
      process.stderr.write(`  ${kind}: seeding ${chunks} chunks (load ${loadAverage()})\n`);
      let seeded: Awaited<ReturnType<typeof seedTenant>>;
      if (database) {
        owner = new pg.Client({ connectionString: database.url });
        await owner.connect();
        seeded = await seedTenant(async (text, params) => (await owner!.query(text, params as unknown[])).rows, tenant, chunks, false);
      } else {
        await service.stop(); // the embedded database belongs to one process at a time
        const lock = await acquireDataDirLock(dataDir);
        const pglite = await PGlite.create({ dataDir: path.join(dataDir, 'pglite'), extensions: { vector } });
        try {
          seeded = await seedTenant(async (text, params) => (await pglite.query<Record<string, unknown>>(text, params as unknown[])).rows, tenant, chunks, true);
        } finally {
          await pglite.close();
          await lock.release();
        }
        service = await startServiceOn(dataDir, env);
      }
      docs = seeded.docs;
      seeding = { seedS: seeded.seedS, indexS: seeded.indexS, chunks: seeded.chunks };
      process.stderr.write(`  ${kind}: seeded in ${fmt(seeded.seedS, 0)} s, indexes in ${fmt(seeded.indexS, 0)} s (load ${loadAverage()})\n`);
      if (keep) {
        const state: Kept = {
          kind,
          dataDir,
          database: database ? { name: database.name, url: database.url } : null,
          tenant: { slug: tenant.slug, tenantId: tenant.tenantId },
          docs: docs.length,
          chunks: seeded.chunks,
          seedS: seeded.seedS,
          indexS: seeded.indexS,
        };
        await writeFile(keepFile, JSON.stringify(state, null, 2));
        process.stderr.write(`  kept ${database?.name ?? dataDir}; reuse with BENCH_REUSE=${keepFile}\n`);
      }
    }

    // The tenant's models: the fake chat model as default, the Cohere-shaped peer's rerank-v3.5 as default rerank model.
    const admin = { ...tenant.headers, 'content-type': 'application/json' };
    await json(`${service.url}/api/v2/llm/providers/openai/credentials`, { method: 'PUT', headers: admin, body: JSON.stringify({ api_key: 'sk-bench', base_url: openai.url }) });
    await json(`${service.url}/api/v2/llm/providers/cohere/credentials`, { method: 'PUT', headers: admin, body: JSON.stringify({ api_key: 'co-bench', base_url: cohere.url }) });
    await json(`${service.url}/api/v2/llm/models/activate`, { method: 'POST', headers: admin, body: JSON.stringify({ model_name: 'gpt-4o-mini', is_default: true }) });
    await json(`${service.url}/api/v2/llm/models/activate`, { method: 'POST', headers: admin, body: JSON.stringify({ model_name: 'rerank-v3.5', is_default: true }) });

    const queries = generateQueries(docs, 300, seed);
    const loadBefore = loadAverage();
    const measured = await measure(service, tenant, wanted, queries);
    const load = `${loadBefore} → ${loadAverage()}`;

    console.log(`\n### Chat: \`POST /api/v1/chat/query\` over ${seeding.chunks} chunks (${database ? 'PostgreSQL server' : 'embedded PGlite'})\n`);
    console.log(
      `${machine()}; ${new Date().toISOString()}; load average ${load}. Seeded in ${fmt(seeding.seedS, 0)} s + ${fmt(seeding.indexS, 0)} s of index build. ` +
        `${queriesPerCase} requests per case, the cases interleaved (one client, sequential), after ${WARM_UP} warm-up rounds; 300 generated queries, top_k ${TOP_K}. ` +
        'Own time = latency_ms − generation_ms − rerank_ms (server side: everything but the model calls). ms.\n',
    );
    console.log('| case | client p50 | client p95 | server p50 | server p95 | **own time p50** | **own time p95** | retrieval p50 / p95 | packing p50 / p95 | rerank p50 | model p50 | sources |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const name of wanted) {
      const samples = measured.get(name)!;
      const s = (field: keyof Sample) => stats(samples, field);
      const pair = (field: keyof Sample) => (s(field) ? `${fmt(s(field)!.p50)} / ${fmt(s(field)!.p95)}` : '—');
      const one = (field: keyof Sample, which: 'p50' | 'p95') => (s(field) ? fmt(s(field)![which]) : '—');
      const avgSources = samples.reduce((n, x) => n + x.sources, 0) / samples.length;
      console.log(
        `| ${name} | ${one('client', 'p50')} | ${one('client', 'p95')} | ${one('server', 'p50')} | ${one('server', 'p95')} | **${one('own', 'p50')}** | **${one('own', 'p95')}** | ${pair('retrieval')} | ${pair('packing')} | ${one('rerank', 'p50')} | ${one('model', 'p50')} | ${fmt(avgSources)} |`,
      );
    }
    const p50 = (name: CaseName) => (measured.has(name) ? stats(measured.get(name)!, 'client')!.p50 : NaN);
    console.log(
      `\nRatios of client p50 in this run: chat retrieve / documents query **${fmt(p50('chat-retrieve') / p50('documents-query'), 2)}×**, ` +
        `chat answer / documents query **${fmt(p50('chat-answer') / p50('documents-query'), 2)}×**.`,
    );
  } finally {
    await owner?.end().catch(() => {});
    await service.stop();
    await Promise.all([openai.close(), cohere.close()]);
    if (!keep && !kept) {
      await database?.drop();
      await removeDir(dataDir);
    }
  }
}

/** Logs in as a kept tenant's owner (docs-lib's createTenant credentials) and makes a new admin API key. */
async function reopenTenant(service: RunningService, t: Kept['tenant']): Promise<BenchTenant> {
  const login = await json(`${service.url}/api/auth/login`, { method: 'POST', body: JSON.stringify({ email: `owner@${t.slug}.bench.io`, password: 'bench-password-1', tenant_id: t.slug }) });
  const key = await json(`${service.url}/api/v1/api-keys/`, { method: 'POST', headers: { authorization: `Bearer ${login.access_token}` }, body: JSON.stringify({ name: 'bench', scopes: ['admin'] }) });
  return { tenantId: t.tenantId, slug: t.slug, headers: { authorization: `Bearer ${key.key}` } };
}

await run();
