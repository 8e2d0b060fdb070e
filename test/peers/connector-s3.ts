import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { ConnectorPeer } from '../support/connector-peer.js';
import { startS3Peer } from './s3-peer.js';

/**
 * The s3 kind's source for the sync-engine tests: a bucket on the loopback S3 server (test/peers/s3-peer.ts) holding
 * item i as `notes/item-<i>.md` (even i) or `.txt` (odd i), plus an object outside the prefix that must never show up.
 * Pages hold one key each, so `failListingAfter(n)` fails exactly the page after the n-th item (HTTP 500, every retry
 * too), and content reads are the GetObject requests the server saw.
 */
export async function startS3ConnectorPeer(): Promise<ConnectorPeer> {
  const peer = await startS3Peer({ bucket: 'kb-connector' });
  const client = new S3Client({
    endpoint: peer.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: peer.credentials,
    // No checksum trailers: s3rver would store the aws-chunked framing as the object's bytes.
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
  const prefix = 'notes/';
  const keyOf = (i: number) => `${prefix}item-${i}.${i % 2 === 0 ? 'md' : 'txt'}`;
  const phrase = (i: number) => `quillwort${i} lanternfish${i}`;
  const changedPhrase = (i: number) => `marigold${i} sandpiper${i}`;
  const changed = new Set<number>();

  const put = async (key: string, body: string) => {
    await client.send(new PutObjectCommand({ Bucket: peer.bucket, Key: key, Body: body, ContentType: key.endsWith('.md') ? 'text/markdown' : 'text/plain' }));
  };
  const write = (i: number) => {
    const text = changed.has(i) ? changedPhrase(i) : phrase(i);
    const body = i % 2 === 0 ? `# Note ${i}\n\nThis note is kept in a bucket: ${text}.\n` : `Note ${i}, kept in a bucket: ${text}.\n`;
    return put(keyOf(i), body);
  };

  let failAfter: number | null = null;
  let listed = 0;
  peer.intercept((req, res) => {
    const url = new URL(req.url ?? '/', 'http://peer');
    if (failAfter === null || req.method !== 'GET' || url.searchParams.get('list-type') !== '2') return false;
    // A page without a token starts a listing; a retried page carries the same token and fails again.
    if (!url.searchParams.has('continuation-token')) listed = 0;
    if (listed < failAfter) {
      listed += 1;
      return false;
    }
    res.writeHead(500, { 'content-type': 'application/xml' });
    res.end('<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>InternalError</Code><Message>We encountered an internal error. Please try again.</Message></Error>');
    return true;
  });

  const objectPath = `/${peer.bucket}/`;
  return {
    kind: 's3',
    config: { endpoint: peer.endpoint, region: 'us-east-1', bucket: peer.bucket, prefix, force_path_style: true, page_size: 1 },
    credentials: { access_key_id: peer.credentials.accessKeyId, secret_access_key: peer.credentials.secretAccessKey },
    env: { CONNECTOR_ALLOW_PRIVATE_URLS: 'true' },
    phrase,
    changedPhrase,
    seed: async (n) => {
      await put('elsewhere/outside-the-prefix.md', '# Outside\n\nNever listed: the connector reads notes/ only.\n');
      await Promise.all(Array.from({ length: n }, (_, i) => write(i)));
    },
    add: (i) => write(i),
    change: (i) => {
      changed.add(i);
      return write(i);
    },
    remove: async (i) => {
      changed.delete(i);
      await client.send(new DeleteObjectCommand({ Bucket: peer.bucket, Key: keyOf(i) }));
    },
    failListingAfter: (n) => {
      failAfter = n;
      listed = 0;
    },
    contentReads: () =>
      peer.requests.filter((r) => {
        const url = new URL(r.path, 'http://peer');
        // A listing is a GET of the bucket itself (`/bucket/?list-type=2`); an object's key follows the bucket.
        return r.method === 'GET' && url.pathname.startsWith(objectPath) && url.pathname.length > objectPath.length && !url.searchParams.has('list-type');
      }).length,
    close: async () => {
      client.destroy();
      await peer.close();
    },
  };
}
