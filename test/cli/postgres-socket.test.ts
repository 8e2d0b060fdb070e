import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, onPostgres } from '../harness.js';
import { cli, freePort, startMain, type Started } from '../support/processes.js';

/**
 * With the service running on PostgreSQL, the CLI run without DATABASE_URL (as the README shows it)
 * acts on the service's database through the socket under DATA_DIR, instead of silently opening an
 * embedded database there; with the service down it refuses rather than create one.
 * Needs DATABASE_URL (a server with pgvector).
 */
describe.runIf(onPostgres)('the CLI next to a service on PostgreSQL', { timeout: 180_000 }, () => {
  let dataDir: string;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let service: Started;
  let port: number;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'kb-pg-cli-'));
    db = await freshDatabase();
    port = await freePort();
    service = startMain({
      DATA_DIR: dataDir,
      DATABASE_URL: db.databaseUrl!,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
    });
    await service.logged('service started');
  });
  afterAll(async () => {
    if (service && service.child.exitCode === null && service.child.signalCode === null) {
      service.child.kill('SIGTERM');
      await service.exited;
    }
    await db?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('creates the tenant in the service database; no embedded database appears under DATA_DIR', async () => {
    expect(existsSync(path.join(dataDir, 'cli.sock'))).toBe(true);
    const created = await cli(['tenant', 'create', '--name', 'Acme', '--slug', 'acme',
      '--admin-email', 'owner@acme.test', '--admin-password', 'correct horse battery', '--json'], { DATA_DIR: dataDir });
    expect(created.code, created.stderr).toBe(0);
    expect(JSON.parse(created.stdout).slug).toBe('acme');

    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@acme.test', password: 'correct horse battery', tenant_id: 'acme' }),
    });
    expect(login.status).toBe(200);
    expect((await readdir(dataDir)).filter((name) => name === 'pglite' || name === 'db.lock')).toEqual([]);
  });

  it('with that service stopped, the CLI refuses (exit 1, saying why) instead of creating an embedded database', async () => {
    service.child.kill('SIGTERM');
    expect(await service.exited).toEqual({ code: 0, signal: null });
    const server = `${new URL(db.databaseUrl!).host}${new URL(db.databaseUrl!).pathname}`;
    const message =
      `The service using ${dataDir} runs on PostgreSQL (${server}) and is not answering on ${path.join(dataDir, 'cli.sock')}: ` +
      `start it, or set DATABASE_URL to act on that database directly (remove ${path.join(dataDir, 'service-database.json')} to use an embedded database here instead).`;
    const plain = await cli(['tenant', 'list'], { DATA_DIR: dataDir });
    expect(plain).toMatchObject({ code: 1, stdout: '', stderr: `${message}\n` });
    const json = await cli(['tenant', 'list', '--json'], { DATA_DIR: dataDir });
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stderr)).toEqual({ detail: message, code: 'service_unreachable' });
    expect((await readdir(dataDir)).filter((name) => name === 'pglite' || name === 'db.lock')).toEqual([]);

    // With DATABASE_URL the CLI opens that database itself and finds the tenant made through the socket.
    const direct = await cli(['tenant', 'list', '--json'], { DATA_DIR: dataDir, DATABASE_URL: db.databaseUrl! });
    expect(direct.code, direct.stderr).toBe(0);
    expect(JSON.parse(direct.stdout).map((t: { slug: string }) => t.slug)).toEqual(['acme']);
  });
});
