import path from 'node:path';
import type { Config } from '../config.js';
import type { BlobStore } from './blob-store.js';
import { FileBlobStore } from './file-blob-store.js';
import { S3BlobStore } from './s3-blob-store.js';

export * from './blob-store.js';
export { FileBlobStore } from './file-blob-store.js';
export { S3BlobStore } from './s3-blob-store.js';

/** The configured store: DATA_DIR/blobs (default), or the S3 bucket of BLOB_STORE=s3. */
export function createBlobStore(config: Pick<Config, 'blobs' | 'dataDir'>): BlobStore {
  if (config.blobs.store === 'filesystem') return new FileBlobStore(path.join(config.dataDir, 'blobs'));
  const { s3 } = config.blobs;
  return new S3BlobStore({
    bucket: s3.bucket,
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: s3.forcePathStyle,
    keyPrefix: s3.keyPrefix,
    partSizeBytes: s3.partSizeMb * 1024 * 1024,
    queueSize: s3.uploadQueueSize,
    ...(s3.credentials ? { credentials: s3.credentials } : {}),
  });
}
