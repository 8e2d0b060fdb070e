import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

export interface StoredBlob {
  key: string;
  sha256: string;
  size: number;
}

/** Original files and derived artefacts. Keys are generated here, never taken from a filename. */
export interface BlobStore {
  put(bytes: Uint8Array, prefix?: string): Promise<StoredBlob>;
  /** Overwrites a key this store generated earlier (derived artefacts such as extracted text). */
  replace(key: string, bytes: Uint8Array): Promise<void>;
  get(key: string): Promise<Buffer>;
  stream(key: string): Promise<Readable>;
  size(key: string): Promise<number>;
  delete(key: string): Promise<void>;
}

const KEY_SHAPE = /^[a-z0-9-]{1,40}\/[0-9a-f]{2}\/[0-9a-f-]{36}(\.[a-z0-9]{1,10})?$/;

export class FileBlobStore implements BlobStore {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    if (!KEY_SHAPE.test(key)) throw new Error(`invalid blob key ${JSON.stringify(key)}`);
    return path.join(this.root, key);
  }

  async put(bytes: Uint8Array, prefix = 'files'): Promise<StoredBlob> {
    const id = randomUUID();
    const key = `${prefix}/${id.slice(0, 2)}/${id}`;
    await this.replace(key, bytes);
    return { key, sha256: createHash('sha256').update(bytes).digest('hex'), size: bytes.byteLength };
  }

  async replace(key: string, bytes: Uint8Array): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    await writeFile(tmp, bytes, { mode: 0o600 });
    await rename(tmp, file); // readers see the old or the new file, never half of one
  }

  get(key: string): Promise<Buffer> {
    return readFile(this.pathOf(key));
  }

  async stream(key: string): Promise<Readable> {
    const file = this.pathOf(key);
    await stat(file);
    return createReadStream(file);
  }

  async size(key: string): Promise<number> {
    return (await stat(this.pathOf(key))).size;
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
