import type { AppRow, AppVersionRow } from './apps.table.js';
import type { InstallationView } from './installations.repo.js';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** An app as a tenant sees it: `owned` when this tenant imported it, `published` when every tenant may install it. */
export function presentApp(app: AppRow, latest: AppVersionRow | null, tenantId: string) {
  const m = latest?.manifest;
  return {
    app_id: app.id,
    id: app.manifestId,
    name: app.name,
    description: m?.description ?? null,
    publisher: m?.publisher ?? null,
    icon_url: m?.icon_url ?? null,
    latest_version: app.latestVersion,
    permissions: latest?.permissions ?? [],
    published: app.published,
    owned: app.tenantId === tenantId,
    created_at: app.createdAt.toISOString(),
    updated_at: app.updatedAt.toISOString(),
  };
}

export function presentVersion(v: AppVersionRow) {
  return {
    version_id: v.id,
    version: v.version,
    permissions: v.permissions,
    entry_url: v.manifest.entry_url,
    created_at: v.createdAt.toISOString(),
  };
}

export function presentInstallation({ installation: i, app, version }: InstallationView) {
  return {
    installation_id: i.id,
    app_id: app.id,
    id: app.manifestId,
    name: version.manifest.name,
    version: version.version,
    latest_version: app.latestVersion,
    upgrade_available: app.latestVersionId !== null && app.latestVersionId !== version.id,
    requested_permissions: version.permissions,
    granted_permissions: i.grantedPermissions,
    entry_url: version.manifest.entry_url,
    status: i.status,
    created_at: i.createdAt.toISOString(),
    updated_at: i.updatedAt.toISOString(),
    uninstalled_at: iso(i.uninstalledAt),
    purge_after: iso(i.purgeAfter),
    purged_at: iso(i.purgedAt),
  };
}
