import { sql, type SQL } from 'drizzle-orm';
import { rows, type Tx } from '../../platform/db/database.js';
import type { TenantTx } from '../../platform/db/tenant-db.js';
import { parseFulltextQuery, type FulltextQuery } from './fulltext-query.js';

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
  /** The connector item the document is kept in sync with (documents' `source`), or null. */
  source: { connector_id: string; external_id: string; url: string | null } | null;
}

/** A Postgres array literal; every element quoted, so commas, quotes and braces inside tags stay data. */
export function pgArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}

/** Where a filter's fields are: the live_chunks view's document columns, or the documents table itself. */
interface FilterColumns {
  tenant: string;
  status: string;
  memory: string;
  document: string;
  folder: string;
  tags: string;
}
const VIEW_COLUMNS: FilterColumns = { tenant: 'c.tenant_id', status: 'c.document_status', memory: 'c.memory_id', document: 'c.document_id', folder: 'c.folder_id', tags: 'c.tags' };
const DOCUMENT_COLUMNS: FilterColumns = { tenant: 'd.tenant_id', status: 'd.status', memory: 'd.memory_id', document: 'd.id', folder: 'd.folder_id', tags: 'd.tags' };

/**
 * The rows a search may return: the tenant's live chunk sets of documents not in error (a document being
 * reindexed keeps answering from its previous set until the new one is swapped in), narrowed by the filters.
 * Read through the live_chunks view (migrations 0005, 0006), whose own filter is the tenant: no row-level-security
 * relation appears in these queries, so `tsv @@ query` and the other non-leakproof operators can use indexes.
 * With DOCUMENT_COLUMNS the same filters select the documents those chunks belong to (`d`, the documents table).
 */
function scope(tenantId: string, filters: SearchFilters, on: FilterColumns = VIEW_COLUMNS): SQL {
  const col = (name: keyof FilterColumns) => sql.raw(on[name]);
  const parts: SQL[] = [sql`${col('tenant')} = ${tenantId}`, sql`${col('status')} <> 'error'`];
  if (filters.memoryIds?.length) parts.push(sql`${col('memory')} = ANY(${pgArray(filters.memoryIds)}::uuid[])`);
  if (filters.documentIds?.length) parts.push(sql`${col('document')} = ANY(${pgArray(filters.documentIds)}::uuid[])`);
  if (filters.folderId === null) parts.push(sql`${col('folder')} IS NULL`);
  else if (filters.folderId) parts.push(sql`${col('folder')} = ${filters.folderId}`);
  if (filters.tagsAll?.length) parts.push(sql`${col('tags')} @> ${pgArray(filters.tagsAll)}::text[]`);
  if (filters.tagsAny?.length) parts.push(sql`${col('tags')} && ${pgArray(filters.tagsAny)}::text[]`);
  return sql.join(parts, sql` AND `);
}

/** The filtered documents whose live chunk sets a search reads (`d`): what `scope` selects, seen from the documents. */
function liveDocuments(tenantId: string, filters: SearchFilters): SQL {
  return sql`documents d WHERE ${scope(tenantId, filters, DOCUMENT_COLUMNS)} AND d.live_job_id IS NOT NULL`;
}

/** The tenant's live chunks with their document's fields (migration 0005 says why this is a view). */
const LIVE_JOIN = sql`live_chunks c`;

export interface VectorLegOptions {
  /** Only chunks of documents embedded with this model ('<provider>/<model>'); null: documents of unknown model. */
  model: string | null;
  dimensions: number;
  vector: string;
  limit: number;
  /** Default exactLimits(dimensions).max (tests lower it to reach the other branch with little data). */
  exactMaxChunks?: number;
  /** Default exactLimits(dimensions).always, at most exactMaxChunks (a benchmark raises both to force the exact branch). */
  exactAlwaysChunks?: number;
}

/**
 * Vectors of at most this many dimensions stay in their chunk's row (migration 0023): with the row's other
 * columns a 448-dimension vector (1.8 kB) still fits under PostgreSQL's ~2 kB TOAST threshold once the text and
 * the tsvector are moved out; a larger one is stored out of line.
 */
export const IN_ROW_MAX_DIMENSIONS = 448;

