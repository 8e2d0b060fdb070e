import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { promisify } from 'node:util';
import { brotliDecompress, gunzip, inflate, type BrotliOptions, type ZlibOptions } from 'node:zlib';
import { readWhole, ResponseTooLargeError } from '../../../platform/net/guarded-fetch.js';
import type { ListEvent } from './kind.js';
import { REQUEST_TIMEOUT_MS, type Crawler } from './web-crawler.js';
import { fetchFollowing, HopError, type Fetched } from './web-fetch.js';
import { headerRobots, scanPage } from './web-html.js';
import { parseSitemap, sitemapText } from './web-sitemap.js';
import { fileExtensionOf, fileExtensionOfType, fileFilename, inScope, isHtmlType, normalizeUrl, pageFilename, pathInScope, hostInScope } from './web-url.js';

/**
 * One URL of the crawl: a start URL, a page, a linked file or a sitemap. A visit never throws: it returns the events
 * to yield, the URLs it found, or `fatal` when the listing as a whole cannot be complete (a start URL or sitemap that
 * fails, robots.txt of the site unavailable).
 */

type Role = 'start' | 'page' | 'file' | 'sitemap-root' | 'sitemap';

export interface Task {
  url: URL;
  depth: number;
  role: Role;
}

export interface Visit {
  events: ListEvent[];
  next: Task[];
  fatal?: unknown;
}

/** Links kept in an item's meta, for continuing the crawl from a page that answers 304; the meta stays under 16 KB. */
const LINKS_BUDGET = 15_000;
const MAX_SITEMAP_BYTES = 50 * 1024 * 1024;
const PAGE_ACCEPT = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5';

const isRoot = (role: Role) => role === 'start' || role === 'sitemap-root';
const empty = (): Visit => ({ events: [], next: [] });
const fatal = (error: unknown): Visit => ({ events: [], next: [], fatal: error });
const headerText = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export async function visit(c: Crawler, task: Task): Promise<Visit> {
  try {
    if (task.role === 'sitemap' || task.role === 'sitemap-root') return await visitSitemap(c, task);
    if (task.role === 'file') return await visitFile(c, task);
    return await visitPage(c, task);
  } catch (error) {
    return fatal(error);
  }
}

/** A failed request: fatal for a root; an item error otherwise (keeping the item only when the failure may pass). */
function failed(task: Task, error: unknown, item: boolean): Visit {
  if (!(error instanceof HopError)) return fatal(error); // the run was cancelled
  if (isRoot(task.role)) return fatal(new Error(`the listing failed: ${error.message}`));
  const transient = error.failure === 'network' || error.failure === 'timeout';
  return { events: [{ type: 'error', ...(item && transient ? { externalId: task.url.href } : {}), url: task.url.href, message: error.message }], next: [] };
}

/**
 * Robots first. Unavailable fails the listing for the site's own hosts (nothing may be deleted) and is an error of the
 * URL elsewhere; a refused address is an error of the URL (no item: it cannot exist for us).
 */
async function robotsGate(c: Crawler, task: Task, item: boolean): Promise<Visit | null> {
  const refusal = await c.robotsRefusal(task.url);
  if (!refusal) return null;
  if (refusal.reason !== 'disallowed') {
    if (isRoot(task.role) || (refusal.reason === 'unavailable' && c.siteHosts.has(task.url.host))) return fatal(new Error(`the listing failed: ${refusal.message}`));
    const keep = item && refusal.reason === 'unavailable';
    return { events: [{ type: 'error', ...(keep ? { externalId: task.url.href } : {}), url: task.url.href, message: refusal.message }], next: [] };
  }
  // A disallowed start URL is worth a line on the run; a disallowed link is simply not part of the site for us.
  return isRoot(task.role) ? { events: [{ type: 'error', url: task.url.href, message: refusal.message }], next: [] } : empty();
}

function validators(res: IncomingMessage): { etag?: string; last_modified?: string } {
  const etag = headerText(res.headers.etag);
  const lastModified = headerText(res.headers['last-modified']);
  return { ...(etag ? { etag } : {}), ...(lastModified ? { last_modified: lastModified } : {}) };
}

const versionOf = (meta: { etag?: string; last_modified?: string }, body?: Buffer) =>
  meta.etag ? `etag:${meta.etag}` : meta.last_modified ? `lm:${meta.last_modified}` : `sha256:${createHash('sha256').update(body ?? '').digest('hex')}`;

