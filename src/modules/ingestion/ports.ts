import type { EmbeddingProvider } from './embedding/types.js';

/**
 * What ingestion needs from the language-model area, as interfaces, so the documents module never
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

export interface DescriptionGenerator {
  /** A short description of a document by the tenant's default chat model; null when it has none. */
  describe(tenantId: string, text: string, signal?: AbortSignal): Promise<{ text: string; model: string } | null>;
}
