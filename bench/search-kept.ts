/**
 * A search database seeded and kept by bench/search.ts (BENCH_KEEP), opened again in this process as the service
 * opens its database (the app role): what bench/search-profile.ts and bench/search-recall.ts measure on.
 */
import { readFile } from 'node:fs/promises';
import type { Database } from '../src/platform/db/database.js';
import { openPostgres } from '../src/platform/db/postgres.js';
import { openPglite } from '../src/platform/db/pglite.js';

export interface KeptSearch {
  kind: 'pglite' | 'postgres';
  url: string;
  dataDir: string;
  dimensions: number;
  tenants: { tenantId: string; seed: number; docs: number; memoryId?: string }[];
}

/** BENCH_REUSE names the kept file; on PGlite the data directory must not be open in another process. */
export async function openKeptSearch(poolSize: number): Promise<{ reuse: string; kept: KeptSearch; db: Database }> {
  const reuse = process.env.BENCH_REUSE;
  if (!reuse) throw new Error('BENCH_REUSE=<file written by bench/search.ts with BENCH_KEEP> is required');
  const kept = JSON.parse(await readFile(reuse, 'utf8')) as KeptSearch;
  const appRole = process.env.DATABASE_APP_ROLE ?? 'kb_app';
  const sharedBuffersMb = process.env.PGLITE_SHARED_BUFFERS_MB ? Number(process.env.PGLITE_SHARED_BUFFERS_MB) : undefined;
  const db =
    kept.kind === 'postgres'
      ? await openPostgres({ url: kept.url, appRole, poolSize })
      : await openPglite({ dataDir: kept.dataDir, appRole, pipeline: true, sharedBuffersMb });
  return { reuse, kept, db };
}
