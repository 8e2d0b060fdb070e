import type { Database } from '../../platform/db/database.js';
import { isUuid } from '../../platform/db/database.js';
import { tenantDb } from '../../platform/db/tenant-db.js';
import type { AppCredentialStore } from '../../platform/auth/authenticator.js';
import { findInstallation, originInstalled } from './installations.repo.js';

/** What authentication reads of installations (the Authenticator caches it and drops it on invalidation). */
export function createAppCredentialStore(db: Pick<Database, 'tenant' | 'query'>): AppCredentialStore {
  return {
    async installation(tenantId, installationId) {
      if (!isUuid(tenantId) || !isUuid(installationId)) return null;
      const row = await tenantDb(db, tenantId).run((t) => findInstallation(t, installationId));
      return row
        ? {
            id: row.id,
            tenantId: row.tenantId,
            appId: row.appId,
            appVersionId: row.appVersionId,
            status: row.status,
            grantedPermissions: row.grantedPermissions,
            origin: row.entryOrigin,
          }
        : null;
    },
    isInstalledOrigin: (origin) => (origin.length <= 2048 ? originInstalled(db, origin) : Promise.resolve(false)),
  };
}
