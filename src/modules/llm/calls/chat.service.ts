import { randomUUID } from 'node:crypto';
import { generateText, streamText, type FinishReason, type LanguageModelUsage, type ModelMessage } from 'ai';
import type { Principal } from '../../../platform/auth/principal.js';
import { AppError, unprocessable } from '../../../platform/http/errors.js';
import { CallAborted, withRetries } from './attempts.js';
import { ProviderFailure, rethrowAsAppError } from './failures.js';
import type { ResolvedCall } from '../gate.js';
import type { GateCache } from './gate-cache.js';
import type { ProviderClients } from './providers.js';
import { retryOptionsFor, type CallContext, type CallRecorder } from './recorder.js';
import { inputBody, OPENAI_PROTOCOL_PROVIDERS, promptChars, upstreamBody, type OpenAIChatBody } from './openai-wire.js';
import type { Passthrough, RelayedCompletion, RelayEvent, RelayStream } from './passthrough.js';

export const MAX_MESSAGES = 500;
/** Sum of the characters of all messages; far above any model's context, low enough to protect the service. */
export const MAX_PROMPT_CHARS = 1_000_000;

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatInput {
  model: string;
  messages: ChatMessage[];
  temperature?: number;
  topP?: number;
  maxTokens?: number;
  stop?: string[];
  seed?: number;
  presencePenalty?: number;
  frequencyPenalty?: number;
}

export interface ChatUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

export interface ChatResult {
  id: string;
  created: number;
  model: string;
  provider: string;
  content: string;
  finishReason: string;
  usage: ChatUsage;
  costUsd: number | null;
  latencyMs: number;
}

export type ChatEvent = { type: 'delta'; text: string } | { type: 'done'; result: ChatResult } | { type: 'error'; error: AppError };

export interface ChatStream {
  id: string;
  created: number;
  model: string;
  provider: string;
  events: AsyncGenerator<ChatEvent, void, undefined>;
}

export interface ChatDeps {
  gate: Pick<GateCache, 'resolveForCall'>;
  recorder: CallRecorder;
  provider: { timeoutMs: number; maxRetries: number };
  clients: ProviderClients;
  /** Chat with OpenAI-protocol providers without the SDK; null sends every call through the SDK (PROVIDER_PASSTHROUGH=false). */
  passthrough: Passthrough | null;
}

/** A gateway answer: the provider's own, relayed (pass-through), or ours rebuilt from the SDK's result. */
export type OpenAIAnswer = { relayed: RelayedCompletion; result?: never } | { result: ChatResult; relayed?: never };
export type OpenAIStreamAnswer = { relayed: RelayStream; stream?: never } | { stream: ChatStream; relayed?: never };

/** OpenAI's spelling, which is what our clients and the gateway speak. */
function finishReasonOf(reason: FinishReason | undefined): string {
  switch (reason) {
    case 'content-filter':
      return 'content_filter';
    case 'tool-calls':
      return 'tool_calls';
    case undefined:
      return 'stop';
    default:
      return reason;
  }
}

function usageOf(usage: LanguageModelUsage | undefined): ChatUsage {
  const promptTokens = usage?.inputTokens ?? 0;
  const completionTokens = usage?.outputTokens ?? 0;
  return { promptTokens, completionTokens, totalTokens: usage?.totalTokens ?? promptTokens + completionTokens };
}

/** Checks a JSON schema cannot express: total size, and max_tokens against the model's own limit. */
function checkLimits(chars: number, maxTokens: number | null | undefined, resolved: ResolvedCall): void {
  if (chars > MAX_PROMPT_CHARS) {
    throw new AppError('payload_too_large', `The messages hold ${chars.toLocaleString('en')} characters; the limit is ${MAX_PROMPT_CHARS.toLocaleString('en')}`);
  }
  const limit = resolved.model.maxOutputTokens;
  if (maxTokens !== undefined && maxTokens !== null && limit !== null && maxTokens > limit) {
    throw unprocessable(['body', 'max_tokens'], `max_tokens is ${maxTokens}; model ${resolved.model.modelName} writes at most ${limit} tokens`, 'less_than_equal');
  }
}

const checkInput = (input: ChatInput, resolved: ResolvedCall) => checkLimits(promptChars(input.messages), input.maxTokens, resolved);

/** Our event stream from a relayed one: the text of each chunk, then done or error. */
async function* chatEventsOf(events: AsyncGenerator<RelayEvent, void, undefined>): AsyncGenerator<ChatEvent, void, undefined> {
  for await (const event of events) {
    if (event.type !== 'chunk') yield event;
    else if (event.text) yield { type: 'delta', text: event.text };
  }
}

