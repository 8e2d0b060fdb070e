import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../harness.js';
import { cli as runCli, freePort, runMain } from '../support/processes.js';

/**
 * A wrong DATABASE_URL stops the service and the CLI with one line that says what failed and what to change (not
 * the driver's stack trace), and a URL without a host is refused before anything connects: the driver would read it
 * as "the local server" and connect there. Nothing is created in DATA_DIR.
 */
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'kb-database-url-'));
});
afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const service = async (databaseUrl: string) =>
  runMain({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, PORT: '0', HOST: '127.0.0.1' });
const cli = (databaseUrl: string) => runCli(['tenant', 'list'], { DATA_DIR: dataDir, DATABASE_URL: databaseUrl });

/** Exactly one line on stderr (no stack trace), nothing on stdout. */
function expectOneLine(result: Awaited<ReturnType<typeof runMain>>, code: number, line: RegExp) {
  expect(result.code, result.stderr).toBe(code);
  expect(result.stderr.split('\n').filter(Boolean), result.stderr).toHaveLength(1);
  expect(result.stderr).toMatch(line);
  expect(result.stdout).toBe('');
}

describe('a wrong DATABASE_URL', { timeout: 60_000 }, () => {
  it('unreachable port: the service says the server refused and which host and port to fix, exit 1', async () => {
    const port = await freePort();
    expectOneLine(await service(`postgresql://kb@127.0.0.1:${port}/kb`), 1, new RegExp(`^Cannot start: PostgreSQL at 127\\.0\\.0\\.1:${port} refused the connection: .*fix the host or port in DATABASE_URL`, 'i'));
    expect(await readdir(dataDir)).toEqual([]);
  });

  it('no host: refused at configuration, exit 2 (src/platform/config.test.ts checks the forms and that no password is repeated)', async () => {
    expectOneLine(await service('postgres:/oops'), 2, /^Configuration error: DATABASE_URL names no host \(e\.g\. postgresql:\/\//);
  });

  it('unknown host: the CLI says the name does not resolve, exit 1', async () => {
    expectOneLine(await cli('postgresql://kb@no-such-db-host.invalid:5432/kb'), 1, /^Cannot connect: the host "no-such-db-host\.invalid" of DATABASE_URL cannot be resolved .*fix the host name in DATABASE_URL/);
  });

  it.runIf(onPostgres)('unknown database: the service names it and how to create it, exit 1', async () => {
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = '/kb_no_such_database';
    expectOneLine(await service(url.href), 1, /^Cannot start: the database "kb_no_such_database" does not exist on PostgreSQL at .*: create it .*or fix the database name in DATABASE_URL/);
  });
});
