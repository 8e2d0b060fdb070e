import type { TenantTx } from '../../platform/db/tenant-db.js';
import { AppError } from '../../platform/http/errors.js';
import { findTenant } from '../tenants/index.js';
import { isEnforced } from './settings.repo.js';

/**
 * The gate the auth module asks before a password or code sign-in succeeds (its `SignInGate` port): in a tenant that
 * enforces SSO everyone but owners is refused with `403 sso_required`, whose message names the SSO routes. Owners
 * keep the other ways in, so a broken IdP never locks a tenant out.
 */
export async function refuseUnlessSsoAllows(t: TenantTx, user: { role: string }): Promise<void> {
  if (user.role === 'owner' || !(await isEnforced(t))) return;
  const tenant = await findTenant(t.tx, t.tenantId);
  const ref = encodeURIComponent(tenant?.slug ?? t.tenantId);
  throw new AppError(
    'sso_required',
    `This tenant signs in through SSO: GET /api/auth/sso/providers/${ref} lists its identity providers and ` +
      `GET /api/auth/sso/idp/authorize?provider_id=…&tenant_id=${ref}&redirect_uri=… starts a sign-in`,
  );
}
