import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3ConnectorPeer } from '../../../../test/peers/connector-s3.js';
import { startS3Peer, type S3Peer } from '../../../../test/peers/s3-peer.js';
import { createGuardedClient } from '../../../platform/net/guarded-fetch.js';
import type { UrlPolicy } from '../../../platform/net/address-policy.js';
import type { ConnectorContext, ConnectorEnv, ListEvent, ListResult } from './kind.js';
import { createS3Client, s3Kind, type S3Config, type S3Credentials } from './s3.js';

const OPEN: UrlPolicy = { allowPrivate: true, allowedHosts: [] };
const CLOSED: UrlPolicy = { allowPrivate: false, allowedHosts: [] };
const SECRET = 'wJalrXUtnFEMI-K7MDENG-bPxRfiCYEXAMPLEKEY';

let peer: S3Peer;
let writer: S3Client;

beforeAll(async () => {
  peer = await startS3Peer({ bucket: 'kb-kind-s3' });
  writer = new S3Client({ endpoint: peer.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: peer.credentials, requestChecksumCalculation: 'WHEN_REQUIRED' });
});

afterAll(async () => {
  writer?.destroy();
  await peer?.close();
});

const put = (key: string, body: string) => writer.send(new PutObjectCommand({ Bucket: peer.bucket, Key: key, Body: body, ContentLength: Buffer.byteLength(body) }));

function envOf(policy: UrlPolicy): ConnectorEnv {
  // Cast: the Graph URLs are the sharepoint kind's; this kind reads only the policy and the user agent.
  return { folderRoots: [], userAgent: 'KnowledgeBaseBot/1.0 (+connectors)', policy, graphBaseUrl: 'https://graph.invalid', graphLoginUrl: 'https://login.invalid' } as ConnectorEnv;
}

function contextOf(
  config: Partial<S3Config>,
  options: { policy?: UrlPolicy; credentials?: S3Credentials; maxItems?: number; maxFileBytes?: number; signal?: AbortSignal; base?: S3Config } = {},
): ConnectorContext<S3Config, S3Credentials> {
  const policy = options.policy ?? OPEN;
  return {
    connectorId: 'c1',
    tenantId: 't1',
    config: { ...(options.base ?? { endpoint: peer.endpoint, bucket: peer.bucket, force_path_style: true }), ...config },
    credentials: options.credentials ?? { access_key_id: peer.credentials.accessKeyId, secret_access_key: peer.credentials.secretAccessKey },
    env: envOf(policy),
    http: createGuardedClient({ policy }),
    signal: options.signal ?? new AbortController().signal,
    previous: async () => null,
    cursor: null,
    limits: { maxItems: options.maxItems ?? 10_000, maxFileBytes: options.maxFileBytes ?? 1024 * 1024 },
    now: () => Date.now(),
  };
}

/** Every event the listing yields, then how it ended: its result, or the error it threw. */
async function drain(ctx: ConnectorContext<S3Config, S3Credentials>) {
  const events: ListEvent[] = [];
  const listing = s3Kind.list(ctx);
  try {
    for (;;) {
      const next = await listing.next();
      if (next.done) return { events, result: next.value as ListResult, error: null };
      events.push(next.value);
    }
  } catch (error) {
    return { events, result: null, error: error as Error };
  }
}

const items = (events: ListEvent[]) => events.flatMap((e) => (e.type === 'item' ? [e.item] : []));
const listRequests = (since: number) => peer.requests.slice(since).filter((r) => r.method === 'GET' && r.path.includes('list-type=2'));
const objectReads = (since: number) => peer.requests.slice(since).filter((r) => r.method === 'GET' && !r.path.includes('list-type='));

