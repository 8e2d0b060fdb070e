import type { Logger } from 'pino';
import type { TenantDb } from '../../platform/db/tenant-db.js';
import { vectorLiteral } from '../../platform/db/vector.js';
import { embeddingModelKey, parseEmbeddingModelKey, readProfile } from '../documents/index.js';
import { createOfflineEmbedder, OFFLINE_PROVIDER, type EmbeddingProvider, type EmbeddingResolver, type OfflineEmbedder } from '../ingestion/index.js';
import { embeddingModelsInUse } from './search.repo.js';

/** The query embedded by one model, for the vector leg over the documents embedded with that model. */
export interface QueryEmbedding {
  /** '<provider>/<model>' as recorded on the documents; null: documents whose model is unknown (before migration 0009). */
  model: string | null;
  vector: string;
  dimensions: number;
}

/** The built-in offline embedder (lexical feature hashing) wrote the documents of this model key. */
export function isBuiltinModel(model: string | null): boolean {
  return model !== null && parseEmbeddingModelKey(model).provider === OFFLINE_PROVIDER;
}

export interface QueryEmbedderDeps {
  log: Logger;
  embeddings: EmbeddingResolver;
}

/**
 * Embeds a query once per embedding model in use among the tenant's searchable documents, so that every document
 * is compared with the query in its own vector space, also while a re-embedding run moves the tenant to another
 * model. Documents of unknown model are assumed to be on the tenant's current model (as before models were recorded).
 * A model that cannot embed the query (disabled, no key, provider down) loses its leg only: it is logged and left
 * out; `failures` says how many were left out, and `firstError` is thrown by the caller when nothing is left.
 */
export function createQueryEmbedder(deps: QueryEmbedderDeps) {
  const offline = new Map<number, OfflineEmbedder>();

  /** The embedder that wrote the documents of `model` (null: the tenant's current one). */
  async function embedderOf(tenant: TenantDb, model: string | null, dimensions: number | null): Promise<EmbeddingProvider> {
    if (model === null) {
      const profile = await tenant.run(readProfile);
      return deps.embeddings.forTenant(tenant.tenantId, profile.embeddingModel);
    }
    const ref = parseEmbeddingModelKey(model);
    if (ref.provider === OFFLINE_PROVIDER) {
      const size = dimensions ?? 384;
      let embedder = offline.get(size);
      if (!embedder) offline.set(size, (embedder = createOfflineEmbedder({ dimensions: size })));
      if (embedder.model !== ref.model) throw new Error(`the built-in embedder is ${embedder.model}, not ${ref.model}`);
      return embedder;
    }
    const provider = await deps.embeddings.forTenant(tenant.tenantId, ref.model);
    if (embeddingModelKey(provider) !== model) {
      throw new Error(`the model name ${ref.model} now resolves to ${embeddingModelKey(provider)}, not ${model}`);
    }
    return provider;
  }

  async function embedOne(tenant: TenantDb, query: string, model: string | null, dimensions: number | null): Promise<QueryEmbedding> {
    const provider = await embedderOf(tenant, model, dimensions);
    const [vector] = await provider.embed([query]);
    const f = vector instanceof Float32Array ? vector : Float32Array.from(vector);
    if (dimensions !== null && f.length !== dimensions) {
      throw new Error(`${model} returned ${f.length} dimensions for the query, its documents have ${dimensions}`);
    }
    return { model, vector: vectorLiteral(f), dimensions: f.length };
  }

  /** `onModels` sees the models in use before the query is embedded (the caller may start other work meanwhile). */
  async function embedQuery(tenant: TenantDb, query: string, onModels?: (models: { model: string | null }[]) => void) {
    const models = await tenant.run(embeddingModelsInUse);
    onModels?.(models);
    const settled = await Promise.allSettled(models.map((m) => embedOne(tenant, query, m.model, m.dimensions)));
    const embedded: QueryEmbedding[] = [];
    let firstError: unknown = null;
    settled.forEach((result, i) => {
      if (result.status === 'fulfilled') return void embedded.push(result.value);
      firstError ??= result.reason;
      deps.log.warn({ err: result.reason, tenantId: tenant.tenantId, model: models[i].model }, 'query embedding failed; the documents of this model are left out of the vector leg');
    });
    return { embedded, failures: models.length - embedded.length, firstError };
  }

  return { embedQuery };
}
