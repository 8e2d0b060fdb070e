import { createHash } from 'node:crypto';
import { constants, createReadStream } from 'node:fs';
import { chmod, copyFile, cp, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CoreContext } from '../platform/context.js';
import { FileBlobStore } from '../platform/blobs/file-blob-store.js';
import { UsageError, requireFlag, type CliCommand } from './commands.js';

/**
 * `backup --out DIR` of an embedded DATA_DIR while the service runs (the CLI hands it to the running service over its
 * socket, so the snapshot comes from the process that holds the database), and the refusal of `restore` inside a
 * running service (restore itself runs with the service stopped: `restoreBackup`, called by src/cli.ts before any
 * database is opened).
 *
 * A backup is a directory:
 *   database.tar.gz  PGlite's own dump of its data directory, taken between two statements: a crash-consistent
 *                    snapshot (every committed transaction, nothing half-done), replayed from its WAL when opened
 *   secrets.json     the generated JWT secret and encryption key, when they are not given by the environment
 *                    (without it, encrypted provider keys could not be read after a restore)
 *   blobs/           the uploaded files (filesystem store), copied after the snapshot while deletes are held, so
 *                    every file the snapshot names is there
 *   manifest.json    written last: a directory without it is an interrupted backup and is refused by restore
 */

const BACKUP_FORMAT = 1;

export interface BackupManifest {
  format: number;
  created_at: string;
  database: { file: string; sha256: string; bytes: number };
  secrets: { file: string; sha256: string } | null;
  blobs: { store: 'filesystem'; files: number; bytes: number } | { store: 's3'; note: string };
}

type Dumpable = { pglite?: { dumpDataDir(compression?: 'gzip' | 'auto' | 'none'): Promise<Blob> } };

async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Files and bytes under a directory (recursively). */
async function tally(dir: string): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])) {
    if (!entry.isFile()) continue;
    files++;
    bytes += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return { files, bytes };
}

async function emptyOrAbsent(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

async function backup(ctx: Pick<CoreContext, 'db' | 'blobs' | 'config'>, out: string): Promise<BackupManifest> {
  const pglite = (ctx.db as unknown as Dumpable).pglite;
  if (ctx.db.kind !== 'pglite' || !pglite) {
    throw new UsageError('backup copies the embedded database; this service runs on PostgreSQL: use pg_dump (docs/operations.md, "Backups")');
  }
  if (!path.isAbsolute(out)) throw new UsageError('--out must be an absolute path');
  if (!(await emptyOrAbsent(out))) throw new UsageError(`${out} is not empty: back up into a new directory`);
  await mkdir(out, { recursive: true, mode: 0o700 });

  const release = ctx.blobs instanceof FileBlobStore ? ctx.blobs.holdDeletes() : null;
  try {
    const dump = await pglite.dumpDataDir('gzip');
    const database = path.join(out, 'database.tar.gz');
    await writeFile(database, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });

    let secrets: BackupManifest['secrets'] = null;
    const secretsFile = path.join(ctx.config.dataDir, 'secrets.json');
    if (await stat(secretsFile).catch(() => null)) {
      await copyFile(secretsFile, path.join(out, 'secrets.json'));
      await chmod(path.join(out, 'secrets.json'), 0o600);
      secrets = { file: 'secrets.json', sha256: await sha256File(secretsFile) };
    }

    let blobs: BackupManifest['blobs'];
    if (ctx.blobs instanceof FileBlobStore) {
      await cp(ctx.blobs.root, path.join(out, 'blobs'), {
        recursive: true,
        filter: (source) => !source.endsWith('.tmp'), // a write under way: no snapshot row names it
        mode: constants.COPYFILE_FICLONE,
      }).catch((error) => {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error; // no blobs directory yet: nothing uploaded
      });
      blobs = { store: 'filesystem', ...(await tally(path.join(out, 'blobs'))) };
    } else {
      blobs = { store: 's3', note: 'the files are in the S3 bucket, which this backup does not copy: use the bucket\'s versioning or replication' };
    }

    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      created_at: new Date().toISOString(),
      database: { file: 'database.tar.gz', sha256: await sha256File(database), bytes: dump.size },
      secrets,
      blobs,
    };
    await writeFile(path.join(out, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n', { mode: 0o600 });
    return manifest;
  } finally {
    await release?.();
  }
}

export async function readManifest(from: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(path.join(from, 'manifest.json'), 'utf8'));
  } catch {
    throw new UsageError(`${from} holds no manifest.json: not a backup, or an interrupted one`);
  }
  if (manifest.format !== BACKUP_FORMAT) throw new UsageError(`${from} is a backup of format ${manifest.format}; this version reads format ${BACKUP_FORMAT}`);
  if ((await sha256File(path.join(from, manifest.database.file)).catch(() => null)) !== manifest.database.sha256) {
    throw new UsageError(`${from}/${manifest.database.file} does not match its checksum in manifest.json: the backup is damaged`);
  }
  if (manifest.secrets && (await sha256File(path.join(from, manifest.secrets.file)).catch(() => null)) !== manifest.secrets.sha256) {
    throw new UsageError(`${from}/${manifest.secrets.file} does not match its checksum in manifest.json: the backup is damaged`);
  }
  return manifest;
}

const describe = (m: BackupManifest) =>
  `database ${(m.database.bytes / 1024 / 1024).toFixed(1)} MB` +
  (m.secrets ? ', secrets' : '') +
  (m.blobs.store === 'filesystem' ? `, ${m.blobs.files} files (${(m.blobs.bytes / 1024 / 1024).toFixed(1)} MB)` : ', files left in the S3 bucket');

export function backupCommands(ctx: Pick<CoreContext, 'db' | 'blobs' | 'config'>): CliCommand[] {
  return [
    {
      path: ['backup'],
      usage: 'backup --out DIR [--json]   (embedded database: a consistent copy while the service runs)',
      flags: ['out'],
      async run(flags, io) {
        const out = requireFlag(flags, 'out');
        const manifest = await backup(ctx, out);
        io.out(flags.json ? JSON.stringify({ out, ...manifest }) : `Backed up to ${out}: ${describe(manifest)}`);
        return 0;
      },
    },
    {
      path: ['restore'],
      usage: 'restore --from DIR [--json]   (with the service stopped, into a DATA_DIR that holds no database)',
      flags: ['from'],
      async run() {
        // Reached only through a running service's socket: src/cli.ts runs restore itself when none runs.
        throw new UsageError('restore replaces the database this service is using: stop the service, then run restore again');
      },
    },
  ];
}

export { describe as describeBackup };
