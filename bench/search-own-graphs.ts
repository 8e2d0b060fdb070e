/**
 * Runs the own-graphs maintenance task (src/modules/search/tenant-graphs.ts) on a database kept by bench/search.ts
 * (BENCH_KEEP), as the service does after ingestion: the seeded database bypasses the ingestion that would ask for
 * it. BENCH_OWN_GRAPHS_MAX is the task's bound (SEARCH_OWN_GRAPHS_MAX; default the service's): 0 drops every own
 * graph, which is how a tenant beyond the bound searches. Prints what the task did and how long it took (the build
 * time is a figure of docs/benchmarks.md).
 *
 *   BENCH_REUSE=/tmp/pg.json npx tsx bench/search-own-graphs.ts                           (build what the rule asks for)
 *   BENCH_REUSE=/tmp/pg.json BENCH_OWN_GRAPHS_MAX=0 npx tsx bench/search-own-graphs.ts    (drop them all)
 */
import { openKeptSearch } from './search-kept.js';
import { ownGraphsTask } from '../src/modules/search/tenant-graphs.js';

const { kept, db } = await openKeptSearch(1);
try {
  const maxGraphs = process.env.BENCH_OWN_GRAPHS_MAX === undefined ? undefined : Number(process.env.BENCH_OWN_GRAPHS_MAX);
  const started = performance.now();
  const done = await db.maintain((run) => ownGraphsTask({ maxGraphs })(run, db.kind));
  console.log(`${kept.kind}: ${JSON.stringify(done)} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await db.close();
}