/**
 * When the vector leg compares every filtered chunk exactly instead of walking the HNSW graph. The graph is shared
 * by every tenant and every filter: a walk passes over the chunks the filter rejects, so its cost grows as the
 * filter's share of the graph shrinks (a memory holding a twelfth of it: 19 ms on the PostgreSQL server here, against
 * 5 ms unfiltered), and its recall falls (the 32 nearest of that memory: half found on average, a tenth at worst,
 * with the offline embedder's vectors). An exact comparison costs ~1.1 µs a chunk with the vector in its row (the
 * same memory of 10 000 chunks: 13 ms, every true neighbour), ~8 µs out of line (TOAST). So, in the row:
 * - up to `always` chunks, exactly whatever their share (a few ms; a small tenant alone in its graph walks it in
 *   ~4 ms, faster than 8 000 exact comparisons, but finds a third of the true neighbours);
 * - up to `max` chunks, exactly if they are at most a quarter of the table's chunks (`EXACT_MAX_SHARE`): that is
 *   where the walk costs more than the comparisons (measured: docs/benchmarks.md, "Search over 100 000 chunks");
 * - above, the graph. Out of line both limits are one: 2 000 chunks up to 768 dimensions, fewer as the vectors
 *   grow, so an exact comparison stays within ~25 ms (measured per chunk on the PostgreSQL server here: 12 µs at
 *   768 dimensions, 17 at 1 536, 49 at 3 072; 2 000 chunks of 3 072 took ~100 ms where the graph's walk takes 5-20):
 *   1 000 at 1 536, 500 at 3 072.
 */
export function exactLimits(dimensions: number): { always: number; max: number } {
  if (dimensions <= IN_ROW_MAX_DIMENSIONS) return { always: 4_000, max: 12_000 };
  const outOfLine = Math.round((2_000 * 768) / Math.max(dimensions, 768));
  return { always: outOfLine, max: outOfLine };
}
const EXACT_MAX_SHARE = 0.25;

/** pgvector indexes `vector` of at most this many dimensions; larger ones are indexed as `halfvec` (migration 0024). */
const VECTOR_INDEX_MAX_DIMENSIONS = 2_000;

/**
 * The type a dimension's HNSW graphs (shared and tenants' own) index the chunk vector as, with its operator class:
 * `vector(D)` up to 2 000 dimensions, `halfvec(D)` above (half precision, indexed up to 4 000). A leg walking a
 * graph orders by this expression, so its distances are the graph's own.
 */
export function graphCast(dimensions: number): { type: string; ops: string } {
  if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > 16000) throw new Error(`bad dimensions ${dimensions}`);
  return dimensions <= VECTOR_INDEX_MAX_DIMENSIONS
    ? { type: `vector(${dimensions})`, ops: 'vector_cosine_ops' }
    : { type: `halfvec(${dimensions})`, ops: 'halfvec_cosine_ops' };
}

/**
 * Cosine distance over the chunks of the query's dimension: exactly over every filtered chunk when exactLimits
 * say so, else through the partial HNSW index of the dimension (the cast to graphCast(D) is that index's
 * expression) plus the chunks not yet in its graph, by the same cast so the two lists compare.
 */
export async function vectorLeg({ tx, tenantId }: TenantTx, filters: SearchFilters, o: VectorLegOptions) {
  return underLegSettings(tx, o.dimensions, () => rows<{ id: string; distance: number }>(tx, vectorLegStatement(tenantId, filters, o)));
}

/**
 * Runs `fn` (the vector leg's statement) under the planner settings a leg of this dimension needs. Vectors out of
 * line (more than IN_ROW_MAX_DIMENSIONS): the planner costs a distance as one operator call and does not see the
 * TOAST read behind it (12-50 µs a chunk at 768-3 072 dimensions), so up to ~10 000 filtered chunks it would
 * rather sort them all than walk the graph (4 000 chunks of 1 536 dimensions: 83 ms sorted, 4.6 ms walked;
 * docs/benchmarks.md, "Embeddings of more than 448 dimensions"). With sorting off for this one statement the walk is the graph branch's only way
 * to its order; the exact branch and the final order still sort, as they must. The setting is put back after.
 * Sorting off adds PostgreSQL's disable cost to those sorts, which would start JIT compilation (~600 ms): the
 * caller has run tuneSearch, which turns jit off for the whole search transaction.
 */
