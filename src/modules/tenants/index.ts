// What other modules may use of tenants: the table (for joins in their repositories) and its queries.
export { tenants, type TenantRow } from './tenants.table.js';
export { findTenant, insertTenant, listTenants } from './tenants.repo.js';
