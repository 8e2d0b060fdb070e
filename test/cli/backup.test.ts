import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, onPostgres, runCommand, startTestService, type TestService, type TestTenant } from '../harness.js';
import { indexedOk, uploadOk } from '../support/documents.js';
import { rows } from '../../src/platform/db/database.js';
import { cli as runCli, run } from '../support/processes.js';

/**
 * `npm run cli -- backup` of an embedded DATA_DIR while the service runs, and `restore` into a new one:
 * the restored service has the tenants, users, documents, files and secrets of the snapshot, while uploads and
 * deletes went on during the backup.
 */
const dirs: string[] = [];
const tempDir = async (name: string) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), `kb-${name}-`));
  dirs.push(dir);
  return dir;
};
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** The real CLI, as an operator runs it: its own process, only DATA_DIR set. */
const cli = (argv: string[], dataDir: string) => runCli(argv, { DATA_DIR: dataDir });

describe.skipIf(onPostgres)('backup and restore of the embedded database', { timeout: 240_000 }, () => {
  let t: TestService;
  let a: TestTenant;
  let backupDir: string;
  let restoredDir: string;
  const kept: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestService({ persistent: true });
    a = await createTenant(t, 'Backed up');
    for (const name of ['kept-1.txt', 'kept-2.txt', 'deleted-during-backup.txt']) {
      kept[name] = await uploadOk(t, a, name, `The contents of ${name}.\n`.repeat(100));
      await indexedOk(t, a, kept[name]);
    }
  });
  afterAll(async () => {
    await t?.close();
    await t?.destroy();
  });

  it('backs up while the service runs: uploads and deletes go on, and every file the snapshot names is copied', async () => {
    backupDir = path.join(await tempDir('backup'), 'snapshot');
    const during = Promise.all([
      runCommand(t, ['backup', '--out', backupDir, '--json']),
      t.app.inject({ method: 'DELETE', url: `/api/v1/documents/${kept['deleted-during-backup.txt']}`, headers: a.auth() }),
      uploadOk(t, a, 'uploaded-during-backup.txt', 'Written while the backup ran.\n'),
    ]);
    const [out, deleted] = await during;
    expect(deleted.statusCode).toBe(204);
    const manifest = JSON.parse(out);
    expect(manifest).toMatchObject({ format: 1, out: backupDir, secrets: { file: 'secrets.json' }, blobs: { store: 'filesystem' } });
    expect(manifest.blobs.files).toBeGreaterThanOrEqual(4); // 2 kept documents × (original + extracted text)
    expect(JSON.parse(await readFile(path.join(backupDir, 'manifest.json'), 'utf8'))).toEqual(
      Object.fromEntries(Object.entries(manifest).filter(([k]) => k !== 'out')),
    );
    // Deletes were held during the copy and happen once it is done.
    const left = await t.service.ctx.db.tenant(a.tenantId, (tx) => rows(tx, sql`SELECT id FROM documents WHERE id = ${kept['deleted-during-backup.txt']}`));
    expect(left).toEqual([]);
  });

  it('refuses a directory that is not empty, and a relative path inside the service', async () => {
    await expect(runCommand(t, ['backup', '--out', backupDir])).rejects.toThrow(/not empty/);
    await expect(runCommand(t, ['backup', '--out', 'relative/dir'])).rejects.toThrow(/absolute/);
  });

  it('restores into a new DATA_DIR: tenants, sign-in, tokens, documents and their files are those of the snapshot', async () => {
    const target = (restoredDir = await tempDir('restored'));
    const restored = await cli(['restore', '--from', backupDir], target);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(/^Restored .* into .*: database [\d.]+ MB, secrets, \d+ files/);

    const s = await startTestService({ reuse: { dataDir: target } });
    try {
      // The restored secrets sign and verify: a token issued before the backup still works.
      const me = await s.app.inject({ method: 'GET', url: '/api/auth/me', headers: a.auth() });
      expect(me.statusCode, me.body).toBe(200);
      const login = await s.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: a.ownerEmail, password: a.password, tenant_id: a.slug } });
      expect(login.statusCode).toBe(200);

      const docs = await s.service.ctx.db.tenant(a.tenantId, (tx) =>
        rows<{ id: string; filename: string; blob_key: string; extracted_key: string | null }>(tx, sql`SELECT id, filename, blob_key, extracted_key FROM documents`),
      );
      const names = docs.map((d) => d.filename);
      expect(names).toEqual(expect.arrayContaining(['kept-1.txt', 'kept-2.txt']));
      for (const doc of docs) {
        // Whatever the snapshot holds, its files are there (the document deleted during the backup may or may not be).
        expect(await s.service.ctx.blobs.size(doc.blob_key), doc.filename).toBeGreaterThan(0);
        if (doc.extracted_key) expect(await s.service.ctx.blobs.size(doc.extracted_key)).toBeGreaterThan(0);
      }
      const file = await s.app.inject({ method: 'GET', url: `/api/v1/documents/${kept['kept-1.txt']}/file`, headers: a.auth() });
      expect(file.body).toBe('The contents of kept-1.txt.\n'.repeat(100));
    } finally {
      await s.close();
    }
  });

  it('restore refuses a DATA_DIR that holds a database, a running service, and a damaged backup', async () => {
    const busy = await cli(['restore', '--from', backupDir], t.config.dataDir);
    expect(busy.code).toBe(1);
    expect(busy.stderr).toMatch(/in use by process \d+.*Stop it before restoring/s);
    const again = await cli(['restore', '--from', backupDir], restoredDir);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/already holds a database/);

    const target = await tempDir('damaged');
    const damaged = path.join(await tempDir('copy'), 'snapshot');
    await run('cp', ['-r', backupDir, damaged], {});
    const db = await readFile(path.join(damaged, 'database.tar.gz'));
    db[db.length - 10] ^= 0xff;
    await writeFile(path.join(damaged, 'database.tar.gz'), db);
    const refused = await cli(['restore', '--from', damaged], target);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/does not match its checksum/);

    const interrupted = await tempDir('interrupted');
    expect((await cli(['restore', '--from', interrupted], target)).stderr).toMatch(/no manifest\.json/);
  });
});

describe.runIf(onPostgres)('backup on PostgreSQL', () => {
  it('refuses and points to pg_dump', async () => {
    const t = await startTestService();
    try {
      await expect(runCommand(t, ['backup', '--out', path.join(await tempDir('pg'), 'b')])).rejects.toThrow(/pg_dump/);
    } finally {
      await t.close();
    }
  });
});
