import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Readable } from 'node:stream';
import { assertBlobKey, BlobNotFoundError, Digest, newBlobKey, type BlobBody, type BlobOwner, type BlobStore, type StoredBlob } from './blob-store.js';

export interface S3BlobStoreOptions {
  bucket: string;
  region: string;
  /** A non-AWS endpoint (MinIO, Ceph, R2, a loopback test server); unset, AWS's own. */
  endpoint: string | null;
  forcePathStyle: boolean;
  /** Prepended to every key in the bucket (several deployments or test runs sharing one bucket); '' for none. */
  keyPrefix: string;
  /** Bytes per multipart part; a body smaller than one part is a single PUT. At least 5 MiB (S3's minimum). */
  partSizeBytes: number;
  /** Parts uploaded at once per file: at most partSize × queueSize bytes of one upload are in memory. */
  queueSize: number;
  /** Unset: the SDK's default chain (AWS_PROFILE, web identity, instance and container roles, …). */
  credentials?: S3ClientConfig['credentials'];
}

/**
 * Blobs as objects of one S3-compatible bucket, through the AWS SDK:
 * - uploads stream through `lib-storage`, which cuts the body into parts (one PUT below a part, multipart above),
 *   so a 100 MB file costs at most `partSize × queueSize` bytes of memory; a failed multipart upload is aborted;
 * - every part, and every single PUT, carries its SHA-256 (`ChecksumAlgorithm`), which the server verifies before it
 *   stores the bytes; whole-object checksums the server returns are verified on the way back (`ChecksumMode`).
 *   lib-storage hands the SDK each part as bytes in memory, so the checksum travels as a header: never the
 *   `aws-chunked` trailer encoding the SDK uses for streamed bodies, which some S3-compatible servers store verbatim;
 * - downloads are the response stream itself, never buffered here.
 */
export class S3BlobStore implements BlobStore {
  readonly kind = 's3' as const;
  private readonly client: S3Client;

  constructor(private readonly options: S3BlobStoreOptions) {
    this.client = new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      forcePathStyle: options.forcePathStyle,
      requestChecksumCalculation: 'WHEN_SUPPORTED',
      responseChecksumValidation: 'WHEN_SUPPORTED',
      maxAttempts: 3,
      ...(options.credentials ? { credentials: options.credentials } : {}),
    });
  }

  private objectKey(key: string): string {
    return this.options.keyPrefix + assertBlobKey(key);
  }

  async put(body: BlobBody, owner: BlobOwner): Promise<StoredBlob> {
    const key = newBlobKey(owner);
    const digest = new Digest();
    const upload = new Upload({
      client: this.client,
      partSize: this.options.partSizeBytes,
      queueSize: this.options.queueSize,
      leavePartsOnError: false,
      params: {
        Bucket: this.options.bucket,
        Key: this.objectKey(key),
        Body: digest.through(body),
        ContentType: 'application/octet-stream',
        ChecksumAlgorithm: 'SHA256',
      },
    });
    await upload.done();
    return { key, sha256: digest.hex(), size: digest.size };
  }

  async get(key: string): Promise<Buffer> {
    const object = await this.getObject(key);
    return Buffer.from(await object.transformToByteArray());
  }

  async stream(key: string): Promise<Readable> {
    return (await this.getObject(key)) as unknown as Readable;
  }

  private async getObject(key: string) {
    const out = await this.client
      .send(new GetObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key), ChecksumMode: 'ENABLED' }))
      .catch((error) => notFound(error, key));
    if (!out.Body) throw new BlobNotFoundError(key);
    return out.Body;
  }

  async size(key: string): Promise<number> {
    const head = await this.client
      .send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }))
      .catch((error) => notFound(error, key));
    return head.ContentLength ?? 0;
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }));
  }

  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.options.bucket }));
  }

  close(): void {
    this.client.destroy();
  }
}

function notFound(error: unknown, key: string): never {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  // A missing bucket is a configuration error, not a missing file.
  if (name === 'NoSuchKey' || (name !== 'NoSuchBucket' && $metadata?.httpStatusCode === 404)) throw new BlobNotFoundError(key);
  throw error;
}
