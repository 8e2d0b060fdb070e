/**
 * How many of the true nearest chunks the vector leg finds, and at what cost, over a database
 * seeded and kept by bench/search.ts (BENCH_KEEP). Per case (the filters of bench/search.ts) and per strategy, the
 * vector leg as search.repo.ts runs it (the app role, the tenant set, tuneSearch as the service sets it for a hybrid
 * query: hnsw.ef_search 2 × limit, relaxed_order iterative scans):
 *   - exact: every filtered chunk compared (exactMaxChunks and exactAlwaysChunks unbounded): the truth the others
 *     are measured against;
 *   - graph: the HNSW walk (exactMaxChunks 0), what every filtered search did before exactLimits;
 *   - default: what the leg decides for itself (search.repo.ts, exactLimits).
 * Reported: recall@limit (share of the exact answer's ids found, mean and worst query) and p50/p95 ms.
 *
 * Usage: BENCH_REUSE=/tmp/pg.json npx tsx bench/search-recall.ts   (or a PGlite kept file)
 * Knobs: BENCH_QUERIES (default 100), BENCH_LIMIT (default 32: a hybrid query's leg at top_k 8).
 */
import { createOfflineEmbedder } from '../src/modules/ingestion/embedding/offline-embedder.js';
import { vectorLiteral } from '../src/platform/db/vector.js';
import { tuneSearch, vectorLeg, type SearchFilters } from '../src/modules/search/search.repo.js';
import { fmt, generateQueries, loadAverage, percentile } from './docs-lib.js';
import { createSeeder } from './search-seed.js';
import { openKeptSearch } from './search-kept.js';

const { kept, db } = await openKeptSearch(2);
const n = Number(process.env.BENCH_QUERIES ?? 100);
const limit = Number(process.env.BENCH_LIMIT ?? 32);
const embedder = createOfflineEmbedder({ dimensions: kept.dimensions });
const model = `builtin/${embedder.model}`;
const [a, b] = kept.tenants;
const queriesOf = (t: (typeof kept.tenants)[number], seed: number) => generateQueries(createSeeder(t.seed, 20, kept.dimensions).replay(t.docs), n, seed);
const cases: { name: string; tenant: string; queries: string[]; filters: SearchFilters }[] = [
  { name: 'main tenant', tenant: a.tenantId, queries: queriesOf(a, a.seed), filters: {} },
  { name: 'small tenant', tenant: b.tenantId, queries: queriesOf(b, b.seed), filters: {} },
  { name: 'tag filter', tenant: a.tenantId, queries: queriesOf(a, a.seed), filters: { tagsAny: ['finance'] } },
  { name: 'memory filter', tenant: a.tenantId, queries: queriesOf(a, a.seed), filters: { memoryIds: a.memoryId ? [a.memoryId] : [] } },
];
const strategies: [string, { exactMaxChunks?: number; exactAlwaysChunks?: number }][] = [
  ['exact', { exactMaxChunks: Number.MAX_SAFE_INTEGER, exactAlwaysChunks: Number.MAX_SAFE_INTEGER }],
  ['graph', { exactMaxChunks: 0 }],
  ['default', {}],
];

console.log(`vector leg recall on ${kept.kind}, ${n} queries per case, limit ${limit}, load ${loadAverage()}`);
console.log('| case | strategy | recall mean | recall worst | p50 ms | p95 ms |');
console.log('|---|---|---:|---:|---:|---:|');
for (const c of cases) {
  const truth: Set<string>[] = [];
  for (const [strategy, exactOptions] of strategies) {
    const recalls: number[] = [];
    const ms: number[] = [];
    for (let i = 0; i < c.queries.length; i++) {
      const vector = vectorLiteral(embedder.embedSync(c.queries[i]));
      const t = performance.now();
      const got = await db.tenant(c.tenant, async (tx) => {
        await tuneSearch(tx, limit * 2);
        return vectorLeg({ tx, tenantId: c.tenant }, c.filters, { model, dimensions: kept.dimensions, vector, limit, ...exactOptions });
      });
      ms.push(performance.now() - t);
      if (strategy === 'exact') truth.push(new Set(got.map((r) => r.id)));
      const want = truth[i];
      recalls.push(want.size ? got.filter((r) => want.has(r.id)).length / want.size : 1);
    }
    ms.sort((x, y) => x - y);
    const mean = recalls.reduce((s, r) => s + r, 0) / recalls.length;
    console.log(`| ${c.name} | ${strategy} | ${fmt(mean, 3)} | ${fmt(Math.min(...recalls), 2)} | ${fmt(percentile(ms, 50), 2)} | ${fmt(percentile(ms, 95), 2)} |`);
  }
}
await db.close();
