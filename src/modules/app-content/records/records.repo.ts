import { and, asc, count, desc, eq, getTableColumns, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { TenantTx } from '../../../platform/db/tenant-db.js';
import { appAssetAttachments, appRecords, type RecordRow } from '../app-content.table.js';

/** One collection of one installation of the transaction's tenant. */
export interface CollectionKey {
  installationId: string;
  collection: string;
}

const ofCollection = (t: TenantTx, key: CollectionKey) =>
  and(eq(appRecords.tenantId, t.tenantId), eq(appRecords.installationId, key.installationId), eq(appRecords.collection, key.collection));

const byId = (t: TenantTx, key: CollectionKey, id: string) => and(ofCollection(t, key), eq(appRecords.id, id));

export async function insertRecord(
  t: TenantTx,
  key: CollectionKey,
  values: { data: Record<string, unknown>; sizeBytes: number; createdBy: string | null; now: Date },
): Promise<RecordRow> {
  const [row] = await t.tx
    .insert(appRecords)
    .values({
      tenantId: t.tenantId,
      installationId: key.installationId,
      collection: key.collection,
      data: values.data,
      sizeBytes: values.sizeBytes,
      createdBy: values.createdBy,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning();
  return row;
}

export async function findRecord(t: TenantTx, key: CollectionKey, id: string, options: { lock?: boolean } = {}): Promise<RecordRow | null> {
  const query = t.tx.select().from(appRecords).where(byId(t, key, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * The ids of the assets attached to the record of the outer query, oldest attachment first (one statement reads
 * both). The outer columns are named with their table: unqualified, they would mean the subquery's own.
 */
const assetIdsOfRow = sql<string[]>`(
  SELECT coalesce(array_agg(a.asset_id::text ORDER BY a.created_at, a.id), '{}'::text[]) FROM app_asset_attachments a
  WHERE a.tenant_id = app_records.tenant_id AND a.installation_id = app_records.installation_id
    AND a.collection = app_records.collection AND a.record_id = app_records.id)`;

/** A record with its attached assets, in one statement (the read path of GET). */
export async function findRecordWithAssets(t: TenantTx, key: CollectionKey, id: string): Promise<{ row: RecordRow; assetIds: string[] } | null> {
  const [found] = await t.tx
    .select({ ...getTableColumns(appRecords), assetIds: assetIdsOfRow })
    .from(appRecords)
    .where(byId(t, key, id));
  if (!found) return null;
  const { assetIds, ...row } = found;
  return { row, assetIds };
}

export async function updateRecord(t: TenantTx, key: CollectionKey, id: string, values: { data: Record<string, unknown>; sizeBytes: number; now: Date }): Promise<RecordRow> {
  const [row] = await t.tx
    .update(appRecords)
    .set({ data: values.data, sizeBytes: values.sizeBytes, version: sql`${appRecords.version} + 1`, updatedAt: values.now })
    .where(byId(t, key, id))
    .returning();
  return row;
}

export async function deleteRecord(t: TenantTx, key: CollectionKey, id: string): Promise<void> {
  await t.tx.delete(appRecords).where(byId(t, key, id));
}

export interface ListSpec {
  /** Top-level fields and the JSON values they must equal (a containment test the GIN index answers). */
  equals: Record<string, string | number | boolean>;
  sort: { kind: 'column'; column: 'created_at' | 'updated_at' } | { kind: 'field'; field: string };
  order: 'asc' | 'desc';
  skip: number;
  limit: number;
}

/**
 * A page of records and the total. The total is counted apart, and only when the page does not tell it: a
 * count alone can be answered from the index (a window count over the page's query reads every row's JSON).
 */
export async function listRecords(t: TenantTx, key: CollectionKey, spec: ListSpec): Promise<{ rows: RecordRow[]; total: number }> {
  const conditions: SQL[] = [ofCollection(t, key)!];
  if (Object.keys(spec.equals).length > 0) conditions.push(sql`${appRecords.data} @> ${JSON.stringify(spec.equals)}::jsonb`);
  const where = and(...conditions);
  const direction = spec.order === 'desc' ? desc : asc;
  const primary =
    spec.sort.kind === 'field'
      ? direction(sql`${appRecords.data} -> ${spec.sort.field}`)
      : direction(spec.sort.column === 'created_at' ? appRecords.createdAt : appRecords.updatedAt);
  const rows = await t.tx.select().from(appRecords).where(where).orderBy(primary, direction(appRecords.id)).offset(spec.skip).limit(spec.limit);
  // A short page that is not past the end is the last one: the total is known without counting.
  const known = rows.length < spec.limit && (rows.length > 0 || spec.skip === 0);
  const total = known ? spec.skip + rows.length : Number((await t.tx.select({ n: count() }).from(appRecords).where(where))[0].n);
  return { rows, total };
}

/** Asset ids attached to each of these records, oldest attachment first. */
export async function attachedAssets(t: TenantTx, key: CollectionKey, recordIds: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (recordIds.length === 0) return out;
  const rows = await t.tx
    .select({ recordId: appAssetAttachments.recordId, assetId: appAssetAttachments.assetId })
    .from(appAssetAttachments)
    .where(
      and(
        eq(appAssetAttachments.tenantId, t.tenantId),
        eq(appAssetAttachments.installationId, key.installationId),
        eq(appAssetAttachments.collection, key.collection),
        isNotNull(appAssetAttachments.recordId),
        inArray(appAssetAttachments.recordId, [...recordIds]),
      ),
    )
    .orderBy(appAssetAttachments.createdAt, appAssetAttachments.id);
  for (const row of rows) out.set(row.recordId!, [...(out.get(row.recordId!) ?? []), row.assetId]);
  return out;
}

/** Deletes up to `batch` records of an installation (the purge); returns how many went. */
export async function deleteRecordsOf(t: TenantTx, installationId: string, batch: number): Promise<number> {
  const doomed = t.tx
    .select({ id: appRecords.id })
    .from(appRecords)
    .where(and(eq(appRecords.tenantId, t.tenantId), eq(appRecords.installationId, installationId)))
    .limit(batch);
  const gone = await t.tx
    .delete(appRecords)
    .where(and(eq(appRecords.tenantId, t.tenantId), eq(appRecords.installationId, installationId), inArray(appRecords.id, doomed)))
    .returning({ id: appRecords.id });
  return gone.length;
}
