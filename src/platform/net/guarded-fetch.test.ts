import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UnsafeUrlError } from './address-policy.js';
import { createGuardedFetch, RedirectRefusedError } from './guarded-fetch.js';

interface Seen {
  method: string;
  path: string;
  contentType: string | undefined;
  body: string;
}

async function serve(handler: (req: IncomingMessage, body: string) => { status: number; headers?: Record<string, string>; body?: string }) {
  const seen: Seen[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push({ method: req.method ?? '', path: req.url ?? '', contentType: req.headers['content-type'], body });
      const answer = handler(req, body);
      res.writeHead(answer.status, answer.headers).end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { port, seen, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let trap: Awaited<ReturnType<typeof serve>>;
let redirector: Awaited<ReturnType<typeof serve>>;
let echo: Awaited<ReturnType<typeof serve>>;

beforeAll(async () => {
  // The "private" server a redirect points to: nothing may ever reach it.
  trap = await serve(() => ({ status: 200, body: 'internal secret' }));
  redirector = await serve((req) => ({ status: 307, headers: { location: `http://127.0.0.1:${trap.port}${req.url}` } }));
  echo = await serve((req, body) => ({ status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ type: req.headers['content-type'], body }) }));
});

afterAll(async () => {
  await Promise.all([trap.close(), redirector.close(), echo.close()]);
});

// localhost is allowed by name (as PROVIDER_ALLOWED_HOSTS=localhost would); 127.0.0.1 is not.
const guarded = createGuardedFetch({ policy: { allowPrivate: false, allowedHosts: ['localhost'] } });

describe('createGuardedFetch', () => {
  it('refuses a redirect to a loopback address it may not reach, for a JSON body', async () => {
    const error = await guarded(`http://localhost:${redirector.port}/v1/chat`, { method: 'POST', body: '{"a":1}', headers: { 'content-type': 'application/json' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedirectRefusedError);
    expect((error as RedirectRefusedError).status).toBe(307);
    // Named for a caller that checks the next hop itself before following it (the web connector).
    expect((error as RedirectRefusedError).location).toBe(`http://127.0.0.1:${trap.port}/v1/chat`);
    expect(trap.seen).toEqual([]);
  });

  it('refuses a redirect for a multipart body too (the global fetch would follow it)', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array([1, 2, 3])], { type: 'audio/wav' }), 'a.wav');
    const error = await guarded(`http://localhost:${redirector.port}/v1/audio`, { method: 'POST', body: form }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedirectRefusedError);
    expect(trap.seen).toEqual([]);
  });

  it('refuses a literal private address before dialling', async () => {
    await expect(guarded(`http://127.0.0.1:${trap.port}/`)).rejects.toThrow(UnsafeUrlError);
    expect(trap.seen).toEqual([]);
  });

  it('refuses at connect time a host name that resolves to loopback', async () => {
    const strict = createGuardedFetch({ policy: { allowPrivate: false, allowedHosts: [] } });
    const error = await strict(`http://localhost:${trap.port}/`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnsafeUrlError);
    expect(trap.seen).toEqual([]);
  });

  it('sends a multipart body encoded, with its boundary', async () => {
    const form = new FormData();
    form.append('model', 'whisper-1');
    const res = await guarded(`http://localhost:${echo.port}/v1/audio`, { method: 'POST', body: form });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { type: string; body: string };
    const boundary = /^multipart\/form-data; boundary=(.+)$/.exec(answer.type)?.[1];
    expect(boundary).toBeTypeOf('string');
    expect(answer.body).toBe(`--${boundary}\r\nContent-Disposition: form-data; name="model"\r\n\r\nwhisper-1\r\n--${boundary}--\r\n`);
  });

  it('answers JSON bodies whole', async () => {
    const res = await guarded(`http://localhost:${echo.port}/x`, { method: 'POST', body: 'hello', headers: { 'content-type': 'text/plain' } });
    expect(await res.json()).toEqual({ type: 'text/plain', body: 'hello' });
  });
});