describe('s3 kind: listing', () => {
  it('lists every object under the prefix page by page, skipping folder markers and keys outside the prefix', async () => {
    await Promise.all([...['a.md', 'b.txt', 'c.md', 'sub/d.md', 'sub/e.txt'].map((k) => put(`paged/${k}`, `content of ${k}`)), put('paged/sub/', ''), put('pagedx/f.md', 'outside')]);
    const before = peer.requests.length;
    const { events, result, error } = await drain(contextOf({ prefix: 'paged/', page_size: 2 }));
    expect(error).toBeNull();
    expect(result).toEqual({ mode: 'full' });
    expect(items(events).map((i) => i.externalId)).toEqual(['paged/a.md', 'paged/b.txt', 'paged/c.md', 'paged/sub/d.md', 'paged/sub/e.txt']);
    // Six keys (the folder marker included) two by two: three pages, each after the previous one's token.
    expect(listRequests(before)).toHaveLength(3);
    expect(listRequests(before).slice(1).every((r) => r.path.includes('continuation-token='))).toBe(true);
    const d = items(events).find((i) => i.externalId === 'paged/sub/d.md')!;
    expect(d).toMatchObject({ filename: 'd.md', url: 's3://kb-kind-s3/paged/sub/d.md', size: 'content of sub/d.md'.length });
    expect(d.version).toMatch(/^[0-9a-f]{32}:19$/);
    expect(objectReads(before)).toHaveLength(0);
  });

  it('keeps keys matching an include glob and no exclude glob (globs on the whole key)', async () => {
    await Promise.all(['top.md', 'top.pdf', 'guide/intro.md', 'guide/drafts/wip.md', 'guide/img/logo.png', 'deep/a/b/c.md'].map((k) => put(`globs/${k}`, k)));
    const { events, error } = await drain(contextOf({ prefix: 'globs/', include_patterns: ['**/*.md', 'globs/*.pdf'], exclude_patterns: ['**/drafts/**'] }));
    expect(error).toBeNull();
    expect(items(events).map((i) => i.externalId)).toEqual(['globs/deep/a/b/c.md', 'globs/guide/intro.md', 'globs/top.md', 'globs/top.pdf']);

    const shallow = await drain(contextOf({ prefix: 'globs/', include_patterns: ['globs/*.md'] }));
    expect(items(shallow.events).map((i) => i.externalId)).toEqual(['globs/top.md']);
  });

  it('gives an object a new version when its content changes, the same one when it is written again unchanged', async () => {
    await put('versions/note.md', 'first text');
    const version = async () => items((await drain(contextOf({ prefix: 'versions/' }))).events)[0].version;
    const first = await version();
    await put('versions/note.md', 'first text');
    expect(await version()).toBe(first);
    await put('versions/note.md', 'second text');
    expect(await version()).not.toBe(first);
  });

  it('reports an object larger than the file limit as an item error, without reading it', async () => {
    await Promise.all([put('sizes/small.md', 'tiny'), put('sizes/large.md', 'x'.repeat(100))]);
    const before = peer.requests.length;
    const { events, error } = await drain(contextOf({ prefix: 'sizes/' }, { maxFileBytes: 50 }));
    expect(error).toBeNull();
    expect(items(events).map((i) => i.externalId)).toEqual(['sizes/small.md']);
    expect(events).toContainEqual({ type: 'error', externalId: 'sizes/large.md', url: 's3://kb-kind-s3/sizes/large.md', message: expect.stringContaining('100 bytes') });
    expect(objectReads(before)).toHaveLength(0);
  });

  it('stops with an error and throws past the item limit, so nothing is deleted for the keys not reached', async () => {
    await Promise.all(['1', '2', '3'].map((k) => put(`many/${k}.md`, k)));
    const { events, error } = await drain(contextOf({ prefix: 'many/' }, { maxItems: 2 }));
    expect(items(events)).toHaveLength(2);
    expect(events.at(-1)).toMatchObject({ type: 'error', message: expect.stringContaining('more than 2') });
    expect(error?.message).toMatch(/stopped: .*more than 2/);

    expect((await drain(contextOf({ prefix: 'many/' }, { maxItems: 3 }))).error).toBeNull();
  });

  it('throws when a page fails (HTTP 500, after the SDK retries), after yielding the pages before it', async () => {
    await Promise.all(['1', '2', '3', '4'].map((k) => put(`failing/${k}.md`, k)));
    peer.intercept((req, res) => {
      if (!req.url?.includes('continuation-token=')) return false;
      res.writeHead(500, { 'content-type': 'application/xml' }).end('<Error><Code>InternalError</Code><Message>We encountered an internal error.</Message></Error>');
      return true;
    });
    try {
      const { events, error } = await drain(contextOf({ prefix: 'failing/', page_size: 2 }));
      expect(items(events).map((i) => i.externalId)).toEqual(['failing/1.md', 'failing/2.md']);
      expect(error?.message).toMatch(/^listing s3:\/\/kb-kind-s3\/failing\/ failed: InternalError \(HTTP 500\)/);
    } finally {
      peer.intercept(null);
    }
  });

  it('does not follow a redirect', async () => {
    let reached = 0;
    const elsewhere = http.createServer((_req, res) => {
      reached += 1;
      res.end();
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    const target = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}/`;
    peer.intercept((_req, res) => {
      res.writeHead(307, { location: target }).end();
      return true;
    });
    try {
      const { error } = await drain(contextOf({ prefix: 'redirect/' }));
      expect(error?.message).toMatch(/redirect.*not followed/);
      expect(reached).toBe(0);
    } finally {
      peer.intercept(null);
      elsewhere.close();
    }
  });

  it('stops when the run is cancelled', async () => {
    await Promise.all(['1', '2', '3'].map((k) => put(`cancel/${k}.md`, k)));
    const controller = new AbortController();
    const listing = s3Kind.list(contextOf({ prefix: 'cancel/', page_size: 1 }, { signal: controller.signal }));
    expect((await listing.next()).value).toMatchObject({ type: 'item' });
    controller.abort(new Error('cancelled by the test'));
    await expect(listing.next()).rejects.toThrow('cancelled by the test');
  });
});

describe('s3 kind: content', () => {
  it('streams an object', async () => {
    const body = `# Streamed\n\n${'line of text\n'.repeat(2000)}`;
    await put('open/doc.md', body);
    const ctx = contextOf({ prefix: 'open/' });
    const [item] = items((await drain(ctx)).events);
    const before = peer.requests.length;
    const stream = await s3Kind.open(ctx, item);
    expect(stream).toBeInstanceOf(Readable);
    expect(await text(stream)).toBe(body);
    expect(objectReads(before)).toHaveLength(1);
  });
});

describe('s3 kind: credentials and addresses', () => {
  it('fails the listing with a clear message that never holds the secret when the credentials are refused', async () => {
    const { error } = await drain(contextOf({ prefix: 'any/' }, { credentials: { access_key_id: 'NOT-A-KEY', secret_access_key: SECRET } }));
    expect(error?.message).toMatch(/access denied \(InvalidAccessKeyId, HTTP 403\): check access_key_id and secret_access_key/);
    expect(error?.message).not.toContain(SECRET);
    expect(JSON.stringify(error, Object.getOwnPropertyNames(error))).not.toContain(SECRET);
  });

  it('refuses an endpoint on a private address unless the policy allows it, before any request', async () => {
    const before = peer.requests.length;
    const { error } = await drain(contextOf({ prefix: 'any/' }, { policy: CLOSED }));
    expect(error?.message).toMatch(/endpoint host 127\.0\.0\.1 is a private, loopback or link-local address/);
    expect(peer.requests.length).toBe(before);
    expect(await s3Kind.check!({ endpoint: peer.endpoint, bucket: peer.bucket }, envOf(CLOSED))).toEqual({ loc: ['config', 'endpoint'], message: expect.stringContaining('CONNECTOR_ALLOW_PRIVATE_URLS') });
    expect(await s3Kind.check!({ endpoint: peer.endpoint, bucket: peer.bucket }, envOf({ allowPrivate: false, allowedHosts: ['127.0.0.1'] }))).toBeNull();
  });

  it('checks the address each connection dials: a host name resolving to loopback, and a literal one, are refused', async () => {
    const port = new URL(peer.endpoint).port;
    const credentials = { access_key_id: peer.credentials.accessKeyId, secret_access_key: peer.credentials.secretAccessKey };
    const before = peer.requests.length;
    // The client alone, without the listing's check of the endpoint first: only the connection-time guard stands.
    for (const endpoint of [`http://localhost:${port}`, `http://127.0.0.1:${port}`, `http://[::ffff:127.0.0.1]:${port}`]) {
      const client = createS3Client({ endpoint, bucket: peer.bucket, force_path_style: true }, credentials, envOf(CLOSED));
      try {
        await expect(client.send(new ListObjectsV2Command({ Bucket: peer.bucket }))).rejects.toMatchObject({ code: 'EPROVIDERADDR' });
      } finally {
        client.destroy();
      }
    }
    expect(peer.requests.length).toBe(before);
  });

  it('never falls back to the service’s own AWS identity', () => {
    expect(() => createS3Client({ endpoint: peer.endpoint, bucket: peer.bucket }, null, envOf(OPEN))).toThrow(/no access_key_id and secret_access_key/);
  });
});

describe('s3 kind: config check', () => {
  const check = (config: Partial<S3Config>) => s3Kind.check!({ endpoint: peer.endpoint, bucket: 'docs', ...config } as S3Config, envOf(OPEN));

  it('accepts a well-formed config, with or without an endpoint', async () => {
    expect(await check({})).toBeNull();
    expect(await check({ endpoint: null, region: 'eu-west-3', prefix: 'a/', include_patterns: ['**/*.md'] })).toBeNull();
  });

  it('names the field at fault', async () => {
    expect(await check({ endpoint: 'ftp://files.example.com' })).toMatchObject({ loc: ['config', 'endpoint'], message: expect.stringContaining('http or https') });
    expect(await check({ endpoint: 'not a url' })).toMatchObject({ loc: ['config', 'endpoint'] });
    expect(await check({ endpoint: 'https://user:pw@s3.example.com' })).toMatchObject({ loc: ['config', 'endpoint'], message: expect.stringContaining('user name') });
    expect(await check({ bucket: 'a/b' })).toMatchObject({ loc: ['config', 'bucket'] });
    expect(await check({ bucket: 'ab' })).toMatchObject({ loc: ['config', 'bucket'] });
    expect(await check({ endpoint: null, region: 'x.evil.example/' })).toMatchObject({ loc: ['config', 'region'] });
  });
});

describe('s3 kind: the sync-engine tests\u2019 peer', () => {
  it('serves items whose versions follow add, change and remove, fails its listing on demand and counts content reads', async () => {
    const source = await startS3ConnectorPeer();
    try {
      const ctx = () => contextOf({}, { base: source.config as unknown as S3Config, credentials: source.credentials as unknown as S3Credentials });
      const listed = async () => new Map(items((await drain(ctx())).events).map((i) => [i.externalId, i]));
      await source.seed(3);
      const first = await listed();
      expect([...first.keys()]).toEqual(['notes/item-0.md', 'notes/item-1.txt', 'notes/item-2.md']);

      await source.change(1);
      await source.remove(2);
      await source.add(3);
      const second = await listed();
      expect([...second.keys()]).toEqual(['notes/item-0.md', 'notes/item-1.txt', 'notes/item-3.txt']);
      expect(second.get('notes/item-0.md')!.version).toBe(first.get('notes/item-0.md')!.version);
      expect(second.get('notes/item-1.txt')!.version).not.toBe(first.get('notes/item-1.txt')!.version);

      expect(source.contentReads()).toBe(0);
      const content = await text(await s3Kind.open(ctx(), second.get('notes/item-1.txt')!));
      expect(content).toContain(source.changedPhrase(1));
      expect(content).not.toContain(source.phrase(1));
      expect(source.contentReads()).toBe(1);

      source.failListingAfter(2);
      const broken = await drain(ctx());
      expect(items(broken.events)).toHaveLength(2);
      expect(broken.error?.message).toMatch(/HTTP 500/);
      source.failListingAfter(0);
      expect(items((await drain(ctx())).events)).toHaveLength(0);
      source.failListingAfter(null);
      expect((await drain(ctx())).error).toBeNull();
    } finally {
      await source.close();
    }
  });
});
