import type { Database, Tx } from './database.js';

/**
 * A transaction scoped to one tenant that carries that tenant's id, so a repository reads the id from
 * the handle it was given instead of from a second argument that could name another tenant.
 */
export interface TenantTx {
  readonly tx: Tx;
  readonly tenantId: string;
}

/**
 * The database bound to one tenant: `tdb.run(t => findUser(t, id))`. It is the only way code outside platform/db
 * reaches a tenant's rows (eslint.config.js refuses `db.tenant(...)` there, and functions taking a transaction and
 * a tenant id side by side): the id is bound once, so no query can pair one tenant's transaction with another
 * tenant's id. Handlers of the route builder receive it for the caller's tenant; jobs and the CLI make one with
 * `tenantDb(db, id)`.
 */
export interface TenantDb {
  readonly tenantId: string;
  /** One transaction under the tenant's row-level security, with the id bound. */
  run<T>(fn: (t: TenantTx) => Promise<T>): Promise<T>;
}

export function tenantDb(db: Pick<Database, 'tenant'>, tenantId: string): TenantDb {
  return {
    tenantId,
    run: (fn) => db.tenant(tenantId, (tx) => fn({ tx, tenantId })),
  };
}
