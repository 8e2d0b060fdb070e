import { and, count, desc, eq, gt, ilike, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { TenantTx } from '../../../platform/db/tenant-db.js';
import {
  appAssetAttachments,
  richDocuments,
  richDocumentSettings,
  richDocumentVersions,
  type RichDocumentRow,
  type RichDocumentVersionRow,
} from '../app-content.table.js';

const ofTenant = (t: TenantTx) => eq(richDocuments.tenantId, t.tenantId);

/** A document of the tenant; with `installationId`, only if it belongs to that installation. */
export async function findRichDocument(t: TenantTx, id: string, options: { installationId?: string; lock?: boolean } = {}): Promise<RichDocumentRow | null> {
  const conditions = [ofTenant(t), eq(richDocuments.id, id)];
  if (options.installationId) conditions.push(eq(richDocuments.installationId, options.installationId));
  const query = t.tx.select().from(richDocuments).where(and(...conditions));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertRichDocument(
  t: TenantTx,
  values: { installationId: string; title: string; createdBy: string | null; now: Date },
): Promise<RichDocumentRow> {
  const [row] = await t.tx
    .insert(richDocuments)
    .values({ tenantId: t.tenantId, installationId: values.installationId, title: values.title, currentVersion: 1, createdBy: values.createdBy, createdAt: values.now, updatedAt: values.now })
    .returning();
  return row;
}

export async function insertVersion(
  t: TenantTx,
  values: { documentId: string; version: number; title: string; content: Record<string, unknown>; sizeBytes: number; restoredFrom: number | null; createdBy: string | null; now: Date },
): Promise<RichDocumentVersionRow> {
  const [row] = await t.tx
    .insert(richDocumentVersions)
    .values({ tenantId: t.tenantId, ...values, createdAt: values.now })
    .returning();
  return row;
}

export async function advanceDocument(t: TenantTx, id: string, values: { title: string; version: number; now: Date }): Promise<RichDocumentRow> {
  const [row] = await t.tx
    .update(richDocuments)
    .set({ title: values.title, currentVersion: values.version, updatedAt: values.now })
    .where(and(ofTenant(t), eq(richDocuments.id, id)))
    .returning();
  return row;
}

/** Drops the versions older than the newest `keep` (the current one always stays). */
export async function pruneVersions(t: TenantTx, documentId: string, current: number, keep: number): Promise<void> {
  await t.tx
    .delete(richDocumentVersions)
    .where(and(eq(richDocumentVersions.tenantId, t.tenantId), eq(richDocumentVersions.documentId, documentId), lte(richDocumentVersions.version, current - keep)));
}

export async function findVersion(t: TenantTx, documentId: string, version: number): Promise<RichDocumentVersionRow | null> {
  const [row] = await t.tx
    .select()
    .from(richDocumentVersions)
    .where(and(eq(richDocumentVersions.tenantId, t.tenantId), eq(richDocumentVersions.documentId, documentId), eq(richDocumentVersions.version, version)));
  return row ?? null;
}

/** Versions newest first, without their content. */
export async function listVersions(t: TenantTx, documentId: string, skip: number, limit: number) {
  const where = and(eq(richDocumentVersions.tenantId, t.tenantId), eq(richDocumentVersions.documentId, documentId));
  const rows = await t.tx
    .select({
      version: richDocumentVersions.version,
      title: richDocumentVersions.title,
      sizeBytes: richDocumentVersions.sizeBytes,
      restoredFrom: richDocumentVersions.restoredFrom,
      createdBy: richDocumentVersions.createdBy,
      createdAt: richDocumentVersions.createdAt,
    })
    .from(richDocumentVersions)
    .where(where)
    .orderBy(desc(richDocumentVersions.version))
    .offset(skip)
    .limit(limit);
  const [{ n }] = await t.tx.select({ n: count() }).from(richDocumentVersions).where(where);
  return { rows, total: Number(n) };
}

/** `%`, `_` and `\` in a search are literal characters, not patterns. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listRichDocuments(t: TenantTx, filter: { installationId?: string; search?: string }, skip: number, limit: number) {
  const conditions: SQL[] = [ofTenant(t)];
  if (filter.installationId) conditions.push(eq(richDocuments.installationId, filter.installationId));
  if (filter.search) conditions.push(ilike(richDocuments.title, `%${likeEscape(filter.search)}%`));
  const where = and(...conditions);
  const rows = await t.tx.select().from(richDocuments).where(where).orderBy(desc(richDocuments.updatedAt), desc(richDocuments.id)).offset(skip).limit(limit);
  const [{ n }] = await t.tx.select({ n: count() }).from(richDocuments).where(where);
  return { rows, total: Number(n) };
}

export async function deleteRichDocument(t: TenantTx, id: string): Promise<void> {
  await t.tx.delete(richDocuments).where(and(ofTenant(t), eq(richDocuments.id, id)));
}

export async function setSearchDocument(t: TenantTx, id: string, searchDocumentId: string | null): Promise<void> {
  await t.tx.update(richDocuments).set({ searchDocumentId }).where(and(ofTenant(t), eq(richDocuments.id, id)));
}

/** Asset ids attached to each of these documents. */
export async function attachedToDocuments(t: TenantTx, ids: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (ids.length === 0) return out;
  const rows = await t.tx
    .select({ documentId: appAssetAttachments.richDocumentId, assetId: appAssetAttachments.assetId })
    .from(appAssetAttachments)
    .where(and(eq(appAssetAttachments.tenantId, t.tenantId), inArray(appAssetAttachments.richDocumentId, [...ids])))
    .orderBy(appAssetAttachments.createdAt, appAssetAttachments.id);
  for (const row of rows) out.set(row.documentId!, [...(out.get(row.documentId!) ?? []), row.assetId]);
  return out;
}

/** A batch of an installation's documents (the purge), with their search copies. */
export async function documentsOf(t: TenantTx, installationId: string, limit: number): Promise<{ id: string; searchDocumentId: string | null }[]> {
  return t.tx
    .select({ id: richDocuments.id, searchDocumentId: richDocuments.searchDocumentId })
    .from(richDocuments)
    .where(and(ofTenant(t), eq(richDocuments.installationId, installationId)))
    .limit(limit);
}

export async function deleteRichDocuments(t: TenantTx, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await t.tx.delete(richDocuments).where(and(ofTenant(t), inArray(richDocuments.id, [...ids])));
}

/** Documents of the tenant with (or without) a search copy, in id order after `after` (turning indexing on or off). */
export async function documentsForSearchToggle(t: TenantTx, indexed: boolean, after: string | null, limit: number) {
  const conditions: SQL[] = [ofTenant(t), indexed ? isNotNull(richDocuments.searchDocumentId) : isNull(richDocuments.searchDocumentId)];
  if (after) conditions.push(gt(richDocuments.id, after));
  return t.tx
    .select({ id: richDocuments.id, installationId: richDocuments.installationId, currentVersion: richDocuments.currentVersion, searchDocumentId: richDocuments.searchDocumentId })
    .from(richDocuments)
    .where(and(...conditions))
    .orderBy(richDocuments.id)
    .limit(limit);
}

export async function readIndexInSearch(t: TenantTx): Promise<boolean> {
  const [row] = await t.tx.select({ on: richDocumentSettings.indexInSearch }).from(richDocumentSettings).where(eq(richDocumentSettings.tenantId, t.tenantId));
  return row?.on ?? false;
}

export async function writeIndexInSearch(t: TenantTx, on: boolean): Promise<void> {
  await t.tx
    .insert(richDocumentSettings)
    .values({ tenantId: t.tenantId, indexInSearch: on })
    .onConflictDoUpdate({ target: richDocumentSettings.tenantId, set: { indexInSearch: on, updatedAt: sql`now()` } });
}
