import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { SQL } from 'drizzle-orm';
import { assertTenantId, rows, type Database, type NotificationHandler, type OwnerStatement, type Tx } from './database.js';
import { runMigrations } from './migrate.js';
import { CONNECT_TIMEOUT_MS, connectFailure } from './postgres-connect.js';

export interface PostgresOptions {
  url: string;
  appRole: string;
  poolSize: number;
  /** Transactions' statements as named prepared statements, parsed once per connection (DATABASE_PREPARED_STATEMENTS). */
  preparedStatements?: boolean;
  onError?: (error: Error) => void;
}

/**
 * PostgreSQL server: migrations run as the connecting (owner) user, then every pooled connection
 * starts as the unprivileged app role (startup option `role`), so row-level security always applies.
 */
export async function openPostgres(options: PostgresOptions): Promise<Database & { pool: pg.Pool }> {
  const owner = new pg.Client({ connectionString: options.url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  try {
    await owner.connect();
  } catch (error) {
    throw connectFailure(options.url, error);
  }
  try {
    await requirePgvector(owner, options.url);
    await owner.query(`SELECT pg_advisory_lock(7408812)`); // one migrator at a time across instances
    await runMigrations(
      {
        exec: async (text) => void (await owner.query(text)),
        rows: async (text) => (await owner.query(text)).rows,
      },
      options.appRole,
    );
  } finally {
    await owner.end().catch(() => {});
  }

  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize,
    options: `-c role=${options.appRole}`,
  });
  pool.on('error', (error) => options.onError?.(error));
  const db = drizzle(pool) as unknown as Tx;
  const listener = new NotificationListener(options.url, options.appRole, options.onError);
  const handles = new TransactionHandles(options.preparedStatements ? new StatementNames() : null);

  return {
    kind: 'postgres',
    pool,
    // BEGIN and the tenant setting travel in one round trip (simple protocol, the id is a checked UUID).
    tenant: (tenantId, fn) => inTransaction(pool, handles, `BEGIN; SELECT set_config('app.tenant_id', '${assertTenantId(tenantId)}', true)`, fn),
    system: (fn) => inTransaction(pool, handles, 'BEGIN', fn),
    query: <T>(statement: SQL) => rows<T>(db, statement),
    maintain: (fn) => asOwner(options.url, fn),
    listen: (channel, handler) => listener.listen(channel, handler),
    notify: async (channel, payload) => {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    ping: async () => {
      await pool.query('SELECT 1');
    },
    close: async () => {
      await listener.close();
      await pool.end();
    },
    poolUsage: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: options.poolSize }),
  };
}

/** The operator's fix for a server without pgvector, in one line instead of a driver stack trace. */
export class PgvectorMissingError extends Error {}

/**
 * pgvector is a server-side extension the migrations enable. When the server lacks it, or the
 * migrating role may not enable it (it is not a trusted extension), say what is missing and how to get it.
 */
async function requirePgvector(owner: pg.Client, url: string): Promise<void> {
  const { rows } = await owner.query<{ installed: boolean; available: boolean; db: string; major: number }>(`
    SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'vector') AS installed,
           EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'vector') AS available,
           current_database() AS db, current_setting('server_version_num')::int / 10000 AS major`);
  const { installed, available, db, major } = rows[0];
  if (installed) return;
  const server = `PostgreSQL ${major} at ${new URL(url).host}`;
  if (!available) {
    throw new PgvectorMissingError(
      `${server} lacks the pgvector extension (vector): install it on the database host with script/ensure-pgvector ` +
        `or the distribution's package (e.g. apt-get install postgresql-${major}-pgvector), then start again.`,
    );
  }
  try {
    await owner.query('CREATE EXTENSION IF NOT EXISTS vector');
  } catch (error) {
    if ((error as { code?: string }).code !== '42501') throw error;
    throw new PgvectorMissingError(
      `${server} has pgvector, but this user may not enable it in database "${db}": ` +
        `have a superuser run CREATE EXTENSION vector in "${db}", then start again.`,
    );
  }
}

/** Any constant other instances agree on; 7408812 is the migrators' lock. */
const MAINTENANCE_LOCK = 7408813;

/**
 * A short-lived owner connection (the pool runs as the app role, which owns nothing: PostgreSQL skips a
 * non-owner's ANALYZE with a warning). The session advisory lock keeps a second instance from analysing
 * the same tables at the same moment; it goes with the connection even if the unlock is never sent.
 */
async function asOwner<T>(url: string, fn: (run: OwnerStatement) => Promise<T>): Promise<T | null> {
  const owner = new pg.Client({ connectionString: url });
  await owner.connect();
  try {
    const { rows: [lock] } = await owner.query<{ ok: boolean }>(`SELECT pg_try_advisory_lock(${MAINTENANCE_LOCK}) AS ok`);
    if (!lock.ok) return null;
    return await fn(async (text) => (await owner.query(text)).rows);
  } finally {
    await owner.end().catch(() => {});
  }
}

