/**
 * Parse + chunk of large plain-text and Markdown files through the production pools (`npm run bench -- chunking`).
 *
 * Each case runs in a child process of its own, so its peak RSS (the process's maxRSS: main thread, parser and
 * chunker worker threads together, the generated text included) is its own. The child generates the text
 * (seeded), parses it in the parser pool and chunks it in the chunk pool, both with the service's default
 * limits (PARSE_TIMEOUT_MS 120 000, PARSE_MAX_MEMORY_MB 1 536, one thread each), at 512 / 64 tokens. A 200 KB
 * warm-up document first starts both threads (their start-up and module loading are not measured).
 *
 * Cases (sizes in MB of UTF-8):
 *   prose-N   paragraphs of ~80 words separated by blank lines, sentences of 12 words
 *   word-N    one "word": no whitespace at all
 *   line-N    one line of words: no newline, no sentence end
 *   md-N      Markdown (parsed as .md): a heading every 20 paragraphs, a bullet list of 5 items every 7th paragraph,
 *             **bold** and `code` spans, a fenced code block every 30th paragraph
 * Knobs: BENCH_CHUNK_CASES=prose-1,prose-10,prose-60,word-60,line-60 (the default; md-N on request, e.g. md-1,md-4.194304)  BENCH_SEED=42
 * Reports wall seconds of each stage, CPU seconds of the whole process, MB/s (size / (parse + chunk wall)),
 * chunks, the RSS once the file is in memory and the threads are warm, and the peak RSS up to the end of the
 * parse and up to the end of the chunking. Wall time on a shared machine depends on its load, which is printed; CPU seconds less so.
 */
import { spawnSync } from 'node:child_process';
import { createChunkPool } from '../src/modules/ingestion/chunking/chunk-pool.js';
import { createParserPool } from '../src/modules/ingestion/parsers/pool.js';
import { fmt, loadAverage, machine, prng } from './docs-lib.js';
import { handOverTable } from './report.js';

const DEFAULT_CASES = 'prose-1,prose-10,prose-60,word-60,line-60';
const seed = Number(process.env.BENCH_SEED ?? 42);
const VOCAB = 'the of and to in is was that for on with as by at from this be are or an it which have not were has their but its also more other been one all can new first some may into only time such than these two after years when river stone quiet market lantern harbor copper window garden signal orbit velvet timber ledger meadow anchor'.split(' ');

interface CaseResult {
  name: string;
  mb: number;
  blocks: number;
  chunks: number;
  parseS: number;
  chunkS: number;
  cpuS: number;
  startRssMb: number;
  parsePeakRssMb: number;
  peakRssMb: number;
}

/** Markdown of the prose vocabulary, with the constructs a real document has (headings, lists, emphasis, code). */
function generateMarkdown(bytes: number): Uint8Array {
  const out = Buffer.alloc(bytes);
  const rng = prng(seed);
  const word = () => VOCAB[Math.floor(rng() * VOCAB.length)];
  let n = 0;
  const put = (s: string) => {
    n += out.write(s, n, 'latin1');
  };
  for (let p = 0; n < bytes; p++) {
    if (p % 20 === 0) put(`## ${word()} ${word()} ${word()}\n\n`);
    if (p % 30 === 29) put('```\nconst value = compute(input);\nreturn value;\n```\n\n');
    if (p % 7 === 6) {
      for (let i = 0; i < 5; i++) put(`- ${word()} ${word()} **${word()}** ${word()} ${word()}\n`);
      put('\n');
      continue;
    }
    for (let i = 0; i < 80 && n < bytes; i++) {
      const w = i % 17 === 5 ? `**${word()}**` : i % 23 === 9 ? `\`${word()}\`` : word();
      put(w + (i === 79 ? '.\n\n' : i % 12 === 11 ? '. ' : ' '));
    }
  }
  return out;
}

/** The file's bytes, written straight into one buffer (an array of millions of words would weigh more than the text). */
function generate(kind: string, bytes: number): Uint8Array {
  const out = Buffer.alloc(bytes);
  if (kind === 'word') {
    for (let i = 0; i < bytes; i++) out[i] = 0x61 + (i % 10);
    return out;
  }
  const rng = prng(seed);
  let n = 0;
  for (let i = 0; n < bytes; i++) {
    const word = VOCAB[Math.floor(rng() * VOCAB.length)];
    const end = kind === 'line' ? ' ' : i % 80 === 79 ? '.\n\n' : i % 12 === 11 ? '. ' : ' ';
    n += out.write(word, n, 'latin1');
    n += out.write(end, n, 'latin1');
  }
  return out;
}

