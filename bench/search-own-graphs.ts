/**
 * Builds (or drops) the tenants' own HNSW graphs of a database kept by bench/search.ts (BENCH_KEEP), as the
 * maintenance task does after ingestion (src/modules/search/tenant-graphs.ts): the seeded database bypasses the
 * ingestion that would ask for it. Prints what it did and how long it took (the build time is a figure of
 * docs/benchmarks.md).
 *
 *   BENCH_REUSE=/tmp/pg.json npx tsx bench/search-own-graphs.ts          (build what the rule asks for)
 *   BENCH_REUSE=/tmp/pg.json BENCH_OWN_GRAPHS=drop npx tsx bench/search-own-graphs.ts   (drop them all: "before")
 */
import { openKeptSearch } from './search-kept.js';
import { listGraphs, ownGraphsTask } from '../src/modules/search/tenant-graphs.js';

const { kept, db } = await openKeptSearch(1);
try {
  const drop = process.env.BENCH_OWN_GRAPHS === 'drop';
  const started = performance.now();
  const done = await db.maintain(async (run) => {
    if (!drop) return ownGraphsTask()(run, db.kind);
    const { own } = await listGraphs(run);
    for (const { name } of own) await run(`DROP INDEX IF EXISTS ${name}`);
    return own.map(({ name }) => `dropped ${name}`);
  });
  console.log(`${kept.kind}: ${JSON.stringify(done)} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await db.close();
}