async function inTransaction<T>(pool: pg.Pool, handles: TransactionHandles, begin: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query(begin);
    const result = await fn(handles.of(client));
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/**
 * With prepared statements, one Drizzle handle per pooled connection, made on its first transaction and kept with
 * it (its wrapped client names the statements). A connection serves one transaction at a time.
 */
class TransactionHandles {
  private readonly handles = new WeakMap<pg.PoolClient, Tx>();

  constructor(private readonly names: StatementNames | null) {}

  of(client: pg.PoolClient): Tx {
    // Without prepared statements a fresh handle per transaction, as before: keeping it measured no faster.
    if (!this.names) return withSavepoints(drizzle(client) as unknown as Tx, client);
    let handle = this.handles.get(client);
    if (!handle) {
      handle = withSavepoints(drizzle(namedStatements(client, this.names) as unknown as pg.PoolClient) as unknown as Tx, client);
      this.handles.set(client, handle);
    }
    return handle;
  }
}

/**
 * Statement texts and the names they are prepared under. pg parses a named statement once per connection and
 * afterwards sends only Bind/Execute, so the server neither parses nor (after a few runs, with a generic plan)
 * plans it again. A text keeps its name for the life of the process; past LIMIT texts (dynamic SQL) go unnamed.
 */
class StatementNames {
  private static readonly LIMIT = 500;
  private readonly names = new Map<string, string>();

  of(text: string): string | undefined {
    let name = this.names.get(text);
    if (name === undefined && this.names.size < StatementNames.LIMIT) {
      name = `kb_${this.names.size + 1}`;
      this.names.set(text, name);
    }
    return name;
  }
}

/** The connection as Drizzle sees it, with each unnamed query given its text's name. */
function namedStatements(client: pg.PoolClient, names: StatementNames): Pick<pg.PoolClient, 'query'> {
  return {
    query: ((config: unknown, values?: unknown[]) => {
      if (typeof config === 'object' && config !== null && !(config as pg.QueryConfig).name && (config as pg.QueryConfig).text) {
        const name = names.of((config as pg.QueryConfig).text);
        if (name) return client.query({ ...(config as pg.QueryConfig), name }, values);
      }
      return client.query(config as pg.QueryConfig, values);
    }) as pg.PoolClient['query'],
  };
}

/**
 * The handle above is a plain Drizzle database on a client already inside BEGIN, so its own
 * `transaction()` would send BEGIN (a no-op) and then COMMIT the caller's whole transaction. Nested
 * transactions are savepoints instead, as on a Drizzle transaction (and on PGlite).
 */
function withSavepoints(tx: Tx, client: pg.PoolClient): Tx {
  let depth = 0;
  const nested = async <R>(fn: (inner: Tx) => Promise<R>): Promise<R> => {
    const name = `sp${++depth}`;
    await client.query(`SAVEPOINT ${name}`);
    try {
      const result = await fn(tx);
      await client.query(`RELEASE SAVEPOINT ${name}`);
      return result;
    } catch (error) {
      await client.query(`ROLLBACK TO SAVEPOINT ${name}`);
      throw error;
    } finally {
      depth--;
    }
  };
  (tx as unknown as { transaction: typeof nested }).transaction = nested;
  return tx;
}

/** One dedicated connection carries every LISTEN of this process; it reconnects after a failure. */
class NotificationListener {
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private readonly handlers = new Map<string, Set<NotificationHandler>>();
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly role: string,
    private readonly onError?: (error: Error) => void,
  ) {}

  async listen(channel: string, handler: NotificationHandler): Promise<() => Promise<void>> {
    const client = await this.connect();
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    }
    set.add(handler);
    return async () => {
      set.delete(handler);
    };
  }

  private connect(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= (async () => {
      const client = new pg.Client({ connectionString: this.url, options: `-c role=${this.role}` });
      client.on('notification', (msg) => {
        for (const handler of this.handlers.get(msg.channel) ?? []) handler(msg.payload ?? '');
      });
      client.on('error', (error) => {
        this.onError?.(error);
        this.client = null;
        if (!this.closed) setTimeout(() => void this.resubscribe(), 500).unref();
      });
      await client.connect();
      this.client = client;
      this.connecting = null;
      return client;
    })();
    return this.connecting;
  }

  private async resubscribe(): Promise<void> {
    try {
      const client = await this.connect();
      for (const channel of this.handlers.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      this.connecting = null;
      this.onError?.(error as Error);
      if (!this.closed) setTimeout(() => void this.resubscribe(), 1000).unref();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.client?.end().catch(() => {});
  }
}
