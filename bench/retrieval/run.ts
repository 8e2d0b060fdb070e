/**
 * Retrieval evaluation: does POST /api/v1/documents/query put the document that answers a question on
 * top? The questions (questions.json, written by hand, paraphrased) each name the corpus files that answer them.
 *
 * The service runs in this process on a fresh embedded PGlite database with the offline embedder (no provider is
 * configured); the corpus (../shared/corpus outside broken/) goes in through one bulk upload, and the run waits
 * until every document is indexed or in error. Then every question is asked in each mode and scored at document
 * level (hit@1, hit@5, MRR; a document ranks where its best chunk does):
 *   fulltext, vector, hybrid: the endpoint's own modes, top_k = BENCH_TOP_K (default 20);
 *   hybrid + rerank: the hybrid list reordered by the lexical cross-scorer of test/peers/lexical-reranker.ts (the
 *   scorer the loopback provider's /rerank endpoint uses: term coverage, proximity and phrase overlap of the query
 *   and each chunk read together; it is NOT a neural model).
 *
 * Usage: npx tsx bench/retrieval/run.ts   (or npm run bench -- retrieval)
 * Knobs: BENCH_CORPUS (default <repo>/../shared/corpus), BENCH_TOP_K=20, BENCH_LABEL (the table's row label),
 *        BENCH_PROFILE='{"chunk_size":512,...}' (an indexing profile PUT before the upload, to try settings),
 *        BENCH_KEEP=<file> (keep the indexed data directory), BENCH_REUSE=<file> (query it again without indexing),
 *        BENCH_JSON=<file> (per-question ranks), BENCH_MISSES=1 (print the questions each mode misses at 5).
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { lexicalRerankScores } from '../../test/peers/lexical-reranker.js';
import { fmt, loadAverage, machine, percentile } from '../docs-lib.js';
import { documentRanking, firstRelevantRank, rerankOrder, summarise, type Summary } from './metrics.js';
import { corpusDir, readManifest, readQuestions, uploadable, type ManifestRow, type Question } from './questions.js';
import { startEvalService, type EvalService } from './service.js';

const topK = Number(process.env.BENCH_TOP_K ?? 20);
const label = process.env.BENCH_LABEL ?? 'current';
const MODES = ['fulltext', 'vector', 'hybrid', 'hybrid + rerank'] as const;
type Mode = (typeof MODES)[number];

interface Hit {
  document_id: string;
  text: string;
}

const corpus = corpusDir();
const questions = await readQuestions();
const manifest = await readManifest(corpus);
const files = uploadable(manifest);
const known = new Set(files.map((f) => f.path));
for (const q of questions) for (const a of q.answers) if (!known.has(a)) throw new Error(`question ${q.id}: ${a} is not an uploadable manifest file`);

console.log(`\n### Retrieval quality\n`);
console.log(`${machine()}; ${new Date().toISOString()}; load average at start ${loadAverage()} (1/5/15 min).\n`);

const svc = await startEvalService({ reuseFile: process.env.BENCH_REUSE, keepFile: process.env.BENCH_KEEP });
try {
  const pathOf = await (process.env.BENCH_REUSE ? mapDocuments(svc) : ingest(svc, files));
  const ranks = new Map<Mode, (number | null)[]>(MODES.map((m) => [m, []]));
  const latency = new Map<Mode, number[]>(MODES.map((m) => [m, []]));
  const perQuestion: Record<string, Record<Mode, number | null>> = {};
  for (const q of questions) {
    const answers = new Set(q.answers);
    const record = (mode: Mode, hits: Hit[], ms: number) => {
      const rank = firstRelevantRank(
        documentRanking(hits, (h) => pathOf.get(h.document_id) ?? h.document_id),
        answers,
      );
      ranks.get(mode)!.push(rank);
      latency.get(mode)!.push(ms);
      (perQuestion[q.id] ??= {} as Record<Mode, number | null>)[mode] = rank;
    };
    for (const mode of ['fulltext', 'vector', 'hybrid'] as const) {
      const t0 = performance.now();
      const res = await svc.api<{ items: Hit[] }>('POST', '/api/v1/documents/query', { query: q.question, mode, top_k: topK });
      const ms = performance.now() - t0;
      record(mode, res.items, ms);
      if (mode === 'hybrid') {
        const t1 = performance.now();
        const reranked = rerankOrder(res.items, lexicalRerankScores(q.question, res.items.map((h) => h.text)));
        record('hybrid + rerank', reranked, ms + performance.now() - t1);
      }
    }
  }
  report(ranks, latency, questions, perQuestion);
  if (process.env.BENCH_JSON) await writeFile(process.env.BENCH_JSON, JSON.stringify({ label, topK, perQuestion }, null, 2));
} finally {
  await svc.stop();
}

/** Uploads the corpus in one bulk upload and waits until every document is indexed or in error. */
async function ingest(svc: EvalService, rows: readonly ManifestRow[]): Promise<Map<string, string>> {
  if (process.env.BENCH_PROFILE) {
    const current = await svc.api('GET', '/api/v1/documents/indexing-profile');
    await svc.api('PUT', '/api/v1/documents/indexing-profile', { ...current, updated_at: undefined, ...JSON.parse(process.env.BENCH_PROFILE) });
  }
  const profile = await svc.api('GET', '/api/v1/documents/indexing-profile');
  const form = new FormData();
  for (const row of rows) form.append('files', new Blob([await readFile(path.join(corpus, row.path))]), path.basename(row.path));
  const t0 = performance.now();
  const accepted = await svc.upload<{ batch_id: string; documents: { document_id: string; filename: string }[]; rejected: unknown[] }>(
    '/api/v1/documents/bulk-upload',
    form,
  );
  let counts: { indexed: number; errored: number; done: boolean };
  for (;;) {
    counts = await svc.api('GET', `/api/v1/documents/bulk-upload/${accepted.batch_id}`);
    if (counts.done) break;
    if (performance.now() - t0 > 90 * 60_000) throw new Error(`corpus not indexed after 90 min: ${JSON.stringify(counts)}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
  const seconds = (performance.now() - t0) / 1000;
  const pathOf = await mapDocuments(svc);
  console.log(
    `Corpus: ${rows.length} files of ${corpus.replace(/.*\/shared\//, '../shared/')} outside broken/, one bulk upload; ` +
      `${counts.indexed} indexed, ${counts.errored} in error, ${accepted.rejected.length} refused; ${fmt(seconds, 0)} s to index ` +
      `(profile: chunk_size ${profile.chunk_size}, chunk_overlap ${profile.chunk_overlap}, text_search_config ${profile.text_search_config}; offline embedder). ` +
      `Load average after indexing ${loadAverage()}.\n`,
  );
  return pathOf;
}

/** document_id → manifest path, from the tenant's documents (file names are the corpus base names, all distinct). */
async function mapDocuments(svc: EvalService): Promise<Map<string, string>> {
  const byName = new Map(files.map((f) => [path.basename(f.path), f.path]));
  const out = new Map<string, string>();
  for (let page = 1; ; page++) {
    const res = await svc.api<{ items: { document_id: string; filename: string }[] }>('GET', `/api/v1/documents/?page=${page}&page_size=100`);
    for (const d of res.items) out.set(d.document_id, byName.get(d.filename) ?? d.filename);
    if (res.items.length < 100) break;
  }
  return out;
}

function report(
  ranks: Map<Mode, (number | null)[]>,
  latency: Map<Mode, number[]>,
  qs: readonly Question[],
  perQuestion: Record<string, Record<Mode, number | null>>,
): void {
  const row = (s: Summary) => `${fmt(s.hit1 * 100, 0)}% | ${fmt(s.hit5 * 100, 0)}% | ${s.mrr.toFixed(3)}`;
  console.log(`${qs.length} questions, document level, top_k ${topK}. Row label: ${label}.\n`);
  console.log('| mode | hit@1 | hit@5 | MRR | p50 ms per query |');
  console.log('|---|---:|---:|---:|---:|');
  for (const mode of MODES) {
    const ms = [...latency.get(mode)!].sort((a, b) => a - b);
    console.log(`| ${mode} | ${row(summarise(ranks.get(mode)!))} | ${fmt(percentile(ms, 50), 0)} |`);
  }
  // Where the misses are: English questions against the others, by the answer's format.
  const groups = new Map<string, number[]>();
  qs.forEach((q, i) => {
    const format = q.answers[0].split('/')[0];
    for (const key of [q.lang === 'en' ? 'English questions' : 'other languages', `answer in ${format}`]) (groups.get(key) ?? groups.set(key, []).get(key)!).push(i);
  });
  console.log(`\nBy group (MRR per mode: ${MODES.join(' / ')}):\n`);
  console.log('| group | questions | MRR |');
  console.log('|---|---:|---|');
  for (const [key, idx] of [...groups.entries()].sort()) {
    const cells = MODES.map((m) => summarise(idx.map((i) => ranks.get(m)![i])).mrr.toFixed(2)).join(' / ');
    console.log(`| ${key} | ${idx.length} | ${cells} |`);
  }
  if (process.env.BENCH_MISSES) {
    console.log('\nMissed at 5 (rank per mode, - = not returned):\n');
    for (const q of qs) {
      const r = perQuestion[q.id];
      if (MODES.some((m) => r[m] === null || r[m]! > 5)) console.log(`- ${q.id}: ${MODES.map((m) => `${m} ${r[m] ?? '-'}`).join(', ')}`);
    }
  }
  console.log('');
}
