import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { drain, remember, startWebPeer, webContext, type WebPeer } from '../../../../test/peers/connector-web.js';
import { webKind, type WebConfig } from './web.js';

let peer: WebPeer;
let other: WebPeer;

beforeAll(async () => {
  peer = await startWebPeer();
  other = await startWebPeer();
});
afterAll(async () => {
  await Promise.all([peer.close(), other.close()]);
});
afterEach(async () => {
  for (let i = 0; i < 20; i++) await peer.remove(i);
  peer.failListingAfter(null);
  peer.route('/robots.txt', null);
  peer.robots = 'User-agent: *\nDisallow: /pages/private/\n';
  peer.requests.length = 0;
  other.requests.length = 0;
});

const list = (config: WebConfig, options?: Parameters<typeof webContext>[1]) => drain(webKind.list(webContext(config, options)));
const html = (body: string, head = '') => `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;
const page = (p: WebPeer, path: string, body: string, headers: Record<string, string> = {}) =>
  p.route(path, (_req, res) => void res.writeHead(200, { 'content-type': 'text/html', ...headers }).end(body));
const ids = (run: { items: Array<{ externalId: string }> }) => run.items.map((i) => i.externalId).sort();

describe('web kind: the peer site', () => {
  it('lists the pages from the index and the sitemap once each, with their HTML, and never fetches what robots.txt disallows', async () => {
    await peer.seed(3);
    const run = await list(peer.config as WebConfig);
    expect(run.error).toBeUndefined();
    expect(run.result).toEqual({ mode: 'full' });
    expect(ids(run)).toEqual([0, 1, 2].map((i) => `${peer.base}/pages/${i}.html`));
    const first = run.items.find((i) => i.externalId.endsWith('/0.html'))!;
    expect(first.body!.toString()).toContain(peer.phrase(0));
    expect(first.filename).toBe('0.html');
    expect(first.url).toBe(first.externalId);
    expect(first.version).toMatch(/^etag:"/);
    expect(first.meta).toMatchObject({ etag: expect.any(String), links: [] });
    expect(peer.requests.some((r) => r.path.startsWith('/pages/private/'))).toBe(false);
    expect(peer.requests.every((r) => r.headers['user-agent'] === 'KnowledgeBaseBot/1.0 (+connectors)')).toBe(true);
  });

  it('reads nothing on a second run: every page answers 304 and is unchanged; a changed page is read again', async () => {
    await peer.seed(3);
    const first = await list(peer.config as WebConfig);
    const reads = peer.contentReads();
    const second = await list(peer.config as WebConfig, { previous: remember(first) });
    expect(second.error).toBeUndefined();
    expect(second.items).toEqual([]);
    expect(second.unchanged.map((u) => u.externalId).sort()).toEqual(ids(first));
    expect(peer.contentReads()).toBe(reads);
    expect(peer.requests.filter((r) => r.headers['if-none-match']).length).toBe(3);

    await peer.change(1);
    const third = await list(peer.config as WebConfig, { previous: remember(second, remember(first)) });
    expect(ids(third)).toEqual([`${peer.base}/pages/1.html`]);
    expect(third.items[0].body!.toString()).toContain(peer.changedPhrase(1));
    expect(third.items[0].version).not.toBe(first.items.find((i) => i.externalId === third.items[0].externalId)!.version);
  });

  it('throws when a sitemap answers 500 (failListingAfter), and lists again once healed', async () => {
    await peer.seed(3);
    peer.failListingAfter(1);
    const broken = await list(peer.config as WebConfig);
    expect(String(broken.error)).toMatch(/sitemap .* answered HTTP 500/);
    peer.failListingAfter(null);
    expect((await list(peer.config as WebConfig)).items).toHaveLength(3);
  });

  it('drops a removed page from the listing (a 404 is no item and no error)', async () => {
    await peer.seed(3);
    const first = await list(peer.config as WebConfig);
    await peer.remove(2);
    const second = await list(peer.config as WebConfig, { previous: remember(first) });
    expect(second.unchanged.map((u) => u.externalId).sort()).toEqual([0, 1].map((i) => `${peer.base}/pages/${i}.html`));
    expect(second.errors).toEqual([]);
  });
});

describe('web kind: scope', () => {
  // / → /d1 → /d2 → /d3 → /d4: a chain of depths.
  beforeAll(() => {
    page(other, '/chain/', html('<a href="/chain/d1">1</a>'));
    for (let d = 1; d <= 4; d++) page(other, `/chain/d${d}`, html(`<p>depth ${d}</p><a href="/chain/d${d + 1}">next</a>`));
  });

  it('follows links up to max_depth', async () => {
    const run = await list({ start_urls: [`${other.base}/chain/`], max_depth: 2, delay_ms: 0 });
    expect(ids(run)).toEqual([`${other.base}/chain/`, `${other.base}/chain/d1`, `${other.base}/chain/d2`]);
  });

  it('stops at max_pages with a complete listing, and fails past the operator limit', async () => {
    await peer.seed(10);
    const capped = await list({ ...(peer.config as WebConfig), max_pages: 3 });
    expect(capped.items).toHaveLength(3);
    expect(capped.result).toEqual({ mode: 'full' });
    const limited = await list(peer.config as WebConfig, { maxItems: 3 });
    expect(String(limited.error)).toMatch(/more than 3 items/);
  });

  it('fetches only paths matching include_patterns and not exclude_patterns', async () => {
    await peer.seed(12);
    const run = await list({ ...(peer.config as WebConfig), include_patterns: ['/pages/1*.html'], exclude_patterns: ['/pages/11.html'] });
    expect(ids(run)).toEqual([1, 10].map((i) => `${peer.base}/pages/${i}.html`));
    expect(peer.requests.some((r) => r.path === '/pages/11.html' || r.path === '/pages/2.html')).toBe(false);
  });

  it('stays on the start hosts unless same_site is off', async () => {
    page(peer, '/outbound', html(`<a href="${other.base}/chain/d4">elsewhere</a>`));
    const inside = await list({ start_urls: [`${peer.base}/outbound`], delay_ms: 0 });
    expect(ids(inside)).toEqual([`${peer.base}/outbound`]);
    expect(other.requests).toEqual([]);
    const outside = await list({ start_urls: [`${peer.base}/outbound`], same_site: false, max_depth: 1, delay_ms: 0 });
    expect(ids(outside)).toEqual([`${peer.base}/outbound`, `${other.base}/chain/d4`].sort());
  });

  it('uses the in-scope canonical URL as the externalId and lists it once', async () => {
    page(peer, '/canon/a?utm=x', html('<p>A</p>', `<link rel="canonical" href="${peer.base}/canon/a">`));
    page(peer, '/canon/a', html('<p>A</p>', `<link rel="canonical" href="/canon/a">`));
    page(peer, '/canon/out', html('<p>B</p>', `<link rel="canonical" href="${other.base}/b">`));
    page(peer, '/canon/', html('<a href="/canon/a?utm=x#top">a</a> <a href="/canon/a">a</a> <a href="/canon/out">out</a>'));
    const run = await list({ start_urls: [`${peer.base}/canon/`], delay_ms: 0 });
    expect(ids(run)).toEqual([`${peer.base}/canon/`, `${peer.base}/canon/a`, `${peer.base}/canon/out`]);
  });

  it('follows the links of a noindex page without listing it', async () => {
    page(peer, '/hidden/', html('<a href="/hidden/shown">x</a>', '<meta name="robots" content="noindex">'));
    page(peer, '/hidden/shown', html('<p>shown</p>'));
    const run = await list({ start_urls: [`${peer.base}/hidden/`], delay_ms: 0 });
    expect(ids(run)).toEqual([`${peer.base}/hidden/shown`]);
  });
});

describe('web kind: sitemaps', () => {
  it('reads a sitemap index with a gzip sitemap and a plain one', async () => {
    const urlset = (paths: string[]) =>
      `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths.map((p) => `<url><loc>${peer.base}${p}</loc><lastmod>2026-01-01</lastmod></url>`).join('')}</urlset>`;
    peer.route('/maps/index.xml', (_req, res) =>
      res.writeHead(200, { 'content-type': 'application/xml' }).end(`<sitemapindex><sitemap><loc>${peer.base}/maps/a.xml.gz</loc></sitemap><sitemap><loc>${peer.base}/maps/b.xml</loc></sitemap></sitemapindex>`),
    );
    peer.route('/maps/a.xml.gz', (_req, res) => res.writeHead(200, { 'content-type': 'application/gzip' }).end(gzipSync(urlset(['/maps/p1']))));
    peer.route('/maps/b.xml', (_req, res) => res.writeHead(200, { 'content-type': 'application/xml' }).end(urlset(['/maps/p2'])));
    page(peer, '/maps/p1', html('<p>one</p>'));
    page(peer, '/maps/p2', html('<p>two</p>'));
    const run = await list({ sitemap_urls: [`${peer.base}/maps/index.xml`], delay_ms: 0 });
    expect(run.error).toBeUndefined();
    expect(ids(run)).toEqual([`${peer.base}/maps/p1`, `${peer.base}/maps/p2`]);
  });

  it('fails the listing when a configured sitemap is missing', async () => {
    const run = await list({ sitemap_urls: [`${peer.base}/maps/none.xml`], delay_ms: 0 });
    expect(String(run.error)).toMatch(/answered HTTP 404/);
  });
});

describe('web kind: robots.txt', () => {
  it('obeys the group of our product token over *, longest match deciding', async () => {
    peer.robots = 'User-agent: *\nDisallow: /\n\nUser-agent: KnowledgeBaseBot\nDisallow: /pages/\nAllow: /pages/1.html\n';
    await peer.seed(3);
    const run = await list(peer.config as WebConfig);
    expect(ids(run)).toEqual([`${peer.base}/pages/1.html`]);
    expect(peer.requests.filter((r) => r.path.startsWith('/pages/')).map((r) => r.path)).toEqual(['/pages/1.html']);
  });

  it('allows everything when robots.txt is missing, and fails the listing when it answers 5xx', async () => {
    await peer.seed(1);
    peer.robots = null;
    expect((await list(peer.config as WebConfig)).items).toHaveLength(1);
    peer.route('/robots.txt', (_req, res) => res.writeHead(503).end());
    peer.requests.length = 0;
    const run = await list(peer.config as WebConfig);
    expect(String(run.error)).toMatch(/robots\.txt .* answered HTTP 503/);
    expect(peer.requests.some((r) => r.path.startsWith('/pages/'))).toBe(false);
  });
});

describe('web kind: failures', () => {
  it('throws when the start URL answers 5xx or refuses the connection', async () => {
    peer.route('/down', (_req, res) => res.writeHead(502).end());
    expect(String((await list({ start_urls: [`${peer.base}/down`], delay_ms: 0 })).error)).toMatch(/answered HTTP 502/);
    const closed = await startWebPeer();
    await closed.close();
    expect(String((await list({ start_urls: [`${closed.base}/`], delay_ms: 0 })).error)).toMatch(/ECONNREFUSED|could not/);
  });

  it('records a page answering 5xx as an error of that item and goes on; a missing page is no error', async () => {
    page(peer, '/mixed/', html('<a href="/mixed/bad">bad</a><a href="/mixed/gone">gone</a><a href="/mixed/good">good</a>'));
    peer.route('/mixed/bad', (_req, res) => res.writeHead(500).end());
    page(peer, '/mixed/good', html('<p>good</p>'));
    const run = await list({ start_urls: [`${peer.base}/mixed/`], delay_ms: 0 });
    expect(ids(run)).toEqual([`${peer.base}/mixed/`, `${peer.base}/mixed/good`]);
    expect(run.errors).toEqual([{ type: 'error', externalId: `${peer.base}/mixed/bad`, url: `${peer.base}/mixed/bad`, message: expect.stringMatching(/HTTP 500/) }]);
  });

  it('turns a page larger than the upload limit into an item error; a start URL too large to read fails the listing', async () => {
    page(peer, '/big/', html('<a href="/big/page">big</a>'));
    page(peer, '/big/page', html(`<p>${'x'.repeat(5000)}</p>`));
    const run = await list({ start_urls: [`${peer.base}/big/`], delay_ms: 0 }, { maxFileBytes: 1000 });
    expect(run.error).toBeUndefined();
    expect(ids(run)).toEqual([`${peer.base}/big/`]);
    expect(run.errors).toEqual([{ type: 'error', externalId: `${peer.base}/big/page`, url: `${peer.base}/big/page`, message: expect.stringMatching(/larger than 1000 bytes/) }]);
    const root = await list({ start_urls: [`${peer.base}/big/page`], delay_ms: 0 }, { maxFileBytes: 1000 });
    expect(String(root.error)).toMatch(/larger than 1000 bytes/);
  });

  it('decodes a page compressed although identity was asked for, within the upload limit', async () => {
    const compressed = gzipSync(html(`<p>squeezed ${'y'.repeat(3000)}</p>`));
    peer.route('/gz/', (_req, res) => void res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(compressed));
    const run = await list({ start_urls: [`${peer.base}/gz/`], delay_ms: 0 });
    expect(run.items[0].body!.toString()).toContain('squeezed yyy');
    expect(peer.requests.find((r) => r.path === '/gz/')!.headers['accept-encoding']).toBe('identity');
    const bomb = await list({ start_urls: [`${peer.base}/gz/`], delay_ms: 0 }, { maxFileBytes: 1000 });
    expect(String(bomb.error)).toMatch(/larger than 1000 bytes/);
  });

  it('stops promptly when the run is cancelled', async () => {
    peer.route('/slow', () => {}); // never answers
    const abort = new AbortController();
    const listing = webKind.list(webContext({ start_urls: [`${peer.base}/slow`], delay_ms: 0 }, { signal: abort.signal }));
    const pending = drain(listing);
    await new Promise<void>((resolve) => {
      const poll = () => (peer.requests.some((r) => r.path === '/slow') ? resolve() : setImmediate(poll));
      poll();
    });
    abort.abort(new Error('cancelled'));
    expect(String((await pending).error)).toMatch(/cancelled/);
  });
});

describe('web kind: check', () => {
  it('wants at least one http(s) start or sitemap URL', () => {
    expect(webKind.check!({}, webContext({}).env)).toMatchObject({ loc: ['config', 'start_urls'] });
    expect(webKind.check!({ start_urls: ['ftp://example.com/'] }, webContext({}).env)).toMatchObject({ loc: ['config', 'start_urls', '0'] });
    expect(webKind.check!({ sitemap_urls: ['https://example.com/sitemap.xml', 'not a url'] }, webContext({}).env)).toMatchObject({ loc: ['config', 'sitemap_urls', '1'] });
    expect(webKind.check!({ start_urls: ['https://user:pw@example.com/'] }, webContext({}).env)).not.toBeNull();
    expect(webKind.check!({ start_urls: ['https://example.com/'], exclude_patterns: ['/a/**', 'b/**'] }, webContext({}).env)).toMatchObject({ loc: ['config', 'exclude_patterns', '1'] });
    expect(webKind.check!({ start_urls: ['https://example.com/'] }, webContext({}).env)).toBeNull();
  });
});
