import type { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startGraphPeer, type GraphPeer } from '../../../../test/peers/graph-peer.js';
import { createGuardedClient } from '../../../platform/net/guarded-fetch.js';
import type { UrlPolicy } from '../../../platform/net/address-policy.js';
import type { ConnectorContext, ListEvent, ListResult } from './kind.js';
import { createSharePointKind, type SharePointConfig, type SharePointCredentials } from './sharepoint.js';
import { checkConfig, wildcardMatch } from './sharepoint-config.js';

type Ctx = ConnectorContext<SharePointConfig, SharePointCredentials>;

let peer: GraphPeer;
/** Every wait the kind asked for (the injected sleep returns at once: tests never wait for real). */
let waits: number[];
const kind = createSharePointKind({
  sleep: async (ms, signal) => {
    signal.throwIfAborted();
    waits.push(ms);
  },
});

beforeEach(async () => {
  peer = await startGraphPeer({ pageSize: 3 });
  waits = [];
});
afterEach(() => peer.close());

/** What the engine would remember between runs: the versions of the items it holds, and the cursor. */
class Memory {
  versions = new Map<string, string>();
  cursor: unknown = null;
  apply(events: ListEvent[], result: ListResult) {
    if (result.mode === 'full') {
      const seen = new Set(events.flatMap((e) => (e.type === 'item' ? [e.item.externalId] : [])));
      for (const id of this.versions.keys()) if (!seen.has(id)) this.versions.delete(id);
    }
    for (const e of events) {
      if (e.type === 'item') this.versions.set(e.item.externalId, e.item.version);
      if (e.type === 'deleted') this.versions.delete(e.externalId);
    }
    this.cursor = result.cursor ?? null;
  }
}

function context(options: { config?: Partial<SharePointConfig>; secret?: string; memory?: Memory; policy?: UrlPolicy; maxFileBytes?: number; maxItems?: number } = {}): Ctx {
  const policy = options.policy ?? { allowPrivate: true, allowedHosts: [] };
  const memory = options.memory ?? new Memory();
  const config: SharePointConfig = { tenant_id: peer.tenantId, client_id: peer.clientId, ...(options.config ?? { site: 'contoso.sharepoint.com:/sites/Docs' }) };
  return {
    connectorId: 'c1',
    tenantId: 't1',
    config,
    credentials: { client_secret: options.secret ?? peer.clientSecret },
    env: { folderRoots: [], userAgent: 'KnowledgeBaseBot/1.0 (+connectors)', policy, graphBaseUrl: peer.baseUrl, graphLoginUrl: peer.loginUrl },
    http: createGuardedClient({ policy }),
    signal: new AbortController().signal,
    previous: async (id) => {
      const version = memory.versions.get(id);
      return version === undefined ? null : { version };
    },
    cursor: memory.cursor,
    limits: { maxItems: options.maxItems ?? 1000, maxFileBytes: options.maxFileBytes ?? 1_000_000 },
    now: () => Date.now(),
  };
}

async function list(ctx: Ctx, memory?: Memory): Promise<{ events: ListEvent[]; result: ListResult }> {
  const events: ListEvent[] = [];
  const listing = kind.list(ctx);
  for (;;) {
    const next = await listing.next();
    if (next.done) {
      memory?.apply(events, next.value);
      return { events, result: next.value };
    }
    events.push(next.value);
  }
}

const names = (events: ListEvent[]) => events.flatMap((e) => (e.type === 'item' ? [e.item.filename] : [])).sort();
const deletions = (events: ListEvent[]) => events.flatMap((e) => (e.type === 'deleted' ? [e.externalId] : [])).sort();
const deltaPages = () => peer.requests.filter((r) => r.path.includes('/root/delta')).length;

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

