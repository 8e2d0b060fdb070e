import { APICallError, InvalidResponseDataError, type RerankingModel } from 'ai';

/** The AI SDK's reranking-model interface (v4), the shape `rerank()` calls. */
export type RerankingModelV4 = Extract<RerankingModel, { specificationVersion: 'v4' }>;

/** Cohere's public rerank endpoint; a tenant's base URL (a proxy, the loopback peer in tests) replaces it. */
const COHERE_RERANK_URL = 'https://api.cohere.com/v2/rerank';

export interface CohereRerankOptions {
  apiKey: string;
  /** The tenant's base URL for Cohere ('…/v1'); `/rerank` is appended. null: Cohere's public endpoint. */
  baseUrl: string | null;
  fetch: typeof globalThis.fetch;
}

interface CohereRerankBody {
  results?: { index?: unknown; relevance_score?: unknown }[];
}

/**
 * A reranking model that speaks Cohere's `/rerank` (`{model, query, documents, top_n}` →
 * `{results: [{index, relevance_score}]}`). No AI SDK provider package in our dependency set implements reranking
 * for the catalog's `rerank` models (all Cohere's), so this is the adapter `rerank()` is given. Failures are thrown as
 * the SDK's own errors (APICallError with the status, InvalidResponseDataError for a malformed body), so the call
 * path classifies them like every other provider call.
 */
export function cohereReranking(modelName: string, options: CohereRerankOptions): RerankingModelV4 {
  const url = options.baseUrl ? `${options.baseUrl.replace(/\/+$/, '')}/rerank` : COHERE_RERANK_URL;
  return {
    specificationVersion: 'v4',
    provider: 'cohere',
    modelId: modelName,
    async doRerank({ documents, query, topN, abortSignal }) {
      const texts = documents.type === 'text' ? documents.values : documents.values.map((value) => JSON.stringify(value));
      const requestBodyValues = { model: modelName, query, documents: texts, ...(topN ? { top_n: topN } : {}) };
      let response: Response;
      try {
        response = await options.fetch(url, {
          method: 'POST',
          headers: { authorization: `Bearer ${options.apiKey}`, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(requestBodyValues),
          signal: abortSignal,
        });
      } catch (error) {
        if (abortSignal?.aborted) throw error;
        throw new APICallError({ message: 'Cannot connect to the rerank endpoint', url, requestBodyValues, cause: error, isRetryable: true });
      }
      const text = await response.text();
      const responseHeaders = Object.fromEntries(response.headers.entries());
      if (!response.ok) {
        throw new APICallError({
          message: response.statusText || `HTTP ${response.status}`,
          url,
          requestBodyValues,
          statusCode: response.status,
          responseHeaders,
          responseBody: text,
          isRetryable: response.status === 429 || response.status >= 500,
        });
      }
      let body: CohereRerankBody;
      try {
        body = JSON.parse(text) as CohereRerankBody;
      } catch {
        throw new InvalidResponseDataError({ data: text.slice(0, 200), message: 'The rerank response is not JSON' });
      }
      const results = Array.isArray(body.results) ? body.results : null;
      const valid = results?.every(
        (r) => Number.isInteger(r.index) && (r.index as number) >= 0 && (r.index as number) < texts.length && typeof r.relevance_score === 'number',
      );
      if (!results || !valid) throw new InvalidResponseDataError({ data: body, message: 'The rerank response has no valid results' });
      const ranking = results.map((r) => ({ index: r.index as number, relevanceScore: r.relevance_score as number }));
      ranking.sort((a, b) => b.relevanceScore - a.relevanceScore);
      return { ranking, response: { headers: responseHeaders, body } };
    },
  };
}
