import type { Principal } from '../../platform/auth/principal.js';
import type { TenantDb } from '../../platform/db/tenant-db.js';
import { AppError, unprocessable } from '../../platform/http/errors.js';
import type { InstalledManifest, InstalledManifests } from '../apps/index.js';

type InstallationStatus = 'active' | 'uninstalled' | 'purged';

/** How app content learns an installation's state (the apps module answers it; wired in src/modules/index.ts). */
export type InstallationStatusLookup = (tenant: TenantDb, installationId: string) => Promise<InstallationStatus | null>;

/** What a request may touch: one installation of the caller's tenant, with what its manifest declares. */
export interface ContentScope {
  installationId: string;
  manifest: InstalledManifest;
  /** The user acting (an app acts for the user who opened it); null for an API key. */
  actorUserId: string | null;
  /** The caller is the app itself (an app access token), not a user or key of the tenant. */
  viaApp: boolean;
}

/**
 * `read` and `delete` also reach an uninstalled installation's content during its retention (so an admin can
 * look at or remove what an app left); `write` needs an active installation.
 */
export type Access = 'read' | 'write' | 'delete';

const actorOf = (principal: Principal): string | null => (principal.kind === 'api_key' ? null : principal.userId);

/**
 * Resolves the installation a request works on. An app token names its own (and only its own: asking for
 * another one is the 404 of an installation that does not exist); a user or API key names one with
 * `installation_id`, which must belong to the caller's tenant and not be purged.
 */
export function createScopes(deps: { manifests: InstalledManifests; installationStatus: InstallationStatusLookup }) {
  async function forInstallation(tenant: TenantDb, principal: Principal, installationId: string, access: Access): Promise<ContentScope> {
    if (principal.kind === 'app') {
      if (installationId !== principal.installationId) throw new AppError('installation_not_found');
      const manifest = await deps.manifests.forApp(tenant, principal);
      if (!manifest) throw new AppError('installation_not_found');
      return { installationId, manifest, actorUserId: principal.userId, viaApp: true };
    }
    const status = await deps.installationStatus(tenant, installationId);
    if (status === null || status === 'purged') throw new AppError('installation_not_found');
    if (status === 'uninstalled' && access === 'write') throw new AppError('installation_read_only');
    const manifest = await deps.manifests.forInstallation(tenant, installationId);
    if (!manifest) throw new AppError('installation_not_found');
    return { installationId, manifest, actorUserId: actorOf(principal), viaApp: false };
  }

  /** The installation of the request: the app token's, or `installation_id` (required of users and keys). */
  async function resolve(tenant: TenantDb, principal: Principal, installationId: string | undefined, access: Access, where: 'query' | 'body' = 'query'): Promise<ContentScope> {
    if (principal.kind === 'app') return forInstallation(tenant, principal, installationId ?? principal.installationId, access);
    if (!installationId) {
      throw unprocessable([where, 'installation_id'], 'installation_id is required of users and API keys (an app access token names its own installation)', 'missing');
    }
    return forInstallation(tenant, principal, installationId, access);
  }

  return { resolve, forInstallation };
}
export type Scopes = ReturnType<typeof createScopes>;