const DECODERS: Record<string, (bytes: Buffer, options: ZlibOptions & BrotliOptions) => Promise<Buffer>> = {
  gzip: promisify(gunzip),
  'x-gzip': promisify(gunzip),
  deflate: promisify(inflate),
  br: promisify(brotliDecompress),
};

/** The body, at most `max` bytes, decoded when a server compressed it although we asked for `identity`. */
async function readCapped(res: IncomingMessage, signal: AbortSignal, max: number): Promise<Buffer> {
  const declared = Number(res.headers['content-length']);
  if (Number.isFinite(declared) && declared > max) {
    res.destroy();
    throw new ResponseTooLargeError(max);
  }
  const raw = await readWhole(res, signal, max);
  const encoding = (headerText(res.headers['content-encoding']) ?? 'identity').trim().toLowerCase();
  if (encoding === 'identity' || encoding === '') return raw;
  const decode = DECODERS[encoding];
  if (!decode) throw new Error(`the content encoding ${encoding} is not supported`);
  try {
    return await decode(raw, { maxOutputLength: max });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new ResponseTooLargeError(max);
    throw error;
  }
}

/** A body that could not be read: an item error, or fatal for a start URL (its links are the listing). */
function unreadable(task: Task, url: URL, error: unknown, max: number): Visit {
  const message = error instanceof ResponseTooLargeError ? `${url.href} is larger than ${max} bytes, the upload limit` : `${url.href} could not be read (${(error as Error).message})`;
  if (task.role === 'start') return fatal(new Error(`the listing failed: ${message}`));
  return { events: [{ type: 'error', externalId: url.href, url: url.href, message }], next: [] };
}

function nextTasks(c: Crawler, links: URL[], depth: number): Task[] {
  const tasks: Task[] = [];
  for (const url of links) {
    const ext = fileExtensionOf(url);
    if (ext && !c.settings.fetchFiles) continue;
    tasks.push({ url, depth, role: ext ? 'file' : 'page' });
  }
  return tasks;
}

function linksMeta(links: URL[]): { links: string[]; links_truncated?: true } {
  const kept: string[] = [];
  let size = 0;
  for (const link of links) {
    size += link.href.length + 3;
    if (size > LINKS_BUDGET) return { links: kept, links_truncated: true };
    kept.push(link.href);
  }
  return { links: kept };
}

async function visitPage(c: Crawler, task: Task): Promise<Visit> {
  const { ctx, settings } = c;
  const root = task.role === 'start';
  // A start URL outside include_patterns is crawled for its links only.
  const item = pathInScope(settings.scope, task.url);
  const blocked = await robotsGate(c, task, item);
  if (blocked) return blocked;

  const previous = item ? await ctx.previous(task.url.href) : null;
  const meta = previous?.meta as { etag?: string; last_modified?: string; links?: string[]; links_truncated?: boolean } | undefined;
  // Truncated links cannot replace the page's own: such a page is read again.
  const conditional: Record<string, string> = {};
  if (meta && Array.isArray(meta.links) && !meta.links_truncated) {
    if (meta.etag) conditional['if-none-match'] = meta.etag;
    if (meta.last_modified) conditional['if-modified-since'] = meta.last_modified;
  }
  let fetched: Fetched;
  try {
    fetched = await fetchFollowing(ctx.http, task.url, {
      headers: { ...c.headers(PAGE_ACCEPT), ...conditional },
      signal: c.signal,
      timeoutMs: REQUEST_TIMEOUT_MS,
      acquire: c.acquire,
      checkHop: (url) => c.hopRefusal(url, { root, pathScoped: !root }),
    });
  } catch (error) {
    return failed(task, error, item);
  }
  const { res, url, release, signal } = fetched;
  try {
    const status = res.statusCode ?? 0;
    if (status === 304 && meta?.links && Object.keys(conditional).length) {
      res.resume();
      const links = meta.links.map((l) => normalizeUrl(l)).filter((u): u is URL => u !== null && inScope(settings.scope, u));
      return { events: [{ type: 'unchanged', externalId: task.url.href, meta }], next: task.depth < settings.maxDepth ? nextTasks(c, links, task.depth + 1) : [] };
    }
    if (status < 200 || status >= 300) {
      res.resume();
      const gone = status === 404 || status === 410;
      if (root) return fatal(new Error(`the listing failed: the start URL ${task.url.href} answered HTTP ${status}`));
      if (gone) return empty(); // the page no longer exists: its document goes after a complete listing
      return { events: [{ type: 'error', ...(item ? { externalId: task.url.href } : {}), url: task.url.href, message: `${url.href} answered HTTP ${status}` }], next: [] };
    }
    const contentType = headerText(res.headers['content-type']);
    const max = ctx.limits.maxFileBytes;
    // A page served without any Content-Type is taken for HTML unless its URL names a file.
    const html = isHtmlType(contentType) || (!contentType && !fileExtensionOf(url));
    if (!html) {
      // A link without a file extension that serves a document (a PDF behind /download?id=3) is a file item.
      const ext = fileExtensionOfType(contentType) ?? fileExtensionOf(url);
      if (!ext || !item || !settings.fetchFiles) {
        res.destroy();
        return empty();
      }
      let body: Buffer;
      try {
        body = await readCapped(res, signal, max);
      } catch (error) {
        if (c.signal.aborted) throw error;
        return unreadable(task, url, error, max);
      }
      const fileMeta = validators(res);
      const file = { externalId: url.href, version: versionOf(fileMeta, body), filename: fileFilename(url, ext), url: url.href, size: body.length, meta: { ...fileMeta, links: [] }, body };
      return { events: [{ type: 'item', item: file }], next: [] };
    }
    let body: Buffer;
    try {
      body = await readCapped(res, signal, max);
    } catch (error) {
      if (c.signal.aborted) throw error;
      return unreadable(task, url, error, max);
    }
    return pageVisit(c, task, url, res, body, item);
  } finally {
    release();
  }
}

