import { generateText, streamText, type FinishReason, type LanguageModelUsage, type ModelMessage } from 'ai';
import type { ResolvedCall } from '../gate.js';
import type { ChatEngine } from './chat-engine.js';
import type { ChatInput, ChatResult, ChatStream, ChatUsage } from './chat.types.js';
import { ProviderFailure } from './failures.js';
import type { ProviderClients } from './providers.js';
import type { CallContext } from './recorder.js';

export interface SdkChatDeps {
  engine: ChatEngine;
  clients: ProviderClients;
}

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

/**
 * Chat through the Vercel AI SDK (every provider the pass-through does not serve): our input becomes the SDK's call
 * settings, and its result or stream parts are read into what the engine (`chat-engine.ts`) records and answers.
 */
export function createSdkChat(deps: SdkChatDeps) {
  const { engine } = deps;

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

  async function complete(ctx: CallContext, resolved: ResolvedCall, input: ChatInput): Promise<ChatResult> {
    const settings = callSettings(input, resolved);
    const { result } = await engine.complete(ctx, resolved, async (attempt) => {
      const answer = await generateText({ ...settings, abortSignal: attempt.signal });
      return { content: answer.text, finishReason: finishReasonOf(answer.finishReason), usage: usageOf(answer.usage) };
    });
    return result;
  }

  function stream(ctx: CallContext, resolved: ResolvedCall, input: ChatInput): Promise<ChatStream> {
    const settings = callSettings(input, resolved);
    const provider = resolved.credentials.provider;
    return engine.stream(
      ctx,
      resolved,
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
            return { parts, first, finish: null };
          }
          if (part.type === 'finish') {
            // The body ended without one event the provider API defines (e.g. JSON where SSE was due).
            if (part.finishReason === 'interrupted') throw new ProviderFailure('malformed_response', provider, 'the stream held no events the provider API defines', 200);
            return { parts, first, finish: part };
          }
        }
      },
      async function* (opened, idle) {
        let text = '';
        for (const piece of opened.first) {
          text += piece;
          yield { type: 'delta', text: piece } as const;
        }
        let finish = opened.finish;
        while (!finish) {
          const next = await idle(() => opened.parts.next());
          if (next.done) throw new ProviderFailure('stream_interrupted', provider, 'the stream ended without a finish event');
          const part = next.value;
          if (part.type === 'error') throw part.error;
          if (part.type === 'abort') throw new Error('aborted');
          if (part.type === 'text-delta' && part.text) {
            text += part.text;
            yield { type: 'delta', text: part.text } as const;
          } else if (part.type === 'finish') finish = part;
        }
        // 'interrupted': the SDK saw the body end without the provider's final chunk.
        const finishReason = finish.finishReason === 'interrupted' ? null : finishReasonOf(finish.finishReason);
        return { text, finishReason, usage: usageOf(finish.totalUsage) };
      },
    );
  }

  return { complete, stream };
}
export type SdkChat = ReturnType<typeof createSdkChat>;
