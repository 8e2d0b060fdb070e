import { and, asc, count, desc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { rows } from '../../platform/db/database.js';
import type { TenantTx } from '../../platform/db/tenant-db.js';
import { documentJobs, documents, type DocumentJobRow, type DocumentRow, type DocumentStatus } from './documents.table.js';

export async function insertDocument({ tx, tenantId }: TenantTx, values: Omit<typeof documents.$inferInsert, 'tenantId'>): Promise<DocumentRow> {
  const [row] = await tx.insert(documents).values({ ...values, tenantId }).returning();
  return row;
}

export async function insertJob({ tx, tenantId }: TenantTx, values: Omit<typeof documentJobs.$inferInsert, 'tenantId'>): Promise<DocumentJobRow> {
  const [row] = await tx.insert(documentJobs).values({ ...values, tenantId }).returning();
  return row;
}

export async function updateJob({ tx, tenantId }: TenantTx, jobId: string, values: Partial<typeof documentJobs.$inferInsert>): Promise<void> {
  await tx
    .update(documentJobs)
    .set(values)
    .where(and(eq(documentJobs.tenantId, tenantId), eq(documentJobs.id, jobId)));
}

/** Adds warnings to a job that may have finished already (a description written after the swap). */
export async function appendJobWarnings({ tx, tenantId }: TenantTx, jobId: string, warnings: string[]): Promise<void> {
  if (warnings.length === 0) return;
  await tx
    .update(documentJobs)
    .set({ warnings: sql`${documentJobs.warnings} || ${JSON.stringify(warnings)}::jsonb` })
    .where(and(eq(documentJobs.tenantId, tenantId), eq(documentJobs.id, jobId)));
}

export async function findDocument({ tx, tenantId }: TenantTx, id: string, lock = false): Promise<DocumentRow | null> {
  const query = tx.select().from(documents).where(and(eq(documents.tenantId, tenantId), eq(documents.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The tenant's documents among `ids`; an id that does not exist, or is another tenant's, is simply absent. */
export async function findDocumentsByIds({ tx, tenantId }: TenantTx, ids: readonly string[]): Promise<DocumentRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(documents)
    .where(and(eq(documents.tenantId, tenantId), inArray(documents.id, [...ids])));
}

/** Memories and folders belong to another module; only their existence in the tenant matters here. */
export async function memoryExists({ tx, tenantId }: TenantTx, id: string): Promise<boolean> {
  const found = await rows(tx, sql`SELECT 1 FROM memories WHERE tenant_id = ${tenantId} AND id = ${id}`);
  return found.length > 0;
}

/** Connectors belong to another module; a document that one keeps in sync names it in its 409. */
export async function connectorName({ tx, tenantId }: TenantTx, id: string): Promise<string | null> {
  const found = await rows<{ name: string }>(tx, sql`SELECT name FROM connectors WHERE tenant_id = ${tenantId} AND id = ${id}`);
  return found[0]?.name ?? null;
}

/** A deleted connector's documents, kept: ordinary documents from now on (no source, editable). */
export async function detachConnectorDocuments({ tx, tenantId }: TenantTx, connectorId: string): Promise<number> {
  const done = await tx
    .update(documents)
    .set({ connectorId: null, externalId: null, sourceUrl: null, updatedAt: sql`now()` })
    .where(and(eq(documents.tenantId, tenantId), eq(documents.connectorId, connectorId)))
    .returning({ id: documents.id });
  return done.length;
}

/** The ids of a connector's documents (deleting the connector deletes them). */
export async function connectorDocumentIds({ tx, tenantId }: TenantTx, connectorId: string): Promise<string[]> {
  const found = await tx
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.tenantId, tenantId), eq(documents.connectorId, connectorId)));
  return found.map((r) => r.id);
}

export async function folderExists({ tx, tenantId }: TenantTx, id: string): Promise<boolean> {
  const found = await rows(tx, sql`SELECT 1 FROM folders WHERE tenant_id = ${tenantId} AND id = ${id}`);
  return found.length > 0;
}

export interface DocumentFilters {
  status?: DocumentStatus;
  memoryId?: string;
  /** A folder id, or null for documents in no folder. */
  folderId?: string | null;
  search?: string;
}

/** LIKE treats % and _ as wildcards; a title search means the literal text. */
const likeLiteral = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listDocuments({ tx, tenantId }: TenantTx, filters: DocumentFilters, skip: number, limit: number) {
  const where: SQL[] = [eq(documents.tenantId, tenantId)];
  if (filters.status) where.push(eq(documents.status, filters.status));
  if (filters.memoryId) where.push(eq(documents.memoryId, filters.memoryId));
  if (filters.folderId === null) where.push(isNull(documents.folderId));
  else if (filters.folderId) where.push(eq(documents.folderId, filters.folderId));
  if (filters.search) where.push(ilike(documents.filename, likeLiteral(filters.search)));
  const condition = and(...where);
  const items = await tx
    .select()
    .from(documents)
    .where(condition)
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .offset(skip)
    .limit(limit);
  const [{ total }] = await tx.select({ total: count() }).from(documents).where(condition);
  return { items, total };
}

export async function updateDocument(
  { tx, tenantId }: TenantTx,
  id: string,
  values: Partial<typeof documents.$inferInsert>,
): Promise<DocumentRow | null> {
  const [row] = await tx
    .update(documents)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(documents.tenantId, tenantId), eq(documents.id, id)))
    .returning();
  return row ?? null;
}

