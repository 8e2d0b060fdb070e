import type { ResolvedCall } from '../gate.js';
import { CallAborted, withRetries, type AttemptSignal } from './attempts.js';
import { newCompletionId, type ChatEnd, type ChatResult, type ChatUsage } from './chat.types.js';
import { ProviderFailure } from './failures.js';
import { retryOptionsFor, type CallContext, type CallRecorder, type ProviderLimits } from './recorder.js';

/** A complete answer as an adapter read it: the text, the finish reason in OpenAI's spelling, the usage. */
export interface ReadAnswer {
  content: string;
  finishReason: string;
  usage: ChatUsage;
}

/** What an adapter saw by the end of a stream; a null finish reason: the provider's final chunk never came. */
export interface StreamEnd {
  text: string;
  finishReason: string | null;
  usage: ChatUsage;
}

/** Waits on the provider with the deadline running (an idle timeout between chunks); paused again after. */
export type IdleWait = <T>(read: () => Promise<T>) => Promise<T>;

export interface EngineStream<E> {
  id: string;
  created: number;
  model: string;
  provider: string;
  events: AsyncGenerator<E | ChatEnd, void, undefined>;
}

export interface ChatEngineDeps {
  recorder: CallRecorder;
  provider: ProviderLimits;
}

/**
 * What both chat paths (the AI SDK, `sdk-chat.ts`; the pass-through, `passthrough.ts`) do around the provider: every
 * attempt in `withRetries` (deadline, Retry-After, error log and health), usage and cost recorded on success, our
 * result built the same way, a stream's end judged the same way (no final chunk: interrupted, or malformed when no
 * text came), and a failure after the 200 logged and turned into the client's `error` event. An adapter only says how
 * to send one attempt and how to read what comes back.
 */
export function createChatEngine(deps: ChatEngineDeps) {
  const { recorder } = deps;

  const retryOptions = (ctx: CallContext, resolved: ResolvedCall) => retryOptionsFor(recorder, deps.provider, ctx, resolved);

  /** Usage, health and cost of a success, and our result. */
  async function succeeded(ctx: CallContext, resolved: ResolvedCall, head: { id: string; created: number; started: number }, answer: ReadAnswer): Promise<ChatResult> {
    const latencyMs = Math.round(performance.now() - head.started);
    const costUsd = await recorder.success(ctx, resolved.model, 'chat', answer.usage, latencyMs);
    return {
      id: head.id,
      created: head.created,
      model: resolved.model.modelName,
      provider: resolved.model.provider,
      content: answer.content,
      finishReason: answer.finishReason,
      usage: answer.usage,
      costUsd,
      latencyMs,
    };
  }

  /** A non-streamed answer: `attempt` sends once and reads the whole answer; the adapter's reading comes back beside ours. */
  async function complete<A extends ReadAnswer>(ctx: CallContext, resolved: ResolvedCall, attempt: (signal: AttemptSignal) => Promise<A>): Promise<{ result: ChatResult; answer: A }> {
    const started = performance.now();
    const answer = await withRetries(attempt, retryOptions(ctx, resolved));
    const result = await succeeded(ctx, resolved, { id: newCompletionId(), created: Math.floor(Date.now() / 1000), started }, answer);
    return { result, answer };
  }

  /**
   * A streamed answer. `open` sends once and reads up to the first text (or the end), so that everything that can fail
   * before it (the provider's status, retries) throws here and the client still gets a plain JSON error. `rest` then
   * yields the adapter's events to the end of the body and returns what it saw; later failures become an `error` event.
   */
  async function stream<O, E>(
    ctx: CallContext,
    resolved: ResolvedCall,
    open: (signal: AttemptSignal) => Promise<O>,
    rest: (opened: O, idle: IdleWait) => AsyncGenerator<E, StreamEnd, undefined>,
  ): Promise<EngineStream<E>> {
    const started = performance.now();
    const { opened, attempt } = await withRetries(async (attempt) => ({ opened: await open(attempt), attempt }), { ...retryOptions(ctx, resolved), keep: true });
    attempt.pause();
    const head = { id: newCompletionId(), created: Math.floor(Date.now() / 1000), started };
    const provider = resolved.credentials.provider;
    const model = resolved.model.modelName;

    const idle: IdleWait = async (read) => {
      attempt.touch();
      const value = await read();
      attempt.pause();
      return value;
    };

    async function* events(): AsyncGenerator<E | ChatEnd, void, undefined> {
      let finished = false;
      try {
        const end = yield* rest(opened, idle);
        if (end.finishReason === null) {
          // The body ended without the provider's final chunk: not a complete answer.
          throw end.text
            ? new ProviderFailure('stream_interrupted', provider, 'the stream ended before the final chunk', 200)
            : new ProviderFailure('malformed_response', provider, 'the stream held no events the provider API defines', 200);
        }
        finished = true;
        attempt.done();
        const result = await succeeded(ctx, resolved, head, { content: end.text, finishReason: end.finishReason, usage: end.usage });
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

    return { id: head.id, created: head.created, model, provider: resolved.model.provider, events: events() };
  }

  return { complete, stream };
}
export type ChatEngine = ReturnType<typeof createChatEngine>;
