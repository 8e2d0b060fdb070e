import { and, eq, sql } from 'drizzle-orm';
import { rows } from '../../../platform/db/database.js';
import type { TenantTx } from '../../../platform/db/tenant-db.js';
import { vectorLiteral } from '../../../platform/db/vector.js';
import type { Chunk } from '../../ingestion/index.js';
import { documentJobs } from '../documents.table.js';

/** The SQL of the indexing job that documents.repo.ts does not already have. Every statement names the tenant, on top of row-level security. */

/**
 * Serialises the parallelism check of one tenant across workers and instances (held until commit).
 * The first key (27490 = 0x6b62, "kb") keeps our locks apart from any other user of advisory locks.
 */
export async function lockTenantSlots({ tx, tenantId }: TenantTx): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(27490, hashtext(${tenantId}))`);
}

/**
 * Jobs of the tenant indexing right now. A 'running' row only counts while its queue message is leased:
 * one left behind by a dead worker does not hold a slot forever.
 */
export async function countRunningJobs({ tx, tenantId }: TenantTx, exceptJobId: string): Promise<number> {
  const [{ n }] = await rows<{ n: number }>(tx, sql`
    SELECT count(*)::int AS n FROM document_jobs dj
    WHERE dj.tenant_id = ${tenantId} AND dj.status = 'running' AND dj.id <> ${exceptJobId}
      AND EXISTS (SELECT 1 FROM job_queue q WHERE q.id = dj.queue_job_id AND q.status = 'running' AND q.lease_expires_at > now())`);
  return n;
}

/** Whether the tenant has indexing work left besides this job: if not, its batch (or burst of uploads) is over. */
export async function hasOtherUnfinishedJobs({ tx, tenantId }: TenantTx, exceptJobId: string): Promise<boolean> {
  const [{ any }] = await rows<{ any: boolean }>(tx, sql`
    SELECT EXISTS (SELECT 1 FROM document_jobs dj
                   WHERE dj.tenant_id = ${tenantId} AND dj.status NOT IN ('succeeded', 'failed') AND dj.id <> ${exceptJobId}) AS any`);
  return any;
}

export async function startJobAttempt({ tx, tenantId }: TenantTx, jobId: string, queueJobId: string): Promise<void> {
  await tx
    .update(documentJobs)
    .set({
      status: 'running',
      queueJobId,
      attempts: sql`${documentJobs.attempts} + 1`,
      startedAt: sql`coalesce(${documentJobs.startedAt}, now())`,
      error: null,
    })
    .where(and(eq(documentJobs.tenantId, tenantId), eq(documentJobs.id, jobId)));
}

/**
 * A Postgres array literal of `values` (null elements stay NULL), sent as one parameter: a chunk write is then a
 * dozen parameters instead of thirteen per row, which the driver (and PGlite) would each handle on their own.
 */
function arrayLiteral(values: readonly (string | number | null)[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    if (i > 0) out += ',';
    const v = values[i];
    out += v === null ? 'NULL' : typeof v === 'number' ? String(v) : `"${v.replace(/["\\]/g, '\\$&')}"`;
  }
  return `${out}}`;
}

export async function insertChunks(
  { tx, tenantId }: TenantTx,
  ids: { documentId: string; jobId: string },
  chunks: readonly Chunk[],
  vectors: readonly Float32Array[],
): Promise<void> {
  if (chunks.length === 0) return;
  const column = <T extends string | number | null>(pick: (c: Chunk, i: number) => T) => arrayLiteral(chunks.map(pick));
  // Full text is indexed with the tenant's configuration (migration 0006); no saved profile means its default.
  // Rows go in outside the HNSW graph (ann_pending, migration 0020): vector-catchup.ts moves them in off this path.
  await tx.execute(sql`
    WITH profile AS (
      SELECT coalesce((SELECT text_search_config FROM indexing_profiles WHERE tenant_id = ${tenantId}), 'english')::regconfig AS ts_config
    )
    INSERT INTO document_chunks (tenant_id, document_id, job_id, chunk_index, text, token_count, page, section, sheet,
                                 char_start, char_end, dimensions, embedding, ts_config, ann_pending)
    SELECT ${tenantId}, ${ids.documentId}, ${ids.jobId}, u.chunk_index, u.text, u.token_count, u.page, u.section, u.sheet,
           u.char_start, u.char_end, u.dimensions, u.embedding, (SELECT ts_config FROM profile), true
    FROM unnest(${column((c) => c.index)}::int[], ${column((c) => c.text)}::text[], ${column((c) => c.tokenCount)}::int[],
                ${column((c) => c.page)}::int[], ${column((c) => c.section)}::text[], ${column((c) => c.sheet)}::text[],
                ${column((c) => c.charStart)}::int[], ${column((c) => c.charEnd)}::int[], ${column((_, i) => vectors[i].length)}::int[],
                ${column((_, i) => vectorLiteral(vectors[i]))}::vector[])
      AS u(chunk_index, text, token_count, page, section, sheet, char_start, char_end, dimensions, embedding)`);
}

/**
 * Deletes up to `limit` chunks of one chunk set that is not (or no longer) live; returns how many went
 * (callers loop, keeping each transaction short). The live set is never touched, whoever asks.
 */
export async function deleteChunkSetBatch({ tx, tenantId }: TenantTx, documentId: string, jobId: string, limit: number): Promise<number> {
  const deleted = await rows<{ id: string }>(tx, sql`
    DELETE FROM document_chunks WHERE id IN (
      SELECT c.id FROM document_chunks c
      WHERE c.tenant_id = ${tenantId} AND c.document_id = ${documentId} AND c.job_id = ${jobId}
        AND NOT EXISTS (SELECT 1 FROM documents d WHERE d.tenant_id = ${tenantId} AND d.id = ${documentId} AND d.live_job_id = ${jobId})
      LIMIT ${limit})
    RETURNING id`);
  return deleted.length;
}

/**
 * Moves up to `limit` of the tenant's chunks into the HNSW graph (migration 0020) and returns how many moved: the
 * graph insert happens in this UPDATE, in a transaction of its own, off any indexing job's path. Rows another
 * step holds are skipped, so two steps never wait on each other.
 */
export async function indexPendingVectors({ tx, tenantId }: TenantTx, limit: number): Promise<number> {
  const moved = await rows<{ id: string }>(tx, sql`
    UPDATE document_chunks SET ann_pending = false WHERE id IN (
      SELECT id FROM document_chunks WHERE tenant_id = ${tenantId} AND ann_pending
      LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING id`);
  return moved.length;
}

/** Whether more than `cap` of the tenant's chunks wait outside the HNSW graph (reads at most cap + 1 index entries). */
export async function pendingVectorsOver({ tx, tenantId }: TenantTx, cap: number): Promise<boolean> {
  const [{ over }] = await rows<{ over: boolean }>(tx, sql`
    SELECT count(*) > ${cap} AS over FROM (
      SELECT 1 FROM document_chunks WHERE tenant_id = ${tenantId} AND ann_pending LIMIT ${cap + 1}) p`);
  return over;
}
