/**
 * Creates a new embedded database cluster (PostgreSQL's initdb, as PGlite runs it) in the directory it is given, then
 * exits: `node pglite-create.js '{"dataDir": ..., "startParams": [...] | null}'`. openPglite (pglite.ts) runs it as a
 * short-lived child process on a new DATA_DIR, so that initdb's second PGlite instance, its WebAssembly memory and
 * V8's compile of PostgreSQL's grammar during it (~0.6 GB for about a second) live and die in this process, not in
 * the service's, whose memory never shrinks back to where it was (docs/benchmarks.md, "Memory of the embedded database").
 *
 * On success it writes one JSON line to stdout: how long the creation took and this process's peak RSS (VmHWM).
 * On failure it writes the error to stderr and exits non-zero.
 */
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';

interface CreateRequest {
  dataDir: string;
  startParams: string[] | null;
}

export interface CreateReport {
  /** Milliseconds from the start of `PGlite.create` to the end of `close`. */
  ms: number;
  /** The process that created it. */
  pid: number;
  /** This process's peak resident set, in MB (VmHWM), or null where /proc is not there. */
  peakRssMb: number | null;
}

function peakRssMb(): number | null {
  try {
    const kb = /VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}

async function main(): Promise<void> {
  const request = JSON.parse(process.argv[2] ?? '') as CreateRequest;
  if (typeof request.dataDir !== 'string' || request.dataDir === '') throw new Error('no dataDir given');
  const t0 = performance.now();
  const pglite = await PGlite.create({
    dataDir: request.dataDir,
    extensions: { vector },
    ...(request.startParams ? { startParams: request.startParams } : {}),
  });
  await pglite.close();
  const report: CreateReport = { ms: Math.round(performance.now() - t0), pid: process.pid, peakRssMb: peakRssMb() };
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
