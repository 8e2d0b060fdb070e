import type { Logger } from 'pino';
import type { Database, Tx } from '../../platform/db/database.js';
import type { TenantDb, TenantTx } from '../../platform/db/tenant-db.js';
import { unprocessable } from '../../platform/http/errors.js';
import type { Metrics } from '../../platform/metrics/metrics.js';
import type { EmbeddingResolver } from '../ingestion/index.js';
import { createQueryEmbedder, isBuiltinModel, type QueryEmbedding } from './query-embeddings.js';
import { chunkHits, fulltextLeg, tuneSearch, vectorExtensionVersion, vectorLeg, type ChunkHit, type SearchFilters } from './search.repo.js';

export type SearchMode = 'hybrid' | 'vector' | 'fulltext';

export interface SearchInput {
  query: string;
  memory_ids?: string[];
  document_ids?: string[];
  folder_id?: string | null;
  tags?: { all?: string[]; any?: string[] };
  top_k?: number;
  mode?: SearchMode;
}

export const DEFAULT_TOP_K = 8;
export const DEFAULT_MODE: SearchMode = 'hybrid';

export interface SearchDeps {
  db: Database;
  log: Logger;
  embeddings: EmbeddingResolver;
  fusion?: Fusion;
  /** SEARCH_PARALLEL_LEGS (default on): a hybrid query's two legs on two connections at once (PostgreSQL server only). */
  parallelLegs?: boolean;
  /** SEARCH_FULLTEXT_MAX_RANKED (default FULLTEXT_MAX_RANKED). */
  fulltextMaxRanked?: number;
  /** kb_search_step_seconds: where a search's time goes (none in benchmarks that build the service alone). */
  metrics?: Metrics;
}

type SearchStep = 'embedding' | 'vector' | 'fulltext';

/**
 * Reciprocal-rank fusion: a hit at rank r of a leg adds weight / (rrfK + r). `rrfK` damps the weight of the very
 * first ranks (Cormack et al. use 60); the vector leg's weight drops to `builtinVectorWeight` when every model in
 * use is the built-in embedder, whose vectors hash the same words the full-text leg matches. The defaults (10, 0.5)
 * are what the retrieval evaluation measured best (docs/benchmarks.md, "Retrieval quality": hybrid MRR 0.724 with
 * 60 and 1, 0.857 with these): a clear first place in the full-text leg should stay first.
 */
export interface Fusion {
  rrfK: number;
  builtinVectorWeight: number;
}
export const DEFAULT_FUSION: Fusion = { rrfK: 10, builtinVectorWeight: 0.5 };
/** Each leg fetches this many candidates per requested result, so fusion has something to fuse. */
const CANDIDATES_PER_RESULT = 4;
/** Ranked hits read per requested result, so hits collapsed into a better one can be replaced. */
const HITS_PER_RESULT = 2;
/** Shared text shorter than this at a chunk boundary is a coincidence (a common word), not the chunk overlap. */
const MIN_SHARED_CHARS = 32;

/**
 * True when two chunk texts share a passage: one contains the other, or one ends with the beginning of the
 * other (the overlap the chunker repeats from one chunk into the next).
 */
export function textsOverlap(a: string, b: string): boolean {
  if (a.includes(b) || b.includes(a)) return true;
  return endsWithStartOf(a, b) || endsWithStartOf(b, a);
}

function endsWithStartOf(a: string, b: string): boolean {
  if (b.length < MIN_SHARED_CHARS) return false;
  const head = b.slice(0, MIN_SHARED_CHARS);
  for (let at = a.indexOf(head); at >= 0; at = a.indexOf(head, at + 1)) {
    if (b.startsWith(a.slice(at))) return true;
  }
  return false;
}

/**
 * Best first, a hit whose text overlaps a better hit of the same document is dropped: neighbouring chunks repeat
 * each other's edges, and one passage must not come back twice in a result list.
 */
export function collapseOverlaps<T extends { document_id: string; text: string }>(ranked: readonly T[], limit: number): T[] {
  const kept: T[] = [];
  for (const hit of ranked) {
    if (kept.length === limit) break;
    if (!kept.some((k) => k.document_id === hit.document_id && textsOverlap(k.text, hit.text))) kept.push(hit);
  }
  return kept;
}

/**
 * One vector list from the legs of several embedding models (disjoint chunks): distances of two models are not
 * comparable, ranks are, so the first hits of every model come first, then the second ones, and so on (within a
 * rank, the closer first). With one model this is that model's list unchanged.
 */
