import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * Aborted when the client goes away before the response is complete. The reply's 'close' is the reliable signal:
 * the request's own 'close' fires as soon as its body has been read, long before the client leaves.
 */
export function disconnectSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

/** Sends server-sent events (each string is one `data:` payload); proxies are told not to buffer. */
export function sendEventStream(reply: FastifyReply, payloads: AsyncIterable<string>) {
  async function* lines() {
    for await (const payload of payloads) yield `data: ${payload}\n\n`;
  }
  reply
    .header('content-type', 'text/event-stream; charset=utf-8')
    .header('cache-control', 'no-cache, no-transform')
    .header('x-accel-buffering', 'no');
  return reply.send(Readable.from(lines(), { objectMode: false }));
}
