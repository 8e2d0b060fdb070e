import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { sql, type SQL } from 'drizzle-orm';
import { assertTenantId, rows, type Database, type NotificationHandler, type Tx } from './database.js';
import { runMigrations } from './migrate.js';

export interface PostgresOptions {
  url: string;
  appRole: string;
  poolSize: number;
  onError?: (error: Error) => void;
}

/**
 * PostgreSQL server: migrations run as the connecting (owner) user, then every pooled connection
 * starts as the unprivileged app role (startup option `role`), so row-level security always applies.
 */
export async function openPostgres(options: PostgresOptions): Promise<Database & { pool: pg.Pool }> {
  const owner = new pg.Client({ connectionString: options.url });
  await owner.connect();
  try {
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

  return {
    kind: 'postgres',
    pool,
    tenant: (tenantId, fn) => {
      const id = assertTenantId(tenantId);
      return db.transaction(async (tx) => {
        await tx.execute(sql.raw(`SELECT set_config('app.tenant_id', '${id}', true)`));
        return fn(tx as unknown as Tx);
      });
    },
    system: (fn) => db.transaction((tx) => fn(tx as unknown as Tx)),
    query: <T>(statement: SQL) => rows<T>(db, statement),
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
  };
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