export type DeletedDocument = Pick<DocumentRow, 'id' | 'filename' | 'memoryId' | 'batchId' | 'status' | 'blobKey' | 'extractedKey'>;

/**
 * Deletes the tenant's documents `ids`; chunks and jobs go with the rows (ON DELETE CASCADE). Returns what the
 * caller still needs of the deleted rows: their names for the event log, and their blob keys, which are the
 * caller's to delete after commit.
 */
export async function deleteDocuments({ tx, tenantId }: TenantTx, ids: readonly string[]): Promise<DeletedDocument[]> {
  if (ids.length === 0) return [];
  return tx
    .delete(documents)
    .where(and(eq(documents.tenantId, tenantId), inArray(documents.id, [...ids])))
    .returning({
      id: documents.id,
      filename: documents.filename,
      memoryId: documents.memoryId,
      batchId: documents.batchId,
      status: documents.status,
      blobKey: documents.blobKey,
      extractedKey: documents.extractedKey,
    });
}

export async function statusCounts({ tx, tenantId }: TenantTx): Promise<Record<string, number>> {
  const found = await tx
    .select({ status: documents.status, n: count() })
    .from(documents)
    .where(eq(documents.tenantId, tenantId))
    .groupBy(documents.status);
  return Object.fromEntries(found.map((r) => [r.status, Number(r.n)]));
}

export async function listJobs({ tx, tenantId }: TenantTx, documentId: string): Promise<DocumentJobRow[]> {
  return tx
    .select()
    .from(documentJobs)
    .where(and(eq(documentJobs.tenantId, tenantId), eq(documentJobs.documentId, documentId)))
    .orderBy(asc(documentJobs.createdAt), asc(documentJobs.id));
}

/** `lock`: FOR UPDATE, for a worker about to change the job's state. */
export async function findJob({ tx, tenantId }: TenantTx, id: string, lock = false): Promise<DocumentJobRow | null> {
  const query = tx.select().from(documentJobs).where(and(eq(documentJobs.tenantId, tenantId), eq(documentJobs.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export interface ChunkListRow {
  id: string;
  chunk_index: number;
  text: string;
  token_count: number;
  page: number | null;
  section: string | null;
  sheet: string | null;
  char_start: number;
  char_end: number;
}

/** The live chunk set only: a set being staged by a running job is invisible until it is swapped in. */
export async function listChunks({ tx, tenantId }: TenantTx, doc: DocumentRow, skip: number, limit: number) {
  if (!doc.liveJobId) return { items: [] as ChunkListRow[], total: 0 };
  const items = await rows<ChunkListRow>(tx, sql`
    SELECT id, chunk_index, text, token_count, page, section, sheet, char_start, char_end
    FROM document_chunks
    WHERE tenant_id = ${tenantId} AND document_id = ${doc.id} AND job_id = ${doc.liveJobId}
    ORDER BY chunk_index
    OFFSET ${skip} LIMIT ${limit}`);
  const [{ total }] = await rows<{ total: number }>(tx, sql`
    SELECT count(*)::int AS total FROM document_chunks
    WHERE tenant_id = ${tenantId} AND document_id = ${doc.id} AND job_id = ${doc.liveJobId}`);
  return { items, total };
}
