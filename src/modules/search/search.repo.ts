import { sql, type SQL } from 'drizzle-orm';
import { rows, type Tx } from '../../platform/db/database.js';

export interface SearchFilters {
  memoryIds?: string[];
  documentIds?: string[];
  /** A folder id, or null for documents in no folder. */
  folderId?: string | null;
  tagsAll?: string[];
  tagsAny?: string[];
}

export interface ChunkHit {
  chunk_id: string;
  document_id: string;
  filename: string;
  text: string;
  page: number | null;
  section: string | null;
  tags: string[];
  memory_id: string | null;
}

/** A Postgres array literal; every element quoted, so commas, quotes and braces inside tags stay data. */
export function pgArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}

/**
 * The rows a search may return: the tenant's live chunk sets of documents not in error (a document being
 * reindexed keeps answering from its previous set until the new one is swapped in), narrowed by the filters.
 * Read through the live_chunks view (migration 0005), whose own filter is the tenant: no row-level-security
 * relation appears in these queries, so `tsv @@ query` and the other non-leakproof operators can use indexes.
 */
function scope(tenantId: string, filters: SearchFilters): SQL {
  const parts: SQL[] = [sql`c.tenant_id = ${tenantId}`, sql`c.document_status <> 'error'`];
  if (filters.memoryIds?.length) parts.push(sql`c.memory_id = ANY(${pgArray(filters.memoryIds)}::uuid[])`);
  if (filters.documentIds?.length) parts.push(sql`c.document_id = ANY(${pgArray(filters.documentIds)}::uuid[])`);
  if (filters.folderId === null) parts.push(sql`c.folder_id IS NULL`);
  else if (filters.folderId) parts.push(sql`c.folder_id = ${filters.folderId}`);
  if (filters.tagsAll?.length) parts.push(sql`c.tags @> ${pgArray(filters.tagsAll)}::text[]`);
  if (filters.tagsAny?.length) parts.push(sql`c.tags && ${pgArray(filters.tagsAny)}::text[]`);
  return sql.join(parts, sql` AND `);
}

/** The tenant's live chunks with their document's fields (migration 0005 says why this is a view). */
const LIVE_JOIN = sql`live_chunks c`;

export interface VectorLegOptions {
  dimensions: number;
  vector: string;
  limit: number;
  /** true: compute every distance of the filtered rows (selective filters); false: walk the HNSW index. */
  exact: boolean;
}

/**
 * Cosine distance over the chunks of the query's dimension. The cast to vector(D) is the expression of the
 * partial HNSW index of that dimension, so the approximate path can use it; the exact path materialises
 * the filtered rows first, which keeps the planner off the index.
 */
export async function vectorLeg(tx: Tx, tenantId: string, filters: SearchFilters, o: VectorLegOptions) {
  if (!Number.isInteger(o.dimensions) || o.dimensions < 1 || o.dimensions > 16000) throw new Error(`bad dimensions ${o.dimensions}`);
  const cast = sql.raw(`vector(${o.dimensions})`);
  // Inlined, not a parameter: the planner must see the constant to match the partial index's predicate.
  const where = sql`${scope(tenantId, filters)} AND c.dimensions = ${sql.raw(String(o.dimensions))}`;
  if (o.exact) {
    return rows<{ id: string; distance: number }>(tx, sql`
      WITH candidates AS MATERIALIZED (
        SELECT c.id, c.embedding FROM ${LIVE_JOIN} WHERE ${where}
      )
      SELECT id, (embedding::${cast}) <=> ${o.vector}::${cast} AS distance FROM candidates
      ORDER BY distance LIMIT ${o.limit}`);
  }
  // relaxed_order iterative scans may return rows slightly out of order: sort the materialised result again.
  return rows<{ id: string; distance: number }>(tx, sql`
    WITH nearest AS MATERIALIZED (
      SELECT c.id, (c.embedding::${cast}) <=> ${o.vector}::${cast} AS distance
      FROM ${LIVE_JOIN}
      WHERE ${where}
      ORDER BY (c.embedding::${cast}) <=> ${o.vector}::${cast}
      LIMIT ${o.limit}
    )
    SELECT id, distance FROM nearest ORDER BY distance`);
}

/**
 * At most this many matching chunks are ranked per query. A query of frequent words matches a large share of
 * the chunks (15% of generated queries match over 1 000 of 100 000), and ranking reads every match's tsvector:
 * ~25 ms per 1 000 matches here, over a second for 20 000. Beyond the cap the leg ranks the first matches found
 * (in the hybrid benchmark's 300 queries the fused top 8 stays 95% the same).
 */
export const FULLTEXT_MAX_RANKED = 1000;

/** websearch syntax ("quoted phrases", OR, -exclusions) with the 'simple' configuration: no stemming, any language. */
export async function fulltextLeg(tx: Tx, tenantId: string, filters: SearchFilters, query: string, limit: number) {
  return rows<{ id: string; rank: number }>(tx, sql`
    WITH matches AS MATERIALIZED (
      SELECT c.id, c.tsv FROM ${LIVE_JOIN}, websearch_to_tsquery('simple', ${query}) AS q(query)
      WHERE ${scope(tenantId, filters)} AND c.tsv @@ q.query
      LIMIT ${FULLTEXT_MAX_RANKED}
    )
    SELECT m.id, ts_rank_cd(m.tsv, websearch_to_tsquery('simple', ${query})) AS rank
    FROM matches m
    ORDER BY rank DESC, m.id
    LIMIT ${limit}`);
}

export async function chunkHits(tx: Tx, tenantId: string, ids: string[]): Promise<ChunkHit[]> {
  if (ids.length === 0) return [];
  return rows<ChunkHit>(tx, sql`
    SELECT c.id AS chunk_id, c.document_id, d.filename, c.text, c.page, c.section, d.tags, d.memory_id
    FROM document_chunks c JOIN documents d ON d.id = c.document_id
    WHERE c.tenant_id = ${tenantId} AND d.tenant_id = ${tenantId} AND c.id = ANY(${pgArray(ids)}::uuid[])`);
}

/** Transaction-local planner settings for filtered approximate search (pgvector >= 0.8 only). */
export async function tuneHnsw(tx: Tx, efSearch: number): Promise<void> {
  const ef = Math.max(40, Math.min(1000, Math.floor(efSearch)));
  await tx.execute(sql.raw(`SELECT set_config('hnsw.ef_search', '${ef}', true), set_config('hnsw.iterative_scan', 'relaxed_order', true)`));
}

export async function vectorExtensionVersion(tx: Tx): Promise<string | null> {
  const [row] = await rows<{ v: string }>(tx, sql`SELECT extversion AS v FROM pg_extension WHERE extname = 'vector'`);
  return row?.v ?? null;
}
