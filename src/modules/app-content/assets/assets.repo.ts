import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { TenantTx } from '../../../platform/db/tenant-db.js';
import { appAssetAttachments, appAssets, type AssetRow, type AttachmentRow } from '../app-content.table.js';

const ofTenant = (t: TenantTx) => eq(appAssets.tenantId, t.tenantId);

export async function insertAsset(t: TenantTx, values: Omit<AssetRow, 'id' | 'tenantId'>): Promise<AssetRow> {
  const [row] = await t.tx.insert(appAssets).values({ tenantId: t.tenantId, ...values }).returning();
  return row;
}

/** An asset of the tenant; with `installationId`, only if it belongs to that installation. */
export async function findAsset(t: TenantTx, id: string, options: { installationId?: string; lock?: boolean } = {}): Promise<AssetRow | null> {
  const conditions = [ofTenant(t), eq(appAssets.id, id)];
  if (options.installationId) conditions.push(eq(appAssets.installationId, options.installationId));
  const query = t.tx.select().from(appAssets).where(and(...conditions));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function listAssets(t: TenantTx, installationId: string | undefined, skip: number, limit: number) {
  const where = installationId ? and(ofTenant(t), eq(appAssets.installationId, installationId)) : ofTenant(t);
  const rows = await t.tx.select().from(appAssets).where(where).orderBy(desc(appAssets.createdAt), desc(appAssets.id)).offset(skip).limit(limit);
  const [{ n }] = await t.tx.select({ n: count() }).from(appAssets).where(where);
  return { rows, total: Number(n) };
}

export async function deleteAssets(t: TenantTx, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await t.tx.delete(appAssets).where(and(ofTenant(t), inArray(appAssets.id, [...ids])));
}

/** A batch of an installation's assets (the purge). */
export async function assetsOf(t: TenantTx, installationId: string, limit: number): Promise<Pick<AssetRow, 'id' | 'blobKey'>[]> {
  return t.tx
    .select({ id: appAssets.id, blobKey: appAssets.blobKey })
    .from(appAssets)
    .where(and(ofTenant(t), eq(appAssets.installationId, installationId)))
    .limit(limit);
}

export async function attach(
  t: TenantTx,
  values: { installationId: string; assetId: string; now: Date } & ({ collection: string; recordId: string } | { richDocumentId: string }),
): Promise<void> {
  await t.tx
    .insert(appAssetAttachments)
    .values({
      tenantId: t.tenantId,
      installationId: values.installationId,
      assetId: values.assetId,
      collection: 'collection' in values ? values.collection : null,
      recordId: 'recordId' in values ? values.recordId : null,
      richDocumentId: 'richDocumentId' in values ? values.richDocumentId : null,
      createdAt: values.now,
    })
    .onConflictDoNothing();
}

export async function attachmentsOf(t: TenantTx, assetIds: readonly string[]): Promise<Map<string, AttachmentRow[]>> {
  const out = new Map<string, AttachmentRow[]>();
  if (assetIds.length === 0) return out;
  const rows = await t.tx
    .select()
    .from(appAssetAttachments)
    .where(and(eq(appAssetAttachments.tenantId, t.tenantId), inArray(appAssetAttachments.assetId, [...assetIds])))
    .orderBy(appAssetAttachments.createdAt, appAssetAttachments.id);
  for (const row of rows) out.set(row.assetId, [...(out.get(row.assetId) ?? []), row]);
  return out;
}
