import { chmod, copyFile, cp, mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../platform/config.js';
import { acquireDataDirLock } from '../platform/db/lock.js';
import { openPglite } from '../platform/db/pglite.js';
import { readServiceDatabase } from './service-database.js';
import { readManifest, type BackupManifest } from './backup.js';
import { UsageError } from './commands.js';

/**
 * `restore --from DIR`: a backup made by `backup` (backup.ts) into DATA_DIR, with no service running on it and no
 * database in it yet. The dump is opened once (which applies the migrations of this version: a backup of an older
 * version is upgraded), then the secrets and the files are put back.
 */
export async function restoreBackup(config: Pick<Config, 'dataDir' | 'databaseUrl' | 'databaseAppRole'>, from: string): Promise<BackupManifest> {
  if (config.databaseUrl) throw new UsageError('restore is for the embedded database, and DATABASE_URL is set: restore PostgreSQL with pg_restore (docs/operations.md)');
  if ((await readServiceDatabase(config.dataDir))?.kind === 'postgres') {
    throw new UsageError(`the service of ${config.dataDir} runs on PostgreSQL: restore PostgreSQL with pg_restore (docs/operations.md)`);
  }
  const manifest = await readManifest(from);
  await mkdir(config.dataDir, { recursive: true });
  const lock = await acquireDataDirLock(config.dataDir); // a service running on this directory holds it
  try {
    const existing = await readdir(path.join(config.dataDir, 'pglite')).catch(() => []);
    if (existing.length > 0) throw new UsageError(`${config.dataDir} already holds a database: restore into an empty DATA_DIR (move this one aside first)`);
  } finally {
    await lock.release();
  }

  const dump = new Blob([await readFile(path.join(from, manifest.database.file))]);
  const db = await openPglite({ dataDir: config.dataDir, appRole: config.databaseAppRole, loadFrom: dump });
  await db.close();
  if (manifest.secrets) {
    const target = path.join(config.dataDir, 'secrets.json');
    await copyFile(path.join(from, manifest.secrets.file), target);
    await chmod(target, 0o600);
  }
  if (manifest.blobs.store === 'filesystem' && manifest.blobs.files > 0) {
    await cp(path.join(from, 'blobs'), path.join(config.dataDir, 'blobs'), { recursive: true });
  }
  return manifest;
}
