import { Transform, type Readable } from 'node:stream';
import { Type, type Static } from 'typebox';
import type { ConfigProblem, ConnectorContext, ConnectorItem, ConnectorKind } from './kind.js';
import { crawl } from './web-crawl.js';
import type { CrawlSettings } from './web-crawler.js';
import { fetchFollowing, HopError } from './web-fetch.js';
import { realSleep, type Clock } from './web-gate.js';
import { makeScope, normalizeUrl } from './web-url.js';

/**
 * The web kind: a site crawled from start URLs and sitemaps, robots.txt obeyed, pages re-read only when they changed
 * (conditional GET), every request through the SSRF-guarded client. The crawl itself is in web-crawl.ts.
 */

const url = (description: string) => Type.String({ minLength: 1, maxLength: 2000, description });
const glob = Type.String({ minLength: 1, maxLength: 500, pattern: '^/', description: 'A path glob starting with `/`' });

const WebConfigSchema = Type.Object(
  {
    start_urls: Type.Optional(
      Type.Array(url('An http(s) URL'), {
        maxItems: 50,
        description:
          'Pages the crawl starts from (depth 0). Each is always fetched for its links; it is an item itself when its path is in include/exclude scope. A start URL that fails (HTTP error, refused, unreachable) fails the listing.',
      }),
    ),
    sitemap_urls: Type.Optional(
      Type.Array(url('An http(s) URL of a sitemap'), {
        maxItems: 50,
        description:
          'Sitemaps (XML urlset or sitemap index, gzip-compressed `.xml.gz`, or a text file of URLs) whose pages are crawled like start URLs (depth 0). A sitemap that cannot be read fails the listing. At least one of start_urls and sitemap_urls is required.',
      }),
    ),
    include_patterns: Type.Optional(
      Type.Array(glob, {
        maxItems: 100,
        description:
          'Only URLs whose path matches one of these globs are fetched (empty: every path). A glob matches the whole path, not the query: `*` is any run of characters within a segment, `**` any run including `/` — `/docs/**` is everything under /docs/, `/blog/*.html` the pages directly in /blog/.',
      }),
    ),
    exclude_patterns: Type.Optional(
      Type.Array(glob, { maxItems: 100, description: 'URLs whose path matches one of these globs (same syntax) are never fetched; exclusion wins over inclusion.' }),
    ),
    same_site: Type.Optional(
      Type.Boolean({
        default: true,
        description: 'Stay on the hosts of the start URLs and sitemaps (and the hosts they redirect to). Off: links to any host are followed, still within the patterns and depth.',
      }),
    ),
    max_depth: Type.Optional(Type.Integer({ minimum: 0, maximum: 20, default: 3, description: 'Links followed from a start URL or sitemap page (0: only those pages).' })),
    max_pages: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 100_000,
        default: 500,
        description:
          'Items (pages and files) per run; the crawl stops there and the listing counts as complete. The operator limit CONNECTOR_MAX_ITEMS_PER_RUN applies as well: passing it fails the run instead.',
      }),
    ),
    concurrency_per_host: Type.Optional(Type.Integer({ minimum: 1, maximum: 8, default: 2, description: 'Requests in flight to one host at a time.' })),
    delay_ms: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 60_000, default: 250, description: "Time between the starts of two requests to one host; a robots.txt Crawl-delay raises it (up to 60 s)." }),
    ),
    fetch_files: Type.Optional(
      Type.Boolean({ default: true, description: 'Linked files in scope (PDF, DOCX, XLSX, CSV, TXT, Markdown, MDX) are items too.' }),
    ),
  },
  { additionalProperties: false },
);

export type WebConfig = Static<typeof WebConfigSchema>;

function checkUrls(list: string[] | undefined, field: string): ConfigProblem | null {
  for (const [i, raw] of (list ?? []).entries()) {
    const parsed = normalizeUrl(raw);
    if (!parsed) return { loc: ['config', field, String(i)], message: 'must be an http(s) URL without credentials' };
  }
  return null;
}