export function interleaveByRank<T extends { id: string; distance: number }>(legs: readonly T[][]): T[] {
  const out: T[] = [];
  for (let rank = 0; legs.some((leg) => rank < leg.length); rank++) {
    const atRank = legs.filter((leg) => rank < leg.length).map((leg) => leg[rank]);
    out.push(...atRank.sort((a, b) => Number(a.distance) - Number(b.distance) || (a.id < b.id ? -1 : 1)));
  }
  return out;
}

/**
 * The full-text leg in a transaction of its own (planner settings without the vector ones): `begun` resolves once
 * that transaction holds its connection (or failed before it did); `settled` never rejects, so a caller that gave
 * up early (the lookup of its models failed) leaves nothing unhandled.
 */
function startTextLeg<T>(tenant: TenantDb, leg: (t: TenantTx) => Promise<T>) {
  let holdsConnection!: () => void;
  const holding = new Promise<void>((resolve) => (holdsConnection = resolve));
  const settled = tenant
    .run(async (t) => {
      holdsConnection();
      await tuneSearch(t.tx, null);
      return leg(t);
    })
    .then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
  return { begun: Promise.race([holding, settled]).then(() => undefined), settled };
}

type TextLeg = ReturnType<typeof startTextLeg<{ id: string; rank: number }[]>>;

/**
 * Retrieval over the tenant's indexed chunks: vector (cosine, the query embedded by each embedding model in use,
 * every document compared in its own model's space), full text, or both fused by reciprocal rank. Hits of one document whose texts overlap are collapsed into the best one.
 */
