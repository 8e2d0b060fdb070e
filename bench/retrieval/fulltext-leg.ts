/**
 * The full-text leg alone over the retrieval evaluation's kept database: each of the 93 questions'
 * full-text statement, built and run as search runs it (the app role, the tenant set, the search settings), in this
 * process, twice over (the first pass warms the caches; the second is timed). No HTTP, no vector leg, no fusion.
 *
 * Usage (the data directory must not be open in another process):
 *   BENCH_REUSE=<file written by run.ts with BENCH_KEEP> npx tsx bench/retrieval/fulltext-leg.ts
 * Knobs: SEARCH_FULLTEXT_MAX_RANKED (the cap, as the service reads it); BENCH_CLEAN_PENDING=1 merges the GIN index's
 *        pending list first and prints how many pages it held (every search reads that list whole; ingestion and the
 *        vector catch-up fill it between maintenance runs). Run it once without, to time what a service meets then.
 */
import { readFile } from 'node:fs/promises';
import { openPglite } from '../../src/platform/db/pglite.js';
import { fulltextLegStatement, FULLTEXT_MAX_RANKED, tuneSearch } from '../../src/modules/search/search.repo.js';
import { rows } from '../../src/platform/db/database.js';
import { fmt, loadAverage, percentile } from '../docs-lib.js';
import { readQuestions } from './questions.js';

const reuse = process.env.BENCH_REUSE;
if (!reuse) throw new Error('BENCH_REUSE=<file written by bench/retrieval/run.ts with BENCH_KEEP> is required');
const kept = JSON.parse(await readFile(reuse, 'utf8')) as { dataDir: string };
const cap = Number(process.env.SEARCH_FULLTEXT_MAX_RANKED ?? FULLTEXT_MAX_RANKED);
/** The leg's limit in the evaluation: top_k 20, two hits read per result. */
const LIMIT = 40;

const db = await openPglite({ dataDir: kept.dataDir, appRole: process.env.DATABASE_APP_ROLE ?? 'kb_app', pipeline: true });
try {
  const [{ tenant_id: tenantId }] = (await db.maintain((owner) => owner('SELECT tenant_id FROM documents LIMIT 1'))) as { tenant_id: string }[];
  if (process.env.BENCH_CLEAN_PENDING === '1') {
    const merged = await db.maintain((owner) => owner(`SELECT gin_clean_pending_list('document_chunks_tsv'::regclass) AS pages`));
    console.log(`pending list merged first: ${merged?.[0]?.pages} pages`);
  }
  const questions = await readQuestions();
  const times: number[] = [];
  let found = 0;
  for (const pass of [1, 2]) {
    for (const { question } of questions) {
      const t = performance.now();
      const hits = await db.tenant(tenantId, async (tx) => {
        await tuneSearch(tx, null);
        const statement = await fulltextLegStatement({ tx, tenantId }, {}, question, LIMIT, cap);
        return statement ? rows(tx, statement) : [];
      });
      if (pass === 2) {
        times.push(performance.now() - t);
        found += hits.length;
      }
    }
  }
  times.sort((a, b) => a - b);
  console.log(
    `full-text leg, cap ${cap}, ${times.length} questions: p50 ${fmt(percentile(times, 50), 1)} p95 ${fmt(percentile(times, 95), 1)} ` +
      `max ${fmt(times[times.length - 1], 1)} ms; ${fmt(found / times.length, 1)} hits per question; load ${loadAverage()}`,
  );
} finally {
  await db.close();
}
