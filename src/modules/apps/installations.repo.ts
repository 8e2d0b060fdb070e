import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.js';
import type { TenantTx } from '../../platform/db/tenant-db.js';
import { appInstallations, apps, appVersions, type AppRow, type AppVersionRow, type InstallationRow, type InstallationStatus } from './apps.table.js';

export async function insertInstallation(
  t: TenantTx,
  values: Pick<InstallationRow, 'appId' | 'appVersionId' | 'grantedPermissions' | 'entryOrigin' | 'installedByUserId'>,
): Promise<InstallationRow> {
  const [row] = await t.tx.insert(appInstallations).values({ ...values, tenantId: t.tenantId }).returning();
  return row;
}

export async function findInstallation(t: TenantTx, id: string, options: { lock?: boolean } = {}): Promise<InstallationRow | null> {
  const query = t.tx
    .select()
    .from(appInstallations)
    .where(and(eq(appInstallations.tenantId, t.tenantId), eq(appInstallations.id, id)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function findActiveInstallationOfApp(t: TenantTx, appId: string): Promise<InstallationRow | null> {
  const [row] = await t.tx
    .select()
    .from(appInstallations)
    .where(and(eq(appInstallations.tenantId, t.tenantId), eq(appInstallations.appId, appId), eq(appInstallations.status, 'active')));
  return row ?? null;
}

/** An installation with the app and the version it runs (readable through 0015's policies, whoever owns the app). */
export interface InstallationView {
  installation: InstallationRow;
  app: AppRow;
  version: AppVersionRow;
}

const viewColumns = { installation: appInstallations, app: apps, version: appVersions };

export async function findInstallationView(t: TenantTx, id: string): Promise<InstallationView | null> {
  const [row] = await t.tx
    .select(viewColumns)
    .from(appInstallations)
    .innerJoin(apps, eq(apps.id, appInstallations.appId))
    .innerJoin(appVersions, eq(appVersions.id, appInstallations.appVersionId))
    .where(and(eq(appInstallations.tenantId, t.tenantId), eq(appInstallations.id, id)));
  return row ?? null;
}

export async function listInstallations(t: TenantTx, statuses: InstallationStatus[], skip: number, limit: number) {
  const where = and(eq(appInstallations.tenantId, t.tenantId), inArray(appInstallations.status, statuses));
  const page = await t.tx
    .select({ ...viewColumns, total: sql<number>`count(*) OVER ()`.mapWith(Number) })
    .from(appInstallations)
    .innerJoin(apps, eq(apps.id, appInstallations.appId))
    .innerJoin(appVersions, eq(appVersions.id, appInstallations.appVersionId))
    .where(where)
    .orderBy(desc(appInstallations.createdAt), desc(appInstallations.id))
    .offset(skip)
    .limit(limit);
  if (page.length > 0) return { rows: page.map(({ total: _total, ...view }) => view as InstallationView), total: page[0].total };
  const [{ total }] = await t.tx.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(appInstallations).where(where);
  return { rows: [] as InstallationView[], total };
}

export async function updateInstallation(
  t: TenantTx,
  id: string,
  values: Partial<Pick<InstallationRow, 'appVersionId' | 'grantedPermissions' | 'entryOrigin' | 'status' | 'uninstalledAt' | 'purgeAfter' | 'purgedAt'>>,
): Promise<InstallationRow> {
  const [row] = await t.tx
    .update(appInstallations)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(appInstallations.tenantId, t.tenantId), eq(appInstallations.id, id)))
    .returning();
  return row;
}

/** Whether an active installation in any tenant opens from this origin (0015's SECURITY DEFINER function). */
export async function originInstalled(db: Pick<Database, 'query'>, origin: string): Promise<boolean> {
  const [row] = await db.query<{ installed: boolean }>(sql`SELECT apps_origin_installed(${origin}) AS installed`);
  return row?.installed === true;
}

/** Uninstalled installations past their retention, across tenants, oldest first. */
export async function installationsToPurge(db: Pick<Database, 'query'>, now: Date, limit: number): Promise<{ tenantId: string; id: string }[]> {
  const rows = await db.query<{ tenant_id: string; id: string }>(
    sql`SELECT tenant_id, id FROM apps_installations_to_purge(${now.toISOString()}::timestamptz, ${limit})`,
  );
  return rows.map((r) => ({ tenantId: r.tenant_id, id: r.id }));
}
