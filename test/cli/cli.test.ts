import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, onPostgres } from '../harness.js';
import { cliInProcess } from '../support/cli.js';
import { cli, freePort, startMain, type Started } from '../support/processes.js';

/**
 * The operator CLI and the service entry point, each with its own DATA_DIR. The service is always a real process
 * (`node --import tsx src/main.ts`: locks, signals, the socket); the CLI is a real process (`src/cli.ts`) in the
 * first test, which proves the entry point and its exit codes, and otherwise runs in this process with an exact
 * environment (the same code, src/cli/run.ts, without a process and a TypeScript loader per command).
 */
const PASSWORD = 'correct horse battery';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

const tenantCreate = (slug: string, overrides: Record<string, string | null> = {}) => {
  const flags: Record<string, string | null> = {
    name: `Tenant ${slug}`,
    slug,
    'admin-email': `owner@${slug}.test`,
    'admin-password': PASSWORD,
    ...overrides,
  };
  return Object.entries(flags).flatMap(([k, v]) => (v === null ? [] : [`--${k}`, v]));
};

/** Exit 2, a message that names the problem, and the usage line. */
function expectUsageError(run: Run, message: RegExp) {
  expect(run.code, run.stderr).toBe(2);
  expect(run.stderr).toMatch(message);
  expect(run.stdout).toBe('');
}

describe('the CLI on its own (it opens the configured database itself)', { timeout: 240_000 }, () => {
  let dataDir: string;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let env: Record<string, string>;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'kb-cli-'));
    db = await freshDatabase();
    env = { DATA_DIR: dataDir, ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl } : {}) };
  });
  afterAll(async () => {
    await db?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it(`refuses bad arguments with exit 2, creates a tenant, refuses a duplicate, adds a user (${onPostgres ? 'PostgreSQL' : 'embedded database'})`, async () => {
    // Refused: and the final listing shows that it created nothing.
    expectUsageError(await cli(['tenant', 'create', ...tenantCreate('broken', { 'admin-password': null })], env), /--admin-password is required[\s\S]*Usage: tenant create/);

    const created = await cli(['tenant', 'create', ...tenantCreate('acme'), '--json'], env);
    expect(created.code, created.stderr).toBe(0);
    const tenant = JSON.parse(created.stdout);
    expect(tenant).toEqual({ tenant_id: expect.stringMatching(/^[0-9a-f-]{36}$/), slug: 'acme', user_id: expect.stringMatching(/^[0-9a-f-]{36}$/) });

    expectUsageError(await cli(['tenant', 'create', ...tenantCreate('acme', { 'admin-email': 'other@acme.test' })], env), /Error: A tenant with slug "acme" already exists/);

    const user = await cli(['user', 'create', '--tenant', 'acme', '--email', 'Ann@Acme.test', '--password', PASSWORD, '--role', 'viewer', '--json'], env);
    expect(user.code, user.stderr).toBe(0);
    expect(JSON.parse(user.stdout)).toEqual({ user_id: expect.any(String), tenant_id: tenant.tenant_id, email: 'ann@acme.test', role: 'viewer' });

    const list = await cli(['tenant', 'list', '--json'], env);
    expect(list.code).toBe(0);
    expect(JSON.parse(list.stdout)).toEqual([{ tenant_id: tenant.tenant_id, slug: 'acme', name: 'Tenant acme', created_at: expect.any(String) }]);
  });

  it('with --json, failures are one JSON line on stderr in the API error shape, with the same exit codes', async () => {
    const usage = 'Usage: tenant create --name N --slug S --admin-email E --admin-password P [--admin-name NAME] [--json]';
    const json = (run: Run) => {
      expect(run.stdout).toBe('');
      expect(run.stderr.endsWith('\n') && !run.stderr.slice(0, -1).includes('\n'), run.stderr).toBe(true);
      return JSON.parse(run.stderr);
    };
    // One at a time: each opens the embedded database, which one process holds at once.
    const missing = await cliInProcess(['tenant', 'create', ...tenantCreate('json-co', { 'admin-password': null }), '--json'], env);
    const unknownFlag = await cliInProcess(['tenant', 'create', ...tenantCreate('json-co'), '--colour', 'blue', '--json'], env);
    const unknownCommand = await cliInProcess(['tenant', 'destroy', '--json'], env);
    const badConfig = await cliInProcess(['tenant', 'list', '--json'], { ...env, PORT: 'eighty' });
    expect([missing.code, unknownFlag.code, unknownCommand.code, badConfig.code]).toEqual([2, 2, 2, 2]);
    expect(json(missing)).toEqual({ detail: '--admin-password is required', code: 'usage_error', usage });
    expect(json(unknownFlag)).toEqual({ detail: 'Unknown flag: --colour', code: 'unknown_flag', usage });
    expect(json(unknownCommand)).toEqual({ detail: 'Unknown command: tenant destroy', code: 'unknown_command', usage: expect.stringContaining('tenant create --name') });
    expect(json(badConfig)).toEqual({ detail: expect.stringContaining('PORT'), code: 'configuration_error' });

    expect((await cliInProcess(['tenant', 'create', ...tenantCreate('json-co'), '--json'], env)).code).toBe(0);
    const [duplicate, badEmail] = [
      await cliInProcess(['tenant', 'create', ...tenantCreate('json-co', { 'admin-email': 'other@json-co.test' }), '--json'], env),
      await cliInProcess(['user', 'create', '--tenant', 'json-co', '--email', 'not-an-email', '--password', PASSWORD, '--role', 'viewer', '--json'], env),
    ];
    expect(duplicate.code).toBe(2);
    expect(json(duplicate)).toEqual({ detail: 'A tenant with slug "json-co" already exists', code: 'tenant_exists' });
    expect(badEmail.code).toBe(2);
    expect(json(badEmail)).toEqual({ detail: [expect.objectContaining({ loc: ['body', 'email'] })], code: 'validation_error' });
  });
});

