import type { Database } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/errors.js';
import { findTenant, type TenantRow } from '../tenants/index.js';

/** A tenant named by id or slug (the login's convention), or null. */
export function findTenantByRef(db: Pick<Database, 'system'>, ref: string): Promise<TenantRow | null> {
  return db.system((tx) => findTenant(tx, ref.trim()));
}

/**
 * The management routes take `tenant_id` in their query (SPEC); the tenant always comes from the token, and a query
 * naming another tenant (or none that exists) is the 404 of an object the caller cannot see.
 */
export async function assertCallerTenant(db: Pick<Database, 'system'>, callerTenantId: string, ref: string | undefined): Promise<void> {
  if (ref === undefined) return;
  const tenant = await findTenantByRef(db, ref);
  if (!tenant || tenant.id !== callerTenantId.toLowerCase()) throw new AppError('tenant_not_found');
}
