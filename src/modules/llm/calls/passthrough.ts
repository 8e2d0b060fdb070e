import type { IncomingMessage } from 'node:http';
import { readWhole, ResponseTooLargeError, type GuardedClient } from '../../../platform/net/guarded-fetch.js';
import type { ResolvedCall } from '../gate.js';
import type { ChatEngine } from './chat-engine.js';
import type { ChatEnd, ChatResult } from './chat.types.js';
import { classifyResponse, ProviderFailure } from './failures.js';
import { eventData, readAnswer, readChunk, usageOfWire, type WireChunk } from './openai-wire.js';
import { baseUrlOf } from './providers.js';
import type { CallContext } from './recorder.js';

/** Far above any chat answer; a base URL that streams without end must not exhaust memory. */
const MAX_ANSWER_BYTES = 32 * 1024 * 1024;
/** Error bodies are read for their message only. */
const MAX_ERROR_BYTES = 64 * 1024;

export interface PassthroughDeps {
  /** The guarded client's request (platform/net): address checked at connect time, no redirect followed. */
  request: GuardedClient['request'];
  engine: ChatEngine;
}

/** A non-streamed answer: ours (a ChatResult) and the provider's body as it came, checked, for the gateway to relay. */
export interface RelayedCompletion extends ChatResult {
  raw: Buffer;
}

/** One event of a relayed stream: the provider's chunk (its data as sent, parsed, its text), or ours (done, error). */
export type RelayEvent = { type: 'chunk'; data: string; chunk: WireChunk; text: string } | ChatEnd;

export interface RelayStream {
  id: string;
  created: number;
  model: string;
  provider: string;
  events: AsyncGenerator<RelayEvent, void, undefined>;
}

const textOf = (chunk: WireChunk): string => {
  const content = chunk.choices?.[0]?.delta?.content;
  return typeof content === 'string' ? content : '';
};
const finishOf = (chunk: WireChunk): string | null => {
  const reason = chunk.choices?.[0]?.finish_reason;
  return typeof reason === 'string' ? reason : null;
};
const headersOf = (res: IncomingMessage) => res.headers as Record<string, string>;
const ok = (res: IncomingMessage) => res.statusCode !== undefined && res.statusCode >= 200 && res.statusCode < 300;

/**
 * The OpenAI pass-through: chat with providers that speak OpenAI's Chat Completions goes out as the JSON body the
 * caller's request already is (no AI SDK call, no rebuilt messages), and the answer is checked, read for usage and
 * handed back as it came. Everything around the call is the engine's (`chat-engine.ts`), shared with the SDK path:
 * retries, deadlines, the error log and health, usage and cost, the end of a stream; the gate resolved the model and
 * key, the guarded client makes the request, and the client's disconnect aborts it.
 */
export function createPassthrough(deps: PassthroughDeps) {
  const { engine } = deps;

  function send({ credentials }: ResolvedCall, body: string, stream: boolean, signal: AbortSignal): Promise<IncomingMessage> {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: stream ? 'text/event-stream' : 'application/json',
      authorization: `Bearer ${credentials.apiKey}`,
    };
    if (credentials.organization) headers['openai-organization'] = credentials.organization;
    return deps.request({ url: new URL(`${baseUrlOf(credentials)}/chat/completions`), method: 'POST', headers, body, signal });
  }

  /** An error status, classified by the provider's message (never relayed raw), with the key removed. */
  async function refusal(res: IncomingMessage, resolved: ResolvedCall, signal: AbortSignal): Promise<ProviderFailure> {
    const body = await readWhole(res, signal, MAX_ERROR_BYTES).then(
      (bytes) => bytes.toString('utf8'),
      () => '', // unreadable: the status decides (an abort is told apart by the attempt's signal)
    );
    const answer = { status: res.statusCode!, statusText: res.statusMessage ?? '', body, headers: headersOf(res) };
    return classifyResponse(resolved.credentials.provider, answer, resolved.credentials.apiKey);
  }

  /** `body`: the JSON sent upstream (`openai-wire.ts` builds it). */
  async function complete(ctx: CallContext, resolved: ResolvedCall, body: string): Promise<RelayedCompletion> {
    const provider = resolved.credentials.provider;
    const { result, answer } = await engine.complete(ctx, resolved, async (attempt) => {
      const res = await send(resolved, body, false, attempt.signal);
      if (!ok(res)) throw await refusal(res, resolved, attempt.signal);
      const raw = await readWhole(res, attempt.signal, MAX_ANSWER_BYTES).catch((error: unknown) => {
        // Not an answer the API promises, and the same on every attempt: not retried.
        throw error instanceof ResponseTooLargeError ? new ProviderFailure('malformed_response', provider, error.message, 200) : error;
      });
      return { ...readAnswer(raw, provider), raw };
    });
    return { ...result, raw: answer.raw };
  }

  /** A streamed answer, relayed chunk by chunk; the engine (`chat-engine.ts`) opens it and judges its end. */
  function stream(ctx: CallContext, resolved: ResolvedCall, body: string): Promise<RelayStream> {
    const provider = resolved.credentials.provider;
    interface Read {
      data: string;
      chunk: WireChunk;
    }
    return engine.stream(
      ctx,
      resolved,
      async (attempt) => {
        const res = await send(resolved, body, true, attempt.signal);
        if (!ok(res)) throw await refusal(res, resolved, attempt.signal);
        if (!String(res.headers['content-type'] ?? '').startsWith('text/event-stream')) {
          res.resume();
          throw new ProviderFailure('malformed_response', provider, 'the stream held no events the provider API defines', 200);
        }
        const data = eventData(res, provider);
        const first: Read[] = [];
        // Read up to the first text (or the finish) so that a failure before it is still a plain error.
        for (;;) {
          const next = await data.next();
          if (next.done) {
            if (first.length === 0) throw new ProviderFailure('malformed_response', provider, 'the stream held no events the provider API defines', 200);
            return { data, first, ended: true };
          }
          if (next.value === '[DONE]') continue;
          const chunk = readChunk(next.value, provider);
          first.push({ data: next.value, chunk });
          if (textOf(chunk) || finishOf(chunk) !== null) return { data, first, ended: false };
        }
      },
      async function* (opened, idle) {
        // What the chunks said so far: the text, the finish reason, and the usage (include_usage or Groq's x_groq).
        const seen: { text: string; finishReason: string | null; usage: WireChunk['usage'] } = { text: '', finishReason: null, usage: null };
        const read = (chunk: WireChunk) => {
          const piece = textOf(chunk);
          seen.text += piece;
          seen.finishReason = finishOf(chunk) ?? seen.finishReason;
          seen.usage = chunk.usage ?? chunk.x_groq?.usage ?? seen.usage;
          return piece;
        };
        for (const { data: raw, chunk } of opened.first) yield { type: 'chunk', data: raw, chunk, text: read(chunk) } as const;
        // To the end of the body, [DONE] included, so that the connection goes back to the pool.
        for (let ended = opened.ended; !ended; ) {
          const next = await idle(() => opened.data.next());
          if (next.done) ended = true;
          else if (next.value !== '[DONE]') {
            const chunk = readChunk(next.value, provider);
            yield { type: 'chunk', data: next.value, chunk, text: read(chunk) } as const;
          }
        }
        return { text: seen.text, finishReason: seen.finishReason, usage: usageOfWire(seen.usage) };
      },
    );
  }

  return { complete, stream };
}
export type Passthrough = ReturnType<typeof createPassthrough>;
