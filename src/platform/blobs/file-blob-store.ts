import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, constants, mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertBlobKey, BlobNotFoundError, Digest, newBlobKey, type BlobBody, type BlobOwner, type BlobStore, type StoredBlob } from './blob-store.js';

/** Blobs as files under one directory (DATA_DIR/blobs), the key as the relative path. The default store. */
export class FileBlobStore implements BlobStore {
  readonly kind = 'filesystem' as const;
  /** Keys whose deletion waits for a backup to finish copying (null: none under way). */
  private held: string[] | null = null;
  private holds = 0;

  constructor(readonly root: string) {}

  private pathOf(key: string): string {
    return path.join(this.root, assertBlobKey(key));
  }

  async put(body: BlobBody, owner: BlobOwner): Promise<StoredBlob> {
    const key = newBlobKey(owner);
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${randomUUID().slice(0, 8)}.tmp`;
    const digest = new Digest();
    try {
      await pipeline(digest.through(body), createWriteStream(tmp, { mode: 0o600, flags: 'wx' }));
      await rename(tmp, file); // readers see the whole file or none of it
    } catch (error) {
      await rm(tmp, { force: true });
      throw error;
    }
    return { key, sha256: digest.hex(), size: digest.size };
  }

  async get(key: string): Promise<Buffer> {
    return readFile(this.pathOf(key)).catch((error) => notFound(error, key));
  }

  async stream(key: string): Promise<Readable> {
    const file = this.pathOf(key);
    await stat(file).catch((error) => notFound(error, key));
    return createReadStream(file);
  }

  async size(key: string): Promise<number> {
    return (await stat(this.pathOf(key)).catch((error) => notFound(error, key))).size;
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    if (this.held) this.held.push(key);
    else await rm(file, { force: true });
  }

  /**
   * Postpones deletes until the returned release runs. A backup holds them from before its database snapshot until
   * its copy of the files is done, so every file the snapshot names is still there to copy (a document deleted
   * meanwhile loses its files at release). Writes are not held: a file that appears meanwhile is copied or not, and
   * either way no snapshot row names it.
   */
  holdDeletes(): () => Promise<void> {
    this.holds++;
    this.held ??= [];
    let released = false;
    return async () => {
      if (released) return;
      released = true;
      if (--this.holds > 0) return;
      const keys = this.held ?? [];
      this.held = null;
      for (const key of keys) await rm(this.pathOf(key), { force: true });
    };
  }

  async check(): Promise<void> {
    // Not recursive: a data directory removed under the running service must fail the check, not be made again empty.
    await mkdir(this.root).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
    await access(this.root, constants.W_OK);
  }

  close(): void {}
}

function notFound(error: unknown, key: string): never {
  if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new BlobNotFoundError(key);
  throw error;
}
