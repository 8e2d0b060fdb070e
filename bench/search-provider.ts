/**
 * Hybrid search over documents a provider embedded, with the provider's latency for the query embedding:
 * what the full-text leg running during that round trip saves.
 *
 * The fake OpenAI provider runs in this process; the service in its own (PGlite on a fresh data directory, or a
 * fresh database bench_<timestamp> on the BENCH_DATABASE_URL server, dropped afterwards). A tenant makes the fake's
 * text-embedding-3-small its default model, then BENCH_FILES generated Markdown files of BENCH_KB KB go up in one
 * bulk upload and are embedded by the fake. Then, per delay of BENCH_DELAYS_MS (the fake's 'slow' mode holding every
 * answer back that long), 10 warm-up and BENCH_QUERIES sequential hybrid queries (one client, top_k 8), p50 / p95 ms
 * as the client sees them, and the same for vector queries (the embedding and the vector leg alone) beside them.
 *
 * Usage:
 *   npx tsx bench/search-provider.ts                                                   (PGlite)
 *   BENCH_DB=postgres BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/test npx tsx bench/search-provider.ts
 * Knobs: BENCH_FILES=200  BENCH_KB=20  BENCH_QUERIES=100  BENCH_DELAYS_MS=0,50  BENCH_SEED=42; service settings
 *        (SEARCH_PARALLEL_LEGS, ...) pass through.
 */
import { startFakeOpenAI } from '../test/peers/fake-openai.js';
import { startServiceProcess } from './lib.js';
import { bulkForm, createBenchDatabase, createTenant, fmt, generateCorpus, generateQueries, json, loadAverage, machine, percentile } from './docs-lib.js';

const kind = process.env.BENCH_DB === 'postgres' ? 'postgres' : 'pglite';
const files = Number(process.env.BENCH_FILES ?? 200);
const kb = Number(process.env.BENCH_KB ?? 20);
const n = Number(process.env.BENCH_QUERIES ?? 100);
const delays = (process.env.BENCH_DELAYS_MS ?? '0,50').split(',').map(Number);
const seed = Number(process.env.BENCH_SEED ?? 42);

const fake = await startFakeOpenAI({ record: false });
const database = kind === 'postgres' ? await createBenchDatabase(process.env.BENCH_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test') : null;
const dbEnv: Record<string, string> = database ? { DATABASE_URL: database.url } : {};
const service = await startServiceProcess({ ...dbEnv, PROVIDER_ALLOW_PRIVATE_URLS: 'true' });
try {
  const tenant = await createTenant(service, 'provider', dbEnv);
  const post = (url: string, body: object, method = 'POST') => json(`${service.url}${url}`, { method, headers: tenant.headers, body: JSON.stringify(body) });
  await post('/api/v2/llm/providers/openai/credentials', { api_key: 'sk-bench', base_url: fake.url }, 'PUT');
  await post('/api/v2/llm/models/activate', { model_name: 'text-embedding-3-small', is_default: true });

  const docs = generateCorpus(files, kb, seed);
  const queries = generateQueries(docs, 300, seed);
  const res = await fetch(`${service.url}/api/v1/documents/bulk-upload`, { method: 'POST', headers: tenant.headers, body: bulkForm(docs) });
  const accepted = (await res.json()) as { batch_id: string; total: number };
  if (res.status !== 202 || accepted.total !== files) throw new Error(`bulk upload: ${res.status} ${JSON.stringify(accepted).slice(0, 500)}`);
  for (;;) {
    const c = await json<{ indexed: number; errored: number; done: boolean }>(`${service.url}/api/v1/documents/bulk-upload/${accepted.batch_id}`, { headers: tenant.headers });
    if (c.done) {
      if (c.errored) throw new Error(`${c.errored} documents failed to index`);
      break;
    }
    await new Promise((r) => setTimeout(r, 500));
  }

  const timeQueries = async (mode: string) => {
    const ms: number[] = [];
    for (let i = 0; i < 10 + n; i++) {
      const t0 = performance.now();
      const r = await fetch(`${service.url}/api/v1/documents/query`, { method: 'POST', headers: { ...tenant.headers, 'content-type': 'application/json' }, body: JSON.stringify({ query: queries[i % queries.length], mode, top_k: 8 }) });
      const body = await r.text();
      if (!r.ok) throw new Error(`query: ${r.status} ${body.slice(0, 300)}`);
      if (i >= 10) ms.push(performance.now() - t0);
    }
    ms.sort((a, b) => a - b);
    return `${fmt(percentile(ms, 50))} / ${fmt(percentile(ms, 95))}`;
  };

  const rows: string[] = [];
  for (const delay of delays) {
    fake.setMode(delay > 0 ? { mode: 'slow', delayMs: delay } : 'ok');
    const before = loadAverage();
    const hybrid = await timeQueries('hybrid');
    const vector = await timeQueries('vector');
    rows.push(`| ${delay} | ${hybrid} | ${vector} | ${before} → ${loadAverage()} |`);
  }
  console.log(`\n### Hybrid search with a provider's query embedding (${kind})\n\n${machine()}\n`);
  console.log(`${files} files of ${kb} KB embedded by the fake provider's text-embedding-3-small; ${n} sequential queries per row after 10 warm-up ones; p50 / p95 ms through HTTP.\n`);
  console.log('| provider delay ms | hybrid | vector | load |\n|---:|---:|---:|---|');
  console.log(rows.join('\n'));
} finally {
  await service.stop();
  await database?.drop();
  await fake.close();
}
