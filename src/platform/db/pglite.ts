import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { drizzle } from 'drizzle-orm/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { assertTenantId, rows, type Database, type Tx } from './database.js';
import { runMigrations } from './migrate.js';
import { acquireDataDirLock, type DataDirLock } from './lock.js';

export interface PgliteOptions {
  /** Directory for the data files, or null for an in-memory database (tests). */
  dataDir: string | null;
  appRole: string;
  /** A dump made by `dumpDataDir()` to start from (tests clone a migrated template this way). */
  loadFrom?: Blob | File;
}

export async function openPglite(options: PgliteOptions): Promise<Database & { pglite: PGlite }> {
  let lock: DataDirLock | null = null;
  if (options.dataDir) {
    await mkdir(options.dataDir, { recursive: true });
    lock = await acquireDataDirLock(options.dataDir);
  }
  let client: PGlite;
  try {
    client = await PGlite.create({
      dataDir: options.dataDir ? path.join(options.dataDir, 'pglite') : 'memory://',
      extensions: { vector },
      loadDataDir: options.loadFrom,
    });
    await runMigrations(
      {
        exec: async (text) => void (await client.exec(text)),
        rows: async (text) => (await client.query<Record<string, unknown>>(text)).rows,
      },
      options.appRole,
    );
    // Everything after migrations runs as the unprivileged role, so RLS applies here as on a server.
    await client.exec(`SET ROLE ${options.appRole}`);
  } catch (error) {
    await lock?.release();
    throw error;
  }
  const db = drizzle(client) as unknown as Tx;

  return {
    kind: 'pglite',
    pglite: client,
    tenant: (tenantId, fn) => {
      const id = assertTenantId(tenantId);
      return db.transaction(async (tx) => {
        await tx.execute(sql.raw(`SELECT set_config('app.tenant_id', '${id}', true)`));
        return fn(tx as unknown as Tx);
      });
    },
    system: (fn) => db.transaction((tx) => fn(tx as unknown as Tx)),
    query: <T>(statement: SQL) => rows<T>(db, statement),
    // One process owns the data directory, so no lock is needed beyond PGlite's own. The session is the owner
    // again only inside this transaction (SET LOCAL): every other statement waits for it and keeps the app role.
    // Hence ANALYZE only: VACUUM cannot run inside a transaction, and outside one the role would leak.
    maintain: (fn) =>
      client.transaction(async (tx) => {
        await tx.exec('SET LOCAL ROLE NONE');
        return fn(async (text) => (await tx.exec(text)).at(-1)?.rows ?? []);
      }),
    listen: async (channel, handler) => {
      const unsubscribe = await client.listen(channel, handler);
      return async () => unsubscribe();
    },
    notify: async (channel, payload) => {
      await client.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    ping: async () => {
      await client.query('SELECT 1');
    },
    close: async () => {
      try {
        if (!client.closed) await client.close();
      } finally {
        await lock?.release();
      }
    },
  };
}
