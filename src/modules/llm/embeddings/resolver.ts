import type { Database } from '../../../platform/db/database.js';
import { tenantDb } from '../../../platform/db/tenant-db.js';
import { createOfflineEmbedder, type EmbeddingProvider, type EmbeddingResolver, type OfflineEmbedder } from '../../ingestion/index.js';
import { rethrowAsAppError } from '../calls/failures.js';
import type { CredentialSource, ResolvedCall } from '../gate.js';
import type { MediaService } from '../calls/media.service.js';
import type { CallContext } from '../calls/recorder.js';
import { findDimensions, saveDimensions } from './dimensions.repo.js';

/** Texts per provider call: under every provider's per-request cap (Cohere 96, OpenAI 2048, Google 100). */
const REMOTE_MAX_BATCH = 96;
const PROBE_TEXT = 'dimension probe';

export interface ResolverDeps {
  db: Database;
  credentials: Pick<CredentialSource, 'resolveForTenant'>;
  media: Pick<MediaService, 'embedResolved'>;
  offline?: OfflineEmbedder;
}

/**
 * Ingestion's embedding models (ports.ts). The chosen model, else the tenant's default embedding model, else the
 * built-in offline embedder. A model that is chosen but unusable (disabled, no key) is an error, never a silent
 * switch to another vector space. Dimensions: what this tenant's server was seen to return, else the catalog's
 * output_vector_size, else one probe call whose answer is recorded. Provider calls are retried, logged in the error
 * log, move provider health and count as the tenant's usage, like any other call.
 */
export function createEmbeddingResolver(deps: ResolverDeps): EmbeddingResolver {
  const offline = deps.offline ?? createOfflineEmbedder();
  const system = (tenantId: string, signal?: AbortSignal): CallContext => ({ tenantId, userId: null, apiKeyId: null, requestId: null, signal });

  async function remember(tenantId: string, resolved: ResolvedCall, dimensions: number): Promise<void> {
    const { provider, modelName } = resolved.model;
    await tenantDb(deps.db, tenantId).run((t) => saveDimensions(t, provider, modelName, dimensions));
  }

  async function dimensionsOf(tenantId: string, resolved: ResolvedCall): Promise<{ dimensions: number; fromCatalog: boolean }> {
    const { provider, modelName, outputVectorSize } = resolved.model;
    const seen = await tenantDb(deps.db, tenantId).run((t) => findDimensions(t, provider, modelName));
    if (seen) return { dimensions: seen, fromCatalog: false };
    if (outputVectorSize) return { dimensions: outputVectorSize, fromCatalog: true };
    const probe = await deps.media.embedResolved(system(tenantId), resolved, [PROBE_TEXT]).catch(rethrowAsAppError);
    const dimensions = probe.embeddings[0]?.length ?? 0;
    if (dimensions < 1) throw new Error(`embedding model ${modelName} returned an empty vector`);
    await remember(tenantId, resolved, dimensions);
    return { dimensions, fromCatalog: false };
  }

  async function forTenant(tenantId: string, model?: string | null): Promise<EmbeddingProvider> {
    const resolved = await deps.credentials.resolveForTenant(tenantId, model ?? null, 'embedding');
    if (!resolved) return offline;
    const { dimensions, fromCatalog } = await dimensionsOf(tenantId, resolved);
    let corrected = false;
    return {
      provider: resolved.model.provider,
      model: resolved.model.modelName,
      dimensions,
      maxBatchSize: REMOTE_MAX_BATCH,
      async embed(texts: string[], signal?: AbortSignal) {
        const result = await deps.media.embedResolved(system(tenantId, signal), resolved, texts).catch(rethrowAsAppError);
        const got = result.embeddings[0]?.length;
        if (fromCatalog && !corrected && got && got !== dimensions) {
          // The catalog is wrong for this tenant's server: remember the truth so the next job declares it.
          corrected = true;
          await remember(tenantId, resolved, got);
        }
        return result.embeddings;
      },
    };
  }

  return { forTenant };
}
