import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { drizzle } from 'drizzle-orm/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { assertTenantId, rows, type Database, type Tx } from './database.js';
import { runMigrations } from './migrate.js';
import { pipelinedClient } from './pglite-pipeline.js';
import { acquireDataDirLock, type DataDirLock } from './lock.js';

export interface PgliteOptions {
  /** Directory for the data files, or null for an in-memory database (tests). */
  dataDir: string | null;
  appRole: string;
  /** A dump made by `dumpDataDir()` to start from (tests clone a migrated template this way). */
  loadFrom?: Blob | File;
  /**
   * Statements in one call each into the WebAssembly backend, hot ones as named prepared statements, and a
   * tenant transaction's BEGIN and tenant setting in one (pglite-pipeline.ts); false: PGlite's own `query`.
   */
  pipeline?: boolean;
  /**
   * PostgreSQL's shared_buffers, in MB (PGlite's own default is 128). The buffer pool lives in PGlite's WebAssembly
   * memory, which never shrinks: every page of it that has held a block stays resident for the life of the process.
   */
  sharedBuffersMb?: number;
}

/** PGlite's start-up parameters with our settings after them (a later -c wins); null keeps PGlite's own. */
export function pgliteStartParams(options: Pick<PgliteOptions, 'sharedBuffersMb'>): string[] | null {
  if (options.sharedBuffersMb === undefined) return null;
  if (!Number.isInteger(options.sharedBuffersMb) || options.sharedBuffersMb < 1) throw new Error('sharedBuffersMb must be a positive integer');
  return [...PGlite.defaultStartParams, '-c', `shared_buffers=${options.sharedBuffersMb}MB`];
}

export async function openPglite(options: PgliteOptions): Promise<Database & { pglite: PGlite }> {
  const startParams = pgliteStartParams(options);
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
      ...(startParams ? { startParams } : {}),
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
  const pipelined = options.pipeline ? pipelinedClient(client) : null;
  const db = drizzle({ client: (pipelined?.root ?? client) as PGlite }) as unknown as Tx;
  const insideDb = pipelined ? (drizzle({ client: pipelined.inside as unknown as PGlite }) as unknown as Tx) : null;

  return {
    kind: 'pglite',
    pglite: client,
    tenant: (tenantId, fn) => {
      const id = assertTenantId(tenantId);
      if (pipelined && insideDb) {
        // The id is a checked UUID, inlined so BEGIN and the setting are one simple-protocol call.
        return pipelined.transaction(`BEGIN; SELECT set_config('app.tenant_id', '${id}', true)`, () =>
          insideDb.transaction((tx) => fn(tx as unknown as Tx)),
        );
      }
      return db.transaction(async (tx) => {
        await tx.execute(sql.raw(`SELECT set_config('app.tenant_id', '${id}', true)`));
        return fn(tx as unknown as Tx);
      });
    },
    system: (fn) => db.transaction((tx) => fn(tx as unknown as Tx)),
    query: <T>(statement: SQL) => rows<T>(db, statement),
    // One process owns the data directory, so no lock is needed beyond PGlite's own. The session is the owner
    // again only inside this transaction (SET LOCAL): every other statement waits for it and keeps the app role.
    // VACUUM cannot run inside a transaction: `vacuum` below does that.
    maintain: async (fn) => {
      // The one backend publishes its table counters (n_dead_tup, read by the maintenance) only when told to:
      // PostgreSQL flushes them on an idle timer that PGlite never fires. It takes effect once this statement ends.
      await client.exec('SELECT pg_stat_force_next_flush()');
      return client.transaction(async (tx) => {
        await tx.exec('SET LOCAL ROLE NONE');
        return fn(async (text) => (await tx.exec(text)).at(-1)?.rows ?? []);
      });
    },
    vacuum: (tables) => vacuumAsOwner(client, options.appRole, tables),
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

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/**
 * `VACUUM (ANALYZE) tables` as the owner on PGlite's one shared connection, which otherwise runs as the app role.
 * VACUUM cannot run in a transaction, so SET LOCAL (what `maintain` uses) is no help: the session's role changes
 * for the statement and is set back after it, and nothing else may run in between, or it would run as the owner
 * (outside row-level security). PGlite has two locks: one that `transaction`, `query` and `exec` hold for their
 * whole duration, and one per protocol message. Holding both (in that order, as `exec` does) keeps every other
 * caller out, and no transaction is open meanwhile. Inside them `exec`/`query` would wait on the locks held here,
 * so the statements go as hand-built simple-Query messages through `execProtocol`, which throws on an error
 * response. The role is set back in `finally`, whether VACUUM succeeded or not (SET ROLE to a role the
 * superuser may always take cannot fail short of the database itself failing).
 */
export async function vacuumAsOwner(client: PGlite, appRole: string, tables: readonly string[]): Promise<void> {
  if (tables.length === 0) return;
  for (const name of [appRole, ...tables]) {
    if (!IDENTIFIER.test(name)) throw new Error(`not a plain identifier: ${JSON.stringify(name)}`);
  }
  await client._runExclusiveTransaction(() =>
    client.runExclusive(async () => {
      if (client.isInTransaction()) throw new Error('VACUUM needs the connection outside a transaction');
      // NONE (not RESET): the session user, the superuser who ran the migrations and owns the tables.
      await client.execProtocol(simpleQuery('SET ROLE NONE'));
      try {
        await client.execProtocol(simpleQuery(`VACUUM (ANALYZE) ${tables.join(', ')}`));
      } finally {
        await client.execProtocol(simpleQuery(`SET ROLE ${appRole}`));
      }
    }),
  );
}

/** A frontend Query message: 'Q', the length of what follows (itself included), the text, NUL. */
function simpleQuery(text: string): Uint8Array {
  const body = new TextEncoder().encode(text);
  const message = new Uint8Array(1 + 4 + body.length + 1);
  message[0] = 'Q'.charCodeAt(0);
  new DataView(message.buffer).setInt32(1, 4 + body.length + 1);
  message.set(body, 5);
  return message;
}
