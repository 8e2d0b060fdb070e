import { createHash, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Peer, type S3Peer } from '../../../test/peers/s3-peer.js';
import { BlobNotFoundError, FileBlobStore, S3BlobStore, type BlobStore } from './index.js';

/**
 * One contract, two stores: the filesystem store (the default) and the S3 store against an S3-protocol server on
 * loopback. Whatever a caller may rely on is asserted here for both.
 */
interface Harness {
  store: BlobStore;
  /** Writes bytes under a key the way an earlier version laid them out (no tenant prefix). */
  writeRaw(key: string, bytes: Buffer): Promise<void>;
  /** Every key the store holds. */
  listKeys(): Promise<string[]>;
  /** Writes begun and neither finished nor cleaned up (temporary files, open multipart uploads). */
  pendingWrites(): Promise<number>;
  /** A store of the same kind that cannot work (a directory it may not write, a bucket that does not exist). */
  broken(): BlobStore;
  close(): Promise<void>;
}

const MiB = 1024 * 1024;

async function fileHarness(): Promise<Harness> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'kb-blobs-'));
  const notADirectory = `${root}.file`; // a file where the store wants a directory
  await writeFile(notADirectory, '');
  const walk = async (dir: string): Promise<string[]> => {
    const out: string[] = [];
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) out.push(...(await walk(full)));
      else out.push(path.relative(root, full));
    }
    return out;
  };
  return {
    store: new FileBlobStore(root),
    writeRaw: async (key, bytes) => {
      await mkdir(path.dirname(path.join(root, key)), { recursive: true });
      await writeFile(path.join(root, key), bytes);
    },
    listKeys: async () => (await walk(root)).filter((f) => !f.endsWith('.tmp')),
    pendingWrites: async () => (await walk(root)).filter((f) => f.endsWith('.tmp')).length,
    broken: () => new FileBlobStore(path.join(notADirectory, 'blobs')),
    close: async () => {
      await rm(root, { recursive: true, force: true });
      await rm(notADirectory, { force: true });
    },
  };
}

let peer: S3Peer;

async function s3Harness(): Promise<Harness> {
  peer ??= await startS3Peer();
  const keyPrefix = `run-${randomUUID().slice(0, 8)}/`;
  const options = {
    bucket: peer.bucket,
    region: 'us-east-1',
    endpoint: peer.endpoint,
    forcePathStyle: true,
    keyPrefix,
    partSizeBytes: 5 * MiB,
    queueSize: 2,
    credentials: peer.credentials,
  };
  const client = new S3Client({ region: 'us-east-1', endpoint: peer.endpoint, forcePathStyle: true, credentials: peer.credentials });
  const store = new S3BlobStore(options);
  return {
    store,
    writeRaw: async (key, bytes) => {
      await client.send(new PutObjectCommand({ Bucket: peer.bucket, Key: keyPrefix + key, Body: bytes }));
    },
    listKeys: async () => {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: peer.bucket, Prefix: keyPrefix }));
      return (listed.Contents ?? []).map((o) => o.Key!.slice(keyPrefix.length));
    },
    pendingWrites: () => peer.pendingUploads(),
    broken: () => new S3BlobStore({ ...options, bucket: 'kb-no-such-bucket' }),
    close: async () => {
      store.close();
      client.destroy();
    },
  };
}

afterAll(async () => {
  await peer?.close();
});

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** `size` bytes in chunks of `chunk`, each a fresh buffer with position-dependent content (so misordered parts show). */
function pattern(size: number, chunk = 256 * 1024): { chunks: () => AsyncGenerator<Uint8Array>; whole: Buffer } {
  const whole = Buffer.alloc(size);
  for (let i = 0; i + 4 <= size; i += 4) whole.writeUInt32LE(i, i);
  return {
    whole,
    chunks: async function* () {
      for (let at = 0; at < size; at += chunk) yield Buffer.from(whole.subarray(at, Math.min(size, at + chunk)));
    },
  };
}

async function readAll(stream: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part));
  return Buffer.concat(parts);
}

const tenantId = randomUUID();

