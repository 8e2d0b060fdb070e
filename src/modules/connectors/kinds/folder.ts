import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { lstat, opendir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Type, type Static } from 'typebox';
import type { ConnectorContext, ConnectorEnv, ConnectorItem, ConnectorKind, ListEvent, ListResult } from './kind.js';

const Glob = Type.String({ minLength: 1, maxLength: 500 });
const FolderConfig = Type.Object(
  {
    path: Type.String({ minLength: 1, maxLength: 4096, description: 'An absolute directory under one of the roots the operator allows (CONNECTOR_FOLDER_ROOTS)' }),
    include: Type.Optional(Type.Array(Glob, { maxItems: 50, description: 'Glob patterns of paths relative to the folder (`**/*.md`); only matching files are indexed. Default: every file' })),
    exclude: Type.Optional(Type.Array(Glob, { maxItems: 50, description: 'Glob patterns of paths relative to the folder that are skipped (files, or whole directories)' })),
  },
  { additionalProperties: false },
);
type FolderConfig = Static<typeof FolderConfig>;

/** Inside `root` (or it): `child` is a real path. */
const within = (root: string, child: string) => child === root || child.startsWith(root.endsWith(path.sep) ? root : root + path.sep);

/** The relative path as the item's id and the globs see it: forward slashes whatever the platform. */
const posix = (relative: string) => relative.split(path.sep).join('/');

const matches = (relative: string, patterns: readonly string[] | undefined) => (patterns ?? []).some((p) => path.matchesGlob(relative, p));

/** The folder's real path when it is a directory under an allowed root; the problem otherwise. */
async function resolveFolder(config: FolderConfig, env: ConnectorEnv): Promise<{ root: string } | { problem: string }> {
  if (env.folderRoots.length === 0) return { problem: 'folder connectors are not enabled on this service (the operator sets CONNECTOR_FOLDER_ROOTS)' };
  if (!path.isAbsolute(config.path)) return { problem: 'path must be an absolute directory' };
  if (config.path.split(/[\\/]/).includes('..')) return { problem: 'path must not contain ".."' };
  let real: string;
  try {
    real = await realpath(config.path);
  } catch {
    return { problem: 'path does not exist or cannot be read' };
  }
  // Symbolic links are resolved first, so a link inside a root that points outside it is refused like the target.
  if (!env.folderRoots.some((root) => within(root, real))) return { problem: `path is not under an allowed root (${env.folderRoots.join(', ')})` };
  if (!(await stat(real)).isDirectory()) return { problem: 'path is not a directory' };
  return { root: real };
}

/** sha-256 of the file, streamed. */
async function hashFile(file: string, signal: AbortSignal): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file, { signal }), hash);
  return hash.digest('hex');
}

/**
 * A mounted folder: every file under it (recursively), its id the path relative to the folder. The version is
 * size, modification time and content hash; the hash is computed only when size or time differ from the last run's,
 * so a run over an unchanged folder reads no file. Symbolic links are followed only to files inside the folder;
 * one leading elsewhere is an item error. A directory that cannot be read fails the listing (nothing is deleted).
 */
export const folderKind: ConnectorKind<FolderConfig, null> = {
  kind: 'folder',
  title: 'Folder',
  description: 'A directory on the server (under a root the operator allows), read recursively',
  config: FolderConfig,
  credentials: null,

  async check(config, env) {
    const resolved = await resolveFolder(config, env);
    return 'problem' in resolved ? { loc: ['config', 'path'], message: resolved.problem } : null;
  },

  async *list(ctx): AsyncGenerator<ListEvent, ListResult, void> {
    const resolved = await resolveFolder(ctx.config, ctx.env);
    if ('problem' in resolved) throw new Error(`The folder cannot be listed: ${resolved.problem}`);
    const { root } = resolved;
    let items = 0;

    async function* walk(dir: string): AsyncGenerator<ListEvent, void, void> {
      // Any failure to read a directory throws: a listing that missed a directory must not delete its files.
      const handle = await opendir(dir);
      const entries: { name: string; kind: 'dir' | 'file' | 'link' | 'other' }[] = [];
      for await (const entry of handle) {
        entries.push({ name: entry.name, kind: entry.isDirectory() ? 'dir' : entry.isFile() ? 'file' : entry.isSymbolicLink() ? 'link' : 'other' });
      }
      entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      for (const entry of entries) {
        ctx.signal.throwIfAborted();
        const full = path.join(dir, entry.name);
        const relative = posix(path.relative(root, full));
        if (matches(relative, ctx.config.exclude)) continue;
        if (entry.kind === 'dir') {
          yield* walk(full);
          continue;
        }
        if (entry.kind === 'other') continue; // sockets, pipes, devices: not files
        if (ctx.config.include?.length && !matches(relative, ctx.config.include)) continue;
        let target = full;
        if (entry.kind === 'link') {
          try {
            target = await realpath(full);
          } catch {
            yield { type: 'error', externalId: relative, message: `${relative}: a symbolic link whose target does not exist` };
            continue;
          }
          if (!within(root, target)) {
            yield { type: 'error', externalId: relative, message: `${relative}: a symbolic link leading outside the folder (not followed)` };
            continue;
          }
        }
        const info = await stat(target).catch(() => null);
        if (!info) {
          yield { type: 'error', externalId: relative, message: `${relative}: the file cannot be read` };
          continue;
        }
        if (!info.isFile()) {
          if (entry.kind === 'link') yield { type: 'error', externalId: relative, message: `${relative}: a symbolic link to a directory (not followed)` };
          continue;
        }
        if (info.size > ctx.limits.maxFileBytes) {
          yield { type: 'error', externalId: relative, message: `${relative}: ${info.size} bytes, larger than the upload limit` };
          continue;
        }
        if (++items > ctx.limits.maxItems) throw new Error(`The folder holds more than ${ctx.limits.maxItems} files (CONNECTOR_MAX_ITEMS_PER_RUN)`);
        const mtime = Math.trunc(info.mtimeMs);
        const previous = await ctx.previous(relative);
        const [size, time] = previous?.version.split(':') ?? [];
        let version: string;
        if (previous && size === String(info.size) && time === String(mtime)) {
          version = previous.version; // same size and time: not read again
        } else {
          try {
            version = `${info.size}:${mtime}:${await hashFile(target, ctx.signal)}`;
          } catch (error) {
            ctx.signal.throwIfAborted();
            yield { type: 'error', externalId: relative, message: `${relative}: the file cannot be read (${(error as Error).message})` };
            continue;
          }
        }
        yield { type: 'item', item: { externalId: relative, version, filename: path.basename(relative), url: null, size: info.size } };
      }
    }

    yield* walk(root);
    return { mode: 'full' };
  },

  async open(ctx: ConnectorContext<FolderConfig, null>, item: ConnectorItem): Promise<Readable> {
    const resolved = await resolveFolder(ctx.config, ctx.env);
    if ('problem' in resolved) throw new Error(`The folder cannot be read: ${resolved.problem}`);
    if (item.externalId.split('/').includes('..')) throw new Error(`${item.externalId}: not a path inside the folder`);
    // Resolved again at read time: a link swapped in since the listing must not lead outside the folder.
    const target = await realpath(path.join(resolved.root, ...item.externalId.split('/')));
    if (!within(resolved.root, target)) throw new Error(`${item.externalId}: leads outside the folder`);
    if (!(await lstat(target)).isFile()) throw new Error(`${item.externalId}: not a file`);
    // No signal of its own: the engine's pipeline destroys it when the run stops, and a stream aborted before anyone
    // listens would raise its error unhandled.
    return createReadStream(target);
  },
};
