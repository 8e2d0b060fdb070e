import type { IncomingMessage } from 'node:http';
import type { ChatInput, ChatUsage } from './chat.types.js';
import { ProviderFailure } from './failures.js';

/**
 * OpenAI's Chat Completions protocol on the wire, for the pass-through (`passthrough.ts`): the body we send, the
 * checks an answer must pass before it is relayed, and the reading of an event stream. No AI SDK here.
 */

/** Providers whose chat API is OpenAI's Chat Completions: the pass-through serves them, the AI SDK the others. */
export const OPENAI_PROTOCOL_PROVIDERS: ReadonlySet<string> = new Set(['openai', 'groq', 'cohere', 'ollama']);

export interface WireMessage {
  role: string;
  content: string | { type: string; text: string }[] | null;
  name?: string;
}

/** An OpenAI chat request as the gateway validated it (unknown fields already dropped by the schema). */
export interface OpenAIChatBody {
  model: string;
  messages: WireMessage[];
  stream?: boolean | null;
  stream_options?: { include_usage?: boolean } | null;
  max_tokens?: number | null;
  max_completion_tokens?: number | null;
  [field: string]: unknown;
}

/** Characters of all messages (text parts included): what MAX_PROMPT_CHARS limits. */
export function promptChars(messages: readonly WireMessage[]): number {
  let chars = 0;
  for (const { content } of messages) {
    if (typeof content === 'string') chars += content.length;
    else if (content) for (const part of content) chars += part.text.length;
  }
  return chars;
}

/**
 * The body sent upstream for a gateway request: the client's own, with the catalog's model name, nulls left out, and
 * for streams `stream_options.include_usage` on (usage is recorded from the final chunk; the relay hides it from a
 * client that did not ask). OpenAI gets the rest as sent; the other OpenAI-protocol servers get what they all accept,
 * as the AI SDK sent it (system for developer turns, max_tokens for max_completion_tokens).
 */
export function upstreamBody(body: OpenAIChatBody, modelName: string, provider: string): string {
  const out: Record<string, unknown> = {};
  for (const key in body) {
    const value = body[key];
    if (value !== null && value !== undefined) out[key] = value;
  }
  out.model = modelName;
  if (body.stream) {
    out.stream = true;
    out.stream_options = { include_usage: true };
  } else {
    delete out.stream;
    delete out.stream_options;
  }
  if (provider !== 'openai') {
    if (body.messages.some((m) => m.role === 'developer')) {
      out.messages = body.messages.map((m) => (m.role === 'developer' ? { ...m, role: 'system' } : m));
    }
    if (out.max_completion_tokens !== undefined) {
      out.max_tokens ??= out.max_completion_tokens;
      delete out.max_completion_tokens;
    }
  }
  return JSON.stringify(out);
}

/** The body sent upstream for our own chat input (/api/v1/llm/chat, model tests, descriptions). */
export function inputBody(input: ChatInput, modelName: string, stream: boolean): string {
  return JSON.stringify({
    model: modelName,
    messages: input.messages,
    temperature: input.temperature,
    top_p: input.topP,
    max_tokens: input.maxTokens,
    stop: input.stop,
    seed: input.seed,
    presence_penalty: input.presencePenalty,
    frequency_penalty: input.frequencyPenalty,
    ...(stream ? { stream: true, stream_options: { include_usage: true } } : {}),
  });
}

interface WireUsage {
  prompt_tokens?: unknown;
  completion_tokens?: unknown;
  total_tokens?: unknown;
}

const count = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : 0);

/** OpenAI's usage object as ours; absent usage counts nothing (as the SDK path does). */
export function usageOfWire(usage: WireUsage | null | undefined): ChatUsage {
  const promptTokens = count(usage?.prompt_tokens);
  const completionTokens = count(usage?.completion_tokens);
  const total = count(usage?.total_tokens);
  return { promptTokens, completionTokens, totalTokens: total || promptTokens + completionTokens };
}

export interface WireAnswer {
  id: string | null;
  content: string;
  finishReason: string;
  usage: ChatUsage;
}

const malformed = (provider: string) => new ProviderFailure('malformed_response', provider, 'the response body is not the JSON the provider API promises', 200);

