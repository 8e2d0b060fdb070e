import { access, readFile, writeFile } from 'node:fs/promises';
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

/**
 * The commands that may create the embedded database in a DATA_DIR that has none (the first tenant of a new
 * installation; `restore` fills an empty DATA_DIR on its own path). Any other command there, with no service
 * answering, most likely has the wrong DATA_DIR: it would otherwise build a new, empty database and report on it.
 */
export const CREATES_DATABASE = ['tenant create'] as const;

export const createsDatabase = (words: string[]) => (CREATES_DATABASE as readonly string[]).includes(words.join(' '));

/** Whether DATA_DIR holds an embedded database (PostgreSQL's PG_VERSION marks a created cluster). */
export const hasEmbeddedDatabase = (dataDir: string) => access(path.join(dataDir, 'pglite', 'PG_VERSION')).then(() => true, () => false);

/** Why the CLI refuses a command in a DATA_DIR with neither a service nor a database. */
export const noEmbeddedDatabase = (dataDir: string) =>
  `No service answers on ${path.join(dataDir, 'cli.sock')} and DATA_DIR ${dataDir} holds no database: ` +
  `start the service with this DATA_DIR, or give the CLI the DATA_DIR the service uses (DATA_DIR=/path/to/data npm run cli -- ...), ` +
  `or DATABASE_URL for PostgreSQL. Only ${CREATES_DATABASE.map((c) => `\`${c}\``).join(', ')} and \`restore\` create a new database.`;
