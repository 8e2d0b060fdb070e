import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { rows } from '../../../platform/db/database.js';
import type { TenantTx } from '../../../platform/db/tenant-db.js';
import { documents, type DocumentRow } from '../documents.table.js';
import { ACTIVE_RUN_STATUSES, reindexRuns, type ReindexRunRow } from './reindex.table.js';

/** The SQL of tenant-wide re-embedding runs. Every statement names the tenant, on top of row-level security. */

/** The model a run moves documents to: '<provider>/<model>' and its dimension (see ../embedding-model.ts). */
export interface EmbeddingTarget {
  model: string;
  dimensions: number;
}

/** Serialises starting, superseding and cancelling the runs of one tenant (held until commit). */
export async function lockTenantRuns({ tx, tenantId }: TenantTx): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(27491, hashtext(${tenantId}))`);
}

export async function findRun({ tx, tenantId }: TenantTx, id: string, forUpdate = false): Promise<ReindexRunRow | null> {
  const query = tx.select().from(reindexRuns).where(and(eq(reindexRuns.tenantId, tenantId), eq(reindexRuns.id, id)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function findActiveRun({ tx, tenantId }: TenantTx): Promise<ReindexRunRow | null> {
  const [row] = await tx
    .select()
    .from(reindexRuns)
    .where(and(eq(reindexRuns.tenantId, tenantId), inArray(reindexRuns.status, [...ACTIVE_RUN_STATUSES])))
    .orderBy(desc(reindexRuns.createdAt))
    .limit(1);
  return row ?? null;
}

/** The tenant's runs, newest first, and how many there are. */
export async function listRuns({ tx, tenantId }: TenantTx, skip: number, limit: number): Promise<{ items: ReindexRunRow[]; total: number }> {
  const items = await tx
    .select()
    .from(reindexRuns)
    .where(eq(reindexRuns.tenantId, tenantId))
    .orderBy(desc(reindexRuns.createdAt), desc(reindexRuns.id))
    .offset(skip)
    .limit(limit);
  const [{ total }] = await tx.select({ total: sql<number>`count(*)::int` }).from(reindexRuns).where(eq(reindexRuns.tenantId, tenantId));
  return { items, total };
}

export async function insertRun(
  { tx, tenantId }: TenantTx,
  values: Pick<ReindexRunRow, 'targetModel' | 'targetDimensions' | 'reason' | 'requestedByUserId' | 'requestedByApiKeyId'> & Progress,
): Promise<ReindexRunRow> {
  const [row] = await tx.insert(reindexRuns).values({ tenantId, ...values }).returning();
  return row;
}

export async function updateRun(
  { tx, tenantId }: TenantTx,
  id: string,
  fields: Partial<Pick<ReindexRunRow, 'status' | 'total' | 'done' | 'failed' | 'cursorId' | 'pass' | 'stepSeq' | 'error' | 'startedAt' | 'finishedAt'>>,
): Promise<ReindexRunRow> {
  const [row] = await tx
    .update(reindexRuns)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(and(eq(reindexRuns.tenantId, tenantId), eq(reindexRuns.id, id)))
    .returning();
  return row;
}

export interface Progress {
  /** Documents with a live chunk set (searchable vectors). */
  total: number;
  /** Those whose live vectors are the target model's. */
  done: number;
  /** Those not on the target whose last indexing failed. */
  failed: number;
}

const onTarget = (t: EmbeddingTarget) => sql`(embedding_model = ${t.model} AND embedding_dimensions = ${t.dimensions})`;

export async function countProgress({ tx, tenantId }: TenantTx, target: EmbeddingTarget): Promise<Progress> {
  const [row] = await rows<Progress>(tx, sql`
    SELECT count(*)::int AS total,
           (count(*) FILTER (WHERE ${onTarget(target)}))::int AS done,
           (count(*) FILTER (WHERE status = 'error' AND NOT coalesce(${onTarget(target)}, false)))::int AS failed
    FROM documents WHERE tenant_id = ${tenantId} AND live_job_id IS NOT NULL`);
  return row;
}

/** True when some searchable document's vectors are not the target model's (unknown ones included). */
export async function anyOffTarget({ tx, tenantId }: TenantTx, target: EmbeddingTarget): Promise<boolean> {
  const found = await rows<{ id: string }>(tx, sql`
    SELECT id FROM documents
    WHERE tenant_id = ${tenantId} AND live_job_id IS NOT NULL AND NOT coalesce(${onTarget(target)}, false)
    LIMIT 1`);
  return found.length > 0;
}

/** Documents of the tenant being indexed now (by anyone): they hold the tenant's parallelism. */
export async function countInFlight({ tx, tenantId }: TenantTx): Promise<number> {
  const [{ n }] = await rows<{ n: number }>(tx, sql`
    SELECT count(*)::int AS n FROM documents WHERE tenant_id = ${tenantId} AND status IN ('pending', 'parsing', 'indexing')`);
  return n;
}

/**
 * The next documents of this pass, in id order after `cursor`, whose live vectors are not the target's and that
 * are not being indexed already (an in-flight job embeds with the current model anyway). `withErrors`: also those
 * whose last indexing failed (first pass only, so a document that fails again is not retried forever).
 */
export async function nextDocuments(
  { tx, tenantId }: TenantTx,
  target: EmbeddingTarget,
  cursor: string | null,
  limit: number,
  withErrors: boolean,
): Promise<DocumentRow[]> {
  if (limit < 1) return [];
  const statuses = withErrors ? ['indexed', 'error'] : ['indexed'];
  return tx
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.tenantId, tenantId),
        sql`${documents.liveJobId} IS NOT NULL`,
        inArray(documents.status, statuses as DocumentRow['status'][]),
        sql`NOT coalesce(${onTarget(target)}, false)`,
        cursor ? sql`${documents.id} > ${cursor}` : undefined,
      ),
    )
    .orderBy(documents.id)
    .limit(limit);
}