export async function underLegSettings<T>(tx: Tx, dimensions: number, fn: () => Promise<T>): Promise<T> {
  if (dimensions <= IN_ROW_MAX_DIMENSIONS) return fn();
  const [{ was }] = await rows<{ was: string }>(tx, sql`SELECT current_setting('enable_sort') AS was, set_config('enable_sort', 'off', true)`);
  try {
    return await fn();
  } finally {
    await tx.execute(sql`SELECT set_config('enable_sort', ${was}, true)`);
  }
}

/** The statement vectorLeg runs (its own function so a test can EXPLAIN exactly what search issues). */
export function vectorLegStatement(tenantId: string, filters: SearchFilters, o: VectorLegOptions): SQL {
  const cast = sql.raw(graphCast(o.dimensions).type);
  // Inlined, not a parameter: the planner must see the constant to match the partial index's predicate.
  const ofModel = (column: string) => (o.model === null ? sql`${sql.raw(column)} IS NULL` : sql`${sql.raw(column)} = ${o.model}`);
  const where = sql`${scope(tenantId, filters)} AND c.dimensions = ${sql.raw(String(o.dimensions))} AND ${ofModel('c.embedding_model')}`;
  const limits = exactLimits(o.dimensions);
  const max = o.exactMaxChunks ?? limits.max;
  const always = Math.min(o.exactAlwaysChunks ?? limits.always, max);
  // Whether the filters leave few chunks, from the documents alone (their chunk_count; no chunk is read). "Few" is
  // at most always, or at most max when that is at most a quarter of the table's chunks (pg_class.reltuples, the
  // planner's estimate, kept current by the maintenance runs' ANALYZE): one threshold, greatest(always, least(max,
  // share × rows)). A running sum over the filtered documents, of which EXISTS asks only for the first to pass it,
  // so a large tenant costs the documents holding that many chunks, not all of its documents. chunk_count is the live
  // set's size; chunks of another dimension in a document of unknown model only make it count high (the graph).
  const threshold = sql`greatest(${always}, least(${max}, (SELECT floor(greatest(reltuples, 0) * ${EXACT_MAX_SHARE}) FROM pg_class WHERE oid = 'document_chunks'::regclass)))`;
  const few = sql`few AS MATERIALIZED (
      SELECT NOT EXISTS (
        SELECT 1 FROM (SELECT sum(d.chunk_count) OVER (ROWS UNBOUNDED PRECEDING) AS running
                       FROM ${liveDocuments(tenantId, filters)} AND ${ofModel('d.embedding_model')}) s
        WHERE running > ${threshold}) AS yes
    )`;
  const isFew = sql`(SELECT yes FROM few)`;
  // The exact branch orders by the distance of the uncast column, which no index has: the planner gathers the
  // filtered chunks (documents, then their chunks by job: migration 0021) and sorts them. It covers pending chunks.
  // relaxed_order iterative scans may return rows slightly out of order: the graph's answer is sorted again.
  return sql`
    WITH ${few},
    exact AS MATERIALIZED (
      SELECT c.id, c.embedding <=> ${o.vector}::vector AS distance
      FROM ${LIVE_JOIN}
      WHERE ${where} AND ${isFew}
      ORDER BY 2
      LIMIT ${o.limit}
    ),
    nearest AS MATERIALIZED (
      SELECT c.id, (c.embedding::${cast}) <=> ${o.vector}::${cast} AS distance
      FROM ${LIVE_JOIN}
      WHERE ${where} AND NOT c.ann_pending AND NOT ${isFew}
      ORDER BY (c.embedding::${cast}) <=> ${o.vector}::${cast}
      LIMIT ${o.limit}
    ),
    ${pendingNearest(where, cast, o, sql`AND NOT ${isFew}`)}
    SELECT id, distance FROM (SELECT * FROM exact UNION ALL SELECT * FROM nearest UNION ALL SELECT * FROM pending) found
    ORDER BY distance LIMIT ${o.limit}`;
}

/**
 * The nearest of the chunks not yet in the HNSW graph (ann_pending, migration 0020: written by an indexing job,
 * moved in by documents' vector catch-up), by exact distance: a chunk is searchable from the moment its document is
 * indexed, not from when the graph has it. Few rows (at most what the catch-up has still to do), found through the
 * partial index document_chunks_ann_pending.
 */