async function runCase(name: string): Promise<CaseResult> {
  const [kind, size] = name.split('-');
  const mb = Number(size);
  if (!['prose', 'word', 'line', 'md'].includes(kind) || !(mb > 0)) throw new Error(`unknown case ${name} (prose-N, word-N, line-N or md-N)`);
  const format = kind === 'md' ? 'md' : 'txt';
  const bytes = kind === 'md' ? generateMarkdown(Math.round(mb * 1e6)) : generate(kind, Math.round(mb * 1e6));
  const limits = { maxThreads: 1, timeoutMs: 120_000, maxOldGenerationSizeMb: 1536 };
  const parser = createParserPool(limits);
  const chunker = createChunkPool(limits);
  // Warm-up: start both worker threads and load their modules (tsx, the tokeniser, the format's parser), which is not chunking.
  const warmUp = format === 'md' ? generateMarkdown(200_000) : generate('prose', 200_000);
  await chunker.chunk(await parser.parse(warmUp, format), { chunkSize: 512, overlap: 64 });
  const startRssMb = process.memoryUsage().rss / 2 ** 20;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const doc = await parser.parse(bytes, format);
  const t1 = performance.now();
  const parsePeakRssMb = process.resourceUsage().maxRSS / 1024;
  const chunks = await chunker.chunk(doc, { chunkSize: 512, overlap: 64 });
  const t2 = performance.now();
  const cpu = process.cpuUsage(cpu0);
  await Promise.all([parser.close(), chunker.close()]);
  return {
    name,
    mb,
    blocks: doc.blocks.length,
    chunks: chunks.length,
    parseS: (t1 - t0) / 1000,
    chunkS: (t2 - t1) / 1000,
    cpuS: (cpu.user + cpu.system) / 1e6,
    startRssMb,
    parsePeakRssMb,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
  };
}

if (process.argv[2] === '--case') {
  const result = await runCase(process.argv[3]);
  console.log(JSON.stringify(result));
} else {
  const cases = (process.env.BENCH_CHUNK_CASES ?? DEFAULT_CASES).split(',').filter(Boolean);
  console.log(`\n### Parse + chunk of large text files (\`npm run bench -- chunking\`)\n`);
  console.log(`${machine()}; ${new Date().toISOString()}; load average at start ${loadAverage()} (1/5/15 min).\n`);
  // Each row is printed as its case ends (a case can take minutes); the whole table is handed over at the end.
  const table: string[] = [];
  const row = (line: string) => {
    table.push(line);
    console.log(line);
  };
  row('| case | MB | blocks | chunks | parse s | chunk s | CPU s | MB/s | RSS at start MB | peak RSS after parse MB | peak RSS MB |');
  row('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  let failed = false;
  for (const name of cases) {
    const run = spawnSync(process.execPath, ['--import', 'tsx', import.meta.filename, '--case', name], { encoding: 'utf8', env: process.env, maxBuffer: 1 << 20 });
    const line = run.stdout.trim().split('\n').pop() ?? '';
    if (run.status !== 0 || !line.startsWith('{')) {
      const output = (run.stderr || run.stdout).trim().split('\n');
      const reason = output.find((l) => /^\w*Error: /.test(l)) ?? output.slice(-3).join(' ');
      row(`| ${name} | failed: ${reason.trim().slice(0, 300)} |`);
      failed = true;
      continue;
    }
    const r = JSON.parse(line) as CaseResult;
    const mbs = r.mb / (r.parseS + r.chunkS);
    row(`| ${r.name} | ${r.mb} | ${r.blocks} | ${r.chunks} | ${fmt(r.parseS)} | ${fmt(r.chunkS)} | ${fmt(r.cpuS)} | ${fmt(mbs, 2)} | ${Math.round(r.startRssMb)} | ${Math.round(r.parsePeakRssMb)} | ${Math.round(r.peakRssMb)} |`);
  }
  console.log(`\nLoad average at end ${loadAverage()}.`);
  if (failed) process.exitCode = 1;
  else handOverTable(table.join('\n'));
}