export function createSearchService(deps: SearchDeps) {
  const { db } = deps;
  const fusion = deps.fusion ?? DEFAULT_FUSION;
  const parallelLegs = Boolean(deps.parallelLegs) && db.kind === 'postgres';
  const queryEmbedder = createQueryEmbedder(deps);
  const steps = deps.metrics?.histogram('kb_search_step_seconds', "Time of a search's steps: embedding (the lookup of the models in use and the query embedding), vector and fulltext (each leg's statements)", ['step']);

  async function timed<T>(step: SearchStep, work: () => Promise<T>): Promise<T> {
    if (!steps) return work();
    const end = steps.startTimer({ step });
    try {
      return await work();
    } finally {
      end();
    }
  }
  let iterativeScan: Promise<boolean> | null = null;

  /** pgvector >= 0.8 has iterative index scans; the embedded and the server builds may differ, so ask once. */
  function supportsIterativeScan(tenant: TenantDb): Promise<boolean> {
    iterativeScan ??= tenant
      .run(({ tx }) => vectorExtensionVersion(tx))
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

  /** The fused (or single-leg) ranking of chunk ids, best first, read `top_k × HITS_PER_RESULT` deep. */
  function fuseRanks(mode: SearchMode, topK: number, vectorHits: { id: string; distance: number }[], textHits: { id: string; rank: number }[], embedded: QueryEmbedding[]) {
    const scores = new Map<string, number>();
    if (mode === 'vector') vectorHits.forEach((h) => scores.set(h.id, 1 - Number(h.distance)));
    else if (mode === 'fulltext') textHits.forEach((h) => scores.set(h.id, Number(h.rank)));
    else {
      const fuse = (id: string, rank: number, weight: number) => scores.set(id, (scores.get(id) ?? 0) + weight / (fusion.rrfK + rank));
      const vectorWeight = embedded.every((e) => isBuiltinModel(e.model)) ? fusion.builtinVectorWeight : 1;
      vectorHits.forEach((h, i) => fuse(h.id, i + 1, vectorWeight));
      textHits.forEach((h, i) => fuse(h.id, i + 1, 1));
    }
    // Vector mode over several models keeps the interleaved order: their similarities are not comparable.
    const byRank = mode === 'vector' && embedded.length > 1;
    const ordered = byRank ? [...scores.entries()] : [...scores.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    return ordered.slice(0, topK * HITS_PER_RESULT);
  }

  /** `tenant` is the caller's (the route builder binds it). */
  async function search(tenant: TenantDb, request: SearchInput) {
    if (!request.query.trim()) throw unprocessable(['body', 'query'], 'query must not be blank');
    const input = { ...request, top_k: request.top_k ?? DEFAULT_TOP_K, mode: request.mode ?? DEFAULT_MODE };
    const query = input.query.trim();
    const filters: SearchFilters = {
      memoryIds: input.memory_ids,
      documentIds: input.document_ids,
      folderId: input.folder_id,
      tagsAll: input.tags?.all,
      tagsAny: input.tags?.any,
    };
    const limit = input.top_k * (input.mode === 'hybrid' ? CANDIDATES_PER_RESULT : HITS_PER_RESULT);

    const textPart = (t: TenantTx) => (input.mode !== 'vector' ? timed('fulltext', () => fulltextLeg(t, filters, query, limit, deps.fulltextMaxRanked)) : Promise.resolve([]));
    const hybrid = input.mode === 'hybrid';
    let text: TextLeg | null = null;

    // One query embedding per model in use: each document is compared in the vector space it was embedded in. The
    // lookup of the models is asked for first, so on a full pool it is served before the full-text transaction.
    // On one connection (the embedded database, or parallel legs off) a hybrid query's full-text leg still uses the
    // time a provider takes to embed the query: it runs in a transaction of its own between the lookup and the
    // vector leg. Not for the built-in embedder, which answers at once: there it would only add a transaction.
    const embedding =
      input.mode !== 'fulltext'
        ? timed('embedding', () =>
            queryEmbedder.embedQuery(tenant, query, (models) => {
              if (!text && hybrid && models.some((m) => !isBuiltinModel(m.model))) text = startTextLeg(tenant, textPart);
            }),
          )
        : null;
    // On a PostgreSQL server (SEARCH_PARALLEL_LEGS, on by default) a hybrid query's full-text leg needs no embedding:
    // it starts now, on a connection of its own, and runs beside the lookup of the models, the embedding (a
    // provider's round trip) and the vector leg.
    if (parallelLegs && hybrid) text = startTextLeg(tenant, textPart);
    let embedded: QueryEmbedding[] = [];
    if (embedding) {
      const result = await embedding;
      embedded = result.embedded;
      if (input.mode === 'vector' && embedded.length === 0 && result.failures > 0) throw result.firstError;
    }
    const iterative = embedded.length ? await supportsIterativeScan(tenant) : false;
    const tune = (tx: Tx, vector: boolean) => tuneSearch(tx, vector && iterative ? limit * 2 : null);

    const vectorPart = async (t: TenantTx) => {
      if (!embedded.length) return [];
      const legs = [];
      for (const e of embedded) legs.push(await timed('vector', () => vectorLeg(t, filters, { ...e, limit })));
      return interleaveByRank(legs).slice(0, limit);
    };
    const rankAndRead = async (t: TenantTx, vectorHits: { id: string; distance: number }[], textHits: { id: string; rank: number }[]) => {
      const top = fuseRanks(input.mode, input.top_k, vectorHits, textHits, embedded);
      return { top, hits: await chunkHits(t, top.map(([id]) => id)) };
    };
    const textHits = async () => {
      const settled = await text!.settled;
      if ('error' in settled) throw settled.error;
      return settled.value;
    };

    // Without a full-text transaction of its own, both legs, the fusion and the hits run in one transaction: every
    // round trip costs a write and a read on each side, which is most of this route's own CPU. With one, the vector
    // transaction waits for the full-text one's result while holding a connection, so it asks for its connection only
    // once the full-text transaction holds one (with parallel legs) or has ended (on one connection): that one then
    // waits for nothing, and a pool full of searches drains instead of deadlocking (vector transactions holding every
    // connection, their full-text halves queued behind them; parallel-legs.test.ts runs more searches at once than
    // the pool has connections).
    const { top, hits } = text
      ? await (parallelLegs ? text.begun : text.settled).then(() =>
          tenant.run(async (t) => {
            if (embedded.length) await tune(t.tx, true);
            const vectorHits = await vectorPart(t);
            return rankAndRead(t, vectorHits, await textHits());
          }),
        )
      : await tenant.run(async (t) => {
          await tune(t.tx, embedded.length > 0);
          return rankAndRead(t, await vectorPart(t), await textPart(t));
        });
    const byId = new Map<string, ChunkHit>(hits.map((h) => [h.chunk_id, h]));
    const ranked = top.filter(([id]) => byId.has(id)).map(([id, score]) => ({ ...byId.get(id)!, score }));
    const items = collapseOverlaps(ranked, input.top_k);
    return { items, total: items.length, query: input.query, mode: input.mode };
  }

  return { search };
}
export type SearchService = ReturnType<typeof createSearchService>;
