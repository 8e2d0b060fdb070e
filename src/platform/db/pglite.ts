import { spawn } from 'node:child_process';
import { access, mkdir, readdir, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { drizzle } from 'drizzle-orm/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { assertTenantId, rows, type Database, type Tx } from './database.js';
import { runMigrations } from './migrate.js';
import { pipelinedClient } from './pglite-pipeline.js';
import { acquireDataDirLock, type DataDirLock } from './lock.js';
import type { CreateReport } from './pglite-create.js';

export type { CreateReport } from './pglite-create.js';

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
  /** Called once a new data directory has been created by the child process (createPgliteCluster), with its report. */
  onCreated?: (report: CreateReport) => void;
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
    // A new data directory is created by a child process (as PostgreSQL's own initdb is a program of its own), so
    // that this process only ever reopens one. A dump to load from (restore, test templates) is loaded in-process.
    if (options.dataDir && !options.loadFrom) {
      const report = await createPgliteCluster(path.join(options.dataDir, 'pglite'), startParams);
      if (report) options.onCreated?.(report);
    }
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

/**
 * The child's report: its last JSON line on stdout (V8's tracing flags, passed on with the others, print there too).
 * A report that cannot be read costs the report, not the database.
 */
function parseReport(stdout: string): CreateReport {
  for (const line of stdout.trim().split('\n').reverse()) {
    if (!line.startsWith('{')) continue;
    try {
      const report = JSON.parse(line) as CreateReport;
      if (typeof report.ms === 'number' && typeof report.pid === 'number') {
        return { ms: report.ms, pid: report.pid, peakRssMb: typeof report.peakRssMb === 'number' ? report.peakRssMb : null };
      }
    } catch {
      /* not the report */
    }
  }
  return { ms: NaN, pid: NaN, peakRssMb: null };
}

/** The marker of a PostgreSQL cluster: PGlite runs initdb in a directory that lacks it. */
const hasCluster = (dir: string) => access(path.join(dir, 'PG_VERSION')).then(() => true, () => false);

/** The child's node flags: the V8 flags this process runs with, without its module hooks (the child gets its own). */
function childNodeFlags(entry: string): string[] {
  const flags: string[] = [];
  const argv = process.execArgv;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (/^--(import|require|loader|experimental-loader)$/.test(arg) || arg === '-r') {
      i++; // and its value
      continue;
    }
    if (/^--(import|require|loader|experimental-loader)=/.test(arg) || /^--inspect/.test(arg)) continue;
    flags.push(arg);
  }
  // Run from the sources (script/server, tests), the entry is TypeScript: tsx compiles it, as it does the service.
  if (entry.endsWith('.ts')) flags.push('--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href);
  return flags;
}

/**
 * Creates the embedded database cluster in `pgliteDir` if there is none yet, in a short-lived child process
 * (pglite-create.ts) run with this process's node flags; returns its report, or null when the directory already holds
 * a cluster. The child creates it in a directory beside (`<pgliteDir>.creating-<pid>`), which is renamed into place
 * only once the child has exited cleanly, so a failed or interrupted creation never leaves a directory that the next
 * start would take for a database. The caller holds the data directory's lock (lock.ts: a pid file in DATA_DIR that
 * the child never touches), so no other process creates or opens it meanwhile, and leftovers of an interrupted
 * creation can be removed here.
 */
export async function createPgliteCluster(pgliteDir: string, startParams: string[] | null): Promise<CreateReport | null> {
  if (await hasCluster(pgliteDir)) return null;
  const existing = await readdir(pgliteDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  if (existing.length > 0) {
    throw new Error(`${pgliteDir} holds files but no database (no PG_VERSION): move it aside, and start again to create a new one (or restore a backup)`);
  }
  const parent = path.dirname(pgliteDir);
  const prefix = `${path.basename(pgliteDir)}.creating-`;
  for (const name of await readdir(parent)) {
    if (name.startsWith(prefix)) await rm(path.join(parent, name), { recursive: true, force: true });
  }
  const temp = path.join(parent, `${prefix}${process.pid}`);
  const self = fileURLToPath(import.meta.url);
  const entry = path.join(path.dirname(self), `pglite-create${path.extname(self)}`);
  try {
    const child = spawn(process.execPath, [...childNodeFlags(entry), entry, JSON.stringify({ dataDir: temp, startParams })], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', (c, s) => resolve([c, s]));
    });
    if (code !== 0) {
      throw new Error(
        `creating the embedded database in ${pgliteDir} failed: ${entry} exited with ${signal ?? `code ${code}`}` +
          (stderr.trim() ? `:\n${stderr.trim()}` : ''),
      );
    }
    if (!(await hasCluster(temp))) throw new Error(`creating the embedded database in ${pgliteDir}: ${entry} exited without creating it`);
    const report = parseReport(stdout);
    await rename(temp, pgliteDir); // replaces an empty directory; the readdir above saw it empty or absent
    return report;
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
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
async function vacuumAsOwner(client: PGlite, appRole: string, tables: readonly string[]): Promise<void> {
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
export function simpleQuery(text: string): Uint8Array {
  const body = new TextEncoder().encode(text);
  const message = new Uint8Array(1 + 4 + body.length + 1);
  message[0] = 'Q'.charCodeAt(0);
  new DataView(message.buffer).setInt32(1, 4 + body.length + 1);
  message.set(body, 5);
  return message;
}
