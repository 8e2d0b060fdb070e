import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.js';
import type { TenantTx } from '../../platform/db/tenant-db.js';
import { apps, appVersions, type AppRow, type AppVersionRow } from './apps.table.js';

/** The tenant's own app with this manifest id, locked: two imports of one app run one after the other. */
export async function lockAppByManifestId(t: TenantTx, manifestId: string): Promise<AppRow | null> {
  const [row] = await t.tx
    .select()
    .from(apps)
    .where(and(eq(apps.tenantId, t.tenantId), eq(apps.manifestId, manifestId)))
    .for('update');
  return row ?? null;
}

export async function insertApp(t: TenantTx, values: Pick<AppRow, 'manifestId' | 'name' | 'latestVersion'>): Promise<AppRow> {
  const [row] = await t.tx.insert(apps).values({ ...values, tenantId: t.tenantId }).returning();
  return row;
}

export async function insertAppVersion(
  t: TenantTx,
  values: Pick<AppVersionRow, 'appId' | 'version' | 'manifest' | 'permissions' | 'entryOrigin' | 'importedByUserId'>,
): Promise<AppVersionRow> {
  const [row] = await t.tx.insert(appVersions).values({ ...values, tenantId: t.tenantId }).returning();
  return row;
}

export async function setLatestVersion(t: TenantTx, appId: string, version: AppVersionRow, name: string): Promise<AppRow> {
  const [row] = await t.tx
    .update(apps)
    .set({ latestVersionId: version.id, latestVersion: version.version, name, updatedAt: sql`now()` })
    .where(and(eq(apps.tenantId, t.tenantId), eq(apps.id, appId)))
    .returning();
  return row;
}

/** The apps this tenant may install: its own and every published one, each with its latest version. */
export async function listVisibleApps(t: TenantTx, skip: number, limit: number): Promise<{ rows: { app: AppRow; latest: AppVersionRow | null }[]; total: number }> {
  const page = await t.tx
    .select({ app: apps, latest: appVersions, total: sql<number>`count(*) OVER ()`.mapWith(Number) })
    .from(apps)
    .leftJoin(appVersions, eq(appVersions.id, apps.latestVersionId))
    .where(or(eq(apps.tenantId, t.tenantId), eq(apps.published, true)))
    .orderBy(apps.name, apps.id)
    .offset(skip)
    .limit(limit);
  if (page.length > 0) return { rows: page.map(({ app, latest }) => ({ app, latest })), total: page[0].total };
  const [{ total }] = await t.tx
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(apps)
    .where(or(eq(apps.tenantId, t.tenantId), eq(apps.published, true)));
  return { rows: [], total };
}

/** An app this tenant may use: its own or a published one (another tenant's unpublished app is null, a 404). */
export async function findVisibleApp(t: TenantTx, appId: string): Promise<AppRow | null> {
  const [row] = await t.tx
    .select()
    .from(apps)
    .where(and(eq(apps.id, appId), or(eq(apps.tenantId, t.tenantId), eq(apps.published, true))));
  return row ?? null;
}

export async function listVersions(t: TenantTx, appId: string): Promise<AppVersionRow[]> {
  const rows = await t.tx.select().from(appVersions).where(eq(appVersions.appId, appId)).orderBy(desc(appVersions.createdAt));
  return rows;
}

/** A version by id, as readable by this tenant (its own app's, a published app's, or one it has installed). */
export async function findVersion(t: TenantTx, versionId: string): Promise<AppVersionRow | null> {
  const [row] = await t.tx.select().from(appVersions).where(eq(appVersions.id, versionId));
  return row ?? null;
}

/** Operator command: publishes or withdraws an app of whichever tenant (found through 0015's SECURITY DEFINER function). */
export async function findAppTenant(db: Pick<Database, 'query'>, appId: string): Promise<string | null> {
  const [row] = await db.query<{ tenant_id: string | null }>(sql`SELECT apps_find_app_tenant(${appId}::uuid) AS tenant_id`);
  return row?.tenant_id ?? null;
}

export async function setPublished(t: TenantTx, appId: string, published: boolean): Promise<AppRow | null> {
  const [row] = await t.tx
    .update(apps)
    .set({ published, publishedAt: published ? sql`coalesce(published_at, now())` : null, updatedAt: sql`now()` })
    .where(and(eq(apps.tenantId, t.tenantId), eq(apps.id, appId)))
    .returning();
  return row ?? null;
}
