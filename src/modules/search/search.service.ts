import type { Logger } from 'pino';
import type { Database } from '../../platform/db/database.js';
import { vectorLiteral } from '../../platform/db/vector.js';
import { readProfile } from '../documents/index.js';
import type { EmbeddingResolver } from '../ingestion/index.js';
import { chunkHits, fulltextLeg, tuneHnsw, vectorExtensionVersion, vectorLeg, type ChunkHit, type SearchFilters } from './search.repo.js';

export type SearchMode = 'hybrid' | 'vector' | 'fulltext';

export interface SearchInput {
  query: string;
  memory_ids?: string[];
  document_ids?: string[];
  folder_id?: string | null;
  tags?: { all?: string[]; any?: string[] };
  top_k: number;
  mode: SearchMode;
}

export interface SearchDeps {
  db: Database;
  log: Logger;
  embeddings: EmbeddingResolver;
}

/** Reciprocal-rank fusion constant (Cormack et al.): damps the weight of the very first ranks. */
export const RRF_K = 60;
/** Each leg fetches this many candidates per requested result, so fusion has something to fuse. */
const CANDIDATES_PER_RESULT = 4;

/**
 * Retrieval over the tenant's indexed chunks: vector (cosine, the query embedded with the tenant's indexing
 * model), full text, or both fused by reciprocal rank. Documents embedded with another model or dimension are
 * simply absent from the vector leg.
 */
export function createSearchService(deps: SearchDeps) {
  const { db, log } = deps;
  let iterativeScan: Promise<boolean> | null = null;

  /** pgvector >= 0.8 has iterative index scans; the embedded and the server builds may differ, so ask once. */
  function supportsIterativeScan(tenantId: string): Promise<boolean> {
    iterativeScan ??= db
      .tenant(tenantId, (tx) => vectorExtensionVersion(tx))
      .then((v) => {
        const [major, minor] = (v ?? '0.0').split('.').map(Number);
        return major > 0 || minor >= 8;
      })
      .catch(() => {
        iterativeScan = null;
        return false;
      });
    return iterativeScan;
  }

  async function embedQuery(tenantId: string, query: string): Promise<{ vector: string; dimensions: number }> {
    const profile = await db.tenant(tenantId, (tx) => readProfile(tx, tenantId));
    const provider = await deps.embeddings.forTenant(tenantId, profile.embeddingModel);
    const [vector] = await provider.embed([query]);
    const f = vector instanceof Float32Array ? vector : Float32Array.from(vector);
    return { vector: vectorLiteral(f), dimensions: f.length };
  }

  async function search(tenantId: string, input: SearchInput) {
    const query = input.query.trim();
    const filters: SearchFilters = {
      memoryIds: input.memory_ids,
      documentIds: input.document_ids,
      folderId: input.folder_id,
      tagsAll: input.tags?.all,
      tagsAny: input.tags?.any,
    };
    const limit = input.mode === 'hybrid' ? input.top_k * CANDIDATES_PER_RESULT : input.top_k;
    // Ids name a handful of documents: computing their distances exactly beats walking the whole graph.
    const exact = Boolean(input.document_ids?.length || input.memory_ids?.length);

    let embedded: { vector: string; dimensions: number } | null = null;
    if (input.mode !== 'fulltext') {
      try {
        embedded = await embedQuery(tenantId, query);
      } catch (error) {
        if (input.mode === 'vector') throw error;
        log.warn({ err: error, tenantId }, 'query embedding failed; hybrid search answers from full text only');
      }
    }
    const iterative = embedded && !exact ? await supportsIterativeScan(tenantId) : false;

    // Both legs, the fusion and the hits in one transaction: every round trip costs a write and a read on
    // each side, which is most of this route's own CPU.
    const { top, hits } = await db.tenant(tenantId, async (tx) => {
      let vectorHits: { id: string; distance: number }[] = [];
      let textHits: { id: string; rank: number }[] = [];
      if (embedded) {
        if (iterative) await tuneHnsw(tx, limit * 2);
        vectorHits = await vectorLeg(tx, tenantId, filters, { ...embedded, limit, exact });
      }
      if (input.mode !== 'vector') textHits = await fulltextLeg(tx, tenantId, filters, query, limit);

      const scores = new Map<string, number>();
      if (input.mode === 'vector') vectorHits.forEach((h) => scores.set(h.id, 1 - Number(h.distance)));
      else if (input.mode === 'fulltext') textHits.forEach((h) => scores.set(h.id, Number(h.rank)));
      else {
        const fuse = (id: string, rank: number) => scores.set(id, (scores.get(id) ?? 0) + 1 / (RRF_K + rank));
        vectorHits.forEach((h, i) => fuse(h.id, i + 1));
        textHits.forEach((h, i) => fuse(h.id, i + 1));
      }
      const top = [...scores.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, input.top_k);
      return { top, hits: await chunkHits(tx, tenantId, top.map(([id]) => id)) };
    });
    const byId = new Map<string, ChunkHit>(hits.map((h) => [h.chunk_id, h]));
    const items = top.filter(([id]) => byId.has(id)).map(([id, score]) => ({ ...byId.get(id)!, score }));
    return { items, total: items.length, query: input.query, mode: input.mode };
  }

  return { search };
}
export type SearchService = ReturnType<typeof createSearchService>;
