import type { ServerResponse } from 'node:http';
import { text } from 'node:stream/consumers';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { drain, remember, startWebPeer, webContext, type WebPeer } from '../../../../test/peers/connector-web.js';
import { RedirectRefusedError } from '../../../platform/net/guarded-fetch.js';
import { createWebKind, webKind, type WebConfig } from './web.js';

let peer: WebPeer;
let other: WebPeer;
/** Reachable on loopback, but only by the name `localhost`, which the guarded client below may not dial. */
let trap: WebPeer;

beforeAll(async () => {
  [peer, other, trap] = await Promise.all([startWebPeer(), startWebPeer(), startWebPeer()]);
});
afterAll(async () => {
  await Promise.all([peer.close(), other.close(), trap.close()]);
});
afterEach(() => {
  peer.robots = 'User-agent: *\nDisallow: /pages/private/\n';
  for (const p of [peer, other, trap]) p.requests.length = 0;
});

const list = (config: WebConfig, options?: Parameters<typeof webContext>[1]) => drain(webKind.list(webContext(config, options)));
const html = (body: string, head = '') => `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;
const page = (p: WebPeer, path: string, body: string, headers: Record<string, string> = {}) =>
  p.route(path, (_req, res) => void res.writeHead(200, { 'content-type': 'text/html', ...headers }).end(body));
const redirect = (p: WebPeer, path: string, location: string, status = 301) => p.route(path, (_req, res) => void res.writeHead(status, { location }).end());
const ids = (run: { items: Array<{ externalId: string }> }) => run.items.map((i) => i.externalId).sort();

/** Only the peers' own address is exempt: `localhost` and every other private address are refused. */
const strict = { policy: { allowPrivate: false, allowedHosts: ['127.0.0.1'] } };

describe('web kind: conditional GET', () => {
  it('continues the crawl from the links stored with a page that answers 304', async () => {
    page(peer, '/cg/', html('<a href="/cg/a">a</a>'));
    for (const [path, next, etag] of [['/cg/a', '/cg/b', '"a1"'], ['/cg/b', null, '"b1"']] as const) {
      peer.route(path, (req, res) => {
        if (req.headers['if-none-match'] === etag) return void res.writeHead(304, { etag }).end();
        res.writeHead(200, { 'content-type': 'text/html', etag }).end(html(next ? `<a href="${next}">next</a>` : '<p>leaf</p>'));
      });
    }
    const first = await list({ start_urls: [`${peer.base}/cg/`], delay_ms: 0 });
    expect(ids(first)).toEqual(['/cg/', '/cg/a', '/cg/b'].map((p) => peer.base + p));
    expect(first.items.find((i) => i.externalId.endsWith('/cg/a'))!.meta).toEqual({ etag: '"a1"', links: [`${peer.base}/cg/b`] });

    const second = await list({ start_urls: [`${peer.base}/cg/`], delay_ms: 0 }, { previous: remember(first) });
    expect(second.unchanged).toEqual([
      { type: 'unchanged', externalId: `${peer.base}/cg/a`, meta: { etag: '"a1"', links: [`${peer.base}/cg/b`] } },
      { type: 'unchanged', externalId: `${peer.base}/cg/b`, meta: { etag: '"b1"', links: [] } },
    ]);
    // The start page has no validator: read again, its version is its content's hash, the same as before.
    expect(second.items.map((i) => [i.externalId, i.version])).toEqual(first.items.filter((i) => i.externalId.endsWith('/cg/')).map((i) => [i.externalId, i.version]));
  });
});

// Following a redirect needs its Location, which the guarded client's RedirectRefusedError carries once the platform provides it.
const redirectsReadable = 'location' in new RedirectRefusedError('example.com', 301);

describe.runIf(redirectsReadable)('web kind: redirects', () => {
  it('follows a redirect within scope (the target is the item) and refuses one out of scope or looping', async () => {
    page(peer, '/r/', html('<a href="/r/old">old</a> <a href="/r/out">out</a> <a href="/r/loop0">loop</a>'));
    redirect(peer, '/r/old', '/r/new');
    page(peer, '/r/new', html('<p>new</p>'));
    redirect(peer, '/r/out', `${other.base}/elsewhere`, 302);
    for (let i = 0; i < 7; i++) redirect(peer, `/r/loop${i}`, `/r/loop${i + 1}`, 307);
    const run = await list({ start_urls: [`${peer.base}/r/`], delay_ms: 0 });
    expect(run.error).toBeUndefined();
    expect(ids(run)).toEqual([`${peer.base}/r/`, `${peer.base}/r/new`]);
    expect(run.errors.map((e) => [e.url, e.externalId]).sort()).toEqual([
      [`${peer.base}/r/loop0`, undefined],
      [`${peer.base}/r/out`, undefined],
    ]);
    expect(run.errors.find((e) => e.url!.endsWith('/r/out'))!.message).toMatch(/outside the crawl scope/);
    expect(run.errors.find((e) => e.url!.endsWith('/r/loop0'))!.message).toMatch(/more than 5 times/);
    expect(other.requests).toEqual([]);
  });

  it('takes the host a start URL redirects to into the site', async () => {
    redirect(peer, '/r/start', `${other.base}/moved/`);
    page(other, '/moved/', html('<a href="/moved/child">child</a>'));
    page(other, '/moved/child', html('<p>child</p>'));
    const run = await list({ start_urls: [`${peer.base}/r/start`], delay_ms: 0 });
    expect(ids(run)).toEqual([`${other.base}/moved/`, `${other.base}/moved/child`]);
  });
});

describe('web kind: SSRF', () => {
  it('records links to private addresses as errors and goes on (nothing reaches them)', async () => {
    const port = new URL(trap.base).port;
    const targets = [`http://localhost:${port}/`, 'http://169.254.169.254/latest/meta-data/', 'http://10.0.0.1/', `http://[::1]:${port}/`];
    page(peer, '/s/', html(targets.map((t) => `<a href="${t}">x</a>`).join('') + '<a href="/s/ok">ok</a>'));
    page(peer, '/s/ok', html('<p>ok</p>'));
    const run = await list({ start_urls: [`${peer.base}/s/`], same_site: false, delay_ms: 0 }, strict);
    expect(run.error).toBeUndefined();
    expect(ids(run)).toEqual([`${peer.base}/s/`, `${peer.base}/s/ok`]);
    expect(run.errors.map((e) => e.url).sort()).toEqual(targets.map((t) => new URL(t).href).sort());
    for (const error of run.errors) {
      expect(error.message).toMatch(/refused/);
      expect(error.externalId).toBeUndefined();
    }
    expect(trap.requests).toEqual([]);
  });

  it.runIf(redirectsReadable)('records a redirect to a private address as an error', async () => {
    page(peer, '/s2/', html('<a href="/s2/jump">jump</a>'));
    redirect(peer, '/s2/jump', `http://localhost:${new URL(trap.base).port}/internal`, 302);
    const run = await list({ start_urls: [`${peer.base}/s2/`], same_site: false, delay_ms: 0 }, strict);
    expect(run.error).toBeUndefined();
    expect(run.errors).toEqual([{ type: 'error', url: `${peer.base}/s2/jump`, message: expect.stringMatching(/refused/) }]);
    expect(trap.requests).toEqual([]);
  });

  it('records sitemap entries and child sitemaps at private addresses as errors', async () => {
    peer.route('/s3/index.xml', (_req, res) =>
      res.writeHead(200, { 'content-type': 'application/xml' }).end(
        `<sitemapindex><sitemap><loc>${peer.base}/s3/map.xml</loc></sitemap><sitemap><loc>http://169.254.169.254/map.xml</loc></sitemap></sitemapindex>`,
      ),
    );
    peer.route('/s3/map.xml', (_req, res) =>
      res.writeHead(200, { 'content-type': 'application/xml' }).end(`<urlset><url><loc>http://10.1.2.3/admin</loc></url><url><loc>${peer.base}/s3/page</loc></url></urlset>`),
    );
    page(peer, '/s3/page', html('<p>page</p>'));
    const run = await list({ sitemap_urls: [`${peer.base}/s3/index.xml`], same_site: false, delay_ms: 0 }, strict);
    expect(run.error).toBeUndefined();
    expect(ids(run)).toEqual([`${peer.base}/s3/page`]);
    expect(run.errors.map((e) => e.url).sort()).toEqual(['http://10.1.2.3/admin', 'http://169.254.169.254/map.xml']);
  });

  it('fails the listing when the start URL itself is refused', async () => {
    const run = await list({ start_urls: [`http://localhost:${new URL(trap.base).port}/`], delay_ms: 0 }, strict);
    expect(String(run.error)).toMatch(/refused/);
    expect(trap.requests).toEqual([]);
  });
});

