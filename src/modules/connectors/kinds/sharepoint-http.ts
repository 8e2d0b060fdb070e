import type { IncomingMessage } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { readWhole, type GuardedClient } from '../../../platform/net/guarded-fetch.js';

/**
 * Requests of the SharePoint kind, with Microsoft's throttling rules: Graph and SharePoint answer 429 (or 503) with a
 * Retry-After in seconds when an app sends too much, and expect the client to wait that long before trying again
 * (learn.microsoft.com/graph/throttling). Waits are capped so that a hostile or broken answer cannot park a run for
 * hours, and every wait ends when the run is cancelled.
 */

/** Waits `ms`, or rejects as soon as `signal` aborts. Injected by tests, which must not wait for real. */
export type Sleep = (ms: number, signal: AbortSignal) => Promise<void>;

export const realSleep: Sleep = (ms, signal) => delay(ms, undefined, { signal });

/** Answers that mean "too much, come back later" (Graph throttling, SharePoint's "server too busy"). */
const THROTTLED = new Set([429, 503]);
/** Longest single wait, whatever Retry-After says. */
const MAX_WAIT_MS = 60_000;
/** Attempts per request, the first included: past them the last answer stands (and the caller fails on it). */
const MAX_ATTEMPTS = 5;
/** JSON pages (a delta page of 200 items is ~200 KB) are read whole: more than this is not a Graph answer. */
const MAX_JSON_BYTES = 16 * 1024 * 1024;

export interface OutboundRequest {
  url: URL;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

export interface Sender {
  http: GuardedClient;
  signal: AbortSignal;
  sleep: Sleep;
  now(): number;
}

/**
 * How long Retry-After asks for, in ms: seconds or an HTTP date (RFC 9110 §10.2.3). Without it, 1, 2, 4, 8 s by
 * attempt, as Microsoft recommends an exponential back-off when the header is missing.
 */
function retryDelay(header: string | string[] | undefined, attempt: number, now: number): number {
  const value = Array.isArray(header) ? header[0] : header;
  let ms = 1000 * 2 ** (attempt - 1);
  if (value !== undefined && value.trim() !== '') {
    const seconds = Number(value);
    if (Number.isFinite(seconds) && seconds >= 0) ms = seconds * 1000;
    else {
      const at = Date.parse(value);
      if (Number.isFinite(at)) ms = Math.max(0, at - now);
    }
  }
  return Math.min(ms, MAX_WAIT_MS);
}

/**
 * Sends the request (fresh headers each time: the guarded client writes content-length into them), waiting out
 * throttling answers. Resolves with the first answer that is not a throttle, or the last one after MAX_ATTEMPTS.
 */
export async function send(sender: Sender, request: OutboundRequest): Promise<IncomingMessage> {
  for (let attempt = 1; ; attempt++) {
    const res = await sender.http.request({
      url: request.url,
      method: request.method,
      headers: { ...request.headers },
      body: request.body,
      signal: sender.signal,
    });
    if (!THROTTLED.has(res.statusCode ?? 0) || attempt >= MAX_ATTEMPTS) return res;
    res.resume();
    await sender.sleep(retryDelay(res.headers['retry-after'], attempt, sender.now()), sender.signal);
  }
}

/** The body of an answer parsed as JSON (null when it is not JSON: an HTML error page from a proxy). */
export async function readJson(res: IncomingMessage, signal: AbortSignal): Promise<unknown> {
  const body = await readWhole(res, signal, MAX_JSON_BYTES);
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    return null;
  }
}

/** A Graph answer that is not a success: the status and Graph's own error code (`itemNotFound`, `resyncRequired`…). */
export class GraphError extends Error {
  override name = 'GraphError';
  constructor(
    readonly status: number,
    readonly code: string | null,
    message: string,
  ) {
    super(message);
  }
}

/** `{error: {code, message}}`, Graph's error shape (learn.microsoft.com/graph/errors). */
export function graphErrorOf(status: number, body: unknown, what: string): GraphError {
  const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  const code = typeof error?.code === 'string' ? error.code : null;
  const detail = typeof error?.message === 'string' ? firstLine(error.message) : null;
  const reason = [code, detail].filter(Boolean).join(': ');
  return new GraphError(status, code, `Microsoft Graph answered HTTP ${status} to ${what}${reason ? ` (${reason})` : ''}`);
}

/** Identity-platform descriptions carry trace ids and timestamps on further lines: the first line says what is wrong. */
export function firstLine(text: string): string {
  const line = text.split(/\r?\n/, 1)[0].trim();
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}
