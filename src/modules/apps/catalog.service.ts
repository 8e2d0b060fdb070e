import type { Database } from '../../platform/db/database.js';
import { tenantDb, type TenantDb } from '../../platform/db/tenant-db.js';
import type { AppPrincipal, Principal } from '../../platform/auth/principal.js';
import { AppError } from '../../platform/http/errors.js';
import { audit } from '../audit/index.js';
import {
  findAppTenant,
  findVisibleApp,
  insertApp,
  insertAppVersion,
  listVersions,
  listVisibleApps,
  lockAppByManifestId,
  setLatestVersion,
  setPublished,
} from './apps.repo.js';
import { findActiveInstallationOfApp } from './installations.repo.js';
import { presentApp, presentVersion } from './apps.present.js';
import { compareSemver } from './manifest/semver.js';
import { originOf } from './manifest/urls.js';
import type { ManifestIssue } from './manifest/record-schema.js';
import type { ManifestValidator } from './manifest/validate-manifest.js';
import { isUniqueViolation } from './unique-violation.js';

export interface CatalogDeps {
  db: Pick<Database, 'query' | 'tenant'>;
  validator: ManifestValidator;
}


/** A refused manifest: 422 in FastAPI's shape, each problem also carrying its JSON pointer. */
function invalidManifest(errors: ManifestIssue[]): AppError {
  const loc = (path: string) => ['body', 'manifest', ...path.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))];
  return new AppError('invalid_manifest', errors.map((e) => ({ loc: loc(e.path), msg: e.message, type: 'manifest', path: e.path })));
}

const userIdOf = (principal: Principal | AppPrincipal) => (principal.kind === 'api_key' ? null : principal.userId);

/**
 * The apps a tenant can install: manifests validated and imported as immutable versions of an app (one app
 * per manifest id in the importing tenant; each import must raise the version), plus the apps the
 * operator published for every tenant.
 */
export function createCatalogService(deps: CatalogDeps) {
  const { db, validator } = deps;

  function validate(manifest: unknown) {
    const verdict = validator.validate(manifest);
    return { valid: verdict.valid, errors: verdict.errors };
  }

  async function importManifest(tenant: TenantDb, principal: Principal, input: unknown) {
    const verdict = validator.validate(input);
    if (!verdict.valid) throw invalidManifest(verdict.errors);
    const manifest = verdict.manifest;
    try {
      return await tenant.run(async (t) => {
        const existing = await lockAppByManifestId(t, manifest.id);
        if (existing && compareSemver(manifest.version, existing.latestVersion) <= 0) {
          throw new AppError('app_version_not_newer', `${manifest.id} is at version ${existing.latestVersion} in this tenant; import a higher version than that`);
        }
        const app = existing ?? (await insertApp(t, { manifestId: manifest.id, name: manifest.name, latestVersion: manifest.version }));
        const version = await insertAppVersion(t, {
          appId: app.id,
          version: manifest.version,
          manifest,
          permissions: [...manifest.permissions],
          entryOrigin: originOf(manifest.entry_url),
          importedByUserId: userIdOf(principal),
        });
        await setLatestVersion(t, app.id, version, manifest.name);
        await audit(t, 'app.imported', principal, {
          targetId: app.id, targetName: manifest.name, details: { manifest_id: manifest.id, version: manifest.version, new_app: existing === null, permissions: version.permissions },
        });
        return {
          app_id: app.id,
          id: manifest.id,
          version: manifest.version,
          version_id: version.id,
          name: manifest.name,
          new_app: existing === null,
          permissions: version.permissions,
        };
      });
    } catch (error) {
      // Two first imports of one app at once: the loser's insert meets the winner's row.
      if (isUniqueViolation(error)) throw new AppError('app_version_not_newer', `${manifest.id} ${manifest.version} was imported by a concurrent request`);
      throw error;
    }
  }

  async function list(tenant: TenantDb, skip: number, limit: number) {
    const { rows, total } = await tenant.run((t) => listVisibleApps(t, skip, limit));
    return { items: rows.map(({ app, latest }) => presentApp(app, latest, tenant.tenantId)), total, skip, limit };
  }

  async function get(tenant: TenantDb, appId: string) {
    return tenant.run(async (t) => {
      const app = await findVisibleApp(t, appId);
      if (!app) throw new AppError('app_not_found');
      const versions = await listVersions(t, app.id);
      const latest = versions.find((v) => v.id === app.latestVersionId) ?? null;
      const installation = await findActiveInstallationOfApp(t, app.id);
      return {
        ...presentApp(app, latest, t.tenantId),
        versions: versions.map(presentVersion),
        manifest: (latest?.manifest ?? {}) as Record<string, unknown>,
        installation_id: installation?.id ?? null,
      };
    });
  }

  /** Operator command: makes an app listed for and installable by every tenant (or withdraws it). */
  async function publish(appId: string, published: boolean) {
    const tenantId = await findAppTenant(db, appId);
    if (!tenantId) throw new AppError('app_not_found');
    const row = await tenantDb(db, tenantId).run((t) => setPublished(t, appId, published));
    if (!row) throw new AppError('app_not_found');
    return { app_id: row.id, id: row.manifestId, name: row.name, tenant_id: row.tenantId, published: row.published };
  }

  return { validate, importManifest, list, get, publish, schema: validator.schema };
}
export type CatalogService = ReturnType<typeof createCatalogService>;