describe('web kind: linked files', () => {
  const serveFile = (path: string, body: Buffer | string, type: string, headers: Record<string, string> = {}) =>
    // Node sends no Content-Length of its own for HEAD: set, as servers do.
    peer.route(path, (_req, res: ServerResponse) => void res.writeHead(200, { 'content-type': type, 'content-length': String(Buffer.byteLength(body)), ...headers }).end(body));
  beforeAll(() => {
    page(peer, '/f/', html(['report.txt', 'data.csv', 'big.pdf', 'photo.png', 'download?id=1'].map((f) => `<a href="/f/${f}">${f}</a>`).join('')));
    serveFile('/f/report.txt', 'the report text', 'text/plain', { etag: '"r1"' });
    serveFile('/f/data.csv', 'a,b\n1,2\n', 'text/csv');
    serveFile('/f/big.pdf', Buffer.alloc(5000, 32), 'application/pdf');
    serveFile('/f/photo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47]), 'image/png');
    serveFile('/f/download?id=1', '%PDF-1.4 tiny', 'application/pdf');
  });

  it('lists supported files in scope (by extension or by type) and opens them as streams', async () => {
    const ctx = webContext<WebConfig>({ start_urls: [`${peer.base}/f/`], delay_ms: 0 }, { maxFileBytes: 1000 });
    const run = await drain(webKind.list(ctx));
    expect(run.error).toBeUndefined();
    expect(ids(run)).toEqual(['/f/', '/f/data.csv', '/f/download?id=1', '/f/report.txt'].map((p) => peer.base + p));
    const report = run.items.find((i) => i.externalId.endsWith('report.txt'))!;
    expect(report).toMatchObject({ filename: 'report.txt', version: 'etag:"r1"', size: 15 });
    expect(report.body).toBeUndefined();
    expect(await text(await webKind.open(ctx, report))).toBe('the report text');
    const csv = run.items.find((i) => i.externalId.endsWith('data.csv'))!;
    expect(csv.version).toMatch(/^sha256:/);
    expect(await text(await webKind.open(ctx, csv))).toBe('a,b\n1,2\n');
    // Served without an extension: read while listing, named by its type.
    expect(run.items.find((i) => i.externalId.endsWith('id=1'))).toMatchObject({ filename: 'download.pdf', body: Buffer.from('%PDF-1.4 tiny') });
    expect(run.errors).toEqual([{ type: 'error', externalId: `${peer.base}/f/big.pdf`, url: `${peer.base}/f/big.pdf`, message: expect.stringMatching(/larger than 1000 bytes/) }]);
    // The file with a validator was never read while listing, only asked about.
    expect(peer.requests.filter((r) => r.path === '/f/report.txt').map((r) => r.method)).toEqual(['HEAD', 'GET']);
  });

  it('leaves files alone when fetch_files is off', async () => {
    const run = await list({ start_urls: [`${peer.base}/f/`], delay_ms: 0, fetch_files: false });
    expect(ids(run)).toEqual([`${peer.base}/f/`]);
    expect(peer.requests.some((r) => r.path === '/f/report.txt' || r.path === '/f/data.csv')).toBe(false);
  });
});

describe('web kind: politeness', () => {
  it("spaces requests to a host by robots.txt's Crawl-delay, never less than delay_ms", async () => {
    page(peer, '/cd/', html('<a href="/cd/a">a</a><a href="/cd/b">b</a>'));
    page(peer, '/cd/a', html('<p>a</p>'));
    page(peer, '/cd/b', html('<p>b</p>'));
    const crawlWith = async (robots: string, delayMs: number) => {
      peer.robots = robots;
      let now = 0;
      const sleeps: number[] = [];
      const kind = createWebKind(() => ({ now: () => now, sleep: async (ms) => void (sleeps.push(ms), (now += ms)) }));
      const run = await drain(kind.list(webContext({ start_urls: [`${peer.base}/cd/`], delay_ms: delayMs, concurrency_per_host: 1 })));
      expect(run.items).toHaveLength(3);
      return sleeps;
    };
    // robots.txt is read first; then three pages, each starting 2 s after the one before.
    expect(await crawlWith('User-agent: *\nCrawl-delay: 2\n', 0)).toEqual([2000, 2000]);
    expect(await crawlWith('User-agent: KnowledgeBaseBot\nCrawl-delay: 0.1\n', 500)).toEqual([500, 500, 500]);
  });
});