describe.each([
  ['filesystem', fileHarness],
  ['s3', s3Harness],
] as const)('BlobStore contract: %s', (_name, makeHarness) => {
  let h: Harness;
  beforeAll(async () => {
    h = await makeHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  it('stores bytes under a new key of the tenant and reads them back whole, streamed and sized', async () => {
    const bytes = Buffer.from('Quarterly report — €, 漢字, and a trailing newline\n');
    const stored = await h.store.put(bytes, { tenantId, kind: 'documents' });
    expect(stored.key).toMatch(new RegExp(`^tenants/${tenantId}/documents/[0-9a-f]{2}/[0-9a-f-]{36}$`));
    expect(stored).toMatchObject({ sha256: sha256(bytes), size: bytes.length });
    expect((await h.store.get(stored.key)).equals(bytes)).toBe(true);
    expect((await readAll(await h.store.stream(stored.key))).equals(bytes)).toBe(true);
    expect(await h.store.size(stored.key)).toBe(bytes.length);
    const again = await h.store.put(bytes, { tenantId, kind: 'documents' });
    expect(again.key).not.toBe(stored.key); // no two blobs share a key, even for the same bytes
  });

  it('stores an empty body', async () => {
    const stored = await h.store.put(new Uint8Array(0), { tenantId, kind: 'extracted' });
    expect(stored).toMatchObject({ size: 0, sha256: sha256(new Uint8Array(0)) });
    expect(await h.store.size(stored.key)).toBe(0);
    expect((await h.store.get(stored.key)).length).toBe(0);
  });

  it('streams a body larger than several multipart parts in and out, byte for byte, with its checksum', async () => {
    const { chunks, whole } = pattern(12 * MiB + 12345);
    const stored = await h.store.put(chunks(), { tenantId, kind: 'documents' });
    expect(stored).toMatchObject({ size: whole.length, sha256: sha256(whole) });
    expect(await h.store.size(stored.key)).toBe(whole.length);
    const back = await readAll(await h.store.stream(stored.key));
    expect(back.length).toBe(whole.length);
    expect(sha256(back)).toBe(sha256(whole));
  });

  it('keeps every key of a tenant under the tenant prefix', async () => {
    const other = randomUUID();
    const mine = await h.store.put(Buffer.from('mine'), { tenantId, kind: 'documents' });
    const theirs = await h.store.put(Buffer.from('theirs'), { tenantId: other, kind: 'documents' });
    const keys = await h.listKeys();
    expect(keys).toContain(mine.key);
    expect(keys).toContain(theirs.key);
    expect(keys.filter((k) => k.startsWith(`tenants/${other}/`))).toEqual([theirs.key]);
  });

  it('deletes: the key then names nothing, and deleting again succeeds', async () => {
    const stored = await h.store.put(Buffer.from('to be deleted'), { tenantId, kind: 'documents' });
    await h.store.delete(stored.key);
    await expect(h.store.get(stored.key)).rejects.toBeInstanceOf(BlobNotFoundError);
    await expect(h.store.stream(stored.key)).rejects.toBeInstanceOf(BlobNotFoundError);
    await expect(h.store.size(stored.key)).rejects.toBeInstanceOf(BlobNotFoundError);
    await h.store.delete(stored.key);
    expect(await h.listKeys()).not.toContain(stored.key);
  });

  it('tells a missing key apart, and refuses a key it never generates before any I/O', async () => {
    const missing = `tenants/${tenantId}/documents/ab/${randomUUID()}`;
    await expect(h.store.get(missing)).rejects.toBeInstanceOf(BlobNotFoundError);
    for (const bad of ['../secrets.json', `tenants/${tenantId}/../../x/ab/${randomUUID()}`, '/etc/passwd', 'documents/ab/not-a-uuid']) {
      await expect(h.store.get(bad)).rejects.toThrow(/invalid blob key/);
      await expect(h.store.delete(bad)).rejects.toThrow(/invalid blob key/);
    }
    await expect(h.store.put(Buffer.from('x'), { tenantId: 'not-a-tenant', kind: 'documents' })).rejects.toThrow(/invalid tenant id/);
  });

  it('still reads blobs stored by earlier versions without a tenant prefix', async () => {
    const legacy = `documents/${randomUUID().slice(0, 2)}/${randomUUID()}`;
    await h.writeRaw(legacy, Buffer.from('from an earlier version'));
    expect((await h.store.get(legacy)).toString()).toBe('from an earlier version');
    await h.store.delete(legacy);
    await expect(h.store.size(legacy)).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it('stores nothing when the body fails midway', async () => {
    const before = await h.listKeys();
    async function* failing() {
      yield Buffer.alloc(6 * MiB, 1); // past one part on S3: a multipart upload was under way
      throw new Error('client went away');
    }
    await expect(h.store.put(failing(), { tenantId, kind: 'documents' })).rejects.toThrow(/client went away/);
    expect(await h.listKeys()).toEqual(before);
    expect(await h.pendingWrites()).toBe(0);
  });

  it('reports whether it can serve (readiness)', async () => {
    await expect(h.store.check()).resolves.toBeUndefined();
    await expect(h.broken().check()).rejects.toThrow();
  });
});

describe('S3 store on the wire', () => {
  it('sends each part and each single PUT with its SHA-256 for the server to verify, never as aws-chunked', async () => {
    const h = await s3Harness();
    try {
      const small = Buffer.from('small file');
      peer.requests.length = 0;
      await h.store.put(small, { tenantId, kind: 'documents' });
      const single = peer.requests.filter((r) => r.method === 'PUT');
      expect(single).toHaveLength(1);
      expect(single[0].headers['x-amz-checksum-sha256']).toBe(createHash('sha256').update(small).digest('base64'));

      const { chunks } = pattern(11 * MiB);
      peer.requests.length = 0;
      await h.store.put(chunks(), { tenantId, kind: 'documents' });
      const parts = peer.requests.filter((r) => r.method === 'PUT' && /[?&]partNumber=/.test(r.path));
      expect(parts.length).toBe(3); // 5 + 5 + 1 MiB
      for (const part of [...single, ...parts]) {
        expect(part.headers['x-amz-checksum-sha256']).toMatch(/^[A-Za-z0-9+/]{43}=$/);
        expect(String(part.headers['content-encoding'] ?? '')).not.toMatch(/aws-chunked/);
      }
      expect(peer.requests.some((r) => r.method === 'POST' && /[?&]uploads/.test(r.path))).toBe(true);
    } finally {
      await h.close();
    }
  });
});
