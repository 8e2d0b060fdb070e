import type { OwnerStatement } from '../../platform/db/database.js';
import type { MaintenanceTask } from '../../platform/db/maintenance.js';
import { exactLimits, graphCast } from './search.repo.js';

/**
 * A tenant's own HNSW graph. Every tenant's chunks of a dimension share one graph (the partial
 * index document_chunks_hnsw_<D>, migration 0020), and a walk for one tenant passes over every other tenant's
 * chunks: a tenant with a sixth of the graph pays six times the walk and finds fewer of its true neighbours. A
 * tenant too large to be compared exactly (above exactLimits(D).max: every search of it walks) whose chunks are at
 * most OWN_GRAPH_MAX_SHARE of the dimension's gets a partial index of its own, `tenant_id = '<id>' AND
 * dimensions = D AND NOT ann_pending`: the planner proves that predicate from the search's own conditions (the
 * tenant id is a bound value, planned as a constant: tuneSearch forces custom plans) and prefers the smaller graph.
 * Its chunks stay in the shared graph too (an index predicate cannot follow a list of tenants): each of its chunks
 * is inserted into two graphs by the vector catch-up.
 *
 * A maintenance task (MaintenanceTask) keeps the set current: builds what the rule asks for (CONCURRENTLY on a
 * server, where searches and writes go on; on the embedded database the build holds its one connection, like every
 * statement there: docs/operations.md says how long), rebuilds a build that failed half-way (an invalid index),
 * and drops the graph of a tenant below half the minimum or above OWN_GRAPH_DROP_SHARE (the gap keeps a tenant
 * near a limit from being rebuilt at every run), deleted tenants included (no chunks).
 *
 * The number of own graphs is bounded (OWN_GRAPHS_MAX, SEARCH_OWN_GRAPHS_MAX), whatever the number of tenants: each
 * is an index every write of its tenant's chunks maintains twice, a build, and space, so the count of indexes on
 * document_chunks must not grow with the customers. The places go to the largest qualifying tenants: their searches
 * are the ones an exact comparison cannot serve at all, and a graph's build and space pay off over the most chunks.
 * A tenant beyond the bound searches as before own graphs existed (the shared graph with iterative scans), which
 * answers the same rows, slower and with fewer of the true neighbours (docs/benchmarks.md). A tenant that has a graph
 * keeps its place against a newcomer less than KEEP_ADVANTAGE larger, so two tenants of about the same size do not
 * swap graphs at every run.
 */
const OWN_GRAPH_MAX_SHARE = 0.5;
const OWN_GRAPH_DROP_SHARE = 0.75;
/** Own graphs at most, over every dimension: the indexes on document_chunks stay the migrations' plus this many. */
export const OWN_GRAPHS_MAX = 8;
const KEEP_ADVANTAGE = 1.25;

export interface TenantChunks {
  tenantId: string;
  dimensions: number;
  /** The tenant's live chunks of that dimension (documents.chunk_count of its indexed documents). */
  chunks: number;
}

export interface OwnGraph {
  name: string;
  tenantId: string;
  dimensions: number;
  /** False when a concurrent build failed half-way: the index is kept up to date but never read. */
  valid: boolean;
}

export interface OwnGraphRule {
  /** Chunks above which a tenant gets a graph; default exactLimits(dimensions).max. */
  minChunks?: number;
  maxShare?: number;
  /** Own graphs at most, over every dimension; default OWN_GRAPHS_MAX. */
  maxGraphs?: number;
}

const SHARED = /^document_chunks_hnsw_(\d+)$/;
const OWN = /^document_chunks_hnsw_(\d+)_t_([0-9a-f]{32})$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function ownGraphName(tenantId: string, dimensions: number): string {
  if (!UUID.test(tenantId) || !Number.isInteger(dimensions)) throw new Error(`no graph name for ${tenantId}/${dimensions}`);
  return `document_chunks_hnsw_${dimensions}_t_${tenantId.replaceAll('-', '')}`;
}

