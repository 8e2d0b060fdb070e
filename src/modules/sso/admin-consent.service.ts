import type { Principal } from '../../platform/auth/principal.js';
import type { TenantDb } from '../../platform/db/tenant-db.js';
import { tenantDb } from '../../platform/db/tenant-db.js';
import type { Database } from '../../platform/db/database.js';
import { AppError, unprocessable } from '../../platform/http/errors.js';
import { audit } from '../audit/index.js';
import { isIdpTenant } from './issuer-url.js';
import { findProvider, lockProvider, updateProvider } from './providers.repo.js';
import { ADMIN_CONSENT_CALLBACK_PATH } from './return-urls.js';
import type { SignInService } from './sign-in.service.js';

export interface AdminConsentDeps {
  db: Database;
  publicBaseUrl: string;
  states: Pick<SignInService, 'rememberState' | 'spendState'>;
}

/** Entra ID's tenant-independent admin consent endpoint (v2), used when the provider names none of its own. */
const ENTRA_HOST = 'login.microsoftonline.com';
const ENTRA_CONSENT = `https://${ENTRA_HOST}/organizations/v2.0/adminconsent`;

function consentEndpoint(issuer: string, configured: string | null): string | null {
  if (configured) return configured;
  try {
    return new URL(issuer.replace('{tenantid}', 'organizations')).host === ENTRA_HOST ? ENTRA_CONSENT : null;
  } catch {
    return null;
  }
}

/**
 * Admin consent for multi-tenant IdPs (Entra ID): an admin of ours sends an admin of the IdP tenant to the IdP's
 * consent page; the IdP sends back `admin_consent` and its `tenant`, which is recorded on the provider (and completes
 * an issuer written with "{tenantid}"). The state is stored like a sign-in's: single use, 10 minutes.
 */
export function createAdminConsentService(deps: AdminConsentDeps) {
  const redirectUri = `${deps.publicBaseUrl}${ADMIN_CONSENT_CALLBACK_PATH}`;

  async function start(tenant: TenantDb, actor: Principal, providerId: string) {
    return tenant.run(async (t) => {
      const provider = await findProvider(t, providerId);
      if (!provider) throw new AppError('sso_provider_not_found');
      const endpoint = consentEndpoint(provider.issuer, provider.adminConsentUrl);
      if (!endpoint) throw new AppError('sso_admin_consent_unsupported');
      const state = await deps.states.rememberState(t, {
        providerId: provider.id,
        purpose: 'admin_consent',
        issuer: provider.issuer,
        redirectUri,
        createdByUserId: actor.kind === 'user' ? actor.userId : null,
      });
      const url = new URL(endpoint);
      url.searchParams.set('client_id', provider.clientId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('state', state);
      url.searchParams.set('scope', provider.scopes.join(' '));
      return { consent_url: url.toString(), state };
    });
  }

  async function callback(query: { state: string; admin_consent?: string; tenant?: string; error?: string; error_description?: string }) {
    // Checked before the state is spent: a malformed answer leaves the consent open to a well-formed one.
    if (query.error === undefined && (query.tenant === undefined || !isIdpTenant(query.tenant))) {
      throw unprocessable(['query', 'tenant'], 'tenant must be the IdP tenant id (letters, digits, ".", "_", "-"; up to 128) unless error is given');
    }
    const row = await deps.states.spendState(query.state, 'admin_consent');
    const actor = { anonymous: true as const, userId: row.createdByUserId };
    const granted = query.error === undefined && /^true$/i.test(query.admin_consent ?? '');
    return tenantDb(deps.db, row.tenantId).run(async (t) => {
      const provider = await lockProvider(t, row.providerId);
      if (!provider) throw new AppError('sso_provider_not_found');
      // The provider was pointed at another IdP since the consent started: this answer is not about it.
      if (provider.issuer !== row.issuer) throw new AppError('sso_invalid_state');
      if (!granted) {
        await audit(t, 'sso.admin_consent', actor, { targetId: provider.id, details: { granted: false, error: query.error ?? null } });
        return { granted: false, idp_tenant: null, ...(query.error !== undefined ? { error: query.error } : {}) };
      }
      await updateProvider(t, provider.id, { idpTenant: query.tenant! });
      await audit(t, 'sso.admin_consent', actor, { targetId: provider.id, details: { granted: true, idp_tenant: query.tenant } });
      return { granted: true, idp_tenant: query.tenant! };
    });
  }

  return { start, callback };
}
export type AdminConsentService = ReturnType<typeof createAdminConsentService>;
