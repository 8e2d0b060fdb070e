import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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
    const db = await openPglite({ dataDir: null, appRole: 'kb_app', sharedBuffersMb: 16 });
    try {
      const [row] = await db.pglite.query<{ shared_buffers: string }>('SHOW shared_buffers').then((r) => r.rows);
      expect(row.shared_buffers).toBe('16MB');
    } finally {
      await db.close();
    }
  });
});

describe('a new data directory', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'kb-pglite-create-'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  const leftovers = async () => (await readdir(root)).filter((name) => name.startsWith('pglite.creating-'));

  it('is created by a child process, then opened here; reopening creates nothing', async () => {
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

  it("reports a failed creation with the child's error and leaves nothing that a later start takes for a database", async () => {
    const pgliteDir = path.join(root, 'pglite');
    // PostgreSQL refuses an unknown setting: initdb itself succeeds (PG_VERSION is written), the start after it fails.
    const failing = createPgliteCluster(pgliteDir, [...PGlite.defaultStartParams, '-c', 'no_such_setting=1']);
    await expect(failing).rejects.toThrow(/exited with code 1:\n[^]*PGlite failed to initialize/);
    expect(existsSync(pgliteDir)).toBe(false);
    expect(await leftovers()).toEqual([]);

    // What an interrupted creation leaves (a killed child) is removed, and the next start creates a database anew.
    await mkdir(path.join(root, 'pglite.creating-1'));
    await writeFile(path.join(root, 'pglite.creating-1', 'PG_VERSION'), '17\n');
    const reports: CreateReport[] = [];
    const db = await openPglite({ dataDir: root, appRole: 'kb_app', onCreated: (r) => reports.push(r) });
    await db.close();
    expect(reports).toHaveLength(1);
    expect(await leftovers()).toEqual([]);
  });

  it('refuses a directory that holds files but no database', async () => {
    await mkdir(path.join(root, 'pglite'));
    await writeFile(path.join(root, 'pglite', 'stray'), '');
    await expect(openPglite({ dataDir: root, appRole: 'kb_app' })).rejects.toThrow(/holds files but no database/);
    // The lock was released: the directory can be opened again once the stray file is gone.
    await rm(path.join(root, 'pglite', 'stray'));
    const db = await openPglite({ dataDir: root, appRole: 'kb_app' });
    await db.close();
  });
});
