import type { Principal } from '../../../platform/auth/principal.js';
import type { TenantDb } from '../../../platform/db/tenant-db.js';
import { AppError } from '../../../platform/http/errors.js';
import { findModelByRef } from '../models.repo.js';
import type { ChatService } from './chat.service.js';
import { ProviderFailure, rethrowAsAppError } from './failures.js';
import type { GateCache } from './gate-cache.js';
import type { MediaService } from './media.service.js';
import type { CallContext } from './recorder.js';

const PROMPT = 'This is a connection test. Reply with the single word OK.';

export interface ModelTestDeps {
  gate: Pick<GateCache, 'resolveForCall'>;
  chat: Pick<ChatService, 'completeResolved'>;
  media: Pick<MediaService, 'embedResolved'>;
}

/**
 * One small real call with the tenant's key. A provider failure is the answer to the question, so it comes back as
 * `success: false` with the reason (and is logged and moves health like any failure); the gate's refusals (unknown,
 * disabled, denied, unconfigured) stay errors, since there was nothing to test.
 */
export function createModelTestService(deps: ModelTestDeps) {
  /** `tenant` is the principal's own tenant (the route builder binds it). */
  async function test(tenant: TenantDb, principal: Principal, ctx: CallContext, modelRef: string) {
    const found = await tenant.run((t) => findModelByRef(t.tx, modelRef));
    if (!found) throw new AppError('model_not_found', `Model ${modelRef} not found`);
    if (found.mode !== 'chat' && found.mode !== 'embedding') {
      throw new AppError('model_test_unsupported', `Testing supports chat and embedding models; ${found.modelName} is a ${found.mode} model`);
    }
    const resolved = await deps.gate.resolveForCall(principal, modelRef, found.mode);
    const started = performance.now();
    try {
      if (found.mode === 'chat') {
        const result = await deps.chat.completeResolved(ctx, resolved, { model: modelRef, messages: [{ role: 'user', content: PROMPT }], maxTokens: 50 });
        return {
          success: true,
          model: result.model,
          provider: result.provider,
          response: result.content,
          latency_ms: result.latencyMs,
          usage: { prompt_tokens: result.usage.promptTokens, completion_tokens: result.usage.completionTokens, total_tokens: result.usage.totalTokens },
          estimated_cost: result.costUsd,
          error: null,
        };
      }
      const result = await deps.media.embedResolved(ctx, resolved, ['connection test']);
      return {
        success: true,
        model: result.model,
        provider: result.provider,
        response: `an embedding of ${result.embeddings[0]?.length ?? 0} dimensions`,
        latency_ms: result.latencyMs,
        usage: { prompt_tokens: result.promptTokens, completion_tokens: 0, total_tokens: result.promptTokens },
        estimated_cost: result.costUsd,
        error: null,
      };
    } catch (error) {
      if (!(error instanceof ProviderFailure)) rethrowAsAppError(error);
      const http = error.toAppError();
      return {
        success: false,
        model: found.modelName,
        provider: found.provider,
        response: null,
        latency_ms: Math.round(performance.now() - started),
        usage: null,
        estimated_cost: null,
        error: { code: http.code, detail: String(http.detail), status_code: error.statusCode },
      };
    }
  }

  return { test };
}
export type ModelTestService = ReturnType<typeof createModelTestService>;
