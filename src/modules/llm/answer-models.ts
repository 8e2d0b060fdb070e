import type { Principal } from '../../platform/auth/principal.js';
import { AppError } from '../../platform/http/errors.js';
import { CallAborted } from './calls/attempts.js';
import type { ChatService } from './calls/chat.service.js';
import type { ChatInput, ChatResult, ChatStream } from './calls/chat.types.js';
import { ProviderFailure } from './calls/failures.js';
import type { GateCache } from './calls/gate-cache.js';
import { contextOf, type CallContext } from './calls/recorder.js';
import type { RerankInput, RerankResultItem, RerankService } from './calls/rerank.service.js';
import type { ErrorLog } from './errors-log/errors.service.js';
import type { ModelGate } from './gate.js';

/** The chat model a question is answered with, and the limits the context is packed to. */
export interface ChatModelChoice {
  name: string;
  provider: string;
  /** The catalog's context window (prompt tokens); null when the catalog does not say. */
  maxInputTokens: number | null;
  maxOutputTokens: number | null;
}

type RerankOutcome =
  | { status: 'reranked'; model: string; ranking: RerankResultItem[]; costUsd: number | null; latencyMs: number }
  /** The call failed (logged in the error log): the caller keeps its own order. */
  | { status: 'failed'; model: string; code: string; detail: string };

/**
 * What the chat module needs of the language-model area (wired in src/modules/index.ts): the chat model to answer
 * with, completions and streams through the routed call (gate, retries, error log, health, usage and cost), and the
 * tenant's default rerank model, whose failures never fail the caller.
 */
export interface AnswerModels {
  /**
   * `modelRef`, or the tenant's enabled default chat model, checked by the gate for this caller. Throws 400
   * `chat_model_not_configured` when no model is named and the tenant has no default chat model, and the gate's
   * errors otherwise (unknown model, wrong mode, not enabled, access rules, no provider key).
   */
  chatModel(principal: Principal, modelRef: string | null): Promise<ChatModelChoice>;
  complete(principal: Principal, ctx: CallContext, input: ChatInput): Promise<ChatResult>;
  stream(principal: Principal, ctx: CallContext, input: ChatInput): Promise<ChatStream>;
  /** The tenant's enabled default `rerank` model, or null. */
  rerankModel(tenantId: string): Promise<string | null>;
  /** Never throws for the model or its provider (a failure is logged and returned); rethrows a client abort. */
  rerank(principal: Principal, ctx: CallContext, model: string, input: RerankInput): Promise<RerankOutcome>;
  callContext(principal: Principal, requestId: string | null, signal?: AbortSignal): CallContext;
}

export interface AnswerModelsDeps {
  gate: Pick<ModelGate, 'defaultModel'>;
  cachedGate: Pick<GateCache, 'resolveForCall'>;
  chat: Pick<ChatService, 'complete' | 'stream'>;
  reranker: RerankService;
  errors: Pick<ErrorLog, 'record'>;
}

const NO_CHAT_MODEL =
  'No chat model is configured for this tenant: configure a provider API key (PUT /api/v2/llm/providers/{provider}/credentials) ' +
  'and enable a chat model as the default (POST /api/v2/llm/models/activate with is_default: true), or name an enabled chat model in `model`. ' +
  'mode "retrieve" needs no model.';

export function createAnswerModels(deps: AnswerModelsDeps): AnswerModels {
  async function chatModel(principal: Principal, modelRef: string | null): Promise<ChatModelChoice> {
    let ref = modelRef;
    if (!ref) {
      const fallback = await deps.gate.defaultModel(principal.tenantId, 'chat');
      if (!fallback) throw new AppError('chat_model_not_configured', NO_CHAT_MODEL);
      ref = fallback.modelName;
    }
    const { model } = await deps.cachedGate.resolveForCall(principal, ref, 'chat');
    return { name: model.modelName, provider: model.provider, maxInputTokens: model.maxInputTokens, maxOutputTokens: model.maxOutputTokens };
  }

  async function rerankModel(tenantId: string): Promise<string | null> {
    return (await deps.gate.defaultModel(tenantId, 'rerank'))?.modelName ?? null;
  }

  async function rerank(principal: Principal, ctx: CallContext, model: string, input: RerankInput): Promise<RerankOutcome> {
    try {
      const done = await deps.reranker.rerankDocuments(principal, ctx, model, input);
      return { status: 'reranked', model: done.model, ranking: done.ranking, costUsd: done.costUsd, latencyMs: done.latencyMs };
    } catch (error) {
      if (error instanceof CallAborted) throw error;
      // Provider failures are in the error log already (every attempt is); a refusal before any call is written here.
      if (error instanceof ProviderFailure) return { status: 'failed', model, code: error.code, detail: error.message };
      const refusal = error instanceof AppError ? error : new AppError('internal_error', error instanceof Error ? error.message : String(error));
      const detail = typeof refusal.detail === 'string' ? refusal.detail : refusal.code;
      await deps.errors
        .record({
          tenantId: ctx.tenantId,
          provider: (await deps.gate.defaultModel(ctx.tenantId, 'rerank'))?.provider ?? 'unknown',
          model,
          errorCode: refusal.code,
          statusCode: refusal.statusCode,
          message: detail,
          userId: ctx.userId,
          apiKeyId: ctx.apiKeyId,
          requestId: ctx.requestId,
          documentId: null,
          jobId: null,
        })
        .catch(() => {});
      return { status: 'failed', model, code: refusal.code, detail };
    }
  }

  return {
    chatModel,
    complete: (principal, ctx, input) => deps.chat.complete(principal, ctx, input),
    stream: (principal, ctx, input) => deps.chat.stream(principal, ctx, input),
    rerankModel,
    rerank,
    callContext: contextOf,
  };
}