describe('the CLI with neither a service nor a database in DATA_DIR', { timeout: 120_000 }, () => {
  it('says which DATA_DIR it looked at and how to fix it, and creates nothing there', async () => {
    const parent = await mkdtemp(path.join(os.tmpdir(), 'kb-cli-nodb-'));
    try {
      const dataDir = path.join(parent, 'data');
      const listed = await cliInProcess(['tenant', 'list'], { DATA_DIR: dataDir });
      expect(listed.code, listed.stderr).toBe(1);
      expect(listed.stdout).toBe('');
      expect(listed.stderr).toBe(
        `No service answers on ${dataDir}/cli.sock and DATA_DIR ${dataDir} holds no database: start the service with this DATA_DIR, ` +
          'or give the CLI the DATA_DIR the service uses (DATA_DIR=/path/to/data npm run cli -- ...), or DATABASE_URL for PostgreSQL. ' +
          'Only `tenant create` and `restore` create a new database.\n',
      );
      expect(existsSync(dataDir)).toBe(false);
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });
});

describe('with a running service holding the data directory (embedded database)', { timeout: 180_000 }, () => {
  let dataDir: string;
  let port: number;
  let service: Started;
  let env: Record<string, string>;
  const base = () => `http://127.0.0.1:${port}`;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'kb-main-'));
    port = await freePort();
    env = { DATA_DIR: dataDir };
    service = startMain({ ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', SHUTDOWN_GRACE_MS: '2000', JOB_POLL_INTERVAL_MS: '200' });
    await service.waitForLog((l) => l.msg === 'service started', 'service started');
  });
  afterAll(async () => {
    if (service && service.child.exitCode === null && service.child.signalCode === null) {
      service.child.kill('SIGKILL');
      await service.exited;
    }
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('answers the probes', async () => {
    const health = await fetch(`${base()}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${base()}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', data_dir: 'ok', object_store: 'ok' } });
    expect(existsSync(path.join(dataDir, 'db.lock'))).toBe(true);
    expect(existsSync(path.join(dataDir, 'cli.sock'))).toBe(true);
  });

  it("the CLI hands its commands to the service over the socket, with the same checks", async () => {
    const created = await cliInProcess(['tenant', 'create', ...tenantCreate('via-socket'), '--json'], env);
    expect(created.code, created.stderr).toBe(0);
    const tenant = JSON.parse(created.stdout);
    expect(tenant.slug).toBe('via-socket');

    // The tenant lives in the service's database: its owner can log in over HTTP right away.
    const login = await fetch(`${base()}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@via-socket.test', password: PASSWORD, tenant_id: 'via-socket' }),
    });
    expect(login.status).toBe(200);

    const [badSlug, badEmail, unknownFlag, unknownCommand, unknownTenant] = await Promise.all([
      cliInProcess(['tenant', 'create', ...tenantCreate('-bad')], env),
      cliInProcess(['tenant', 'create', ...tenantCreate('fine-slug', { 'admin-email': 'not-an-email' })], env),
      cliInProcess(['tenant', 'create', ...tenantCreate('fine-slug'), '--colour', 'blue'], env),
      cliInProcess(['tenant', 'destroy', '--slug', 'via-socket'], env),
      cliInProcess(['user', 'create', '--tenant', 'nope', '--email', 'x@nope.test', '--password', PASSWORD, '--role', 'viewer'], env),
    ]);
    expectUsageError(badSlug, /slug must be 2 to 63 characters/);
    expectUsageError(badEmail, /admin_email: value is not a valid email address/);
    expectUsageError(unknownFlag, /Unknown flag: --colour[\s\S]*Usage: tenant create/);
    expectUsageError(unknownCommand, /Unknown command: tenant destroy[\s\S]*tenant create --name/);
    expectUsageError(unknownTenant, /Unknown tenant "nope"/);
    const plainList = await cliInProcess(['tenant', 'list'], env);
    expect(plainList.code).toBe(0);
    expect(plainList.stdout).toMatch(new RegExp(`^${tenant.tenant_id}\\s+via-socket\\s+Tenant via-socket$`, 'm'));
    expect(plainList.stdout.trim().split('\n')).toHaveLength(1); // none of the refused commands created anything
  });

  it('a second service on the same data directory exits non-zero with the lock error', async () => {
    const second = startMain({ ...env, PORT: String(await freePort()), HOST: '127.0.0.1' });
    const { code } = await second.exited;
    expect(code).not.toBe(0);
    expect(second.output()).toContain(`The embedded database in ${dataDir} is in use by process ${service.child.pid}`);
    // The first one is unharmed.
    expect((await fetch(`${base()}/readyz`)).status).toBe(200);
  });

  it('SIGTERM: the request in flight completes, then the process exits 0 and releases the data directory', async () => {
    // Any answer proves completion; a failed login keeps this test independent of the others.
    const body = JSON.stringify({ email: 'owner@nowhere.test', password: PASSWORD, tenant_id: 'nowhere' });
    const split = Math.floor(body.length / 2);
    const mark = service.logCount();
    const socket = net.connect(port, '127.0.0.1');
    const response = new Promise<string>((resolve, reject) => {
      let text = '';
      socket.on('data', (c) => (text += c));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    socket.write(
      ['POST /api/auth/login HTTP/1.1', 'Host: localhost', 'Content-Type: application/json', `Content-Length: ${body.length}`, 'Connection: close', '', body.slice(0, split)].join(
        '\r\n',
      ),
    );
    // The service has the request (its headers are routed) but not yet its whole body.
    await service.waitForLog((l) => l.msg === 'incoming request' && l.req?.url === '/api/auth/login', 'the login request', mark);
    service.child.kill('SIGTERM');
    await service.waitForLog((l) => l.msg === 'shutting down: draining requests and jobs', 'the shutdown', mark);
    socket.write(body.slice(split)); // not end(): a half-closed request is aborted by Node, shutdown or not

    const answer = await response;
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(JSON.parse(answer.split('\r\n\r\n')[1])).toEqual({ detail: 'Incorrect email, password or tenant', code: 'invalid_credentials' });
    expect(await service.exited).toEqual({ code: 0, signal: null });
    expect(existsSync(path.join(dataDir, 'db.lock'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'cli.sock'))).toBe(false);
  });
});
