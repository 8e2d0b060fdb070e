import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../http/errors.js';
import { holdsSecrets, redactSecrets, responseSchemaFor } from '../http/secret.js';
import { multipartFingerprint } from './multipart-fingerprint.js';
import type { Caller, IdempotencyStore, StoredResponse } from './idempotency.repo.js';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const KEY_SHAPE = /^[\x21-\x7e]{1,255}$/;
// Headers that describe this delivery rather than the stored result.
const NOT_STORED = new Set(['content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding', 'x-request-id',
  'x-ratelimit-limit', 'x-ratelimit-remaining', 'retry-after', 'idempotent-replayed', 'idempotent-redacted']);
/** On a replay, the fields of the body that were redacted before the response was kept (comma-separated paths). */
const REDACTED_HEADER = 'idempotent-redacted';

interface IdemState {
  caller: Caller;
  key: string;
  fingerprint: string;
  claimed: boolean;
  settled: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotency?: IdemState;
  }
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * Idempotency-Key on every write (SPEC "Idempotency-Key rules", DESIGN §5). The body is read here,
 * before the content parser, so every content type (JSON, form, multipart) is fingerprinted (multipart by
 * its parsed parts, whatever its boundary);
 * bodies over the limit run unprotected. Every route gets this without opting in.
 */
export function registerIdempotency(app: FastifyInstance, store: IdempotencyStore, maxBodyBytes: number): void {
  app.addHook('preParsing', async (request, reply, payload) => {
    if (!WRITE_METHODS.has(request.method)) return payload;
    const key = request.headers['idempotency-key'];
    if (key === undefined) return payload;
    if (Array.isArray(key) || !KEY_SHAPE.test(key)) {
      throw new AppError('invalid_idempotency_key', 'Idempotency-Key must be 1 to 255 visible ASCII characters');
    }
    const declared = Number(request.headers['content-length'] ?? NaN);
    if (declared > maxBodyBytes) return payload; // too large to keep: runs without replay protection

    const { body, rest } = await readUpTo(payload, maxBodyBytes);
    const stream = rest ? resume(body, rest) : Readable.from(body.length ? [body] : []);
    (stream as Readable & { receivedEncodedLength?: number }).receivedEncodedLength = body.length;
    const contentType = String(request.headers['content-type'] ?? '');
    const multipart = /^multipart\/form-data/i.test(contentType);
    if (multipart) replayRaw(request.raw, stream);
    if (rest) return stream;

    // A multipart retry carries the same parts under a new boundary: its content is what must match.
    const bodyHash = (multipart && multipartFingerprint(contentType, body)) || `raw:${sha256(body)}`;

    // The caller's tenant scopes the record (row-level security); an anonymous call has none and is told apart by
    // its address. The hash covers the tenant too, so one hash never names records of two tenants.
    const tenantId = request.principal?.tenantId ?? null;
    request.idempotency = {
      caller: { tenantId, authHash: sha256(`${tenantId ?? 'anonymous'}\n${request.headers.authorization ?? `anonymous:${request.ip}`}`) },
      key,
      fingerprint: sha256(`${request.method}\n${request.url}\n${bodyHash}`),
      claimed: false,
      settled: false,
    };
    return stream;
  });

  // The claim waits for the body to be parsed, so a malformed body never takes the key.
  app.addHook('preValidation', async (request, reply) => {
    const state = request.idempotency;
    if (!state) return;
    const result = await store.claim(state.caller, state.key, state.fingerprint);
    switch (result.kind) {
      case 'claimed':
        state.claimed = true;
        reply.raw.once('close', () => {
          if (!state.settled) void store.release(state.caller, state.key).catch(() => {});
        });
        return;
      case 'replay':
        state.settled = true;
        reply.code(result.response.statusCode).headers(result.response.headers).header('idempotent-replayed', 'true');
        return reply.send(result.response.body.length ? result.response.body : undefined);
      case 'mismatch':
        state.settled = true;
        throw new AppError('idempotency_key_reused', 'This Idempotency-Key was already used with a different request body');
      case 'in_flight':
        state.settled = true;
        throw new AppError('idempotency_in_flight', 'A request with this Idempotency-Key is still being processed; retry later', {
          'retry-after': '1',
        });
    }
  });

  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const state = request.idempotency;
    if (!state || !state.claimed || state.settled) return payload;
    state.settled = true;
    const kept = keepable(request, reply, payload);
    if (kept) await store.complete(state.caller, state.key, state.fingerprint, kept);
    else await store.release(state.caller, state.key);
    return payload;
  });
}

