/**
 * Documents ingestion benchmark.
 *
 * (a) Parse + chunk throughput per format over ../shared/corpus (skipped with a message when absent): in this
 *     process, parseDocument() then chunkDocument() at 512/64 tokens, file by file, broken/ excluded; MB/s per
 *     format (total MB / total seconds) and the slowest file of each format. A warm-up parse of the smallest
 *     file of each format runs first, so lazy module loading (pdf.js, exceljs, ...) is not counted.
 * (b) Bulk upload through the real API against the service in its own process: 500 generated Markdown files of
 *     ~20 KB (seeded, so every run uploads the same bytes) in one POST /api/v1/documents/bulk-upload, then
 *     GET /api/v1/documents/bulk-upload/{batch_id} every 200 ms until done. Seconds until all are indexed,
 *     documents/s, MB/s, chunks created, peak RSS of the service (VmHWM: the parser and chunker worker threads
 *     live inside that process; PostgreSQL's own memory is not included), CPU seconds of the service and of
 *     the PostgreSQL backends, and where each document's time went (the job stats the pipeline records).
 *
 * Usage:
 *   npx tsx bench/ingestion.ts                                   (throughput + bulk on embedded PGlite)
 *   BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/test npx tsx bench/ingestion.ts
 *                                                                (bulk on PGlite and on PostgreSQL: a fresh
 *                                                                 database bench_<timestamp> is created on that
 *                                                                 server and dropped afterwards)
 * Knobs: BENCH_PARTS=throughput,bulk  BENCH_DB=pglite|postgres|both  BENCH_BULK_FILES=500  BENCH_BULK_KB=20
 *        BENCH_SEED=42  BENCH_CORPUS=../shared/corpus  BENCH_CPU_PROF=<dir> (profile the service with --cpu-prof)
 *        BENCH_JSON=<file> (also write the raw results). Service settings (WORKER_CONCURRENCY, ...) pass through.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeFile } from 'node:fs/promises';
import { parseDocument, type DocumentFormat } from '../src/modules/ingestion/parsers/index.js';
import { chunkDocument, countTokens } from '../src/modules/ingestion/chunking/chunker.js';
import { startServiceProcess } from './lib.js';
import {
  bulkForm,
  cpuMeter,
  rssSampler,
  createBenchDatabase,
  createTenant,
  fmt,
  generateCorpus,
  json,
  loadAverage,
  machine,
  percentile,
  quietAfter,
} from './docs-lib.js';

const parts = (process.env.BENCH_PARTS ?? 'throughput,bulk').split(',');
const corpusDir = path.resolve(process.env.BENCH_CORPUS ?? path.join(import.meta.dirname, '../../shared/corpus'));
const files = Number(process.env.BENCH_BULK_FILES ?? 500);
const kb = Number(process.env.BENCH_BULK_KB ?? 20);
const seed = Number(process.env.BENCH_SEED ?? 42);
const pgServer = process.env.BENCH_DATABASE_URL ?? '';
const dbChoice = process.env.BENCH_DB ?? (pgServer ? 'both' : 'pglite');
const results: Record<string, unknown> = { date: new Date().toISOString(), machine: machine() };

console.log(`\n### Documents: ingestion\n`);
console.log(`${machine()}; ${new Date().toISOString()}; load average at start ${loadAverage()} (1/5/15 min).\n`);

// ---------------------------------------------------------------------------------------------------------
// (a) parse + chunk throughput

interface FileRow {
  path: string;
  format: DocumentFormat;
  bytes: number;
}

async function throughput(): Promise<void> {
  const manifest = path.join(corpusDir, 'MANIFEST.tsv');
  if (!existsSync(manifest)) {
    console.log(`#### Parse + chunk throughput\n\nSkipped: no corpus at ${corpusDir} (set BENCH_CORPUS to its folder).\n`);
    return;
  }
  const lines = (await readFile(manifest, 'utf8')).split('\n').slice(1).filter(Boolean);
  const rows: FileRow[] = lines
    .map((l) => l.split('\t'))
    .filter((f) => !f[0].startsWith('broken/'))
    .map((f) => ({ path: f[0], format: f[1] as DocumentFormat, bytes: Number(f[2]) }));
  const formats = [...new Set(rows.map((r) => r.format))];

  // Warm-up: load every extractor and the tokenizer once.
  for (const format of formats) {
    const smallest = rows.filter((r) => r.format === format && r.bytes > 0).sort((a, b) => a.bytes - b.bytes)[0];
    if (!smallest) continue;
    const parsed = await parseDocument(await readFile(path.join(corpusDir, smallest.path)), format, { filename: path.basename(smallest.path) }).catch(() => null);
    if (parsed) chunkDocument(parsed, { chunkSize: 512, overlap: 64 });
  }

  const loadBefore = loadAverage();
  type Stat = { files: number; bytes: number; parseS: number; chunkS: number; chunks: number; failed: string[]; slowest: { file: string; bytes: number; s: number } | null };
  const stats = new Map<string, Stat>();
  const t0 = performance.now();
  for (const row of rows) {
    const bytes = await readFile(path.join(corpusDir, row.path));
    const s = stats.get(row.format) ?? { files: 0, bytes: 0, parseS: 0, chunkS: 0, chunks: 0, failed: [], slowest: null };
    stats.set(row.format, s);
    let t = performance.now();
    let parsed;
    try {
      parsed = await parseDocument(bytes, row.format, { filename: path.basename(row.path) });
    } catch (error) {
      s.failed.push(`${path.basename(row.path)} (${(error as Error).message.slice(0, 60)})`);
      continue;
    }
    const parseS = (performance.now() - t) / 1000;
    t = performance.now();
    const chunks = chunkDocument(parsed, { chunkSize: 512, overlap: 64 });
    const chunkS = (performance.now() - t) / 1000;
    s.files++;
    s.bytes += bytes.byteLength;
    s.parseS += parseS;
    s.chunkS += chunkS;
    s.chunks += chunks.length;
    if (!s.slowest || parseS + chunkS > s.slowest.s) s.slowest = { file: path.basename(row.path), bytes: bytes.byteLength, s: parseS + chunkS };
  }
  const wall = (performance.now() - t0) / 1000;

  console.log(`#### Parse + chunk throughput per format\n`);
  console.log(
    `In-process (one thread), \`parseDocument\` then \`chunkDocument\` (512 tokens, 64 overlap) over ${corpusDir.replace(/.*\/shared\//, '../shared/')}, ` +
      `${rows.length} files outside broken/, after a warm-up parse per format; ${fmt(wall)} s in all. ` +
      `Load average ${loadBefore} before, ${loadAverage()} after.\n`,
  );
  console.log('| format | files | MB | parse s | chunk s | parse + chunk MB/s | parse-only MB/s | chunks | slowest file (size, s) |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---|');
  const table: Record<string, unknown>[] = [];
  for (const format of formats) {
    const s = stats.get(format)!;
    const mb = s.bytes / 1e6;
    const total = s.parseS + s.chunkS;
    table.push({ format, ...s, mbPerS: mb / total });
    const slow = s.slowest ? `${s.slowest.file} (${fmt(s.slowest.bytes / 1e6, 2)} MB, ${fmt(s.slowest.s, 2)} s)` : '';
    const failed = s.failed.length ? `; refused: ${s.failed.join(', ')}` : '';
    console.log(`| ${format} | ${s.files} | ${fmt(mb, 2)} | ${fmt(s.parseS, 2)} | ${fmt(s.chunkS, 2)} | ${fmt(mb / total, 2)} | ${fmt(mb / s.parseS, 2)} | ${s.chunks} | ${slow}${failed} |`);
  }
  console.log('\nMB = 10^6 bytes of the original files. Files refused by a parser (e.g. a password-protected PDF) are listed and not counted.\n');
  results.throughput = { wall, loadBefore, loadAfter: loadAverage(), table };
}

// ---------------------------------------------------------------------------------------------------------
// (b) bulk upload

interface BulkResult {
  db: string;
  files: number;
  mb: number;
  uploadS: number;
  indexedS: number;
  firstIndexedS: number;
  errored: number;
  chunks: number;
  rssMb: number;
  workloadRssMb: number;
  serviceCpuS: number;
  postgresCpuS: number | null;
  loadBefore: string;
  loadAfter: string;
  stages: Record<string, { sum: number; p50: number; p95: number }>;
  queueWaitP50: number;
  queueWaitP95: number;
  tokens: number;
  /** When the service and its database went quiet after the batch (HNSW catch-up, statistics), and the CPU that took. */
  quiet: { quietS: number; cpuS: number } | null;
}

