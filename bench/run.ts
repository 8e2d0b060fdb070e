/**
 * `npm run bench`: every benchmark, one after another, each printing its Markdown section. Pass names to run a
 * subset: `npm run bench -- core`. A benchmark that hands over its result table (`handOverTable` of bench/report.ts)
 * has it written into docs/benchmarks.md between its markers once it succeeds; BENCH_WRITE_DOCS=0 turns that off.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { commitOfCheckout, writeToDocs } from './report.js';

const ALL = ['core', 'llm-overhead', 'ingestion', 'chunking', 'search', 'search-dimensions', 'search-live', 'retrieval', 'chat', 'account-timing', 'apps', 'app-data', 'webhooks', 'connectors', 'startup', 'console'];
const wanted = process.argv.slice(2).length ? process.argv.slice(2) : ALL;
const writeDocs = process.env.BENCH_WRITE_DOCS !== '0';
// Before any benchmark runs: a table written into the document must not make the next one's tree look changed.
const commit = commitOfCheckout();
// The knobs a benchmark was run with belong to its command line: they choose cases, sizes and databases.
const knobs = Object.entries(process.env)
  .filter(([key]) => key.startsWith('BENCH_') && key !== 'BENCH_WRITE_DOCS' && key !== 'BENCH_TABLE_FILE')
  // A database URL's password never reaches the document.
  .map(([key, value]) => `${key}=${(value ?? '').replace(/(\/\/[^/:@]*:)[^@/]*@/, '$1***@')} `)
  .join('');
const tables = mkdtempSync(path.join(os.tmpdir(), 'kb-bench-tables-'));
let failed = 0;
for (const name of wanted) {
  // A benchmark is bench/<name>.ts, or bench/<name>/run.ts when it has files of its own.
  const single = path.join(import.meta.dirname, `${name}.ts`);
  const file = existsSync(single) ? single : path.join(import.meta.dirname, name, 'run.ts');
  const tableFile = path.join(tables, `${name}.md`);
  console.log(`\n## ${name}\n`);
  const startedAt = new Date();
  const loadAtStart = os.loadavg()[0];
  const run = spawnSync(process.execPath, ['--import', 'tsx', file], { stdio: 'inherit', env: { ...process.env, BENCH_TABLE_FILE: tableFile } });
  if (run.status !== 0) {
    console.error(`benchmark ${name} failed (exit ${run.status})`);
    failed++;
  } else if (writeDocs && existsSync(tableFile)) {
    const measured = { command: `${knobs}npm run bench -- ${name}`, commit, startedAt, loadAtStart, loadAtEnd: os.loadavg()[0] };
    try {
      writeToDocs(name, readFileSync(tableFile, 'utf8'), measured);
      console.log('\n(written into docs/benchmarks.md)');
    } catch (error) {
      console.error(`benchmark ${name}: not written into docs/benchmarks.md: ${(error as Error).message}`);
      failed++;
    }
  }
}
rmSync(tables, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