function pageVisit(c: Crawler, task: Task, url: URL, res: IncomingMessage, body: Buffer, item: boolean): Visit {
  const { settings } = c;
  const scan = scanPage(body.toString('utf8'), url.href, c.token);
  const header = headerRobots(res.headers['x-robots-tag'], c.token);
  const seen = new Set<string>();
  const links: URL[] = [];
  for (const raw of scan.links) {
    const link = normalizeUrl(raw);
    if (!link || seen.has(link.href) || !inScope(settings.scope, link)) continue;
    seen.add(link.href);
    links.push(link);
  }
  const follow = !(scan.nofollow || header.nofollow) && task.depth < settings.maxDepth;
  const next = follow ? nextTasks(c, links, task.depth + 1) : [];
  if (!item || scan.noindex || header.noindex || !pathInScope(settings.scope, url)) return { events: [], next };

  const canonical = scan.canonical ? normalizeUrl(scan.canonical) : null;
  const id = canonical && inScope(settings.scope, canonical) ? canonical : url;
  const pageValidators = validators(res);
  const meta = { ...pageValidators, ...linksMeta(links) };
  const event: ListEvent = {
    type: 'item',
    item: { externalId: id.href, version: versionOf(pageValidators, body), filename: pageFilename(id), url: id.href, size: body.length, meta, body },
  };
  return { events: [event], next };
}

/** A linked file: HEAD for its validators and size; only a file without validators is read, to hash it. */
async function visitFile(c: Crawler, task: Task): Promise<Visit> {
  const { ctx, settings } = c;
  const blocked = await robotsGate(c, task, true);
  if (blocked) return blocked;
  const max = ctx.limits.maxFileBytes;
  const request = (method: 'GET' | 'HEAD') =>
    fetchFollowing(ctx.http, task.url, { method, headers: c.headers('*/*'), signal: c.signal, timeoutMs: REQUEST_TIMEOUT_MS, acquire: c.acquire, checkHop: (url) => c.hopRefusal(url, { root: false, pathScoped: true }) });
  let fetched: Fetched;
  let method: 'GET' | 'HEAD' = 'HEAD';
  try {
    fetched = await request('HEAD');
    const status = fetched.res.statusCode ?? 0;
    if (status === 405 || status === 501) {
      fetched.res.resume();
      fetched.release();
      method = 'GET';
      fetched = await request('GET');
    }
  } catch (error) {
    return failed(task, error, true);
  }
  const { res, url, release, signal } = fetched;
  const status = res.statusCode ?? 0;
  const ok = status >= 200 && status < 300;
  const contentType = headerText(res.headers['content-type']);
  const fileMeta = validators(res);
  const hasValidator = Boolean(fileMeta.etag || fileMeta.last_modified);
  const declared = Number(res.headers['content-length']);
  let body: Buffer | undefined;
  try {
    if (method === 'GET' && ok && !hasValidator && !isHtmlType(contentType)) body = await readCapped(res, signal, max);
  } catch (error) {
    if (c.signal.aborted) throw error;
    return unreadable(task, url, error, max);
  } finally {
    // The slot is freed before anything else is fetched: with concurrency 1 a nested request would wait for itself.
    if (method === 'HEAD') res.resume();
    else if (!res.readableEnded) res.destroy();
    release();
  }
  if (status === 404 || status === 410) return empty();
  if (!ok) return { events: [{ type: 'error', externalId: task.url.href, url: task.url.href, message: `${url.href} answered HTTP ${status}` }], next: [] };
  if (isHtmlType(contentType)) return visitPage(c, { ...task, role: 'page' });
  const ext = fileExtensionOf(url) ?? fileExtensionOfType(contentType);
  if (!ext || !pathInScope(settings.scope, url)) return empty();
  if (Number.isFinite(declared) && declared > max) return unreadable(task, url, new ResponseTooLargeError(max), max);
  if (!hasValidator && !body) {
    try {
      // No validator: the content itself is the version. open() reads it again only when it changed.
      body = await getWhole(c, url, max);
    } catch (error) {
      if (c.signal.aborted) throw error;
      return unreadable(task, url, error, max);
    }
  }
  const size = body ? body.length : Number.isFinite(declared) ? declared : undefined;
  const item = { externalId: url.href, version: versionOf(fileMeta, body), filename: fileFilename(url, ext), url: url.href, ...(size !== undefined ? { size } : {}), meta: fileMeta };
  return { events: [{ type: 'item', item }], next: [] };
}

