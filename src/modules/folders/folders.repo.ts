import { and, asc, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { rows } from '../../platform/db/database.js';
import type { TenantTx } from '../../platform/db/tenant-db.js';
import { folders, type FolderRow } from './folders.table.js';

export type FolderWithCounts = FolderRow & { documentCount: number; subfolderCount: number };

// Written out in full: Drizzle leaves a column unqualified in a template, where it would bind to the inner alias.
const documentCount = sql<number>`(SELECT count(*) FROM documents d WHERE d.tenant_id = folders.tenant_id AND d.folder_id = folders.id)::int`;
const subfolderCount = sql<number>`(SELECT count(*) FROM folders c WHERE c.tenant_id = folders.tenant_id AND c.parent_id = folders.id)::int`;

const withCounts = (r: { folder: FolderRow; documentCount: number; subfolderCount: number }): FolderWithCounts => ({
  ...r.folder,
  documentCount: Number(r.documentCount),
  subfolderCount: Number(r.subfolderCount),
});

export async function insertFolder({ tx, tenantId }: TenantTx, values: { name: string; parentId: string | null }): Promise<FolderRow> {
  const [row] = await tx.insert(folders).values({ ...values, tenantId }).returning();
  return row;
}

/** `parentId` undefined lists every folder, null the root folders, an id that folder's children. */
export async function listFolders({ tx, tenantId }: TenantTx, parentId: string | null | undefined, skip: number, limit: number) {
  const conditions: SQL[] = [eq(folders.tenantId, tenantId)];
  if (parentId === null) conditions.push(isNull(folders.parentId));
  else if (parentId !== undefined) conditions.push(eq(folders.parentId, parentId));
  const where = and(...conditions);
  const found = await tx
    .select({ folder: folders, documentCount, subfolderCount })
    .from(folders)
    .where(where)
    .orderBy(asc(folders.name), asc(folders.id))
    .offset(skip)
    .limit(limit);
  const [{ total }] = await tx.select({ total: count() }).from(folders).where(where);
  return { rows: found.map(withCounts), total };
}

export async function findFolder({ tx, tenantId }: TenantTx, id: string, options: { lock?: boolean } = {}): Promise<FolderWithCounts | null> {
  const query = tx
    .select({ folder: folders, documentCount, subfolderCount })
    .from(folders)
    .where(and(eq(folders.tenantId, tenantId), eq(folders.id, id)));
  const [row] = options.lock ? await query.for('update', { of: folders }) : await query;
  return row ? withCounts(row) : null;
}

export async function updateFolder({ tx, tenantId }: TenantTx, id: string, patch: { name?: string; parentId?: string | null }): Promise<void> {
  await tx
    .update(folders)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(and(eq(folders.tenantId, tenantId), eq(folders.id, id)));
}

export async function deleteFolder({ tx, tenantId }: TenantTx, id: string): Promise<void> {
  await tx.delete(folders).where(and(eq(folders.tenantId, tenantId), eq(folders.id, id)));
}

/** Serialises moves within a tenant, so two concurrent moves cannot together close a cycle. */
export async function lockFolderTree({ tx, tenantId }: TenantTx): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`folders:${tenantId}`}, 0))`);
}

/** True when `candidate` is `folderId` itself or lies below it. */
export async function isInSubtree({ tx, tenantId }: TenantTx, folderId: string, candidate: string): Promise<boolean> {
  const found = await rows<{ hit: boolean }>(tx, sql`
    WITH RECURSIVE ancestors(id, parent_id, depth) AS (
      SELECT id, parent_id, 0 FROM folders WHERE tenant_id = ${tenantId} AND id = ${candidate}
      UNION ALL
      SELECT f.id, f.parent_id, a.depth + 1 FROM folders f JOIN ancestors a ON f.id = a.parent_id
      WHERE f.tenant_id = ${tenantId} AND a.depth < 10000
    )
    SELECT EXISTS (SELECT 1 FROM ancestors WHERE id = ${folderId}) AS hit`);
  return Boolean(found[0]?.hit);
}

/** The folder and every folder below it. */
export async function subtreeIds({ tx, tenantId }: TenantTx, folderId: string): Promise<string[]> {
  const found = await rows<{ id: string }>(tx, sql`
    WITH RECURSIVE tree(id, depth) AS (
      SELECT id, 0 FROM folders WHERE tenant_id = ${tenantId} AND id = ${folderId}
      UNION ALL
      SELECT f.id, t.depth + 1 FROM folders f JOIN tree t ON f.parent_id = t.id
      WHERE f.tenant_id = ${tenantId} AND t.depth < 10000
    )
    SELECT id FROM tree`);
  return found.map((r) => r.id);
}

/** The ids of the documents in these folders, locked for deletion. */
export async function documentIdsInFolders({ tx, tenantId }: TenantTx, folderIds: string[]): Promise<string[]> {
  if (folderIds.length === 0) return [];
  const found = await rows<{ id: string }>(tx, sql`
    SELECT id FROM documents
    WHERE tenant_id = ${tenantId} AND folder_id = ANY(${`{${folderIds.join(',')}}`}::uuid[])
    FOR UPDATE`);
  return found.map((r) => r.id);
}
