import type { ConnectorContext } from './kind.js';
import { fetchFollowing, HopError, readPrefix, type Fetched } from './web-fetch.js';
import { HostGate, type Clock } from './web-gate.js';
import { ALLOW_ALL, parseRobots, productToken, type Robots } from './web-robots.js';
import { hostInScope, inScope, type Scope } from './web-url.js';

/** The state one listing run shares between its visits: settings, scope, politeness and robots.txt per host. */

export interface CrawlSettings {
  startUrls: URL[];
  sitemapUrls: URL[];
  scope: Scope;
  maxDepth: number;
  maxPages: number;
  concurrency: number;
  delayMs: number;
  fetchFiles: boolean;
}

/** `refused`: the guarded client refused the host's address, so none of its pages can be fetched either. */
type RobotsState = { ok: true; robots: Robots } | { ok: false; refused: boolean; message: string };

/** What a request may take, head and body, before the URL counts as failed (a silent server must not stall the run). */
export const REQUEST_TIMEOUT_MS = 30_000;
const ROBOTS_MAX_BYTES = 512 * 1024;

export interface Crawler {
  ctx: ConnectorContext;
  settings: CrawlSettings;
  /** Aborted when the run is cancelled and when the listing ends (in-flight requests stop with it). */
  signal: AbortSignal;
  token: string;
  /** Hosts of the start URLs and sitemaps (and where they redirect): their robots.txt failing fails the listing. */
  siteHosts: Set<string>;
  headers(accept: string): Record<string, string>;
  acquire(url: URL): Promise<() => void>;
  robots(url: URL): Promise<RobotsState>;
  /** Why a redirect hop may not be followed, or null. Roots (start URLs, configured sitemaps) widen the site instead. */
  hopRefusal(url: URL, options: { root: boolean; pathScoped: boolean }): Promise<string | null>;
  /** Why a URL may not be fetched per robots.txt: `unavailable` (5xx, unreachable), `refused` (address), `disallowed`. */
  robotsRefusal(url: URL): Promise<{ reason: 'unavailable' | 'refused' | 'disallowed'; message: string } | null>;
}

export function createCrawler(ctx: ConnectorContext, settings: CrawlSettings, clock: Clock, signal: AbortSignal): Crawler {
  const gate = new HostGate(clock, settings.concurrency, settings.delayMs);
  const cache = new Map<string, Promise<RobotsState>>();
  const siteHosts = new Set([...settings.startUrls, ...settings.sitemapUrls].map((u) => u.host));
  const token = productToken(ctx.env.userAgent);

  const crawler: Crawler = {
    ctx,
    settings,
    signal,
    token,
    siteHosts,
    // identity: the guarded client hands back bytes as sent, and the parser wants them undecoded.
    headers: (accept) => ({ 'user-agent': ctx.env.userAgent, accept, 'accept-encoding': 'identity' }),
    acquire: (url) => gate.acquire(url.host, signal),
    robots(url) {
      let state = cache.get(url.origin);
      if (!state) {
        state = loadRobots(crawler, url);
        cache.set(url.origin, state);
      }
      return state.then((s) => {
        if (s.ok && s.robots.crawlDelayMs) gate.raiseDelay(url.host, s.robots.crawlDelayMs);
        return s;
      });
    },
    async robotsRefusal(url) {
      const state = await crawler.robots(url);
      if (!state.ok) return { reason: state.refused ? 'refused' : 'unavailable', message: state.message };
      return state.robots.allows(url) ? null : { reason: 'disallowed', message: `robots.txt disallows ${url.href} for ${token}` };
    },
    async hopRefusal(url, { root, pathScoped }) {
      if (root) {
        // example.com → www.example.com: where a start URL or sitemap redirects is the site too.
        settings.scope.hosts?.add(url.host);
        siteHosts.add(url.host);
      }
      if (!(pathScoped ? inScope(settings.scope, url) : hostInScope(settings.scope, url))) return 'which is outside the crawl scope';
      const refusal = await crawler.robotsRefusal(url);
      return refusal ? refusal.message : null;
    },
  };
  return crawler;
}

/**
 * RFC 9309 status handling: 2xx is parsed; 4xx (a missing file) and too many redirects allow everything; 5xx and an
 * unreachable or refused host make the host unavailable for this run (the caller decides what that means).
 */
async function loadRobots(c: Crawler, pageUrl: URL): Promise<RobotsState> {
  const url = new URL('/robots.txt', pageUrl.origin);
  let fetched: Fetched;
  try {
    fetched = await fetchFollowing(c.ctx.http, url, { headers: c.headers('text/plain,*/*;q=0.5'), signal: c.signal, timeoutMs: REQUEST_TIMEOUT_MS, acquire: c.acquire });
  } catch (error) {
    if (!(error instanceof HopError)) throw error;
    if (error.failure === 'redirects' || error.failure === 'scope') return { ok: true, robots: ALLOW_ALL };
    if (error.failure === 'refused') return { ok: false, refused: true, message: error.message };
    return { ok: false, refused: false, message: `robots.txt of ${url.host} could not be read: ${error.message}` };
  }
  const { res, release, signal } = fetched;
  try {
    const status = res.statusCode ?? 0;
    if (status >= 200 && status < 300) {
      const text = (await readPrefix(res, ROBOTS_MAX_BYTES, signal)).toString('utf8');
      return { ok: true, robots: parseRobots(text, c.ctx.env.userAgent) };
    }
    res.resume();
    if (status >= 400 && status < 500) return { ok: true, robots: ALLOW_ALL };
    return { ok: false, refused: false, message: `robots.txt of ${url.host} answered HTTP ${status}` };
  } catch (error) {
    if (c.signal.aborted) throw error;
    return { ok: false, refused: false, message: `robots.txt of ${url.host} could not be read (${(error as Error).message})` };
  } finally {
    release();
  }
}