function pendingNearest(where: SQL, cast: SQL, o: VectorLegOptions, onlyIf: SQL): SQL {
  return sql`pending AS MATERIALIZED (
      SELECT c.id, (c.embedding::${cast}) <=> ${o.vector}::${cast} AS distance
      FROM ${LIVE_JOIN}
      WHERE ${where} AND c.ann_pending ${onlyIf}
      ORDER BY 2
      LIMIT ${o.limit}
    )`;
}

/**
 * The embedding models of the tenant's documents with a live chunk set (documents.embedding_model, migration 0009),
 * each with its dimension; model null stands for documents indexed before models were recorded. A loose index scan
 * of the partial index documents_embedding_model: one index probe per model in use (usually one, two while a
 * re-embedding run moves the tenant to another model), however many documents there are. Documents in error are
 * not told apart here (that would read every row): at worst their model costs one query embedding for nothing.
 */
export async function embeddingModelsInUse({ tx, tenantId }: TenantTx) {
  const known = sql`tenant_id = ${tenantId} AND live_job_id IS NOT NULL AND embedding_model IS NOT NULL AND embedding_dimensions IS NOT NULL`;
  return rows<{ model: string | null; dimensions: number | null }>(tx, sql`
    WITH RECURSIVE models AS (
      (SELECT embedding_model AS model, embedding_dimensions AS dimensions FROM documents
       WHERE ${known} ORDER BY embedding_model, embedding_dimensions LIMIT 1)
      UNION ALL
      SELECT next.model, next.dimensions FROM models m, LATERAL (
        SELECT embedding_model AS model, embedding_dimensions AS dimensions FROM documents
        WHERE ${known} AND (embedding_model, embedding_dimensions) > (m.model, m.dimensions)
        ORDER BY embedding_model, embedding_dimensions LIMIT 1) next
    )
    SELECT model, dimensions FROM models
    UNION ALL
    SELECT NULL, NULL WHERE EXISTS (
      SELECT 1 FROM documents WHERE tenant_id = ${tenantId} AND live_job_id IS NOT NULL AND embedding_model IS NULL)`);
}

/**
 * At most this many matching chunks are ranked per tier of a query, by default (SEARCH_FULLTEXT_MAX_RANKED). A query
 * of frequent words matches a large share of the chunks (most of the benchmark's queries match thousands of 100 000),
 * and ranking reads every match's tsvector out of line (~5-10 µs a chunk); the tiers (fulltextTiers) keep the chunks
 * that can rank first inside the cap. 300 answers the retrieval evaluation as well as 1 000 did without tiers
 * (docs/benchmarks.md, "Retrieval quality": full-text MRR 0.839 against 0.841, hybrid 0.890 against 0.886) in half the time.
 */
export const FULLTEXT_MAX_RANKED = 300;

/** A middle tier ("at least k of the n terms") is only asked while its query has at most this many k-subsets. */
const MAX_TIER_SUBSETS = 16;

/** One text-search configuration's share of a query, as tsquery text normalised by that configuration. */
interface ConfigQuery {
  config: string;
  /** Each distinct word's lexemes (stop words and words that normalise alike are gone). */
  terms: string[];
  /** Every phrase, ANDed (null: none); a chunk of any tier must hold them. */
  phrases: string | null;
  /** Every excluded part, as `!(...)` operands. */
  not: string[];
  /** Any term or phrase: what ts_rank_cd weighs. */
  rank: string;
}

const and = (parts: string[]) => parts.map((p) => `(${p})`).join(' & ');
const or = (parts: string[]) => parts.map((p) => `(${p})`).join(' | ');

/** Every k-element subset of `items`, in order. */
function subsets<T>(items: readonly T[], k: number): T[][] {
  if (k === 0) return [[]];
  const out: T[][] = [];
  for (let i = 0; i + k <= items.length; i++) for (const rest of subsets(items.slice(i + 1), k - 1)) out.push([items[i], ...rest]);
  return out;
}

function binomial(n: number, k: number): number {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
}

