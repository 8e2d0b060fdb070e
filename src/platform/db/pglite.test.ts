import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { acquireDataDirLock } from './lock.js';
import { createPgliteCluster, openPglite, pgliteStartParams, type CreateReport } from './pglite.js';

describe('pgliteStartParams', () => {
  it("keeps PGlite's own start-up parameters and sets shared_buffers after them", () => {
    const params = pgliteStartParams({ sharedBuffersMb: 16 })!;
    expect(params.slice(0, PGlite.defaultStartParams.length)).toEqual(PGlite.defaultStartParams);
    expect(params.slice(-2)).toEqual(['-c', 'shared_buffers=16MB']);
    expect(pgliteStartParams({})).toBeNull();
    expect(() => pgliteStartParams({ sharedBuffersMb: 0 })).toThrow();
  });
});

describe('openPglite', () => {
  it('starts PostgreSQL with the shared_buffers it is given', async () => {
    // From the migrated test template (made by the embedded run's global setup): a new in-memory cluster would run
    // initdb in this process (seconds of CPU). A run on PostgreSQL has no template and pays for initdb.
    const template = inject('pgliteTemplate');
    const loadFrom = template ? new Blob([await readFile(template)]) : undefined;
    const db = await openPglite({ dataDir: null, appRole: 'kb_app', sharedBuffersMb: 16, loadFrom });
    try {
      const [row] = await db.pglite.query<{ shared_buffers: string }>('SHOW shared_buffers').then((r) => r.rows);
      expect(row.shared_buffers).toBe('16MB');
    } finally {
      await db.close();
    }
  });
});

describe('a new data directory', () => {
  // A creation runs initdb in a child process: about 10 s of CPU, far more wall time on a shared machine. Each test
  // here runs at most one (the first: one, and a reopen), and allows for a loaded machine.
  const CREATION_MS = 180_000;

  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'kb-pglite-create-'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  const leftovers = async () => (await readdir(root)).filter((name) => name.startsWith('pglite.creating-'));

  it('is created by a child process, then opened here; reopening creates nothing', { timeout: CREATION_MS }, async () => {
    const reports: CreateReport[] = [];
    const db = await openPglite({ dataDir: root, appRole: 'kb_app', sharedBuffersMb: 16, onCreated: (r) => reports.push(r) });
    try {
      // initdb ran in another process: this one found PG_VERSION in place when it opened the directory.
      expect(reports).toHaveLength(1);
      expect(reports[0].pid).not.toBe(process.pid);
      expect(reports[0].ms).toBeGreaterThan(0);
      await db.maintain((exec) => exec('CREATE TABLE create_test (x int); INSERT INTO create_test VALUES (42)'));
    } finally {
      await db.close();
    }
    expect(existsSync(path.join(root, 'pglite', 'PG_VERSION'))).toBe(true);
    expect(await leftovers()).toEqual([]);

    const again = await openPglite({ dataDir: root, appRole: 'kb_app', sharedBuffersMb: 16, onCreated: (r) => reports.push(r) });
    try {
      expect(reports).toHaveLength(1);
      expect(await again.maintain((exec) => exec('SELECT x FROM create_test'))).toEqual([{ x: 42 }]);
      const [row] = await again.pglite.query<{ shared_buffers: string }>('SHOW shared_buffers').then((r) => r.rows);
      expect(row.shared_buffers).toBe('16MB');
    } finally {
      await again.close();
    }
  });

  it("reports a failed creation with the child's error and leaves nothing that a later start takes for a database", { timeout: CREATION_MS }, async () => {
    const pgliteDir = path.join(root, 'pglite');
    // What an interrupted creation leaves (a killed child) is removed before the next creation starts.
    await mkdir(path.join(root, 'pglite.creating-1'));
    await writeFile(path.join(root, 'pglite.creating-1', 'PG_VERSION'), '17\n');
    // PostgreSQL refuses an unknown setting: initdb itself succeeds (PG_VERSION is written), the start after it fails.
    const failing = createPgliteCluster(pgliteDir, [...PGlite.defaultStartParams, '-c', 'no_such_setting=1']);
    await expect(failing).rejects.toThrow(/exited with code 1:\n[^]*PGlite failed to initialize/);
    expect(existsSync(pgliteDir)).toBe(false);
    expect(await leftovers()).toEqual([]);
  });

  it('refuses a directory that holds files but no database, and releases its lock', async () => {
    await mkdir(path.join(root, 'pglite'));
    await writeFile(path.join(root, 'pglite', 'stray'), '');
    await expect(openPglite({ dataDir: root, appRole: 'kb_app' })).rejects.toThrow(/holds files but no database/);
    // The lock was released: another opener may take it at once (no database is created to show it).
    const lock = await acquireDataDirLock(root);
    await lock.release();
  });
});
