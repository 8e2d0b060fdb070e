import { Readable } from 'node:stream';
import type { RouteOptions } from 'fastify';
import type { Principal } from '../../../platform/auth/principal.js';
import { SENT, type HttpExchange, type Route } from '../../../platform/http/route.js';
import { contextOf, type CallContext } from './recorder.js';

/**
 * Aborted when the client goes away before the response is complete. The reply's 'close' is the reliable signal:
 * the request's own 'close' fires as soon as its body has been read, long before the client leaves.
 */
function disconnectSignal(http: HttpExchange): AbortSignal {
  const { reply } = http;
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

/** Who a provider call made for this request is for: the caller, the request id, and the client's disconnect. */
export function callContext(http: HttpExchange, principal: Principal): CallContext {
  return contextOf(principal, http.request.id, disconnectSignal(http));
}

/** Sends server-sent events (each string is one `data:` payload); proxies are told not to buffer. */
export function sendEventStream(http: HttpExchange, payloads: AsyncIterable<string>): typeof SENT {
  async function* lines() {
    for await (const payload of payloads) yield `data: ${payload}\n\n`;
  }
  http.reply
    .header('content-type', 'text/event-stream; charset=utf-8')
    .header('cache-control', 'no-cache, no-transform')
    .header('x-accel-buffering', 'no');
  // Not awaited: the reply settles when the stream ends, and the handler's job ends once sending has begun.
  void http.reply.send(Readable.from(lines(), { objectMode: false }));
  return SENT;
}

/** Sends a JSON body that is already bytes (a provider's answer the pass-through checked), without serializing it again. */
export function sendJson(http: HttpExchange, body: Buffer): typeof SENT {
  void http.reply.header('content-type', 'application/json; charset=utf-8').send(body);
  return SENT;
}

/**
 * Fastify route options the route builder does not declare (a body limit above the default, a route's own
 * OpenAPI path transform), applied to a declared route.
 */
export function withRouteOptions(declared: Route, extra: (options: RouteOptions) => Partial<RouteOptions>): Route {
  return {
    method: declared.method,
    url: declared.url,
    toFastify: (deps) => {
      const options = declared.toFastify(deps);
      return { ...options, ...extra(options) };
    },
  };
}

/** A larger body limit for one route (chat prompts, base64 audio). */
export const withBodyLimit = (declared: Route, bytes: number): Route => withRouteOptions(declared, () => ({ bodyLimit: bytes }));