/** Also checked here, not only by the schema: a glob without its leading `/` would silently match nothing. */
function checkGlobs(list: string[] | undefined, field: string): ConfigProblem | null {
  const i = (list ?? []).findIndex((glob) => !glob.startsWith('/'));
  return i < 0 ? null : { loc: ['config', field, String(i)], message: 'must be a path glob starting with /' };
}

function settingsOf(config: WebConfig): CrawlSettings {
  const startUrls = (config.start_urls ?? []).map((u) => normalizeUrl(u)).filter((u): u is URL => u !== null);
  const sitemapUrls = (config.sitemap_urls ?? []).map((u) => normalizeUrl(u)).filter((u): u is URL => u !== null);
  return {
    startUrls,
    sitemapUrls,
    scope: makeScope({ sameSite: config.same_site ?? true, roots: [...startUrls, ...sitemapUrls], include: config.include_patterns ?? [], exclude: config.exclude_patterns ?? [] }),
    maxDepth: config.max_depth ?? 3,
    maxPages: config.max_pages ?? 500,
    concurrency: config.concurrency_per_host ?? 2,
    delayMs: config.delay_ms ?? 250,
    fetchFiles: config.fetch_files ?? true,
  };
}

/** Counts what open() streams, failing the stream past the upload limit (a server may send more than it declared). */
function capped(max: number): Transform {
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > max) done(new Error(`the file is larger than ${max} bytes, the upload limit`));
      else done(null, chunk);
    },
  });
}

async function openFile(ctx: ConnectorContext<WebConfig, null>, item: ConnectorItem): Promise<Readable> {
  const start = normalizeUrl(item.url ?? item.externalId);
  if (!start) throw new Error(`${item.externalId} is not an http(s) URL`);
  const { scope } = settingsOf(ctx.config);
  try {
    const { res, url } = await fetchFollowing(ctx.http, start, {
      headers: { 'user-agent': ctx.env.userAgent, accept: '*/*', 'accept-encoding': 'identity' },
      signal: ctx.signal,
      // Only where the listing could have gone: the file's own host or the site's.
      checkHop: (next) => (next.host === start.host || !scope.hosts || scope.hosts.has(next.host) ? null : 'which is outside the crawl scope'),
    });
    const status = res.statusCode ?? 0;
    if (status !== 200) {
      res.resume();
      throw new Error(`${url.href} answered HTTP ${status}`);
    }
    const max = ctx.limits.maxFileBytes;
    const declared = Number(res.headers['content-length']);
    if (Number.isFinite(declared) && declared > max) {
      res.destroy();
      throw new Error(`${url.href} is larger than ${max} bytes, the upload limit`);
    }
    const out = capped(max);
    res.on('error', (error) => out.destroy(error));
    out.on('close', () => res.destroy());
    return res.pipe(out);
  } catch (error) {
    if (error instanceof HopError) throw new Error(error.message, { cause: error });
    throw error;
  }
}

/** The kind with its clock injected: tests pass a virtual one to check the politeness delays without waiting. */
export function createWebKind(clock?: (ctx: ConnectorContext) => Clock): ConnectorKind<WebConfig, null> {
  return {
    kind: 'web',
    title: 'Web site',
    description: 'Crawls a web site from start URLs and sitemaps (robots.txt obeyed); pages and linked documents become documents.',
    config: WebConfigSchema,
    credentials: null,
    check(config) {
      if (!config.start_urls?.length && !config.sitemap_urls?.length) return { loc: ['config', 'start_urls'], message: 'give at least one start URL or sitemap URL' };
      return checkUrls(config.start_urls, 'start_urls') ?? checkUrls(config.sitemap_urls, 'sitemap_urls') ?? checkGlobs(config.include_patterns, 'include_patterns') ?? checkGlobs(config.exclude_patterns, 'exclude_patterns');
    },
    list(ctx) {
      // Politeness runs on the real monotonic clock: ctx.now() may be frozen or moved by tests of the engine.
      return crawl(ctx, settingsOf(ctx.config), clock ? clock(ctx) : { now: () => performance.now(), sleep: realSleep });
    },
    open: openFile,
  };
}

export const webKind: ConnectorKind<WebConfig, null> = createWebKind();
