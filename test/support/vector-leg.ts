import { sql, type SQL } from 'drizzle-orm';
import { rows, type Tx } from '../../src/platform/db/database.js';
import type { TestService, TestTenant } from '../harness.js';
import { eventually } from './eventually.js';

/** The embedding model and dimension of the tenant's indexed documents (the first one's: a fixture uses one model). */
export async function embeddingModelOf(t: TestService, tenant: TestTenant): Promise<{ model: string | null; dimensions: number }> {
  const [model] = await t.service.ctx.db.tenant(tenant.tenantId, (tx) =>
    rows<{ model: string | null; dimensions: number }>(tx, sql`
      SELECT embedding_model AS model, embedding_dimensions AS dimensions FROM documents WHERE tenant_id = ${tenant.tenantId} LIMIT 1`));
  return model;
}

/** A fixed query vector of `dimensions` values (not any chunk's), as vector text. */
export const fixedQueryVector = (dimensions: number) => `[${Array.from({ length: dimensions }, (_, i) => ((i * 37) % 11) / 10 - 0.5).join(',')}]`;

/** Chunks not yet in the HNSW graph (ann_pending), every tenant's, counted as the owner. */
export const pendingChunks = async (t: TestService) =>
  ((await t.service.ctx.db.maintain((run) => run('SELECT count(*)::int AS n FROM document_chunks WHERE ann_pending')))?.[0]?.n as number | undefined) ?? -1;

/**
 * Plans read with every chunk in the HNSW graph (the vector catch-up done) and fresh planner statistics, whatever the
 * background maintenance has done so far (null from maintain: a maintainer held the lock; tried again).
 */
export async function settleForPlans(t: TestService): Promise<void> {
  await eventually('the vector catch-up to finish', () => pendingChunks(t), (n) => n === 0, 120_000);
  await eventually('an ANALYZE as the owner', () => t.service.ctx.db.maintain((run) => run('ANALYZE document_chunks, documents')), (done) => done !== null);
}

/** EXPLAIN (or EXPLAIN ANALYZE, costs off) of a statement inside the caller's transaction, as one text. */
export async function explain(tx: Tx, statement: SQL, analyze = false): Promise<string> {
  return (await rows<{ 'QUERY PLAN': string }>(tx, analyze ? sql`EXPLAIN (ANALYZE, COSTS OFF) ${statement}` : sql`EXPLAIN ${statement}`))
    .map((r) => r['QUERY PLAN'])
    .join('\n');
}
