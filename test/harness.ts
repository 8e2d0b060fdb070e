import { randomUUID } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { expect, inject } from 'vitest';
import { loadConfig, type Config } from '../src/platform/config.js';
import { openPglite } from '../src/platform/db/pglite.js';
import type { Database } from '../src/platform/db/database.js';
import { startService, type Service } from '../src/runtime.js';
import { cheapPasswordHashesForTests } from '../src/modules/users/passwords.js';
import type { App } from '../src/platform/http/types.js';
import type { Scope } from '../src/platform/auth/scopes.js';
import type { Role } from '../src/platform/auth/roles.js';

export const onPostgres = Boolean(process.env.DATABASE_URL);

// Every service this harness starts runs in this process, so one call serves them all (see the function's comment).
cheapPasswordHashesForTests();

export interface TestService {
  service: Service;
  app: App;
  config: Config;
  /** A base URL when started with listen: true. */
  url: string;
  close(): Promise<void>;
  /** Removes the data dir and database that `persistent` kept (no-op otherwise). */
  destroy(): Promise<void>;
}

export interface TestServiceOptions {
  env?: Record<string, string>;
  listen?: boolean;
  /** Reuse an existing data dir/database (restart tests). */
  reuse?: { dataDir: string; databaseUrl?: string | null; dump?: Blob };
  /**
   * Keep the data dir and database when closed, so a later service can reopen them with `reuse`
   * (restart tests); PGlite then lives on disk under the data dir. Call destroy() at the end.
   */
  persistent?: boolean;
}

/**
 * CI runs its PostgreSQL stage only on the test files that open a database (a parser's or the browser's tests say
 * nothing more there than on the embedded run): with TEST_DATABASE_FILES set, each file that asks for one is noted.
 */
function noteDatabaseUse(): void {
  const list = process.env.TEST_DATABASE_FILES;
  const testPath = expect.getState().testPath;
  if (list && testPath) appendFileSync(list, `${path.relative(process.cwd(), testPath)}\n`);
}