function tenantOf(hex: string): string {
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * What to build and drop, from the tenants' chunk counts, the dimensions that have a shared graph and the own
 * graphs that exist. Pure: the rule, testable without a database. What exists after a run (existing − drop + build)
 * is never more than maxGraphs.
 */
export function planOwnGraphs(tenants: readonly TenantChunks[], sharedDimensions: readonly number[], existing: readonly OwnGraph[], rule: OwnGraphRule = {}) {
  const total = new Map<number, number>();
  for (const t of tenants) total.set(t.dimensions, (total.get(t.dimensions) ?? 0) + t.chunks);
  const minOf = (dimensions: number) => rule.minChunks ?? exactLimits(dimensions).max;
  const maxShare = rule.maxShare ?? OWN_GRAPH_MAX_SHARE;
  const dropShare = Math.max(maxShare, OWN_GRAPH_DROP_SHARE);
  const maxGraphs = Math.max(0, rule.maxGraphs ?? OWN_GRAPHS_MAX);
  const key = (tenantId: string, dimensions: number) => `${tenantId}/${dimensions}`;
  const sizes = new Map(tenants.map((t) => [key(t.tenantId, t.dimensions), t]));
  const keep = (g: OwnGraph) => {
    const t = sizes.get(key(g.tenantId, g.dimensions));
    return Boolean(t && g.valid && t.chunks >= minOf(t.dimensions) / 2 && t.chunks / total.get(t.dimensions)! <= dropShare);
  };
  const outOfRule = existing.filter((g) => !keep(g));
  const kept = existing.filter((g) => keep(g));
  const keptKeys = new Set(kept.map((g) => key(g.tenantId, g.dimensions)));
  const newcomers = tenants
    .filter((t) => sharedDimensions.includes(t.dimensions) && !keptKeys.has(key(t.tenantId, t.dimensions)))
    .filter((t) => t.chunks > minOf(t.dimensions) && t.chunks / total.get(t.dimensions)! <= maxShare);
  // One ranking of the graphs kept and the tenants asking for one; the first maxGraphs have a graph after the run.
  const contenders = [
    ...kept.map((graph) => {
      const tenant = sizes.get(key(graph.tenantId, graph.dimensions))!;
      return { graph, tenant, rank: tenant.chunks * KEEP_ADVANTAGE };
    }),
    ...newcomers.map((tenant) => ({ graph: null, tenant, rank: tenant.chunks })),
  ].sort((a, b) => b.rank - a.rank || (key(a.tenant.tenantId, a.tenant.dimensions) < key(b.tenant.tenantId, b.tenant.dimensions) ? -1 : 1));
  const placed = contenders.slice(0, maxGraphs);
  const beyond = contenders.slice(maxGraphs);
  const drop = [...outOfRule, ...beyond.flatMap((c) => (c.graph ? [c.graph] : []))];
  const build = placed.flatMap((c) => (c.graph ? [] : [c.tenant]));
  return { build, drop };
}

/** Every tenant's live chunks per dimension, from its documents (a few thousand rows, not the chunks). */
async function tenantChunks(run: OwnerStatement): Promise<TenantChunks[]> {
  const found = await run(`
    SELECT tenant_id::text AS tenant, embedding_dimensions AS dimensions, sum(chunk_count)::float8 AS chunks
    FROM documents WHERE live_job_id IS NOT NULL AND embedding_dimensions IS NOT NULL
    GROUP BY 1, 2`);
  return found.map((r) => ({ tenantId: String(r.tenant), dimensions: Number(r.dimensions), chunks: Number(r.chunks) }));
}

/** The HNSW indexes of document_chunks: the shared ones' dimensions, and the tenants' own graphs. */
export async function listGraphs(run: OwnerStatement): Promise<{ shared: number[]; own: OwnGraph[] }> {
  const found = await run(`
    SELECT c.relname AS name, i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
    WHERE i.indrelid = 'document_chunks'::regclass`);
  const shared: number[] = [];
  const own: OwnGraph[] = [];
  for (const r of found) {
    const name = String(r.name);
    const s = SHARED.exec(name);
    if (s) shared.push(Number(s[1]));
    const o = OWN.exec(name);
    if (o) own.push({ name, dimensions: Number(o[1]), tenantId: tenantOf(o[2]), valid: r.valid === true || r.valid === 't' });
  }
  return { shared, own };
}

/** The maintenance task that keeps the own graphs as planOwnGraphs says (see above). */
export function ownGraphsTask(rule: OwnGraphRule = {}): MaintenanceTask {
  return async (run, kind) => {
    const concurrently = kind === 'postgres' ? 'CONCURRENTLY ' : '';
    const { shared, own } = await listGraphs(run);
    const { build, drop } = planOwnGraphs(await tenantChunks(run), shared, own, rule);
    const done: string[] = [];
    for (const g of drop) {
      await run(`DROP INDEX ${concurrently}IF EXISTS ${g.name}`);
      done.push(`dropped ${g.name}${g.valid ? '' : ' (invalid)'}`);
    }
    for (const next of build) {
      const name = ownGraphName(next.tenantId, next.dimensions);
      const { type, ops } = graphCast(next.dimensions);
      const started = performance.now();
      await run(`
        CREATE INDEX ${concurrently}IF NOT EXISTS ${name} ON document_chunks
        USING hnsw ((embedding::${type}) ${ops})
        WHERE tenant_id = '${next.tenantId}' AND dimensions = ${next.dimensions} AND NOT ann_pending`);
      done.push(`built ${name} over ${next.chunks} chunks in ${Math.round(performance.now() - started)} ms`);
    }
    return done;
  };
}