/**
 * A configuration's tiers, best first, as what a chunk of the tier must match and how many of them are ranked.
 * A chunk's rank is the number of terms it holds plus ts_rank_cd in [0, 1), so every chunk holding k terms
 * outranks every chunk holding fewer: tier "all n terms", then "at least k of them" for k = n-1 … 2 (the OR of
 * every k-subset, while there are few), then the chunks holding any one term. The last tier gathers each term's
 * matches on its own, with an equal share of the cap: a query of one rare and one common word then ranks every
 * chunk holding the rare word, where one scan of "either word" would mostly fill the cap with the common one in
 * whatever order the index returns it. With a phrase the terms are optional: the last tier is the phrases alone.
 */
export function fulltextTiers(c: ConfigQuery, maxRanked: number): { match: string; cap: number }[][] {
  const required = [...(c.phrases ? [c.phrases] : []), ...c.not];
  const tiers: { match: string; cap: number }[][] = [];
  const n = c.terms.length;
  for (let k = n; k >= 2; k--) {
    if (binomial(n, k) > MAX_TIER_SUBSETS) continue;
    const atLeastK = or(subsets(c.terms, k).map(and));
    tiers.push([{ match: and([atLeastK, ...required]), cap: maxRanked }]);
  }
  if (c.phrases) tiers.push([{ match: and(required), cap: maxRanked }]);
  else if (n > 0) {
    const share = Math.max(1, Math.ceil(maxRanked / n));
    tiers.push(c.terms.map((term) => ({ match: and([term, ...required]), cap: share })));
  }
  return tiers;
}

/**
 * Normalises the query's words and phrases with every configuration the tenant's chunks were written with
 * (usually one; two while a changed profile is re-indexed), in one round trip. The configurations in use are
 * found with a loose index scan of (tenant_id, ts_config): one index probe per configuration.
 */
async function normalise({ tx, tenantId }: TenantTx, q: FulltextQuery): Promise<ConfigQuery[]> {
  const parts = [
    ...q.words.map((text) => ({ kind: 'word', text })),
    ...q.phrases.map((text) => ({ kind: 'phrase', text })),
    ...q.excluded.map((text) => ({ kind: 'excluded', text })),
  ];
  const normalised = await rows<{ config: string; kind: string; query: string }>(tx, sql`
    WITH RECURSIVE configs AS (
      (SELECT ts_config FROM document_chunks WHERE tenant_id = ${tenantId} ORDER BY ts_config LIMIT 1)
      UNION ALL
      SELECT (SELECT c.ts_config FROM document_chunks c
              WHERE c.tenant_id = ${tenantId} AND c.ts_config > configs.ts_config ORDER BY c.ts_config LIMIT 1)
      FROM configs WHERE configs.ts_config IS NOT NULL
    )
    SELECT cf.ts_config::text AS config, p.kind,
           CASE p.kind WHEN 'phrase' THEN phraseto_tsquery(cf.ts_config, p.text)
                       ELSE plainto_tsquery(cf.ts_config, p.text) END::text AS query
    FROM configs cf,
         unnest(${pgArray(parts.map((p) => p.kind))}::text[], ${pgArray(parts.map((p) => p.text))}::text[]) WITH ORDINALITY AS p(kind, text, ord)
    WHERE cf.ts_config IS NOT NULL
    ORDER BY config, p.ord`);
  const byConfig = new Map<string, { terms: string[]; phrases: string[]; excluded: string[] }>();
  for (const row of normalised) {
    if (!row.query) continue; // only stop words, or nothing a lexeme could be made of
    const entry = byConfig.get(row.config) ?? { terms: [], phrases: [], excluded: [] };
    byConfig.set(row.config, entry);
    const list = row.kind === 'word' ? entry.terms : row.kind === 'phrase' ? entry.phrases : entry.excluded;
    if (!list.includes(row.query)) list.push(row.query);
  }
  const out: ConfigQuery[] = [];
  for (const [config, { terms, phrases, excluded }] of byConfig) {
    // A phrase reduced to nothing (all stop words) cannot be required; words alone then decide.
    if (!phrases.length && !terms.length) continue;
    out.push({
      config,
      terms,
      phrases: phrases.length ? and(phrases) : null,
      not: excluded.map((x) => `!(${x})`),
      rank: or([...terms, ...phrases]),
    });
  }
  return out;
}

