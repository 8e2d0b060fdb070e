import type { Principal } from '../../../platform/auth/principal.js';
import type { TenantDb } from '../../../platform/db/tenant-db.js';
import type { AnswerModels, CallContext } from '../../llm/index.js';
import type { SearchService } from '../../search/index.js';

/** A retrieved chunk, best first: what the model may be given and what the answer may cite. */
export interface RetrievedChunk {
  chunk_id: string;
  document_id: string;
  filename: string;
  page: number | null;
  section: string | null;
  text: string;
  /** The rerank score when reranked, else the fused (reciprocal-rank) score. */
  score: number;
  /** The connector item the document is kept in sync with, or null (search hits' `source`). */
  source: { connector_id: string; external_id: string; url: string | null } | null;
}

export interface RetrievalFilters {
  memory_ids?: string[];
  document_ids?: string[];
  folder_id?: string | null;
  tags?: { all?: string[]; any?: string[] };
}

export interface Retrieval {
  chunks: RetrievedChunk[];
  /** The rerank model that ordered `chunks`; null: fused order (no default rerank model, or it failed). */
  rerankedBy: string | null;
  /** Why the rerank model's order is not used (its failure is in the LLM error log). */
  rerankFailure: { model: string; code: string; detail: string } | null;
  searchMs: number;
  rerankMs: number;
}

/** search.service's own bound on top_k. */
const MAX_CANDIDATES = 50;
/** A reranker reorders candidates: it is given this many per requested source (at least MIN_RERANK_CANDIDATES). */
const RERANK_CANDIDATES_PER_RESULT = 3;
const MIN_RERANK_CANDIDATES = 20;

export interface RetrievalDeps {
  search: Pick<SearchService, 'search'>;
  models: Pick<AnswerModels, 'rerankModel' | 'rerank'>;
}

/**
 * The hybrid search under the caller's tenant and filters, then, when the tenant has a default `rerank` model, that
 * model's order over a wider set of candidates (cut back to `topK`). A rerank that fails (its failure logged by the
 * llm module) leaves the fused order: it never fails the question.
 */
export async function retrieve(
  deps: RetrievalDeps,
  tenant: TenantDb,
  principal: Principal,
  ctx: CallContext,
  input: { query: string; topK: number; filters: RetrievalFilters; rerank: boolean },
): Promise<Retrieval> {
  const rerankModel = input.rerank ? await deps.models.rerankModel(tenant.tenantId) : null;
  const candidates = rerankModel ? Math.min(MAX_CANDIDATES, Math.max(input.topK * RERANK_CANDIDATES_PER_RESULT, MIN_RERANK_CANDIDATES)) : input.topK;
  const started = performance.now();
  const found = await deps.search.search(tenant, { query: input.query, top_k: candidates, mode: 'hybrid', ...input.filters });
  const fused: RetrievedChunk[] = found.items.map((hit) => ({
    chunk_id: hit.chunk_id,
    document_id: hit.document_id,
    filename: hit.filename,
    page: hit.page,
    section: hit.section,
    text: hit.text,
    score: hit.score,
    source: hit.source,
  }));
  const searchMs = performance.now() - started;
  if (!rerankModel || fused.length === 0) {
    return { chunks: fused.slice(0, input.topK), rerankedBy: null, rerankFailure: null, searchMs, rerankMs: 0 };
  }

  const rerankStarted = performance.now();
  const outcome = await deps.models.rerank(principal, ctx, rerankModel, { query: input.query, documents: fused.map((c) => c.text), topN: input.topK });
  const rerankMs = performance.now() - rerankStarted;
  if (outcome.status === 'failed') {
    return { chunks: fused.slice(0, input.topK), rerankedBy: null, rerankFailure: outcome, searchMs, rerankMs };
  }
  const chunks = outcome.ranking.slice(0, input.topK).map((r) => ({ ...fused[r.index], score: r.score }));
  return { chunks, rerankedBy: outcome.model, rerankFailure: null, searchMs, rerankMs };
}
