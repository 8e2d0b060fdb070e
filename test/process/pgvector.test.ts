import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, runMain } from '../support/processes.js';

/**
 * On PostgreSQL without pgvector the service says in one line what is missing and how to get it.
 * pgvector is not a trusted extension, so a database owned by a role that is not a
 * superuser is a database where `CREATE EXTENSION vector` fails on any server, with or without pgvector.
 * Needs a PostgreSQL server: DATABASE_URL (a superuser URL), else the local one script/test documents.
 */
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const reachable = await (async () => {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return (await client.query<{ rolsuper: boolean }>('SELECT rolsuper FROM pg_roles WHERE rolname = current_user')).rows[0].rolsuper;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
})();

describe.skipIf(!reachable)('a PostgreSQL database where pgvector cannot be enabled', { timeout: 120_000 }, () => {
  const name = `kb_novector_${randomUUID().replace(/-/g, '').slice(0, 10)}`;
  let admin: pg.Client;
  let dataDir: string;
  let available: boolean;
  let major: number;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE ROLE ${name} LOGIN NOSUPERUSER PASSWORD '${name}'`);
    await admin.query(`CREATE DATABASE ${name} OWNER ${name}`);
    const { rows } = await admin.query(`SELECT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'vector') AS available,
      current_setting('server_version_num')::int / 10000 AS major`);
    ({ available, major } = rows[0]);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'kb-novector-'));
  });
  afterAll(async () => {
    await admin?.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    await admin?.query(`DROP ROLE IF EXISTS ${name}`).catch(() => {});
    await admin?.end();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('the service exits 1 with one line naming pgvector and the way to get it, no stack trace', async () => {
    const url = new URL(ADMIN_URL);
    url.username = name;
    url.password = name;
    url.pathname = `/${name}`;
    const result = await runMain({
      DATABASE_URL: url.toString(),
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
    });
    const server = `PostgreSQL ${major} at ${url.host}`;
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toBe(
      available
        ? `Cannot start: ${server} has pgvector, but this user may not enable it in database "${name}": have a superuser run CREATE EXTENSION vector in "${name}", then start again.\n`
        : `Cannot start: ${server} lacks the pgvector extension (vector): install it on the database host with script/ensure-pgvector or the distribution's package (e.g. apt-get install postgresql-${major}-pgvector), then start again.\n`,
    );
  });
});