/**
 * What is kept of a response for replay, or null when it must not be kept (the call then ran unprotected, and a
 * retry runs again). Never a credential: every field the route's response schema marks secret is redacted first
 * (platform/http/secret.ts), and the redacted fields are named in `Idempotent-Redacted`.
 */
function keepable(request: FastifyRequest, reply: FastifyReply, payload: unknown): StoredResponse | null {
  const type = String(reply.getHeader('content-type') ?? '');
  if (reply.statusCode < 200 || reply.statusCode >= 300 || type.startsWith('text/event-stream')) return null;
  if (payload !== null && payload !== undefined && typeof payload !== 'string' && !Buffer.isBuffer(payload)) return null;
  // `Cache-Control: no-store` says the response is a credential as a whole (OAuth token answers), and a cookie set
  // is one (a session): neither is kept at all, so a retry runs again.
  if (/\bno-store\b/i.test(String(reply.getHeader('cache-control') ?? '')) || reply.hasHeader('set-cookie')) return null;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined && !NOT_STORED.has(name)) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  let body = payload == null ? Buffer.alloc(0) : Buffer.from(payload as string | Buffer);
  if (body.length === 0) return { statusCode: reply.statusCode, headers, body };

  // A body is kept only as its declared schema allows: without one, nothing says which of its fields are secret.
  const schema = responseSchemaFor(request.routeOptions.schema?.response, reply.statusCode);
  if (schema === undefined) return null;
  const secrets = secretsOf(schema);
  if (secrets === 'unknown') return null;
  if (secrets) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      return null; // not JSON: its secrets cannot be found
    }
    const { value, redacted } = redactSecrets(parsed, schema);
    if (redacted.length > 0) {
      body = Buffer.from(JSON.stringify(value));
      headers[REDACTED_HEADER] = redacted.join(', ');
    }
  }
  return { statusCode: reply.statusCode, headers, body };
}

/** Whether a response schema marks a secret field, worked out once per schema (they are fixed at start-up). */
const secretsBySchema = new WeakMap<object, boolean | 'unknown'>();
function secretsOf(schema: unknown): boolean | 'unknown' {
  if (typeof schema !== 'object' || schema === null) return false;
  let found = secretsBySchema.get(schema);
  if (found === undefined) secretsBySchema.set(schema, (found = holdsSecrets(schema)));
  return found;
}

/**
 * @fastify/multipart parses `request.raw` itself (by piping it) and ignores the payload this hook hands
 * on, so after the body was read here it would see an empty form. Its pipe is pointed at the replay.
 */
function replayRaw(raw: FastifyRequest['raw'], replay: Readable): void {
  raw.pipe = ((destination: NodeJS.WritableStream, options?: { end?: boolean }) => replay.pipe(destination, options)) as typeof raw.pipe;
  raw.unpipe = ((destination?: NodeJS.WritableStream) => {
    replay.unpipe(destination);
    return raw;
  }) as typeof raw.unpipe;
}

async function readUpTo(payload: Readable, max: number): Promise<{ body: Buffer; rest: AsyncIterator<Buffer> | null }> {
  const chunks: Buffer[] = [];
  let size = 0;
  const iterator = payload[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  for (;;) {
    const { value, done } = await iterator.next();
    if (done) return { body: Buffer.concat(chunks), rest: null };
    chunks.push(value);
    size += value.length;
    if (size > max) return { body: Buffer.concat(chunks), rest: iterator };
  }
}

function resume(head: Buffer, rest: AsyncIterator<Buffer>): Readable {
  return Readable.from(
    (async function* () {
      yield head;
      for (;;) {
        const { value, done } = await rest.next();
        if (done) return;
        yield value;
      }
    })(),
  );
}
