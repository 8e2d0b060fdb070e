import type { EmbeddingProvider } from './embedding/types.js';

/**
 * What indexing and search need from the language-model area, as interfaces, so neither documents nor search
 * imports it. The composition root (src/modules/index.ts) plugs in the real implementations;
 * without a configured model the built-in offline embedder and an extractive summary are used.
 */
export interface EmbeddingResolver {
  /**
   * The tenant's embedding provider: `model` when given (the indexing profile's choice), else the
   * tenant's default embedding model, else the built-in offline embedder.
   */
  forTenant(tenantId: string, model?: string | null): Promise<EmbeddingProvider>;
}

/** The document and indexing job a description is for: provider errors are logged under them. */
export interface DescriptionRequest {
  documentId: string;
  jobId: string;
}

export interface DescriptionGenerator {
  /**
   * A short description of a document by the tenant's default chat model; null when it has none, when that model
   * is unusable or when its provider failed (the failure is in the tenant's LLM error log, attributed to `about`).
   */
  describe(tenantId: string, text: string, signal?: AbortSignal, about?: DescriptionRequest): Promise<{ text: string; model: string } | null>;
}
