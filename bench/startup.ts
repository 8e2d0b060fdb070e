/**
 * Start-up time and memory of the two ways to run the service: the developer path of script/server
 * (`node --import tsx src/main.ts`, TypeScript compiled on load) and the production start (`npm run build`, then
 * `node dist/main.js`). Each start is timed from spawn to the first 200 of /readyz; RSS is read from /proc right
 * then. Starts alternate between the two so that load on the machine hits both alike.
 *
 *   npm run build && npx tsx bench/startup.ts
 *   BENCH_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/bench npx tsx bench/startup.ts   (also RUN_MODE=api on PostgreSQL)
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../test/support/processes.js';
import { nodeFlagsOf } from './lib.js';
import { handOverTable } from './report.js';

// BENCH_SERVICE_DIR: another checkout (built there too), for a before/after in one run.
const ROOT = process.env.BENCH_SERVICE_DIR ?? path.resolve(import.meta.dirname, '..');
const WARM_RUNS = Number(process.env.BENCH_RUNS ?? 3);
const FRESH_RUNS = Number(process.env.BENCH_FRESH_RUNS ?? 1);
// The node command line of script/server and `npm run start:prod`: V8's flags of that checkout (script/node-flags).
const NODE_FLAGS = await nodeFlagsOf(ROOT);
const ENTRIES = {
  'dev: node --import tsx src/main.ts': ['--import', 'tsx', 'src/main.ts'],
  'prod: node dist/main.js': ['dist/main.js'],
} as const;
type Entry = keyof typeof ENTRIES;

interface Sample {
  ms: number;
  rssMb: number;
  peakMb: number;
}

async function startOnce(entry: Entry, env: Record<string, string>): Promise<Sample> {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, [...NODE_FLAGS, ...ENTRIES[entry]], { cwd: ROOT, env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'warn', PORT: String(port), ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${entry} exited with ${child.exitCode}`);
      if (performance.now() - t0 > 300_000) throw new Error(`${entry} not ready in 300 s`);
      const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.ok, () => false);
      if (ok) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    const ms = performance.now() - t0;
    const status = await readFile(`/proc/${child.pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return { ms, rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function compare(label: string, env: () => Promise<Record<string, string>>, runs: number): Promise<string[]> {
  const samples: Record<Entry, Sample[]> = { 'dev: node --import tsx src/main.ts': [], 'prod: node dist/main.js': [] };
  for (let i = 0; i < runs; i++) {
    for (const entry of Object.keys(ENTRIES) as Entry[]) samples[entry].push(await startOnce(entry, await env()));
  }
  const summary = (s: Sample[]) => ({ ms: median(s.map((x) => x.ms)), rss: median(s.map((x) => x.rssMb)), peak: median(s.map((x) => x.peakMb)) });
  const [dev, prod] = Object.values(samples).map(summary);
  const row = (entry: string, m: ReturnType<typeof summary>) => `| ${label} | ${entry} | ${runs} | ${Math.round(m.ms)} | ${Math.round(m.rss)} | ${Math.round(m.peak)} |`;
  return [
    row('dev: `node --import tsx src/main.ts`', dev),
    row('prod: `node dist/main.js`', prod),
    `| ${label} | prod / dev | | ${(prod.ms / dev.ms).toFixed(2)} | ${(prod.rss / dev.rss).toFixed(2)} | ${(prod.peak / dev.peak).toFixed(2)} |`,
  ];
}

if (!existsSync(path.join(ROOT, 'dist/main.js'))) {
  console.error('dist/main.js is missing: run `npm run build` first');
  process.exit(2);
}
const dirs: string[] = [];
const fresh = async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'kb-startup-'));
  dirs.push(dir);
  return dir;
};
const warmDir = await fresh();
await startOnce('prod: node dist/main.js', { DATA_DIR: warmDir }); // creates and migrates the embedded database once

const rows = ['| database | entry | starts | ready after (ms, median) | RSS at ready (MB) | peak RSS (MB) |', '|---|---|---:|---:|---:|---:|'];
try {
  rows.push(...(await compare('PGlite, new DATA_DIR', async () => ({ DATA_DIR: await fresh() }), FRESH_RUNS)));
  rows.push(...(await compare('PGlite, existing DATA_DIR', async () => ({ DATA_DIR: warmDir }), WARM_RUNS)));
  if (process.env.BENCH_DATABASE_URL) {
    const url = process.env.BENCH_DATABASE_URL;
    rows.push(...(await compare('PostgreSQL, RUN_MODE=api', async () => ({ DATA_DIR: await fresh(), DATABASE_URL: url, RUN_MODE: 'api' }), WARM_RUNS)));
  }
} finally {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
}
console.log(`${ROOT}, node flags: ${NODE_FLAGS.join(' ') || 'none'}`);
console.log(`Node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')} at the end\n`);
console.log(rows.join('\n'));
handOverTable(rows.join('\n'));