describe('sharepoint kind: configuration', () => {
  it('takes exactly one way of naming the drive', () => {
    const base = { tenant_id: 'contoso.onmicrosoft.com', client_id: 'x' };
    expect(checkConfig({ ...base, site: 'contoso.sharepoint.com:/sites/Docs' })).toBeNull();
    expect(checkConfig({ ...base, site: 'https://contoso.sharepoint.com/sites/Docs/' })).toBeNull();
    expect(checkConfig({ ...base, drive_id: 'b!x' })).toBeNull();
    expect(checkConfig(base)?.message).toMatch(/exactly one way.*none given/);
    expect(checkConfig({ ...base, user: 'a@contoso.com', drive_id: 'b!x' })).toEqual({ loc: ['config', 'drive_id'], message: expect.stringMatching(/user and drive_id/) });
    expect(checkConfig({ ...base, site: 'contoso.sharepoint.com' })?.loc).toEqual(['config', 'site']);
    expect(checkConfig({ ...base, drive_id: 'b!x', folder_path: '/a/../b' })?.loc).toEqual(['config', 'folder_path']);
  });

  it('matches name patterns with * and ?, ignoring case, in linear time', () => {
    expect(wildcardMatch('*.md', 'Notes.MD')).toBe(true);
    expect(wildcardMatch('report-????.pdf', 'report-2026.pdf')).toBe(true);
    expect(wildcardMatch('*.md', 'notes.mdx')).toBe(false);
    // The shape that makes a backtracking RegExp explode returns at once here.
    expect(wildcardMatch('*a*a*a*a*a*a*a*a*b', 'a'.repeat(5000))).toBe(false);
  });
});

describe('sharepoint kind: token', () => {
  it('gets one app-only token per run with the Graph .default scope and sends it to Graph only', async () => {
    peer.put('/a.md', '# A\n');
    const ctx = context();
    const { events } = await list(ctx);
    const item = events.find((e) => e.type === 'item')!;
    expect(item.type).toBe('item');
    await text(await kind.open(ctx, (item as Extract<ListEvent, { type: 'item' }>).item));
    expect(peer.tokensIssued()).toBe(1);
    const graphCalls = peer.requests.filter((r) => r.path.startsWith('/v1.0/'));
    expect(graphCalls.length).toBeGreaterThan(2);
    expect(new Set(graphCalls.map((r) => r.authorization)).size).toBe(1);
    expect(graphCalls[0].authorization).toMatch(/^Bearer /);
  });

  it('asks for one token when a run opens items in parallel', async () => {
    for (let i = 0; i < 3; i++) peer.put(`/p${i}.md`, `# P${i}\n`);
    const { events } = await list(context());
    const items = events.flatMap((e) => (e.type === 'item' ? [e.item] : []));
    // By drive id, so that no drive lookup fetches the token before the opens race for it.
    const fresh = context({ config: { drive_id: peer.drive.id } });
    const texts = await Promise.all(items.map(async (item) => text(await kind.open(fresh, item))));
    expect(texts.sort()).toEqual(['# P0\n', '# P1\n', '# P2\n']);
    expect(peer.tokensIssued()).toBe(2);
  });

  it('names the refusal of a wrong secret without showing the secret', async () => {
    const wrong = 'wrong~secret-value-123';
    const error = await list(context({ secret: wrong })).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    const message = (error as Error).message;
    expect(message).toMatch(/refused the app credentials.*invalid_client.*AADSTS7000215/);
    expect(message).not.toContain(wrong);
    expect(message).not.toContain(peer.clientSecret);
    expect(message).not.toMatch(/Trace ID/);
  });

  it('names an unknown tenant', async () => {
    const error = await list(context({ config: { tenant_id: 'fabrikam.onmicrosoft.com', site: 'contoso.sharepoint.com:/sites/Docs' } })).catch((e: Error) => e);
    expect((error as Error).message).toMatch(/AADSTS90002: Tenant 'fabrikam.onmicrosoft.com' not found/);
  });

  it('gets a new token when Graph stops accepting the one it has', async () => {
    for (let i = 0; i < 4; i++) peer.put(`/f${i}.txt`, `file ${i}`);
    const ctx = context();
    const listing = kind.list(ctx);
    await listing.next();
    peer.revokeTokens();
    for (let next = await listing.next(); !next.done; next = await listing.next());
    expect(peer.tokensIssued()).toBe(2);
  });
});