/**
 * Full text with OR semantics ranked by coverage (see fulltext-query.ts for the syntax). A chunk's rank is the
 * number of the query's distinct terms it contains plus ts_rank_cd scaled into [0, 1), so chunks containing
 * more terms come first. Each configuration in use is searched with the query normalised its way (with
 * several, the `ts_config = ...` test is checked on the rows the GIN index returns).
 * The candidates are gathered tier by tier (fulltextTiers), each tier ranking at most `maxRanked` chunks
 * (FULLTEXT_MAX_RANKED by default), and a tier is read only while every better tier of its configuration found
 * fewer than `limit` chunks: with `limit` chunks holding k terms, none holding fewer can reach the answer.
 */
export async function fulltextLeg(t: TenantTx, filters: SearchFilters, query: string, limit: number, maxRanked = FULLTEXT_MAX_RANKED) {
  const statement = await fulltextLegStatement(t, filters, query, limit, maxRanked);
  return statement ? rows<{ id: string; rank: number }>(t.tx, statement) : [];
}

/** The statement fulltextLeg runs, or null when the query has nothing to search for (a test EXPLAINs it). */
export async function fulltextLegStatement(
  t: TenantTx,
  filters: SearchFilters,
  query: string,
  limit: number,
  maxRanked = FULLTEXT_MAX_RANKED,
): Promise<SQL | null> {
  const parsed = parseFulltextQuery(query);
  if (parsed.words.length === 0 && parsed.phrases.length === 0) return null;
  const configs = await normalise(t, parsed);
  const { tenantId } = t;
  if (configs.length === 0) return null;
  // Memories, documents or a folder name few documents: their live chunk sets' jobs, listed once (CTE jobs), let the
  // planner intersect each scan's GIN matches with those chunks (a BitmapAnd with the index of chunks by job, 0021)
  // instead of fetching every match of the words in the tenant and testing its document (a memory of a tenth of the
  // chunks: 8.9 / 17.0 → 5.7 / 10.9 ms p50 / p95 on the PostgreSQL server here). Tags and "no folder" select a share
  // of all documents, for which the list costs more than it saves (tag filter p95 14.4 → 18.2 ms), so not them.
  const fewDocuments = Boolean(filters.memoryIds?.length || filters.documentIds?.length || filters.folderId);
  const where = fewDocuments ? sql`${scope(tenantId, filters)} AND c.job_id = ANY((SELECT ids FROM jobs)::uuid[])` : scope(tenantId, filters);
  // Each scan ranks its own matches: the coverage tests and ts_rank_cd all read the chunk's tsvector, which is
  // mostly stored out of line (TOAST: ~1 KB, too big to stay in the row beside the text); `tsv || ''` (the same
  // tsvector) fetches it once per row in the subquery, and every test above reads that copy.
  const scan = (c: ConfigQuery, q: string, cap: number, onlyIf: SQL) => {
    // With one configuration in use every chunk of the tenant has it: no test to give the planner.
    const ofConfig = configs.length > 1 ? sql`AND c.ts_config = ${c.config}::regconfig` : sql``;
    const coverage = c.terms.length ? sql.join(c.terms.map((t) => sql`(m.tsv @@ ${t}::tsquery)::int`), sql` + `) : sql`0`;
    return sql`
      (SELECT m.id, (${coverage}) + ts_rank_cd(m.tsv, ${c.rank}::tsquery, 32) AS rank
       FROM (SELECT c.id, c.tsv || ''::tsvector AS tsv FROM ${LIVE_JOIN}
             WHERE ${where} ${ofConfig} AND c.tsv @@ ${q}::tsquery ${onlyIf}
             LIMIT ${cap}) m)`;
  };
  // One CTE per tier; a tier runs only while every earlier tier of its configuration is short of `limit`.
  const ctes: SQL[] = fewDocuments ? [sql`jobs AS MATERIALIZED (SELECT ARRAY(SELECT d.live_job_id FROM ${liveDocuments(tenantId, filters)}) AS ids)`] : [];
  const names: string[] = [];
  configs.forEach((c, ci) => {
    const earlier: string[] = [];
    fulltextTiers(c, maxRanked).forEach((tier, ti) => {
      const name = `tier_${ci}_${ti}`;
      const onlyIf = earlier.length ? sql.raw(earlier.map((e) => `AND (SELECT count(*) FROM ${e}) < ${Number(limit)}`).join(' ')) : sql``;
      ctes.push(sql`${sql.raw(name)} AS MATERIALIZED (${sql.join(tier.map((s) => scan(c, s.match, s.cap, onlyIf)), sql` UNION ALL `)})`);
      names.push(name);
      earlier.push(name);
    });
  });
  // A chunk found by several tiers has the same rank in each (same configuration, same ranking query).
  return sql`
    WITH ${sql.join(ctes, sql`, `)},
    found AS (${sql.raw(names.map((n) => `SELECT * FROM ${n}`).join(' UNION ALL '))}),
    matches AS (SELECT DISTINCT ON (id) id, rank FROM found ORDER BY id)
    SELECT m.id, m.rank
    FROM matches m
    ORDER BY rank DESC, m.id
    LIMIT ${limit}`;
}