export const newCompletionId = () => `chatcmpl-${randomUUID().replaceAll('-', '')}`;

export function createChatService(deps: ChatDeps) {
  const { recorder } = deps;

  /** The pass-through serves this call: it is on, and the provider speaks OpenAI's protocol. */
  const relays = (resolved: ResolvedCall) => deps.passthrough !== null && OPENAI_PROTOCOL_PROVIDERS.has(resolved.credentials.provider);

  function callSettings(input: ChatInput, resolved: ResolvedCall) {
    return {
      model: deps.clients(resolved.credentials).language(resolved.model.modelName),
      messages: input.messages as ModelMessage[],
      // The whole conversation, system turns included, is the caller's (an OpenAI-style API), not an injected prompt.
      allowSystemInMessages: true,
      temperature: input.temperature,
      topP: input.topP,
      maxOutputTokens: input.maxTokens,
      stopSequences: input.stop,
      seed: input.seed,
      presencePenalty: input.presencePenalty,
      frequencyPenalty: input.frequencyPenalty,
      maxRetries: 0,
    };
  }

  const retryOptions = (ctx: CallContext, resolved: ResolvedCall) => retryOptionsFor(recorder, deps.provider, ctx, resolved);

  /** A resolved model (by the gate for a principal, by the tenant's configuration for background work). */
  async function completeResolved(ctx: CallContext, resolved: ResolvedCall, input: ChatInput): Promise<ChatResult> {
    checkInput(input, resolved);
    if (relays(resolved)) return deps.passthrough!.complete(ctx, resolved, inputBody(input, resolved.model.modelName, false));
    const started = performance.now();
    const settings = callSettings(input, resolved);
    const result = await withRetries((attempt) => generateText({ ...settings, abortSignal: attempt.signal }), retryOptions(ctx, resolved));
    const latencyMs = Math.round(performance.now() - started);
    const usage = usageOf(result.usage);
    const costUsd = await recorder.success(ctx, resolved.model, 'chat', usage, latencyMs);
    return {
      id: newCompletionId(),
      created: Math.floor(Date.now() / 1000),
      model: resolved.model.modelName,
      provider: resolved.model.provider,
      content: result.text,
      finishReason: finishReasonOf(result.finishReason),
      usage,
      costUsd,
      latencyMs,
    };
  }

  async function complete(principal: Principal, ctx: CallContext, input: ChatInput): Promise<ChatResult> {
    const resolved = await deps.gate.resolveForCall(principal, input.model, 'chat');
    return completeResolved(ctx, resolved, input).catch(rethrowAsAppError);
  }

  /**
   * Opens a streamed completion. Everything that can fail before the first token (gate, limits, the provider's
   * status, retries) throws here, so the client still gets a plain JSON error; after that, failures arrive as an
   * `error` event. The provider deadline becomes an idle timeout between chunks.
   */
  async function stream(principal: Principal, ctx: CallContext, input: ChatInput): Promise<ChatStream> {
    const resolved = await deps.gate.resolveForCall(principal, input.model, 'chat');
    checkInput(input, resolved);
    if (relays(resolved)) {
      const relayed = await deps.passthrough!.stream(ctx, resolved, inputBody(input, resolved.model.modelName, true)).catch(rethrowAsAppError);
      return { ...relayed, events: chatEventsOf(relayed.events) };
    }
    return streamResolved(ctx, resolved, input);
  }

  async function streamResolved(ctx: CallContext, resolved: ResolvedCall, input: ChatInput): Promise<ChatStream> {
    const started = performance.now();
    const settings = callSettings(input, resolved);
    const provider = resolved.credentials.provider;

    const opened = await withRetries(
      async (attempt) => {
        const result = streamText({ ...settings, abortSignal: attempt.signal, onError: () => {} });
        const parts = result.fullStream[Symbol.asyncIterator]();
        const first: string[] = [];
        // Read up to the first text (or the end) so that an upstream error status is seen before we answer 200.
        for (;;) {
          const next = await parts.next();
          if (next.done) throw new ProviderFailure('stream_interrupted', provider, 'the stream ended before any event');
          const part = next.value;
          if (part.type === 'error') throw part.error;
          // The attempt's signal fired (deadline or client): failureOf() tells which.
          if (part.type === 'abort') throw new Error('aborted');
          if (part.type === 'text-delta') {
            first.push(part.text);
            return { parts, first, attempt, finish: null };
          }
          if (part.type === 'finish') {
            // The body ended without one event the provider API defines (e.g. JSON where SSE was due).
            if (part.finishReason === 'interrupted') throw new ProviderFailure('malformed_response', provider, 'the stream held no events the provider API defines', 200);
            return { parts, first, attempt, finish: part };
          }
        }
      },
      { ...retryOptions(ctx, resolved), keep: true },
    ).catch(rethrowAsAppError);
    opened.attempt.pause();

    const id = newCompletionId();
    const created = Math.floor(Date.now() / 1000);
    const model = resolved.model.modelName;

    async function* events(): AsyncGenerator<ChatEvent, void, undefined> {
      const { parts, attempt } = opened;
      let text = '';
      let finished = false;
      try {
        for (const piece of opened.first) {
          text += piece;
          yield { type: 'delta', text: piece };
        }
        let finish = opened.finish;
        while (!finish) {
          attempt.touch();
          const next = await parts.next();
          attempt.pause();
          if (next.done) throw new ProviderFailure('stream_interrupted', provider, 'the stream ended without a finish event');
          const part = next.value;
          if (part.type === 'error') throw part.error;
          if (part.type === 'abort') throw new Error('aborted');
          if (part.type === 'text-delta' && part.text) {
            text += part.text;
            yield { type: 'delta', text: part.text };
          } else if (part.type === 'finish') finish = part;
        }
        if (finish.finishReason === 'interrupted') {
          // The SDK saw the body end without the provider's final chunk: not a complete answer.
          throw text
            ? new ProviderFailure('stream_interrupted', provider, 'the stream ended before the final chunk', 200)
            : new ProviderFailure('malformed_response', provider, 'the stream held no events the provider API defines', 200);
        }
        finished = true;
        attempt.done();
        const latencyMs = Math.round(performance.now() - started);
        const usage = usageOf(finish.totalUsage);
        const costUsd = await recorder.success(ctx, resolved.model, 'chat', usage, latencyMs);
        const result = { id, created, model, provider, content: text, finishReason: finishReasonOf(finish.finishReason), usage, costUsd, latencyMs };
        yield { type: 'done', result };
      } catch (error) {
        const failure = error instanceof CallAborted ? error : attempt.failureOf(error, provider);
        attempt.done(true);
        if (failure instanceof CallAborted) return; // the client left: nobody to tell, nothing the provider did wrong
        await recorder.failure(ctx, model, failure);
        yield { type: 'error', error: failure.toAppError() };
      } finally {
        if (!finished) attempt.done(true);
      }
    }

    return { id, created, model, provider, events: events() };
  }

  /**
   * The OpenAI-compatible gateway's chat: the client's body goes to the provider as it is (pass-through), or, for
   * providers the SDK serves, is read as our chat input (`toInput`) and the answer is rebuilt.
   */
  async function completeOpenAI(principal: Principal, ctx: CallContext, body: OpenAIChatBody, toInput: () => ChatInput): Promise<OpenAIAnswer> {
    const resolved = await deps.gate.resolveForCall(principal, body.model, 'chat');
    if (!relays(resolved)) return { result: await completeResolved(ctx, resolved, toInput()).catch(rethrowAsAppError) };
    checkLimits(promptChars(body.messages), body.max_completion_tokens ?? body.max_tokens, resolved);
    const request = upstreamBody(body, resolved.model.modelName, resolved.credentials.provider);
    return { relayed: await deps.passthrough!.complete(ctx, resolved, request).catch(rethrowAsAppError) };
  }

  async function streamOpenAI(principal: Principal, ctx: CallContext, body: OpenAIChatBody, toInput: () => ChatInput): Promise<OpenAIStreamAnswer> {
    const resolved = await deps.gate.resolveForCall(principal, body.model, 'chat');
    if (!relays(resolved)) {
      const input = toInput();
      checkInput(input, resolved);
      return { stream: await streamResolved(ctx, resolved, input) };
    }
    checkLimits(promptChars(body.messages), body.max_completion_tokens ?? body.max_tokens, resolved);
    const request = upstreamBody(body, resolved.model.modelName, resolved.credentials.provider);
    return { relayed: await deps.passthrough!.stream(ctx, resolved, request).catch(rethrowAsAppError) };
  }

  return { complete, completeResolved, stream, completeOpenAI, streamOpenAI };
}
export type ChatService = ReturnType<typeof createChatService>;