describe('sharepoint kind: which drive', () => {
  beforeEach(() => {
    peer.put('/site.md', 'in the site library');
    peer.put('/mine.md', 'in a OneDrive', peer.addUser('adele@contoso.com'));
  });

  it('resolves a site by host and path, or by its URL', async () => {
    expect(names((await list(context())).events)).toEqual(['site.md']);
    expect(names((await list(context({ config: { site: 'https://contoso.sharepoint.com/sites/Docs' } }))).events)).toEqual(['site.md']);
    expect(peer.requests.some((r) => r.path === '/v1.0/sites/contoso.sharepoint.com:/sites/Docs')).toBe(true);
  });

  it('resolves a site id, a user and a drive id', async () => {
    expect(names((await list(context({ config: { site_id: peer.site.id } }))).events)).toEqual(['site.md']);
    expect(names((await list(context({ config: { user: 'adele@contoso.com' } }))).events)).toEqual(['mine.md']);
    expect(names((await list(context({ config: { drive_id: peer.drive.id } }))).events)).toEqual(['site.md']);
  });

  it('fails the listing when the site does not exist', async () => {
    const error = await list(context({ config: { site: 'contoso.sharepoint.com:/sites/Nope' } })).catch((e: Error) => e);
    expect((error as Error).message).toMatch(/HTTP 404 to the site contoso.sharepoint.com:\/sites\/Nope/);
  });
});

