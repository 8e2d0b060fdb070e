/**
 * How a document records the embedding model of its live vectors (documents.embedding_model, migration 0009):
 * '<provider>/<model>' exactly as the embedder reports them, e.g. 'builtin/hashed-ngram-v1' for the offline
 * embedder or 'openai/text-embedding-3-small'. Vectors of two models are never compared with each other.
 */
export interface EmbeddingModelRef {
  /** The embedder's provider id ('builtin' for the offline one). */
  provider: string;
  /** The model name, as the tenant's model references name it. */
  model: string;
}

export function embeddingModelKey(ref: EmbeddingModelRef): string {
  return `${ref.provider}/${ref.model}`;
}

/** The provider is everything before the first '/': model names may contain slashes, provider ids do not. */
export function parseEmbeddingModelKey(key: string): EmbeddingModelRef {
  const at = key.indexOf('/');
  if (at < 1) return { provider: '', model: key };
  return { provider: key.slice(0, at), model: key.slice(at + 1) };
}
