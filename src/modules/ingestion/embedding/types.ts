/**
 * Embedding-provider contract. The built-in offline embedder implements it here; the language-model area
 * implements it for remote providers (OpenAI, Mistral, Google, OpenAI-compatible servers, ...).
 */
export interface EmbeddingProvider {
  /** 'builtin' for the offline embedder, else the provider id, e.g. 'openai'. */
  readonly provider: string;
  /** Model id, e.g. 'hashed-ngram-v1' or 'text-embedding-3-small'. */
  readonly model: string;
  /** Length of every returned vector: known up front for builtin; for remote, the configured/catalog size. */
  readonly dimensions: number;
  /** Maximum number of texts per embed() call (a positive integer). */
  readonly maxBatchSize: number;
  /**
   * Embeds `texts` (at most maxBatchSize of them), returning one vector per text, in order.
   * Must reject when `signal` aborts.
   */
  embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[] | number[][]>;
}

export interface EmbedInBatchesOptions {
  signal?: AbortSignal;
  /** Called after each batch with the number of texts embedded so far and the total. */
  onProgress?: (done: number, total: number) => void;
}

/** Identifies the provider in error messages. */
function describe(provider: EmbeddingProvider): string {
  return `embedding provider ${provider.provider}/${provider.model}`;
}

/**
 * Embeds `texts` in sequential batches of `provider.maxBatchSize`, concatenating the results in input order.
 * Every vector is checked: one vector per text, length `provider.dimensions`, finite values; anything else
 * throws an Error naming provider, model, expected and got. Vectors are returned as Float32Array.
 */
export async function embedInBatches(
  provider: EmbeddingProvider,
  texts: readonly string[],
  options: EmbedInBatchesOptions = {},
): Promise<Float32Array[]> {
  const { signal, onProgress } = options;
  const batchSize = provider.maxBatchSize;
  const dims = provider.dimensions;
  if (!Number.isInteger(batchSize) || batchSize < 1) {
    throw new Error(`${describe(provider)}: maxBatchSize must be a positive integer, got ${batchSize}`);
  }
  if (!Number.isInteger(dims) || dims < 1) {
    throw new Error(`${describe(provider)}: dimensions must be a positive integer, got ${dims}`);
  }
  const out: Float32Array[] = [];
  for (let from = 0; from < texts.length; from += batchSize) {
    signal?.throwIfAborted();
    const batch = texts.slice(from, from + batchSize);
    const vectors = await provider.embed(batch, signal);
    if (!Array.isArray(vectors) || vectors.length !== batch.length) {
      const got = Array.isArray(vectors) ? `${vectors.length} vectors` : typeof vectors;
      throw new Error(`${describe(provider)}: expected ${batch.length} vectors for a batch of ${batch.length} texts, got ${got}`);
    }
    for (let k = 0; k < vectors.length; k++) {
      const v = vectors[k];
      const length = v?.length;
      if (length !== dims) {
        throw new Error(
          `${describe(provider)}: expected vectors of ${dims} dimensions, got ${length ?? typeof v} (text #${from + k})`,
        );
      }
      const f = v instanceof Float32Array ? v : Float32Array.from(v);
      for (let d = 0; d < dims; d++) {
        if (!Number.isFinite(f[d])) {
          throw new Error(`${describe(provider)}: vector for text #${from + k} has a non-finite value at index ${d}`);
        }
      }
      out.push(f);
    }
    onProgress?.(out.length, texts.length);
  }
  return out;
}