describe('sharepoint kind: delta listing', () => {
  it('lists the whole drive first, page after page, files only, and keeps the deltaLink', async () => {
    for (let i = 0; i < 5; i++) peer.put(`/Team/doc-${i}.md`, `# Doc ${i}\n`);
    peer.put('/readme.txt', 'hello');
    const { events, result } = await list(context());
    expect(result.mode).toBe('full');
    expect(names(events)).toEqual(['doc-0.md', 'doc-1.md', 'doc-2.md', 'doc-3.md', 'doc-4.md', 'readme.txt']);
    // root + Team + 6 files = 8 entries in pages of 3.
    expect(deltaPages()).toBe(3);
    const readme = events.find((e) => e.type === 'item' && e.item.filename === 'readme.txt') as Extract<ListEvent, { type: 'item' }>;
    expect(readme.item).toEqual({
      externalId: peer.idOf('/readme.txt'),
      // SharePoint leaves cTag out of delta items: the eTag stands in.
      version: expect.stringMatching(/^"\{.+\},\d+"$/),
      filename: 'readme.txt',
      url: 'https://contoso.sharepoint.com/sites/Docs/Shared%20Documents/readme.txt',
      size: 5,
    });
    expect((result.cursor as { link: string }).link).toMatch(/\/root\/delta\?token=/);
  });

  it('then lists only what changed, deletions included, and advances the cursor', async () => {
    for (let i = 0; i < 4; i++) peer.put(`/doc-${i}.md`, `# Doc ${i}\n`);
    const memory = new Memory();
    await list(context({ memory }), memory);
    const first = memory.cursor as { link: string };
    const gone = peer.idOf('/doc-1.md')!;
    peer.put('/doc-0.md', '# Doc 0, revised\n');
    peer.put('/doc-9.md', '# Doc 9\n');
    peer.remove('/doc-1.md');
    const { events, result } = await list(context({ memory }), memory);
    expect(result.mode).toBe('delta');
    expect(names(events)).toEqual(['doc-0.md', 'doc-9.md']);
    expect(deletions(events)).toEqual([gone]);
    expect((result.cursor as { link: string }).link).not.toBe(first.link);

    const quiet = await list(context({ memory }), memory);
    expect(quiet).toEqual({ events: [], result: { mode: 'delta', cursor: expect.anything() } });
  });

  it('lists everything again, and says so, when Graph answers 410 to the stored token', async () => {
    for (let i = 0; i < 3; i++) peer.put(`/doc-${i}.md`, `# Doc ${i}\n`);
    const memory = new Memory();
    await list(context({ memory }), memory);
    peer.forgetDeltaTokens();
    const { events, result } = await list(context({ memory }), memory);
    expect(result.mode).toBe('full');
    expect(names(events)).toEqual(['doc-0.md', 'doc-1.md', 'doc-2.md']);
    expect(events[0]).toEqual({ type: 'error', message: expect.stringMatching(/no longer accepts the stored delta token \(410 Gone/) });
  });

  it('never sends the token to a stored link outside the Graph base: a full listing instead', async () => {
    peer.put('/a.md', 'a');
    const memory = new Memory();
    await list(context({ memory }), memory);
    const cursor = memory.cursor as { link: string };
    memory.cursor = { ...cursor, link: cursor.link.replace(peer.origin, 'http://localhost:1') };
    const { result } = await list(context({ memory }), memory);
    expect(result.mode).toBe('full');
  });

  it('stops with an error past the item limit, leaving the listing incomplete', async () => {
    for (let i = 0; i < 5; i++) peer.put(`/doc-${i}.md`, 'x');
    const { events, result } = await list(context({ maxItems: 3 }));
    expect(names(events)).toHaveLength(3);
    expect(events.at(-1)).toEqual({ type: 'error', message: expect.stringMatching(/stopped after 3 items/) });
    expect(result).toEqual({ mode: 'delta' });
  });

  it('keeps to folder_path and to the name patterns, across moves in and out', async () => {
    peer.put('/Policies/travel.md', 'travel');
    peer.put('/Policies/2026/leave.md', 'leave');
    peer.put('/Policies/2026/leave.tmp', 'scratch');
    peer.put('/Other/elsewhere.md', 'elsewhere');
    peer.put('/Other/Archive/old-1.md', 'old 1');
    peer.put('/Other/Archive/Deep/old-2.md', 'old 2');
    peer.put('/root.md', 'root');
    const memory = new Memory();
    const config = { drive_id: peer.drive.id, folder_path: '/policies/', exclude: ['*.tmp'] };
    const first = await list(context({ config, memory }), memory);
    expect(names(first.events)).toEqual(['leave.md', 'travel.md']);

    // A file moved out, a folder (with a sub-folder) moved in, a file added inside, one added outside.
    const travel = peer.idOf('/Policies/travel.md')!;
    peer.move('/Policies/travel.md', '/Other/travel.md');
    peer.move('/Other/Archive', '/Policies/Archive');
    peer.put('/Policies/2026/new.md', 'new');
    peer.put('/Other/new-outside.md', 'outside');
    const second = await list(context({ config, memory }), memory);
    expect(second.result.mode).toBe('delta');
    expect(names(second.events)).toEqual(['new.md', 'old-1.md', 'old-2.md']);
    expect(deletions(second.events)).toEqual([travel]);

    // The folder moved out again: its files leave with it, as does a file renamed to an excluded name.
    const olds = [peer.idOf('/Policies/Archive/old-1.md')!, peer.idOf('/Policies/Archive/Deep/old-2.md')!, peer.idOf('/Policies/2026/new.md')!].sort();
    peer.move('/Policies/Archive', '/Other/Archive');
    peer.move('/Policies/2026/new.md', '/Policies/2026/new.tmp');
    const third = await list(context({ config, memory }), memory);
    expect(names(third.events)).toEqual([]);
    expect(deletions(third.events)).toEqual(olds);
    expect([...memory.versions.keys()].sort()).toEqual([peer.idOf('/Policies/2026/leave.md')]);
  });

  it('fails the listing when folder_path does not exist', async () => {
    const error = await list(context({ config: { drive_id: peer.drive.id, folder_path: 'Nowhere' } })).catch((e: Error) => e);
    expect((error as Error).message).toBe('folder_path /Nowhere was not found in the drive');
  });
});

describe('sharepoint kind: failures', () => {
  it('waits as long as Retry-After says, capped, then goes on', async () => {
    for (let i = 0; i < 4; i++) peer.put(`/doc-${i}.md`, 'x');
    peer.throttle(2, '7');
    const { events } = await list(context());
    expect(names(events)).toHaveLength(4);
    expect(waits).toEqual([7000, 7000]);

    waits = [];
    peer.throttle(1, '86400');
    await list(context());
    expect(waits).toEqual([60_000]);
  });

  it('throws when a delta page keeps failing, so nothing is deleted', async () => {
    for (let i = 0; i < 6; i++) peer.put(`/doc-${i}.md`, 'x');
    peer.failDeltaAfter(3);
    const events: ListEvent[] = [];
    const error = await (async () => {
      for await (const event of kind.list(context())) events.push(event);
    })().catch((e: Error) => e);
    expect((error as Error).message).toMatch(/HTTP 500 to a delta page of the drive \(generalException/);
    expect(events.every((e) => e.type === 'item')).toBe(true);
  });

  it('throws when throttling outlasts the retries', async () => {
    peer.put('/a.md', 'a');
    peer.throttle(100, '0');
    const error = await list(context()).catch((e: Error) => e);
    expect((error as Error).message).toMatch(/HTTP 429/);
    expect(waits).toHaveLength(4);
  });

  it('refuses a Graph base on a private address when the policy does not allow it', async () => {
    const error = await list(context({ policy: { allowPrivate: false, allowedHosts: [] } })).catch((e: Error) => e);
    expect((error as Error).message).toMatch(/127\.0\.0\.1 is a private, loopback or link-local address/);
    expect(peer.requests).toEqual([]);
  });
});

describe('sharepoint kind: content', () => {
  it('downloads from the pre-authenticated URL without sending the Graph token there', async () => {
    peer.put('/Team/guide.md', '# Guide\n\nThe quokka lantern.\n');
    const ctx = context();
    const { events } = await list(ctx);
    const { item } = events.find((e) => e.type === 'item') as Extract<ListEvent, { type: 'item' }>;
    expect(await text(await kind.open(ctx, item))).toBe('# Guide\n\nThe quokka lantern.\n');
    expect(peer.downloads).toEqual([{ method: 'GET', path: expect.stringMatching(/^\/download\//), authorization: undefined }]);
    // The item's metadata was asked of Graph (with the token), the bytes of the download host (without).
    const metadata = peer.requests.find((r) => r.path.includes(`/items/${item.externalId}?`))!;
    expect(metadata.authorization).toMatch(/^Bearer /);
  });

  it('fails an open when the download fails', async () => {
    peer.put('/a.md', 'a');
    const ctx = context();
    const { events } = await list(ctx);
    const { item } = events.find((e) => e.type === 'item') as Extract<ListEvent, { type: 'item' }>;
    peer.failDownloads(true);
    await expect(kind.open(ctx, item)).rejects.toThrow(/download of a.md from 127.0.0.1:\d+ answered HTTP 500/);
  });

  it('makes an item over the size limit an error, never downloaded', async () => {
    peer.put('/big.txt', 'x'.repeat(2000));
    peer.put('/small.txt', 'x');
    const { events } = await list(context({ maxFileBytes: 1000 }));
    expect(names(events)).toEqual(['small.txt']);
    expect(events).toContainEqual({
      type: 'error',
      externalId: peer.idOf('/big.txt'),
      url: 'https://contoso.sharepoint.com/sites/Docs/Shared%20Documents/big.txt',
      message: 'big.txt is 2000 bytes, over the 1000-byte limit',
    });
    expect(peer.downloads).toEqual([]);
  });
});
