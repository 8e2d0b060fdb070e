import type { IncomingMessage } from 'node:http';
import { UnsafeUrlError } from '../../../platform/net/address-policy.js';
import { RedirectRefusedError, type GuardedClient } from '../../../platform/net/guarded-fetch.js';
import { normalizeUrl } from './web-url.js';

/**
 * One request of the crawl through the guarded client, redirects followed here (the client never follows them: each
 * hop's address is checked at connect time, and each hop's URL is checked against the crawl's scope by the caller).
 */

const MAX_REDIRECTS = 5;

export type HopFailure = 'refused' | 'scope' | 'redirects' | 'network' | 'timeout';

/** A request that could not be made or completed; the message names the URL or host, never a resolved address. */
export class HopError extends Error {
  override name = 'HopError';
  constructor(
    message: string,
    readonly failure: HopFailure,
  ) {
    super(message);
  }
}

export interface FetchOptions {
  method?: 'GET' | 'HEAD';
  headers: Record<string, string>;
  /** The run's signal. */
  signal: AbortSignal;
  /** Per hop, from the moment the host's slot is granted until the body is read (waiting for the slot is not counted). */
  timeoutMs?: number;
  /** Before each redirect hop: a reason to refuse it (out of scope, disallowed by robots.txt), or null. */
  checkHop?(url: URL): Promise<string | null> | string | null;
  /** Before each request: waits for the host's politeness slot and returns its release. */
  acquire?(url: URL): Promise<() => void>;
}

export interface Fetched {
  /** The URL that answered (after redirects). */
  url: URL;
  res: IncomingMessage;
  /** URLs that redirected, in order. */
  hops: URL[];
  /** Frees the host's politeness slot: call once the body is read or dropped. */
  release(): void;
  /** Read the body with this signal: the run's, plus the request's timeout. */
  signal: AbortSignal;
}

/**
 * The guarded client's RedirectRefusedError carries the redirect's Location when the platform provides it. Without it
 * a redirect cannot be followed safely by anyone but the client, so it is reported as a failure of that URL.
 */
function redirectLocation(error: RedirectRefusedError): string | null {
  const location = (error as RedirectRefusedError & { location?: unknown }).location;
  return typeof location === 'string' && location ? location : null;
}

function classify(error: unknown, url: URL, run: AbortSignal, hop: AbortSignal): unknown {
  if (run.aborted) return run.reason;
  if (hop.aborted) return new HopError(`${url.href} did not answer in time`, 'timeout');
  if (error instanceof UnsafeUrlError) return new HopError(`${url.href} is refused: ${error.message}`, 'refused');
  const message = error instanceof Error ? ((error as NodeJS.ErrnoException).code ?? error.message) : String(error);
  return new HopError(`${url.href} could not be fetched (${message})`, 'network');
}

export async function fetchFollowing(http: GuardedClient, start: URL, options: FetchOptions): Promise<Fetched> {
  let url = start;
  const hops: URL[] = [];
  for (;;) {
    const release = options.acquire ? await options.acquire(url) : () => {};
    const signal = options.timeoutMs ? AbortSignal.any([options.signal, AbortSignal.timeout(options.timeoutMs)]) : options.signal;
    try {
      // An async wrapper: the client refuses a literal private address by throwing synchronously.
      const res = await (async () => http.request({ url, method: options.method ?? 'GET', headers: { ...options.headers }, signal }))();
      return { url, res, hops, release, signal };
    } catch (error) {
      release();
      if (!(error instanceof RedirectRefusedError)) throw classify(error, url, options.signal, signal);
      const location = redirectLocation(error);
      if (location === null) throw new HopError(`${url.href} redirects (HTTP ${error.status}) and the redirect could not be read`, 'redirects');
      if (hops.length >= MAX_REDIRECTS) throw new HopError(`${start.href} redirects more than ${MAX_REDIRECTS} times`, 'redirects');
      const next = normalizeUrl(location, url);
      if (!next) throw new HopError(`${url.href} redirects to an URL that is not crawled (${location.slice(0, 200)})`, 'scope');
      const refusal = await options.checkHop?.(next);
      if (refusal) throw new HopError(`${url.href} redirects to ${next.href}, ${refusal}`, 'scope');
      hops.push(url);
      url = next;
    }
  }
}

/** The first `max` bytes of a body (robots.txt: the RFC asks for at least 500 KiB to be read, the rest is ignored). */
export function readPrefix(res: IncomingMessage, max: number, signal: AbortSignal): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (error?: unknown) => {
      if (settled) return;
      settled = true;
      if (error) reject(signal.aborted ? signal.reason : error);
      else resolve(Buffer.concat(chunks).subarray(0, max));
    };
    res.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= max) {
        settle();
        res.destroy();
      }
    });
    res.once('end', () => settle());
    res.on('error', (error) => settle(error));
    res.once('close', () => settle(res.complete ? undefined : new Error('terminated: the connection closed before the response was complete')));
  });
}
