import type { Principal } from '../../../platform/auth/principal.js';
import { AppError, unprocessable } from '../../../platform/http/errors.js';
import type { ResolvedCall } from '../gate.js';
import { MAX_PROMPT_CHARS, type ChatEvent, type ChatInput, type ChatResult, type ChatStream } from './chat.types.js';
import { rethrowAsAppError } from './failures.js';
import type { GateCache } from './gate-cache.js';
import { inputBody, OPENAI_PROTOCOL_PROVIDERS, promptChars, upstreamBody, type OpenAIChatBody } from './openai-wire.js';
import type { Passthrough, RelayedCompletion, RelayEvent, RelayStream } from './passthrough.js';
import type { CallContext } from './recorder.js';
import type { SdkChat } from './sdk-chat.js';

export interface ChatDeps {
  gate: Pick<GateCache, 'resolveForCall'>;
  sdk: SdkChat;
  /** Chat with OpenAI-protocol providers without the SDK; null sends every call through the SDK (PROVIDER_PASSTHROUGH=false). */
  passthrough: Passthrough | null;
}

/** A gateway answer: the provider's own, relayed (pass-through), or ours rebuilt from the SDK's result. */
export type OpenAIAnswer = { relayed: RelayedCompletion; result?: never } | { result: ChatResult; relayed?: never };
export type OpenAIStreamAnswer = { relayed: RelayStream; stream?: never } | { stream: ChatStream; relayed?: never };

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

/**
 * The chat use cases: the gate resolves the model and key, the limits are checked, and the call goes to one of the
 * two adapters of the chat engine, the pass-through (OpenAI-protocol providers, when it is on) or the AI SDK.
 * Provider failures reach the client as our errors (`rethrowAsAppError`); `completeResolved` is for background work,
 * which tells provider failures apart itself.
 */
export function createChatService(deps: ChatDeps) {
  const { sdk } = deps;

  /** The pass-through serves this call: it is on, and the provider speaks OpenAI's protocol. */
  const relays = (resolved: ResolvedCall) => deps.passthrough !== null && OPENAI_PROTOCOL_PROVIDERS.has(resolved.credentials.provider);

  /** A resolved model (by the gate for a principal, by the tenant's configuration for background work). */
  async function completeResolved(ctx: CallContext, resolved: ResolvedCall, input: ChatInput): Promise<ChatResult> {
    checkInput(input, resolved);
    if (relays(resolved)) return deps.passthrough!.complete(ctx, resolved, inputBody(input, resolved.model.modelName, false));
    return sdk.complete(ctx, resolved, input);
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
    return sdk.stream(ctx, resolved, input).catch(rethrowAsAppError);
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
      return { stream: await sdk.stream(ctx, resolved, input).catch(rethrowAsAppError) };
    }
    checkLimits(promptChars(body.messages), body.max_completion_tokens ?? body.max_tokens, resolved);
    const request = upstreamBody(body, resolved.model.modelName, resolved.credentials.provider);
    return { relayed: await deps.passthrough!.stream(ctx, resolved, request).catch(rethrowAsAppError) };
  }

  return { complete, completeResolved, stream, completeOpenAI, streamOpenAI };
}
export type ChatService = ReturnType<typeof createChatService>;
