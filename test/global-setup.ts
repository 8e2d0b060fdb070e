import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../src/platform/db/pglite.js';
import { runMigrations } from '../src/platform/db/migrate.js';
import { readObservedCodes, unlistedCodes } from './support/observed-codes.js';
import { browserSkipReason, ensureConsoleBuilt } from './support/browser.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplate: string;
    /** Where test workers record the error codes they saw (test/support/record-error-codes.ts). */
    errorCodesDir: string;
  }
}

/**
 * Migrates once per run: a PGlite dump that every test clones, or, with DATABASE_URL, a template
 * database on the server from which each test creates its own database.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const codesDir = await mkdtemp(path.join(os.tmpdir(), 'kb-codes-'));
  project.provide('errorCodesDir', codesDir);
  // Built once here (a fresh clone has no web/dist), so that browser test files never build it concurrently.
  const built = browserSkipReason ? Promise.resolve() : ensureConsoleBuilt();
  const teardown = await setupDatabase(project);
  await built;
  return async () => {
    await teardown();
    await checkObservedCodes(codesDir);
  };
}

/** Fails the run when any response a test received carried a `code` that the error table does not list. */
async function checkObservedCodes(dir: string): Promise<void> {
  const unlisted = unlistedCodes(await readObservedCodes(dir));
  await rm(dir, { recursive: true, force: true });
  if (unlisted.length > 0) {
    throw new Error(`responses carried codes missing from src/platform/http/error-codes.ts:\n  ${unlisted.join('\n  ')}`);
  }
}

async function setupDatabase(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const prefix = process.env.TEST_DB_PREFIX ?? `kbtest_${process.pid}`;
    const template = `${prefix}_tpl`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
    const target = new URL(url);
    target.pathname = `/${template}`;
    const owner = new pg.Client({ connectionString: target.toString() });
    await owner.connect();
    await runMigrations(
      { exec: async (t) => void (await owner.query(t)), rows: async (t) => (await owner.query(t)).rows },
      process.env.DATABASE_APP_ROLE ?? 'kb_app',
    );
    await owner.end();
    project.provide('pgTemplate', template);
    project.provide('pgliteTemplate', '');
    return async () => {
      // The template, and the databases of the workers' shared services (test/harness.ts), which no file closes.
      const { rows } = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [`${prefix.replace(/_/g, '\\_')}\\_%`]);
      for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`).catch(() => {});
      await admin.end();
    };
  }
  const db = await openPglite({ dataDir: null, appRole: 'kb_app' });
  const dump = await db.pglite.dumpDataDir('none');
  await db.close();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'kb-template-'));
  const file = path.join(dir, 'template.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('pgTemplate', '');
  return async () => {};
}
