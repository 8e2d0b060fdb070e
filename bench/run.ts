/**
 * `npm run bench`: every benchmark, one after another, each printing its Markdown section
 * (copied into docs/benchmarks.md). Pass names to run a subset: `npm run bench -- core`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const ALL = ['core', 'llm-overhead', 'ingestion', 'chunking', 'search', 'search-dimensions', 'search-live', 'retrieval', 'chat', 'account-timing', 'apps', 'app-data', 'startup', 'console'];
const wanted = process.argv.slice(2).length ? process.argv.slice(2) : ALL;
let failed = 0;
for (const name of wanted) {
  // A benchmark is bench/<name>.ts, or bench/<name>/run.ts when it has files of its own.
  const single = path.join(import.meta.dirname, `${name}.ts`);
  const file = existsSync(single) ? single : path.join(import.meta.dirname, name, 'run.ts');
  console.log(`\n## ${name}\n`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', file], { stdio: 'inherit', env: process.env });
  if (run.status !== 0) {
    console.error(`benchmark ${name} failed (exit ${run.status})`);
    failed++;
  }
}
process.exit(failed ? 1 : 0);
