/**
 * A small web site on loopback for the web connector: pages `/pages/<i>.html` carrying phrase(i), linked from the
 * index page `/` and listed in a sitemap index `/sitemap.xml` (one child sitemap per page), a robots.txt disallowing
 * `/pages/private/` (the index links a page there, which must never be fetched), ETag + If-None-Match → 304.
 *
 * failListingAfter(n): the child sitemaps of pages n, n+1, … and one extra child answer 500, so the listing throws
 * (a sitemap that cannot be read leaves the listing incomplete) after at most the pages already read.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ConnectorContext, ConnectorItem, ListEvent, ListResult } from '../../src/modules/connectors/kinds/kind.js';
import type { UrlPolicy } from '../../src/platform/net/address-policy.js';
import { createGuardedClient } from '../../src/platform/net/guarded-fetch.js';
import type { ConnectorPeer } from '../support/connector-peer.js';

interface WebRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
}

export interface WebPeer extends ConnectorPeer {
  /** `http://127.0.0.1:<port>` */
  base: string;
  requests: WebRequest[];
  /** The robots.txt served (null: 404). */
  robots: string | null;
  /** A test's own answer for one path (and query), taking precedence over the site; null removes it. */
  route(path: string, handler: ((req: IncomingMessage, res: ServerResponse) => void) | null): void;
  /** The HTML of page i as served now. */
  pageHtml(i: number): string;
}

const DEFAULT_ROBOTS = 'User-agent: *\nDisallow: /pages/private/\n';

