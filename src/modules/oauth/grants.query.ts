import { isUuid, type Database } from '../../platform/db/database.js';
import { tenantDb } from '../../platform/db/tenant-db.js';
import { findGrant } from './grants.repo.js';

/** The Authenticator's question (CredentialStore.grantRevoked): does this grant no longer stand? */
export async function isGrantRevoked(db: Pick<Database, 'tenant'>, tenantId: string, grantId: string): Promise<boolean> {
  if (!isUuid(grantId) || !isUuid(tenantId)) return true;
  const grant = await tenantDb(db, tenantId).run((t) => findGrant(t, grantId));
  return !grant || grant.revokedAt !== null;
}