/** A non-streamed answer, checked: JSON with a first choice holding a message. Anything else is a malformed response. */
export function readAnswer(raw: Buffer, provider: string): WireAnswer {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    throw malformed(provider);
  }
  const answer = parsed as { id?: unknown; choices?: unknown; usage?: WireUsage | null } | null;
  const choice = Array.isArray(answer?.choices) ? (answer.choices[0] as { message?: { content?: unknown }; finish_reason?: unknown } | undefined) : undefined;
  const message = choice?.message;
  if (!message || typeof message !== 'object' || (message.content !== undefined && message.content !== null && typeof message.content !== 'string')) {
    throw malformed(provider);
  }
  return {
    id: typeof answer!.id === 'string' ? answer!.id : null,
    content: typeof message.content === 'string' ? message.content : '',
    finishReason: typeof choice!.finish_reason === 'string' ? choice!.finish_reason : 'stop',
    usage: usageOfWire(answer!.usage),
  };
}

/** One chunk of a streamed answer, as far as we read it. */
export interface WireChunk {
  id?: unknown;
  choices?: { delta?: { content?: unknown }; finish_reason?: unknown }[];
  usage?: WireUsage | null;
  /** Groq puts the usage of a stream here. */
  x_groq?: { usage?: WireUsage | null };
  error?: { message?: unknown };
  [field: string]: unknown;
}

/** A chunk parsed, or a malformed response. */
export function readChunk(data: string, provider: string): WireChunk {
  let chunk: unknown;
  try {
    chunk = JSON.parse(data);
  } catch {
    throw new ProviderFailure('malformed_response', provider, 'a stream event is not the JSON the provider API promises', 200);
  }
  if (!chunk || typeof chunk !== 'object' || Array.isArray(chunk)) {
    throw new ProviderFailure('malformed_response', provider, 'a stream event is not the JSON the provider API promises', 200);
  }
  const { error } = chunk as WireChunk;
  // An error reported inside a stream that had begun (OpenAI sends {"error": {...}} as an event).
  if (error) throw new ProviderFailure('provider_error', provider, typeof error.message === 'string' ? error.message : 'the stream reported an error');
  return chunk as WireChunk;
}

/** Far above any chunk of a chat stream; a server that never ends a line must not grow our buffer without bound. */
export const MAX_EVENT_CHARS = 8 * 1024 * 1024;

/**
 * The `data:` payloads of a server-sent event stream, one per event (multi-line data joined with \n as the format
 * says); comments and other fields are skipped. Ends at the end of the body; errors as the body errors.
 */
export async function* eventData(res: IncomingMessage, provider = 'the provider'): AsyncGenerator<string, void, undefined> {
  res.setEncoding('utf8');
  let pending = '';
  let data: string[] = [];
  let dataChars = 0;
  const pieces = res[Symbol.asyncIterator]() as AsyncIterator<string>;
  for (;;) {
    let next: IteratorResult<string>;
    try {
      next = await pieces.next();
    } catch (error) {
      throw cut(error);
    }
    if (next.done) break;
    pending += next.value;
    let at: number;
    while ((at = pending.indexOf('\n')) >= 0) {
      const line = pending.charCodeAt(at - 1) === 13 ? pending.slice(0, at - 1) : pending.slice(0, at);
      pending = pending.slice(at + 1);
      if (line === '') {
        if (data.length) yield data.join('\n');
        data = [];
        dataChars = 0;
      } else if (line.startsWith('data:')) {
        data.push(line.charCodeAt(5) === 32 ? line.slice(6) : line.slice(5));
        dataChars += line.length;
      }
    }
    if (pending.length + dataChars > MAX_EVENT_CHARS) {
      res.destroy();
      throw new ProviderFailure('malformed_response', provider, `a stream event is longer than ${MAX_EVENT_CHARS} characters`, 200);
    }
  }
  if (!res.complete) throw cut(new Error('aborted'));
  if (data.length) yield data.join('\n');
}

/** A body cut short, named as undici names it ("terminated"), so that it is classified as an interrupted stream. */
const cut = (cause: unknown) => Object.assign(new Error('terminated: the connection closed before the response was complete'), { cause });