/**
 * The hit rows of ranked chunk ids, live sets only: with parallel legs the full-text leg's ids come from another
 * transaction's snapshot, and a reindex swapped in between leaves the old set's rows until they are deleted in
 * batches; such an id is dropped here rather than shown.
 */
export async function chunkHits({ tx, tenantId }: TenantTx, ids: string[]): Promise<ChunkHit[]> {
  if (ids.length === 0) return [];
  return rows<ChunkHit>(tx, sql`
    SELECT c.id AS chunk_id, c.document_id, d.filename, c.text, c.page, c.section, d.tags, d.memory_id,
           CASE WHEN d.connector_id IS NOT NULL AND d.external_id IS NOT NULL
                THEN json_build_object('connector_id', d.connector_id, 'external_id', d.external_id, 'url', d.source_url) END AS source
    FROM document_chunks c JOIN documents d ON d.id = c.document_id
    WHERE c.tenant_id = ${tenantId} AND d.tenant_id = ${tenantId} AND c.id = ANY(${pgArray(ids)}::uuid[]) AND c.job_id = d.live_job_id`);
}

/**
 * Transaction-local planner settings of a search, in one round trip.
 * - enable_seqscan off: with a leg's LIMIT in view, the planner reads document_chunks sequentially for a common
 *   word (it expects to meet enough matches early), testing `tsv @@ query` on every row it passes: each test
 *   decompresses the row's tsvector (80–120 ms for a word in 13 000 of the 120 000 chunks, against a few ms through
 *   the GIN index). Every statement of a search has an index to use (tests assert the plans).
 * - plan_cache_mode force_custom_plan: a statement run as a named prepared statement (the embedded database's
 *   pipelined client, DATABASE_PREPARED_STATEMENTS on a server) gets a generic plan after five runs, made without
 *   the words, tags and tenant of the query. The full-text leg's generic plan joined every document of the tenant
 *   with a tag filter and took 0.4-2 s where the query's own plan takes 20 ms (docs/benchmarks.md, "Search over 100 000 chunks"): every
 *   search statement's cost depends on its values, so each is planned for them.
 * - jit off: a statement whose estimated cost passes jit_above_cost (100 000 by default) is compiled with LLVM
 *   first, ~600 ms here, for statements that run in a few ms; a disabled plan node (enable_seqscan, or the sort a
 *   vector leg turns off: underLegSettings) adds 10^10 to the estimate. Servers built without LLVM ignore it.
 * - efSearch (pgvector >= 0.8, null otherwise): HNSW candidate list and iterative scans for filtered search.
 */
export async function tuneSearch(tx: Tx, efSearch: number | null): Promise<void> {
  const settings = [`set_config('enable_seqscan', 'off', true)`, `set_config('plan_cache_mode', 'force_custom_plan', true)`, `set_config('jit', 'off', true)`];
  if (efSearch !== null) {
    const ef = Math.max(40, Math.min(1000, Math.floor(efSearch)));
    settings.push(`set_config('hnsw.ef_search', '${ef}', true)`, `set_config('hnsw.iterative_scan', 'relaxed_order', true)`);
  }
  await tx.execute(sql.raw(`SELECT ${settings.join(', ')}`));
}

export async function vectorExtensionVersion(tx: Tx): Promise<string | null> {
  const [row] = await rows<{ v: string }>(tx, sql`SELECT extversion AS v FROM pg_extension WHERE extname = 'vector'`);
  return row?.v ?? null;
}
