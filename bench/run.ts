/**
 * `npm run bench`: every benchmark, one after another, each printing its Markdown section
 * (copied into docs/benchmarks.md). Pass names to run a subset: `npm run bench -- core`.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ALL = ['core', 'llm-overhead', 'ingestion', 'search', 'account-timing'];
const wanted = process.argv.slice(2).length ? process.argv.slice(2) : ALL;
let failed = 0;
for (const name of wanted) {
  const file = path.join(import.meta.dirname, `${name}.ts`);
  console.log(`\n## ${name}\n`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', file], { stdio: 'inherit', env: process.env });
  if (run.status !== 0) {
    console.error(`benchmark ${name} failed (exit ${run.status})`);
    failed++;
  }
}
process.exit(failed ? 1 : 0);
