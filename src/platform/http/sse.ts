import type { FastifyInstance, FastifyReply } from 'fastify';

/** A server-sent event stream written on the raw socket (the reply is hijacked from Fastify). */
export interface EventStream {
  /** Writes one event; returns false once the stream is closed. */
  send(event: string, data: unknown): boolean;
  /** Writes a comment line (`: text`), which clients ignore; used as a heartbeat. */
  comment(text: string): boolean;
  /** Ends the response (the server closes the stream). Idempotent. */
  close(): void;
  readonly closed: boolean;
  /** Runs once when the stream ends, whichever side ended it. */
  onClose(fn: () => void): void;
}

export interface EventStreamOptions {
  /** A `: ping` comment this often keeps proxies from timing the connection out and detects dead clients. */
  heartbeatMs?: number;
  /** Called after each heartbeat, e.g. to reconcile with the database. */
  onHeartbeat?: () => void;
  /** Client reconnection delay sent as the `retry:` field. */
  retryMs?: number;
}

/** What follows one thing (a run) and writes it to an event stream once the stream is open. */
export interface StreamFollower {
  attach(stream: EventStream): void;
  /** Re-reads what it follows (at each heartbeat): catches up with a missed notification. */
  reconcile(): Promise<void>;
  /** Drops its subscriptions when the stream never opened. */
  cancel(): void;
}

/**
 * Opens the event stream of a follower that was subscribed and read before the response starts (so that a 404 is
 * still a plain JSON error); each heartbeat reconciles it.
 */
export function streamFollower(reply: FastifyReply, follower: StreamFollower, options: { heartbeatMs: number; onReconcileError(err: unknown): void }): void {
  try {
    const stream = openEventStream(reply, { heartbeatMs: options.heartbeatMs, onHeartbeat: () => void follower.reconcile().catch(options.onReconcileError) });
    follower.attach(stream);
  } catch (error) {
    follower.cancel();
    throw error;
  }
}

// Open streams per app, so that closing the app ends them instead of waiting on them forever.
const openStreams = new WeakMap<object, Set<EventStream>>();

/**
 * Takes the response over from Fastify and starts an event stream. Headers already set on the reply
 * (request id, rate-limit headers) are kept. Proxies must not buffer it (x-accel-buffering) nor
 * transform it (no-transform), or events arrive late in bursts.
 */
export function openEventStream(reply: FastifyReply, options: EventStreamOptions = {}): EventStream {
  const raw = reply.raw;
  reply.hijack();
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value : String(value);
  }
  raw.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
  });

  let closed = false;
  const closers: Array<() => void> = [];
  // Keyed by the HTTP server, which every (encapsulated) instance of one app shares.
  const registry = openStreams.get(reply.server.server) ?? new Set<EventStream>();
  openStreams.set(reply.server.server, registry);

  const write = (text: string): boolean => {
    if (closed) return false;
    try {
      raw.write(text);
      return true;
    } catch {
      finish();
      return false;
    }
  };

  const finish = () => {
    if (closed) return;
    closed = true;
    clearInterval(timer);
    registry.delete(stream);
    for (const fn of closers.splice(0)) {
      try {
        fn();
      } catch {
        // a listener's failure must not keep the others from running
      }
    }
  };

  const timer = setInterval(() => {
    if (write(': ping\n\n')) options.onHeartbeat?.();
  }, options.heartbeatMs ?? 15_000);
  timer.unref();

  const stream: EventStream = {
    send: (event, data) => write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
    comment: (text) => write(`: ${text.replace(/[\r\n]+/g, ' ')}\n\n`),
    close: () => {
      if (closed) return;
      finish();
      raw.end();
    },
    get closed() {
      return closed;
    },
    onClose: (fn) => {
      if (closed) fn();
      else closers.push(fn);
    },
  };
  registry.add(stream);
  raw.on('close', finish);
  raw.on('error', finish);
  // A client gone before the stream opened has already fired its 'close'.
  if (raw.destroyed || raw.socket?.destroyed) finish();
  if (options.retryMs) write(`retry: ${options.retryMs}\n\n`);
  return stream;
}

/** Ends every open stream of `app` (call from a preClose hook: open streams would hold shutdown). */
export function closeEventStreams(app: FastifyInstance): void {
  for (const stream of [...(openStreams.get(app.server) ?? [])]) stream.close();
}

/** How many streams of `app` are open (for tests and metrics). */
export function openEventStreamCount(app: FastifyInstance): number {
  return openStreams.get(app.server)?.size ?? 0;
}
