import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Which database the service that uses a DATA_DIR runs on, recorded there at start. When that service
 * is down, the CLI without DATABASE_URL would otherwise open (or create) an embedded database in the
 * directory while the operator meant the PostgreSQL database of the service.
 */
export interface ServiceDatabase {
  kind: 'pglite' | 'postgres';
  /** host:port/database of a PostgreSQL server (never its credentials). */
  server: string | null;
}

const markerPath = (dataDir: string) => path.join(dataDir, 'service-database.json');

export async function recordServiceDatabase(dataDir: string, databaseUrl: string | null): Promise<void> {
  let server: string | null = null;
  if (databaseUrl) {
    const url = new URL(databaseUrl);
    server = `${url.host}${url.pathname}`;
  }
  const record: ServiceDatabase = { kind: databaseUrl ? 'postgres' : 'pglite', server };
  await writeFile(markerPath(dataDir), JSON.stringify(record) + '\n', { mode: 0o600 });
}

export async function readServiceDatabase(dataDir: string): Promise<ServiceDatabase | null> {
  try {
    const record = JSON.parse(await readFile(markerPath(dataDir), 'utf8')) as ServiceDatabase;
    return record.kind === 'postgres' || record.kind === 'pglite' ? record : null;
  } catch {
    return null;
  }
}

/** Why the CLI refuses to open an embedded database in a DATA_DIR whose service runs on PostgreSQL. */
export const postgresServiceDown = (dataDir: string, record: ServiceDatabase) =>
  `The service using ${dataDir} runs on PostgreSQL (${record.server ?? 'DATABASE_URL'}) and is not answering on ${path.join(dataDir, 'cli.sock')}: ` +
  `start it, or set DATABASE_URL to act on that database directly (remove ${markerPath(dataDir)} to use an embedded database here instead).`;
