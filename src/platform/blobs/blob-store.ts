import { createHash, randomUUID, type Hash } from 'node:crypto';
import { Readable } from 'node:stream';
import { assertTenantId } from '../db/database.js';

export interface StoredBlob {
  key: string;
  /** Of the bytes stored, computed while they streamed through. */
  sha256: string;
  size: number;
}

/** Whose blob it is and what it holds: the key is filed under the tenant, so a tenant's files share one prefix. */
export interface BlobOwner {
  tenantId: string;
  /** `documents` (originals), `extracted` (the parser's output), … */
  kind: string;
}

/** Bytes in memory (small derived artefacts) or a stream (uploads: never read whole into memory). */
export type BlobBody = Uint8Array | AsyncIterable<Uint8Array>;

/** Original files and derived artefacts. Keys are generated here, never taken from a filename. */
export interface BlobStore {
  readonly kind: 'filesystem' | 's3';
  /** Stores the body under a new key of the owner's; resolves once the store holds every byte. */
  put(body: BlobBody, owner: BlobOwner): Promise<StoredBlob>;
  /** The whole blob in memory (a parser needs all of it); `stream` for anything sent on. */
  get(key: string): Promise<Buffer>;
  stream(key: string): Promise<Readable>;
  size(key: string): Promise<number>;
  /** Idempotent: deleting a key that is gone succeeds. */
  delete(key: string): Promise<void>;
  /** Readiness: throws when the store cannot be reached or written. */
  check(): Promise<void>;
  /** Releases connections (the process is stopping). */
  close(): void;
}

/** The key names no blob (never stored, or deleted): callers tell it apart from a store that is down. */
export class BlobNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`no blob under key ${key}`);
  }
}

const KIND = /^[a-z0-9-]{1,40}$/;
/** `tenants/<tenant>/<kind>/<2 hex>/<uuid>`; the second form is the tenant-less layout of earlier versions, still read. */
const KEY_SHAPE = /^(tenants\/[0-9a-f-]{36}\/)?[a-z0-9-]{1,40}\/[0-9a-f]{2}\/[0-9a-f-]{36}(\.[a-z0-9]{1,10})?$/;

export function newBlobKey(owner: BlobOwner): string {
  if (!KIND.test(owner.kind)) throw new Error(`invalid blob kind ${JSON.stringify(owner.kind)}`);
  const id = randomUUID();
  return `tenants/${assertTenantId(owner.tenantId)}/${owner.kind}/${id.slice(0, 2)}/${id}`;
}

/** Keys come from our database; anything else (`..`, absolute paths, another shape) is refused before any I/O. */
export function assertBlobKey(key: string): string {
  if (!KEY_SHAPE.test(key)) throw new Error(`invalid blob key ${JSON.stringify(key)}`);
  return key;
}

/** Counts and hashes the bytes of a body as they stream through to the store. */
export class Digest {
  private readonly hash: Hash = createHash('sha256');
  size = 0;

  /** The body as a byte stream, hashed on the way (a Uint8Array is one chunk, never iterated byte by byte). */
  through(body: BlobBody): Readable {
    const source: AsyncIterable<Uint8Array> | Iterable<Uint8Array> = body instanceof Uint8Array ? [body] : body;
    const count = (chunk: Uint8Array) => {
      this.hash.update(chunk);
      this.size += chunk.byteLength;
      return chunk;
    };
    return Readable.from(
      (async function* () {
        for await (const chunk of source) yield count(chunk);
      })(),
      { objectMode: false },
    );
  }

  hex(): string {
    return this.hash.digest('hex');
  }
}