/** A fresh database: a clone of the migrated template (PGlite) or a new database from the template (PostgreSQL). */
export async function freshDatabase(): Promise<{ databaseUrl: string | null; drop(): Promise<void>; loadFrom?: Blob }> {
  noteDatabaseUse();
  if (onPostgres) {
    const base = process.env.DATABASE_URL!;
    const name = `${process.env.TEST_DB_PREFIX ?? `kbtest_${process.ppid}`}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    return {
      databaseUrl: url.toString(),
      drop: async () => {
        const c = new pg.Client({ connectionString: base });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
        await c.end();
      },
    };
  }
  const template = await readFile(inject('pgliteTemplate'));
  return { databaseUrl: null, drop: async () => {}, loadFrom: new Blob([template]) };
}

/** Starts the whole service (API and workers) on a fresh database, like production but in-process. */
export async function startTestService(options: TestServiceOptions = {}): Promise<TestService> {
  const dataDir = options.reuse?.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'kb-test-')));
  const fresh = options.reuse ? null : await freshDatabase();
  const databaseUrl = options.reuse ? (options.reuse.databaseUrl ?? null) : fresh!.databaseUrl;
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    RATE_LIMIT_PER_MINUTE: '100000',
    RATE_LIMIT_LOGIN_FAILURES_PER_IP_PER_MINUTE: '100000',
    RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT_PER_HOUR: '100000',
    RATE_LIMIT_KEY_CREATIONS_PER_TENANT_PER_MINUTE: '100000',
    RATE_LIMIT_MAILS_PER_ADDRESS_PER_HOUR: '100000',
    RATE_LIMIT_MAILS_PER_IP_PER_HOUR: '100000',
    RATE_LIMIT_MANIFEST_CHECKS_PER_TENANT_PER_MINUTE: '100000',
    RATE_LIMIT_PREFIX: `t${randomUUID().slice(0, 8)}`,
    JOB_POLL_INTERVAL_MS: '200',
    SHUTDOWN_GRACE_MS: '2000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...(process.env.PGLITE_PIPELINE ? { PGLITE_PIPELINE: process.env.PGLITE_PIPELINE } : {}),
    ...(process.env.DATABASE_PREPARED_STATEMENTS ? { DATABASE_PREPARED_STATEMENTS: process.env.DATABASE_PREPARED_STATEMENTS } : {}),
    ...options.env,
  });
  let db: Database | undefined;
  if (!databaseUrl) {
    const loadFrom = options.reuse ? options.reuse.dump : fresh!.loadFrom;
    const onDisk = options.persistent || (options.reuse && !options.reuse.dump);
    db = await openPglite({ dataDir: onDisk ? dataDir : null, appRole: config.databaseAppRole, loadFrom, pipeline: config.pglitePipeline });
  }
  const service = await startService(config, { db, listen: options.listen ?? false });
  const address = options.listen ? (service.app?.server.address() ?? null) : null; // a worker (RUN_MODE=worker) has no server
  const url = address && typeof address === 'object' ? `http://127.0.0.1:${address.port}` : '';
  let closed = false;
  return {
    service,
    app: service.app!,
    config,
    url,
    close: async () => {
      if (closed) return;
      closed = true;
      await service.stop();
      if (!options.reuse && !options.persistent) {
        await fresh?.drop();
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    destroy: async () => {
      if (!options.persistent || options.reuse) return;
      await fresh?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The test worker's one service with the default environment, started on first use and kept for every later file
 * the worker runs (vitest runs a worker's files one after another in one process, modules kept: vitest.config.ts).
 * For files that make their own tenants and read nothing global (no clock moves, no metrics, no stopping): booting
 * a service costs seconds, most of it the database. `close()` is a no-op; the worker's exit ends the service.
 */
export function sharedTestService(): Promise<TestService> {
  shared ??= startTestService().then((t) => ({ ...t, close: async () => {}, destroy: async () => {} }));
  return shared;
}
let shared: Promise<TestService> | null = null;

export interface TestTenant {
  tenantId: string;
  slug: string;
  ownerId: string;
  ownerEmail: string;
  password: string;
  /** Access token of the owner. */
  token: string;
  /** Creates a user with `role` and returns its access token. */
  userToken(role: Role): Promise<{ userId: string; token: string; email: string }>;
  /** Creates an API key with `scopes` (via the API, as the owner). */
  apiKey(scopes: Scope[]): Promise<{ id: string; key: string }>;
  auth(token?: string): { authorization: string };
}

let tenantCounter = 0;

/** A fresh tenant with an owner who is logged in, through the same services the CLI uses. */
export async function createTenant(t: TestService, name = 'Tenant'): Promise<TestTenant> {
  const slug = `t-${process.pid}-${++tenantCounter}-${randomUUID().slice(0, 6)}`;
  const password = 'correct horse battery';
  const ownerEmail = `owner@${slug}.test`;
  const run = (argv: string[]) => runCommand(t, argv);
  const created = JSON.parse(
    await run(['tenant', 'create', '--name', name, '--slug', slug, '--admin-email', ownerEmail, '--admin-password', password, '--json']),
  ) as { tenant_id: string; user_id: string };
  const login = async (email: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password, tenant_id: slug } });
    if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
    return res.json().access_token as string;
  };
  const token = await login(ownerEmail);
  const tenant: TestTenant = {
    tenantId: created.tenant_id,
    slug,
    ownerId: created.user_id,
    ownerEmail,
    password,
    token,
    auth: (tok = token) => ({ authorization: `Bearer ${tok}` }),
    async userToken(role) {
      const email = `${role}-${randomUUID().slice(0, 8)}@${slug}.test`;
      const out = JSON.parse(
        await run(['user', 'create', '--tenant', slug, '--email', email, '--password', password, '--role', role, '--json']),
      ) as { user_id: string };
      return { userId: out.user_id, token: await login(email), email };
    },
    async apiKey(scopes) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/api-keys/',
        headers: tenant.auth(),
        payload: { name: `key-${scopes.join('+')}`, scopes },
      });
      if (res.statusCode !== 201) throw new Error(`api key creation failed: ${res.statusCode} ${res.body}`);
      const body = res.json();
      return { id: body.id, key: body.key };
    },
  };
  return tenant;
}

/** Runs an operator command in the service's process and returns its stdout (throws on a non-zero exit). */
export async function runCommand(t: TestService, argv: string[]): Promise<string> {
  const { dispatch } = await import('../src/cli/commands.js');
  const out: string[] = [];
  const err: string[] = [];
  const code = await dispatch(t.service.commands, argv, { out: (s) => out.push(s), err: (s) => err.push(s) });
  if (code !== 0) throw new Error(`command ${argv.join(' ')} exited ${code}: ${err.join('\n')}`);
  return out.join('\n');
}
