import type { Database } from '../../platform/db/database.js';
import { findClientAnywhere } from './clients.repo.js';
import { isClientIdShape } from './clients.service.js';

/**
 * Whether the client exists and may serve users of the tenant (platform-wide, or the tenant's own): the sessions
 * module's question at session/check with a `client_id`. A query on the database, not a method of the OAuth server,
 * so that sessions can be built before the server that needs them.
 */
export async function clientServes(db: Pick<Database, 'system'>, clientId: string, tenantId: string): Promise<boolean> {
  const client = isClientIdShape(clientId) ? await findClientAnywhere(db, clientId) : null;
  return client !== null && (client.tenantId === null || client.tenantId === tenantId);
}
