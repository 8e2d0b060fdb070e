import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, expect, it } from 'vitest';
import { eventually } from '../../../test/support/eventually.js';
import { closeEventStreams, openEventStream, openEventStreamCount, type EventStream } from './sse.js';

let app: FastifyInstance | null = null;
afterEach(async () => {
  if (app) closeEventStreams(app);
  await app?.close();
  app = null;
});

const until = (check: () => boolean, what: string) => eventually(what, check, Boolean, 10_000, 20);

/** A bare app with one stream route; returns the base URL and what the route saw. */
async function serve(heartbeatMs: number) {
  const seen = { heartbeats: 0, closed: 0, stream: null as EventStream | null };
  app = Fastify();
  app.get('/events', async (_request, reply) => {
    reply.header('x-kept', 'yes');
    const stream = openEventStream(reply, { heartbeatMs, retryMs: 1500, onHeartbeat: () => seen.heartbeats++ });
    stream.onClose(() => seen.closed++);
    stream.send('hello', { n: 1 });
    seen.stream = stream;
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  return { url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/events`, seen };
}

async function read(url: string, abort?: AbortController) {
  const res = await fetch(url, { signal: abort?.signal });
  let text = '';
  const done = (async () => {
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) text += Buffer.from(chunk).toString();
    } catch {
      // aborted by the test
    }
  })();
  return { res, text: () => text, done };
}

it('writes the stream headers (keeping those already set), events, a retry hint and heartbeat comments', async () => {
  const { url, seen } = await serve(20);
  const client = await read(url);
  expect(client.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  expect(client.res.headers.get('cache-control')).toBe('no-cache, no-transform');
  expect(client.res.headers.get('x-accel-buffering')).toBe('no');
  expect(client.res.headers.get('x-kept')).toBe('yes');
  await until(() => (client.text().match(/: ping\n\n/g) ?? []).length >= 2, 'two heartbeats');
  expect(client.text().startsWith('retry: 1500\n\nevent: hello\ndata: {"n":1}\n\n')).toBe(true);
  expect(seen.heartbeats).toBeGreaterThanOrEqual(2);
  seen.stream!.close();
  await client.done;
  expect(seen.closed).toBe(1);
  expect(seen.stream!.send('late', {})).toBe(false);
});

it('notices a client that goes away', async () => {
  const { url, seen } = await serve(20);
  const abort = new AbortController();
  const client = await read(url, abort);
  await until(() => client.text().includes('event: hello'), 'the first event');
  expect(openEventStreamCount(app!)).toBe(1);
  abort.abort();
  await until(() => seen.closed === 1, 'the close callback');
  expect(seen.stream!.closed).toBe(true);
  expect(openEventStreamCount(app!)).toBe(0);
  expect(seen.stream!.comment('anyone?')).toBe(false);
});

it('closeEventStreams ends every open stream of the app (so shutdown does not wait on them)', async () => {
  const { url, seen } = await serve(60_000);
  const clients = [await read(url), await read(url)];
  await until(() => openEventStreamCount(app!) === 2, 'two streams');
  closeEventStreams(app!);
  await Promise.all(clients.map((c) => c.done));
  expect(seen.closed).toBe(2);
  expect(openEventStreamCount(app!)).toBe(0);
});
