import type { ValidateFunction } from 'ajv/dist/2020.js';
import type { AppPrincipal } from '../../platform/auth/principal.js';
import type { TenantDb } from '../../platform/db/tenant-db.js';
import { findVersion } from './apps.repo.js';
import { findInstallation } from './installations.repo.js';
import { MANIFEST_LIMITS } from './manifest/limits.js';
import { compileRecordSchema } from './manifest/record-schema.js';
import type { Manifest } from './manifest/validate-manifest.js';

/** One collection of an installed app, with its record validator compiled once per app version. */
export interface AppCollection {
  name: string;
  schema: Record<string, unknown>;
  /** Top-level properties list filters may test for equality. */
  indexes: readonly string[];
  /** Validates one record (Ajv, every error; `validate.errors` holds them with JSON pointers in `instancePath`). */
  validate: ValidateFunction;
}

/** What an installed app declared, as the app-data, rich-document and asset areas need it. */
export interface InstalledManifest {
  appId: string;
  appVersionId: string;
  version: string;
  manifest: Manifest;
  collections: ReadonlyMap<string, AppCollection>;
  documents: { enabled: boolean; maxVersions: number };
  /** null: the app declared no assets (uploads refused). */
  assets: { maxFileBytes: number; maxTotalBytes: number; allowedMimeTypes: readonly string[] } | null;
}

const CACHE_MAX = 500;

/**
 * An installation's manifest, looked up by the app version it runs. Versions never change once imported,
 * so the compiled form is cached by version id for the life of the process (bounded, oldest dropped); an
 * app token already names its version (`principal.appVersionId`), so its requests cost no query here.
 */
export function createInstalledManifests() {
  const cache = new Map<string, InstalledManifest>();

  function compile(appId: string, appVersionId: string, version: string, manifest: Manifest): InstalledManifest {
    const collections = new Map<string, AppCollection>();
    for (const c of manifest.collections ?? []) {
      const compiled = compileRecordSchema(c.schema);
      // Every stored manifest compiled at import; a failure now means the stored row was altered by hand.
      if ('error' in compiled) throw new Error(`collection ${c.name} of app version ${appVersionId} does not compile: ${compiled.error}`);
      collections.set(c.name, { name: c.name, schema: c.schema, indexes: c.indexes ?? [], validate: compiled.validate });
    }
    return {
      appId,
      appVersionId,
      version,
      manifest,
      collections,
      documents: { enabled: manifest.documents?.enabled ?? false, maxVersions: manifest.documents?.max_versions ?? MANIFEST_LIMITS.defaultDocumentVersions },
      assets: manifest.assets
        ? { maxFileBytes: manifest.assets.max_file_bytes, maxTotalBytes: manifest.assets.max_total_bytes, allowedMimeTypes: manifest.assets.allowed_mime_types }
        : null,
    };
  }

  async function ofVersion(tenant: TenantDb, appVersionId: string): Promise<InstalledManifest | null> {
    const hit = cache.get(appVersionId);
    if (hit) return hit;
    const row = await tenant.run((t) => findVersion(t, appVersionId));
    if (!row) return null;
    const built = compile(row.appId, row.id, row.version, row.manifest);
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
    cache.set(row.id, built);
    return built;
  }

  return {
    /** The manifest of the version the calling app token's installation runs (checked active by authentication). */
    forApp: (tenant: TenantDb, principal: AppPrincipal) => ofVersion(tenant, principal.appVersionId),
    /** The manifest of an installation of this tenant (any status), or null when it does not exist here. */
    async forInstallation(tenant: TenantDb, installationId: string): Promise<InstalledManifest | null> {
      const row = await tenant.run((t) => findInstallation(t, installationId));
      return row ? ofVersion(tenant, row.appVersionId) : null;
    },
  };
}
export type InstalledManifests = ReturnType<typeof createInstalledManifests>;