async function getWhole(c: Crawler, url: URL, max: number): Promise<Buffer> {
  const fetched = await fetchFollowing(c.ctx.http, url, { headers: c.headers('*/*'), signal: c.signal, timeoutMs: REQUEST_TIMEOUT_MS, acquire: c.acquire });
  try {
    const status = fetched.res.statusCode ?? 0;
    if (status < 200 || status >= 300) throw new Error(`HTTP ${status}`);
    return await readCapped(fetched.res, fetched.signal, max);
  } finally {
    if (!fetched.res.readableEnded) fetched.res.destroy();
    fetched.release();
  }
}

/** A sitemap that cannot be read fails the listing: the pages it lists might otherwise be deleted. */
async function visitSitemap(c: Crawler, task: Task): Promise<Visit> {
  const { ctx, settings } = c;
  const root = task.role === 'sitemap-root';
  const refusal = await c.robotsRefusal(task.url);
  if (refusal?.reason === 'refused' && !root) return { events: [{ type: 'error', url: task.url.href, message: refusal.message }], next: [] };
  if (refusal) return fatal(new Error(`the listing failed: sitemap ${task.url.href}: ${refusal.message}`));
  let fetched: Fetched;
  try {
    fetched = await fetchFollowing(ctx.http, task.url, {
      headers: c.headers('application/xml,text/xml,text/plain,*/*;q=0.5'),
      signal: c.signal,
      timeoutMs: REQUEST_TIMEOUT_MS,
      acquire: c.acquire,
      checkHop: (url) => c.hopRefusal(url, { root, pathScoped: false }),
    });
  } catch (error) {
    if (error instanceof HopError && error.failure === 'refused' && !root) return { events: [{ type: 'error', url: task.url.href, message: error.message }], next: [] };
    return fatal(error instanceof HopError ? new Error(`the listing failed: sitemap ${error.message}`) : error);
  }
  const { res, release, signal } = fetched;
  let text: string;
  try {
    const status = res.statusCode ?? 0;
    if (status < 200 || status >= 300) {
      res.resume();
      return fatal(new Error(`the listing failed: the sitemap ${task.url.href} answered HTTP ${status}`));
    }
    text = await sitemapText(await readCapped(res, signal, MAX_SITEMAP_BYTES));
  } catch (error) {
    if (c.signal.aborted) throw error;
    return fatal(new Error(`the listing failed: the sitemap ${task.url.href} could not be read (${(error as Error).message})`));
  } finally {
    release();
  }
  const sitemap = parseSitemap(text);
  const next: Task[] = [];
  const urls: URL[] = [];
  for (const entry of sitemap.entries) {
    const url = normalizeUrl(entry.loc);
    if (!url) continue;
    if (sitemap.kind === 'index') {
      if (hostInScope(settings.scope, url)) next.push({ url, depth: 0, role: 'sitemap' });
    } else if (inScope(settings.scope, url)) urls.push(url);
  }
  return { events: [], next: [...next, ...nextTasks(c, urls, 0)] };
}
