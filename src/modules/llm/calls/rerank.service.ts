import { rerank } from 'ai';
import type { Principal } from '../../../platform/auth/principal.js';
import { withRetries } from './attempts.js';
import type { GateCache } from './gate-cache.js';
import type { ProviderClients } from './providers.js';
import { retryOptionsFor, type CallContext, type CallRecorder } from './recorder.js';

export interface RerankDeps {
  gate: Pick<GateCache, 'resolveForCall'>;
  recorder: CallRecorder;
  provider: { timeoutMs: number; maxRetries: number };
  clients: ProviderClients;
}

export interface RerankInput {
  query: string;
  documents: string[];
  /** Keep only the best `topN` (all when absent). */
  topN?: number;
}

export interface RerankResultItem {
  /** Position of the document in the input list. */
  index: number;
  score: number;
}

export interface Reranked {
  model: string;
  provider: string;
  /** Best first. */
  ranking: RerankResultItem[];
  costUsd: number | null;
  latencyMs: number;
}

/**
 * Reranking with the tenant's key through the AI SDK's `rerank()`: the same gate (access rules, enabled, key), retries,
 * error log, health and usage (priced per query from the catalog) as every other provider call. Throws like them:
 * AppError for a refusal of the gate, ProviderFailure (already logged) for the provider, CallAborted for a client
 * that left.
 */
export function createRerankService(deps: RerankDeps) {
  const { recorder } = deps;

  async function rerankDocuments(principal: Principal, ctx: CallContext, modelRef: string, input: RerankInput): Promise<Reranked> {
    const resolved = await deps.gate.resolveForCall(principal, modelRef, 'rerank');
    const model = deps.clients(resolved.credentials).reranking(resolved.model.modelName);
    const started = performance.now();
    const result = await withRetries(
      (attempt) => rerank({ model, query: input.query, documents: input.documents, topN: input.topN, maxRetries: 0, abortSignal: attempt.signal }),
      retryOptionsFor(recorder, deps.provider, ctx, resolved),
    );
    const latencyMs = Math.round(performance.now() - started);
    const costUsd = await recorder.success(ctx, resolved.model, 'rerank', { queries: 1 }, latencyMs);
    return {
      model: resolved.model.modelName,
      provider: resolved.model.provider,
      ranking: result.ranking.map((r) => ({ index: r.originalIndex, score: r.score })),
      costUsd,
      latencyMs,
    };
  }

  return { rerankDocuments };
}
export type RerankService = ReturnType<typeof createRerankService>;