async function bulk(kind: 'pglite' | 'postgres'): Promise<BulkResult> {
  const docs = generateCorpus(files, kb, seed);
  // The files' own cl100k tokens (the chunker's tokenizer), counted before the service starts.
  const tokens = docs.reduce((a, d) => a + countTokens(d.text), 0);
  const totalBytes = docs.reduce((a, d) => a + Buffer.byteLength(d.text), 0);
  const database = kind === 'postgres' ? await createBenchDatabase(pgServer) : null;
  const dbEnv: Record<string, string> = database ? { DATABASE_URL: database.url } : {};
  const profEnv: Record<string, string> = process.env.BENCH_CPU_PROF
    ? { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --cpu-prof --cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`.trim() }
    : {};
  const service = await startServiceProcess({ ...dbEnv, ...profEnv });
  try {
    const tenant = await createTenant(service, 'bulk', dbEnv);
    const form = bulkForm(docs);
    const meter = cpuMeter(service.child.pid!, database?.name ?? null);
    const loadBefore = loadAverage();
    await meter.start();
    const rss = rssSampler(service.child.pid!);
    const t0 = performance.now();
    const res = await fetch(`${service.url}/api/v1/documents/bulk-upload`, { method: 'POST', headers: tenant.headers, body: form });
    const accepted = (await res.json()) as { batch_id: string; total: number; documents: { document_id: string }[]; rejected: unknown[] };
    if (res.status !== 202) throw new Error(`bulk upload: ${res.status} ${JSON.stringify(accepted).slice(0, 500)}`);
    if (accepted.total !== files) throw new Error(`bulk upload accepted ${accepted.total} of ${files}: ${JSON.stringify(accepted.rejected).slice(0, 500)}`);
    const uploadS = (performance.now() - t0) / 1000;
    let firstIndexedS = NaN;
    let counts: { indexed: number; errored: number; done: boolean };
    for (;;) {
      counts = await json(`${service.url}/api/v1/documents/bulk-upload/${accepted.batch_id}`, { headers: tenant.headers });
      if (counts.indexed > 0 && Number.isNaN(firstIndexedS)) firstIndexedS = (performance.now() - t0) / 1000;
      if (counts.done) break;
      if (performance.now() - t0 > 30 * 60_000) throw new Error(`batch not done after 30 min: ${JSON.stringify(counts)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const indexedS = (performance.now() - t0) / 1000;
    const cpu = await meter.stop();
    const loadAfter = loadAverage();
    const rssMb = await service.rssMb();
    const workloadRssMb = await rss.stop();

    // Where the time went: the stats each job recorded, and how long each waited in the queue.
    const stageValues: Record<string, number[]> = {};
    const waits: number[] = [];
    let chunks = 0;
    for (const d of accepted.documents) {
      const [job] = await json<any[]>(`${service.url}/api/v1/documents/${d.document_id}/jobs`, { headers: tenant.headers });
      chunks += job.chunk_count ?? 0;
      for (const [k, v] of Object.entries(job.stats as Record<string, number>)) (stageValues[k] ??= []).push(v);
      if (job.started_at) waits.push(Date.parse(job.started_at) - Date.parse(job.created_at));
    }
    const stages: BulkResult['stages'] = {};
    for (const [k, vs] of Object.entries(stageValues)) {
      const sorted = vs.sort((a, b) => a - b);
      stages[k] = { sum: sorted.reduce((a, b) => a + b, 0), p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
    }
    waits.sort((a, b) => a - b);
    // Last: a long quiet wait would let the server drop the client's idle keep-alive connection under a request.
    const quiet = await quietAfter(service.child.pid!, database?.name ?? null, t0);
    return {
      db: kind === 'postgres' ? 'PostgreSQL 15 server' : 'embedded PGlite',
      files,
      mb: totalBytes / 1e6,
      uploadS,
      indexedS,
      firstIndexedS,
      errored: counts.errored,
      chunks,
      rssMb,
      workloadRssMb,
      ...cpu,
      loadBefore,
      loadAfter,
      stages,
      queueWaitP50: percentile(waits, 50) / 1000,
      queueWaitP95: percentile(waits, 95) / 1000,
      tokens,
      quiet,
    };
  } finally {
    await service.stop();
    await database?.drop();
  }
}

if (parts.includes('throughput')) await throughput();

if (parts.includes('bulk')) {
  const kinds: ('pglite' | 'postgres')[] = dbChoice === 'both' ? ['pglite', 'postgres'] : [dbChoice as 'pglite' | 'postgres'];
  if (kinds.includes('postgres') && !pgServer) throw new Error('BENCH_DB=postgres needs BENCH_DATABASE_URL');
  const bulkResults: BulkResult[] = [];
  for (const kind of kinds) bulkResults.push(await bulk(kind));
  results.bulk = bulkResults;

  console.log(`#### Bulk upload: ${files} Markdown files of ~${kb} KB\n`);
  console.log(
    `One POST /api/v1/documents/bulk-upload (multipart, all files), then GET /api/v1/documents/bulk-upload/{batch_id} every 200 ms ` +
      `until done. Generated Markdown (seed ${seed}): headings, paragraphs, lists, a GFM table, code; offline embedder (384 dimensions); ` +
      `default profile (512/64 tokens, parallelism 4), WORKER_CONCURRENCY ${process.env.WORKER_CONCURRENCY ?? 4}. Service in its own process.\n`,
  );
  console.log('| database | files | MB | upload s | first indexed s | all indexed s | docs/s | MB/s | chunks | errored | peak RSS MB: since start / during the batch | service CPU s | PostgreSQL CPU s | load before → after |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const r of bulkResults) {
    console.log(
      `| ${r.db} | ${r.files} | ${fmt(r.mb, 2)} | ${fmt(r.uploadS, 2)} | ${fmt(r.firstIndexedS, 2)} | **${fmt(r.indexedS, 1)}** | ${fmt(r.files / r.indexedS, 1)} | ${fmt(r.mb / r.indexedS, 2)} | ${r.chunks} | ${r.errored} | ${r.rssMb} / ${r.workloadRssMb} | ${fmt(r.serviceCpuS)} | ${r.postgresCpuS === null ? 'n/a' : fmt(r.postgresCpuS)} | ${r.loadBefore} → ${r.loadAfter} |`,
    );
  }
  console.log('\nPer-document pipeline stages (from the job stats; sums are over all documents, so they exceed wall time when jobs overlap):\n');
  const keys = ['parse_ms', 'chunk_ms', 'embed_ms', 'write_ms', 'total_ms'];
  console.log(`| database | queue wait p50 / p95 s | ${keys.map((k) => `${k.replace('_ms', '')} sum s (p50 / p95 ms)`).join(' | ')} | write batches |`);
  console.log(`|---|---:|${keys.map(() => '---:').join('|')}|---:|`);
  for (const r of bulkResults) {
    const cell = (k: string) => (r.stages[k] ? `${fmt(r.stages[k].sum / 1000)} (${r.stages[k].p50} / ${r.stages[k].p95})` : 'n/a');
    console.log(`| ${r.db} | ${fmt(r.queueWaitP50)} / ${fmt(r.queueWaitP95)} | ${keys.map(cell).join(' | ')} | ${r.stages.write_batches?.sum ?? 'n/a'} |`);
  }
  console.log('\nAfter the batch (tokens: the files\' cl100k tokens, as the chunker counts them; quiet: when service and database CPU fell under 10 % of a core for 2 s, i.e. the background work that follows the batch was over; measured after the job stats above were read, which costs ~1 s):\n');
  console.log('| database | tokens | tokens/s (all indexed) | quiet after s | CPU s from done to quiet |');
  console.log('|---|---:|---:|---:|---:|');
  for (const r of bulkResults) {
    console.log(`| ${r.db} | ${r.tokens} | ${fmt(r.tokens / r.indexedS / 1000, 1)} k | ${r.quiet ? fmt(r.quiet.quietS, 1) : 'not within 600 s'} | ${r.quiet ? fmt(r.quiet.cpuS) : 'n/a'} |`);
  }
  console.log('');
}

if (process.env.BENCH_JSON) await writeFile(process.env.BENCH_JSON, JSON.stringify(results, null, 2));
