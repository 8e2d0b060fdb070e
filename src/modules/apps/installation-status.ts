import type { TenantDb } from '../../platform/db/tenant-db.js';
import type { InstallationStatus } from './apps.table.js';
import { findInstallation } from './installations.repo.js';

/**
 * An installation's state, or null when the tenant has none by that id: what app content checks before it serves an
 * installation's data. A query, not a method of the apps module, so that app content can be built before apps (which
 * is handed app content's purgers).
 */
export async function installationStatusOf(tenant: TenantDb, installationId: string): Promise<InstallationStatus | null> {
  return tenant.run(async (t) => (await findInstallation(t, installationId))?.status ?? null);
}
