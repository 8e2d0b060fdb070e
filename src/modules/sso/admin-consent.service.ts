import type { Principal } from '../../platform/auth/principal.js';
import type { TenantDb, TenantTx } from '../../platform/db/tenant-db.js';
import { tenantDb } from '../../platform/db/tenant-db.js';
import type { Database } from '../../platform/db/database.js';
import { AppError, unprocessable } from '../../platform/http/errors.js';
import { audit } from '../audit/index.js';
import { findUser } from '../users/index.js';
import { deleteProviderIdentities } from './identities.repo.js';
import { isIdpTenant } from './issuer-url.js';
import { isOwner } from './owners.js';
import { findProvider, lockProvider, updateProvider } from './providers.repo.js';
import { ADMIN_CONSENT_CALLBACK_PATH } from './return-urls.js';
import type { SignInService } from './sign-in.service.js';
import type { SsoProviderRow, SsoStateRow } from './sso.table.js';

export interface AdminConsentDeps {
  db: Database;
  publicBaseUrl: string;
  states: Pick<SignInService, 'rememberState' | 'spendState'>;
}

/** Entra ID's admin consent endpoint (v2): the tenant's own when the consent names one, else any organisation's. */
const ENTRA_HOST = 'login.microsoftonline.com';
const entraConsent = (idpTenant: string | null) => `https://${ENTRA_HOST}/${idpTenant ?? 'organizations'}/v2.0/adminconsent`;

function consentEndpoint(issuer: string, configured: string | null, idpTenant: string | null): string | null {
  if (configured) return configured;
  try {
    return new URL(issuer.replace('{tenantid}', 'organizations')).host === ENTRA_HOST ? entraConsent(idpTenant) : null;
  } catch {
    return null;
  }
}

/** IdP tenant ids compare without case (Entra answers its GUIDs in lower case; an owner may paste them in upper). */
const sameTenant = (a: string | null, b: string | null) => a !== null && b !== null && a.toLowerCase() === b.toLowerCase();

/**
 * Admin consent for multi-tenant IdPs (Entra ID): an admin of ours sends an admin of the IdP tenant to the IdP's
 * consent page; the IdP sends back `admin_consent` and its `tenant`, which is recorded on the provider (and completes
 * an issuer written with "{tenantid}"). The state is stored like a sign-in's: single use, 10 minutes.
 *
 * That answer is a plain redirect: nothing in it is signed, and whoever holds the state can send any `tenant`. So the
 * tenant is chosen when the consent starts, not when it ends: the start names it (or keeps the one recorded), the
 * consent URL is that tenant's own endpoint (where only its administrators can consent), the state remembers it,
 * and the callback records the answer only when it names that tenant. A provider that links existing accounts by
 * e-mail can sign its people in as any user, owners included, so its consent is an owner's and always names the
 * tenant. A changed IdP tenant ends the links made through the provider: they were people of the other directory.
 */
export function createAdminConsentService(deps: AdminConsentDeps) {
  const redirectUri = `${deps.publicBaseUrl}${ADMIN_CONSENT_CALLBACK_PATH}`;

  async function start(tenant: TenantDb, actor: Principal, query: { provider_id: string; idp_tenant?: string }) {
    if (query.idp_tenant !== undefined && !isIdpTenant(query.idp_tenant)) {
      throw unprocessable(['query', 'idp_tenant'], 'idp_tenant must be the IdP tenant id (letters, digits, ".", "_", "-"; up to 128)');
    }
    return tenant.run(async (t) => {
      const provider = await findProvider(t, query.provider_id);
      if (!provider) throw new AppError('sso_provider_not_found');
      if (provider.linkExistingByEmail && !isOwner(actor)) {
        throw new AppError('owner_required', 'Only an owner may run the admin consent of a provider that links existing accounts by e-mail');
      }
      // Re-consenting (new scopes, say) keeps the directory already recorded unless another is named.
      const idpTenant = query.idp_tenant ?? provider.idpTenant;
      if (provider.linkExistingByEmail && idpTenant === null) {
        throw unprocessable(['query', 'idp_tenant'], 'idp_tenant is required for a provider that links existing accounts by e-mail: the id of the IdP tenant whose people may sign in');
      }
      const endpoint = consentEndpoint(provider.issuer, provider.adminConsentUrl, idpTenant);
      if (!endpoint) throw new AppError('sso_admin_consent_unsupported');
      const state = await deps.states.rememberState(t, {
        providerId: provider.id,
        purpose: 'admin_consent',
        issuer: provider.issuer,
        redirectUri,
        createdByUserId: actor.kind === 'user' ? actor.userId : null,
        idpTenant,
      });
      const url = new URL(endpoint);
      url.searchParams.set('client_id', provider.clientId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('state', state);
      url.searchParams.set('scope', provider.scopes.join(' '));
      return { consent_url: url.toString(), state, idp_tenant: idpTenant };
    });
  }

  /**
   * A linking provider takes only a consent an owner started for a named tenant: the provider may have begun
   * linking by e-mail after an admin started this one, or its starter may be an owner no longer.
   */
  async function assertOwnersConsent(t: TenantTx, provider: SsoProviderRow, row: SsoStateRow) {
    if (!provider.linkExistingByEmail) return;
    const starter = row.createdByUserId ? await findUser(t, row.createdByUserId) : null;
    if (row.idpTenant === null || !starter || starter.role !== 'owner' || starter.status !== 'active') {
      throw new AppError('owner_required', "The provider links existing accounts by e-mail: only a consent an owner started for a named IdP tenant is recorded");
    }
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
      // Another directory than the one the consent was started for: not this consent's answer. Nothing is written.
      if (row.idpTenant !== null && !sameTenant(row.idpTenant, query.tenant!)) throw new AppError('sso_admin_consent_tenant_mismatch');
      await assertOwnersConsent(t, provider, row);
      const idpTenant = row.idpTenant ?? query.tenant!;
      // The first tenant recorded replaces none; another one replaces a directory whose people the links were.
      const replaced = provider.idpTenant !== null && !sameTenant(provider.idpTenant, idpTenant);
      const linksEnded = replaced ? await deleteProviderIdentities(t, provider.id) : 0;
      await updateProvider(t, provider.id, { idpTenant });
      await audit(t, 'sso.admin_consent', actor, { targetId: provider.id, details: { granted: true, idp_tenant: idpTenant, links_ended: linksEnded } });
      return { granted: true, idp_tenant: idpTenant };
    });
  }

  return { start, callback };
}
export type AdminConsentService = ReturnType<typeof createAdminConsentService>;