export async function startWebPeer(): Promise<WebPeer> {
  const pages = new Map<number, { changed: boolean }>();
  const routes = new Map<string, (req: IncomingMessage, res: ServerResponse) => void>();
  const requests: WebRequest[] = [];
  let failAfter: number | null = null;
  let reads = 0;

  const phrase = (i: number) => `marigold${i}harbour amberquokka${i}`;
  const changedPhrase = (i: number) => `cobalt${i}lighthouse violetpelican${i}`;
  const pageHtml = (i: number) => {
    const text = pages.get(i)?.changed ? changedPhrase(i) : phrase(i);
    return (
      `<!doctype html><html lang="en"><head><title>Peer page ${i}</title></head><body><main><h1>Peer page ${i}</h1>` +
      `<p>This page says ${text}. It is one of the pages of the loopback site that the web connector crawls in tests.</p>` +
      `<p>Back to the <a href="/">index</a>.</p></main></body></html>`
    );
  };
  const sorted = () => [...pages.keys()].sort((a, b) => a - b);
  const indexHtml = () =>
    '<!doctype html><html><head><title>Peer index</title></head><body><ul>' +
    sorted()
      .map((i) => `<li><a href="/pages/${i}.html">Page ${i}</a></li>`)
      .join('') +
    '<li><a href="/pages/private/secret.html">Secret</a></li></ul></body></html>';
  const etagOf = (body: string) => `"${createHash('sha1').update(body).digest('hex').slice(0, 16)}"`;

  const peer = {} as WebPeer;
  const send = (res: ServerResponse, status: number, type: string, body: string, headers: Record<string, string> = {}) =>
    res.writeHead(status, { 'content-type': type, ...headers }).end(body);

  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    requests.push({ method: req.method ?? 'GET', path, headers: req.headers });
    const custom = routes.get(path);
    if (custom) return custom(req, res);
    if (path === '/robots.txt') return peer.robots === null ? send(res, 404, 'text/plain', 'not found') : send(res, 200, 'text/plain', peer.robots);
    if (path === '/') return send(res, 200, 'text/html; charset=utf-8', indexHtml());
    if (path === '/sitemap.xml') {
      const children = sorted().map((i) => `<sitemap><loc>${peer.base}/sitemaps/${i}.xml</loc></sitemap>`);
      if (failAfter !== null) children.push(`<sitemap><loc>${peer.base}/sitemaps/more.xml</loc></sitemap>`);
      return send(res, 200, 'application/xml', `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${children.join('')}</sitemapindex>`);
    }
    const child = /^\/sitemaps\/(\d+|more)\.xml$/.exec(path);
    if (child) {
      const i = child[1] === 'more' ? Infinity : Number(child[1]);
      if (failAfter !== null && i >= failAfter) return send(res, 500, 'text/plain', 'sitemap unavailable');
      if (!pages.has(i)) return send(res, 404, 'text/plain', 'not found');
      return send(res, 200, 'application/xml', `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${peer.base}/pages/${i}.html</loc></url></urlset>`);
    }
    const page = /^\/pages\/(\d+)\.html$/.exec(path);
    if (page && pages.has(Number(page[1]))) {
      const body = pageHtml(Number(page[1]));
      const etag = etagOf(body);
      if (req.headers['if-none-match'] === etag) return res.writeHead(304, { etag }).end();
      if (req.method === 'GET') reads++;
      return send(res, 200, 'text/html; charset=utf-8', req.method === 'HEAD' ? '' : body, { etag });
    }
    return send(res, 404, 'text/plain', 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  Object.assign(peer, {
    kind: 'web',
    base,
    config: { start_urls: [`${base}/`], sitemap_urls: [`${base}/sitemap.xml`], include_patterns: ['/pages/**'], delay_ms: 0 },
    env: { CONNECTOR_ALLOW_PRIVATE_URLS: 'true' },
    requests,
    robots: DEFAULT_ROBOTS,
    phrase,
    changedPhrase,
    pageHtml,
    route(path: string, handler: ((req: IncomingMessage, res: ServerResponse) => void) | null) {
      if (handler) routes.set(path, handler);
      else routes.delete(path);
    },
    async seed(n: number) {
      for (let i = 0; i < n; i++) pages.set(i, { changed: false });
    },
    async add(i: number) {
      pages.set(i, { changed: false });
    },
    async change(i: number) {
      pages.set(i, { changed: true });
    },
    async remove(i: number) {
      pages.delete(i);
    },
    failListingAfter(n: number | null) {
      failAfter = n;
    },
    contentReads: () => reads,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  } satisfies Omit<WebPeer, never>);
  return peer;
}

/** What the engine would remember between runs: each item's version and meta (an unchanged item keeps its version). */
export type Remembered = Map<string, { version: string; meta?: Record<string, unknown> }>;

/**
 * A hand-built ConnectorContext for unit tests of the web kind: a real guarded client with the given policy (default:
 * private addresses allowed, as CONNECTOR_ALLOW_PRIVATE_URLS=true), `previous` answered from what a former run yielded.
 */
export function webContext<Config>(
  config: Config,
  options: { policy?: UrlPolicy; previous?: Remembered; maxItems?: number; maxFileBytes?: number; signal?: AbortSignal; userAgent?: string } = {},
): ConnectorContext<Config, null> {
  const policy = options.policy ?? { allowPrivate: true, allowedHosts: [] };
  return {
    connectorId: 'connector-1',
    tenantId: 'tenant-1',
    config,
    credentials: null,
    env: { folderRoots: [], userAgent: options.userAgent ?? 'KnowledgeBaseBot/1.0 (+connectors)', policy, graphBaseUrl: 'https://graph.microsoft.com/v1.0', graphLoginUrl: 'https://login.microsoftonline.com' },
    http: createGuardedClient({ policy }),
    signal: options.signal ?? new AbortController().signal,
    previous: async (externalId) => options.previous?.get(externalId) ?? null,
    cursor: null,
    limits: { maxItems: options.maxItems ?? 10_000, maxFileBytes: options.maxFileBytes ?? 10 * 1024 * 1024 },
    now: () => Date.now(),
  };
}

export interface ListRun {
  events: ListEvent[];
  items: ConnectorItem[];
  errors: Array<Extract<ListEvent, { type: 'error' }>>;
  unchanged: Array<Extract<ListEvent, { type: 'unchanged' }>>;
  result?: ListResult;
  error?: unknown;
}

/** Runs a listing to its end (or its throw) and sorts what it yielded. */
export async function drain(listing: AsyncGenerator<ListEvent, ListResult, void>): Promise<ListRun> {
  const run: ListRun = { events: [], items: [], errors: [], unchanged: [] };
  try {
    for (;;) {
      const next = await listing.next();
      if (next.done) {
        run.result = next.value;
        break;
      }
      run.events.push(next.value);
      if (next.value.type === 'item') run.items.push(next.value.item);
      if (next.value.type === 'error') run.errors.push(next.value);
      if (next.value.type === 'unchanged') run.unchanged.push(next.value);
    }
  } catch (error) {
    run.error = error;
  }
  return run;
}

/** The engine's memory after a complete run. */
export function remember(run: ListRun, before: Remembered = new Map()): Remembered {
  const after: Remembered = new Map();
  for (const item of run.items) after.set(item.externalId, { version: item.version, meta: item.meta });
  for (const u of run.unchanged) after.set(u.externalId, { version: before.get(u.externalId)?.version ?? '', meta: u.meta });
  return after;
}
