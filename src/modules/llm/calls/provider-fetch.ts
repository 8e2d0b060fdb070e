import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { Readable } from 'node:stream';

/**
 * The `fetch` the provider adapters use. Node's global fetch (undici's WHATWG layer) cost about 0.45 ms of CPU per
 * call in bench/llm-overhead.ts; node:http with keep-alive agents costs about 0.2 ms, and provider calls are our hot
 * path. JSON answers are read whole and handed over as a Response; event streams stay streams. Bodies other than text
 * or bytes (multipart uploads for transcription) go through the global fetch, which encodes them.
 *
 * `lookup` runs at connect time, so a base URL whose DNS answer changed after it was checked still cannot reach a
 * private address (see ssrf.ts).
 */
export function createProviderFetch(options: { lookup?: LookupFunction } = {}): typeof fetch {
  const agents = {
    'http:': new http.Agent({ keepAlive: true, scheduling: 'lifo', lookup: options.lookup } as http.AgentOptions),
    'https:': new https.Agent({ keepAlive: true, scheduling: 'lifo', lookup: options.lookup } as https.AgentOptions),
  };

  function headersOf(init: RequestInit | undefined): Record<string, string> {
    const out: Record<string, string> = {};
    const given = init?.headers;
    if (!given) return out;
    if (given instanceof Headers) given.forEach((value, name) => (out[name] = value));
    else if (Array.isArray(given)) for (const [name, value] of given) out[name.toLowerCase()] = value;
    else for (const [name, value] of Object.entries(given)) if (value !== undefined) out[name.toLowerCase()] = String(value);
    return out;
  }

  return async function providerFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
    const body = init?.body;
    const simpleBody = body === undefined || body === null || typeof body === 'string' || body instanceof Uint8Array;
    if (input instanceof Request || !simpleBody) return fetch(input, init);
    const url = typeof input === 'string' ? new URL(input) : input;
    const agent = agents[url.protocol as 'http:' | 'https:'];
    if (!agent) return fetch(input, init);
    const signal = init?.signal ?? undefined;
    signal?.throwIfAborted();

    return new Promise<Response>((resolve, reject) => {
      const headers = headersOf(init);
      if (body !== undefined && body !== null) headers['content-length'] = String(Buffer.byteLength(body as string | Uint8Array));
      const req = (url.protocol === 'https:' ? https : http).request(url, { method: init?.method ?? 'GET', headers, agent, lookup: options.lookup });
      const onAbort = () => req.destroy(signal?.reason instanceof Error ? signal.reason : new DOMException('This operation was aborted', 'AbortError'));
      signal?.addEventListener('abort', onAbort, { once: true });
      const done = () => signal?.removeEventListener('abort', onAbort);

      req.once('error', (error) => {
        done();
        reject(signal?.aborted ? (signal.reason ?? error) : error);
      });
      req.once('response', (res) => {
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          if (Array.isArray(value)) for (const v of value) responseHeaders.append(name, v);
          else if (value !== undefined) responseHeaders.set(name, value);
        }
        const init = { status: res.statusCode ?? 502, statusText: res.statusMessage ?? '', headers: responseHeaders };
        if (String(res.headers['content-type'] ?? '').startsWith('text/event-stream')) {
          // Aborting destroys the request, which errors this stream; the listener goes when the body ends.
          res.once('close', done);
          resolve(new Response(Readable.toWeb(res) as ReadableStream<Uint8Array>, init));
          return;
        }
        const chunks: Buffer[] = [];
        const fail = (error: Error) => {
          done();
          // A body cut short: named as undici names it, so it is classified the same way.
          reject(signal?.aborted ? (signal.reason ?? error) : Object.assign(new Error('terminated: the connection closed before the response was complete'), { cause: error }));
        };
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', fail);
        res.once('close', () => {
          if (!res.complete) fail(new Error('aborted'));
        });
        res.once('end', () => {
          done();
          resolve(new Response(res.statusCode === 204 || res.statusCode === 304 ? null : Buffer.concat(chunks), init));
        });
      });
      req.end(body ?? undefined);
    });
  } as typeof fetch;
}
