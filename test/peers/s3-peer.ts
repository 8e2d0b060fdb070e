/**
 * An S3-protocol server on loopback for tests: `s3rver` (3.7.1, which runs on Node 24), a real HTTP server storing
 * objects as files under a temporary directory. Two things are adjusted on the instance, not in its package:
 * - its PUT answered before the object's file was completely written (it waited for the hashing stream, not for the
 *   file stream), so a GET right after a PUT could read a short file; `putObject` here resolves once the file is
 *   closed;
 * - it has no AbortMultipartUpload (DELETE ?uploadId=…): answered here, removing the upload's parts as S3 does;
 * - every request's method, path and headers are recorded, so tests can see what the client sent (checksums);
 * - its ListObjectsV2 continuation tokens are DES-encrypted, which Node 24's OpenSSL 3 refuses, so every truncated
 *   page was a 500: the token here is the page's last key (base64url), and s3rver never takes its own truncated path;
 * - a test may answer requests itself (`intercept`), e.g. to fail a listing half way.
 * s3rver does not verify signatures or checksums, and stores `aws-chunked` bodies verbatim: our store never sends those.
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

interface S3Request {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
}

/** Answers one request in the server's stead and returns true, or returns false to let the server answer it. */
type S3Intercept = (req: IncomingMessage, res: ServerResponse) => boolean;

export interface S3Peer {
  endpoint: string;
  bucket: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** What the service needs to use this server (BLOB_STORE=s3 and the S3_/AWS_ variables). */
  env(keyPrefix?: string): Record<string, string>;
  requests: S3Request[];
  /** From now on `handler` sees every request first (null: none). */
  intercept(handler: S3Intercept | null): void;
  /** Multipart uploads started and neither completed nor aborted. */
  pendingUploads(): Promise<number>;
  close(): Promise<void>;
}

interface StoredObject {
  bucket: string;
  key: string;
  content: Buffer | Readable;
  metadata: unknown;
}

interface ListResult {
  objects: { key: string }[];
  isTruncated: boolean;
}

/** The parts of s3rver's Koa context the ListObjectsV2 adjustment touches. */
interface KoaContext {
  method: string;
  query: Record<string, string | string[] | undefined>;
  store: S3rverInstance['store'];
  body: unknown;
}

interface S3rverInstance {
  /** Koa's middleware chain: s3rver's logger, its XML encoder, mount, vhost, router. */
  middleware: ((ctx: KoaContext, next: () => Promise<void>) => Promise<void>)[];
  store: {
    listObjects(bucket: string, options: object): Promise<ListResult>;
    getResourcePath(bucket: string, key: string, kind: string): string;
    putMetadata(bucket: string, key: string, metadata: unknown, md5: string): Promise<void>;
    putObject(object: StoredObject): Promise<{ size: number; md5: string }>;
  };
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}

const S3rver = createRequire(import.meta.url)('s3rver') as new (options: object) => S3rverInstance;

export async function startS3Peer(options: { bucket?: string } = {}): Promise<S3Peer> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'kb-s3-'));
  const bucket = options.bucket ?? 'kb-test-blobs';
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });

  const store = server.store;
  store.putObject = async function putObject(object) {
    const file = store.getResourcePath(object.bucket, object.key, 'object');
    await mkdir(path.dirname(file), { recursive: true });
    const md5 = createHash('md5');
    let size = 0;
    const source = Buffer.isBuffer(object.content) ? Readable.from([object.content]) : object.content;
    const count = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        md5.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    await pipeline(source, count, createWriteStream(file)); // resolves once the file is closed
    const digest = md5.digest('hex');
    await store.putMetadata(object.bucket, object.key, object.metadata, digest);
    return { size, md5: digest };
  };

  // After the XML encoder (second in the chain), so the page is adjusted while it is still an object.
  server.middleware.splice(2, 0, async (ctx, next) => {
    if (ctx.method !== 'GET' || ctx.query['list-type'] !== '2') return next();
    const token = typeof ctx.query['continuation-token'] === 'string' ? ctx.query['continuation-token'] : null;
    if (token !== null) {
      const { 'continuation-token': _token, ...query } = ctx.query;
      ctx.query = { ...query, 'start-after': Buffer.from(token, 'base64url').toString('utf8') };
    }
    let page: ListResult | null = null;
    ctx.store = Object.create(store, {
      listObjects: {
        value: async (bucketName: string, options: object) => {
          page = await store.listObjects(bucketName, options);
          return { ...page, isTruncated: false };
        },
      },
    }) as S3rverInstance['store'];
    await next();
    const result = (ctx.body as { ListBucketResult?: Record<string, unknown> } | undefined)?.ListBucketResult;
    if (!result || !page) return;
    const { objects, isTruncated } = page as ListResult;
    result.IsTruncated = isTruncated;
    if (isTruncated) result.NextContinuationToken = Buffer.from(objects[objects.length - 1].key, 'utf8').toString('base64url');
    if (token !== null) {
      result.ContinuationToken = token;
      delete result.StartAfter;
    }
  });

  const uploadsDir = () => store.getResourcePath(bucket, '', 'uploads');
  const requests: S3Request[] = [];
  let intercept: S3Intercept | null = null;
  const handler = server.callback.bind(server);
  server.callback = () => {
    const handle = handler();
    return (req, res) => {
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers });
      if (intercept?.(req, res)) return;
      const uploadId = new URL(req.url ?? '/', 'http://peer').searchParams.get('uploadId');
      if (req.method === 'DELETE' && uploadId && /^[0-9a-zA-Z-]+$/.test(uploadId)) {
        void rm(path.join(uploadsDir(), uploadId), { recursive: true, force: true }).then(() => res.writeHead(204).end());
        return;
      }
      handle(req, res);
    };
  };

  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  return {
    endpoint,
    bucket,
    credentials,
    requests,
    intercept: (next) => {
      intercept = next;
    },
    pendingUploads: async () => (await readdir(uploadsDir()).catch(() => [])).length,
    env: (keyPrefix = '') => ({
      BLOB_STORE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      ...(keyPrefix ? { S3_KEY_PREFIX: keyPrefix } : {}),
      AWS_ACCESS_KEY_ID: credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    }),
    close: async () => {
      await server.close().catch(() => {});
      await rm(directory, { recursive: true, force: true });
    },
  };
}
