import type { ConnectorContext, ListEvent, ListResult } from './kind.js';
import { createCrawler, type CrawlSettings } from './web-crawler.js';
import type { Clock } from './web-gate.js';
import { visit, type Task, type Visit } from './web-visit.js';

/**
 * The crawl as the listing: breadth first from the start URLs and the sitemaps' pages, several visits in flight (each
 * host limited by its politeness gate), events yielded as visits complete. The same URL is visited once and the same
 * externalId (a canonical URL, a redirect target) yielded once.
 */

/** Visits in flight across all hosts; each host is further limited by concurrency_per_host. */
const MAX_IN_FLIGHT = 16;

export async function* crawl(ctx: ConnectorContext, settings: CrawlSettings, clock: Clock): AsyncGenerator<ListEvent, ListResult, void> {
  ctx.signal.throwIfAborted();
  // Ends the visits still in flight when the listing stops early (a fatal visit, max_pages, the caller's return()).
  const stop = new AbortController();
  const onAbort = () => stop.abort(ctx.signal.reason);
  ctx.signal.addEventListener('abort', onAbort, { once: true });
  const crawler = createCrawler(ctx, settings, clock, stop.signal);

  const limit = Math.min(settings.maxPages, ctx.limits.maxItems);
  // Pages admitted to the queue: past twice the limit (and a margin for pages that turn out gone) the rest is moot.
  const admissionLimit = 2 * limit + 10;
  let admitted = 0;
  const known = new Set<string>();
  const queue: Task[] = [];
  const push = (task: Task) => {
    const key = `${task.role.startsWith('sitemap') ? 'sitemap' : 'page'} ${task.url.href}`;
    if (known.has(key)) return;
    if (task.role === 'page' || task.role === 'file') {
      if (admitted >= admissionLimit) return;
      admitted++;
    }
    known.add(key);
    queue.push(task);
  };
  for (const url of settings.startUrls) push({ url, depth: 0, role: 'start' });
  for (const url of settings.sitemapUrls) push({ url, depth: 0, role: 'sitemap-root' });

  const running = new Map<number, Promise<[number, Visit]>>();
  let nextId = 0;
  const emitted = new Set<string>();
  const inFlight = Math.min(MAX_IN_FLIGHT, Math.max(4, settings.concurrency * 4));
  try {
    while (queue.length > 0 || running.size > 0) {
      while (queue.length > 0 && running.size < inFlight) {
        const id = nextId++;
        running.set(id, visit(crawler, queue.shift()!).then((v) => [id, v]));
      }
      const [id, done] = await Promise.race(running.values());
      running.delete(id);
      ctx.signal.throwIfAborted();
      if (done.fatal !== undefined) throw done.fatal;
      for (const event of done.events) {
        if (event.type === 'item' || event.type === 'unchanged') {
          const externalId = event.type === 'item' ? event.item.externalId : event.externalId;
          if (emitted.has(externalId)) continue;
          if (emitted.size >= limit) {
            // The operator's cap makes the listing incomplete (nothing may be deleted); max_pages is the site's scope.
            if (settings.maxPages >= ctx.limits.maxItems) {
              throw new Error(`the site has more than ${ctx.limits.maxItems} items, the most one run may list (CONNECTOR_MAX_ITEMS_PER_RUN)`);
            }
            return { mode: 'full' };
          }
          emitted.add(externalId);
        }
        yield event;
      }
      for (const task of done.next) push(task);
    }
    return { mode: 'full' };
  } finally {
    ctx.signal.removeEventListener('abort', onAbort);
    stop.abort(new Error('the listing ended'));
  }
}
