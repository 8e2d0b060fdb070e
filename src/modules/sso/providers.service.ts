import { randomUUID } from 'node:crypto';
import type { Static } from 'typebox';
import type { Database } from '../../platform/db/database.js';
import { tenantDb, type TenantDb } from '../../platform/db/tenant-db.js';
import type { Config } from '../../platform/config.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { KeyRing } from '../../platform/sealing.js';
import { AppError, unprocessable } from '../../platform/http/errors.js';
import { audit } from '../audit/index.js';
import type { IdpClient, DiscoveryReport } from './idp-client.js';
import { assertIssuerUrl, effectiveIssuer, issuerPolicy, issuerShapeProblem, UnsafeUrlError } from './issuer-url.js';
import { countEnabledProviders, deleteProvider, findProvider, insertProvider, listProviders, lockProvider, updateProvider } from './providers.repo.js';
import { isEnforced, setEnforced } from './settings.repo.js';
import { sealClientSecret, secretHint } from './sealed.js';
import { presentProvider } from './sso.present.js';
import type { ProviderInput } from './sso.api.js';
import { isOwner } from './owners.js';
import { ownCallbackUrl } from './return-urls.js';
import { findTenantByRef } from './tenant-match.js';

export interface ProvidersDeps {
  db: Database;
  secrets: KeyRing;
  config: Pick<Config, 'provider' | 'sso' | 'publicBaseUrl'>;
  idp: Pick<IdpClient, 'check'>;
}

/**
 * The tenant's identity providers: saved by its admins, listed for its login page, tried before use, and the
 * tenant-wide switch that makes SSO the only way in for everyone but owners.
 */
export function createProvidersService(deps: ProvidersDeps) {
  const { db, config } = deps;
  const policy = issuerPolicy(config);
  const callback = ownCallbackUrl(config);

  async function checkIssuer(raw: string): Promise<string> {
    const issuer = raw.trim();
    try {
      await assertIssuerUrl(issuer, policy, config.sso.allowHttpIssuers);
    } catch (error) {
      if (error instanceof UnsafeUrlError) throw unprocessable(['body', 'issuer'], error.message);
      throw error;
    }
    return issuer;
  }

  /** Browsers are sent there, the service never fetches it: a web URL, nothing a browser would run. */
  function checkConsentUrl(raw: string | null | undefined): string | null {
    if (raw === undefined || raw === null || raw.trim() === '') return null;
    let url: URL | null;
    try {
      url = new URL(raw.trim());
    } catch {
      url = null;
    }
    const web = url && (url.protocol === 'https:' || (url.protocol === 'http:' && config.sso.allowHttpIssuers));
    if (!url || !web || url.username || url.password || url.hash) {
      throw unprocessable(['body', 'admin_consent_url'], 'admin_consent_url must be an https URL without credentials or fragment');
    }
    return url.href;
  }

  /**
   * Creates the provider, or replaces the one named by provider_id (the body is the whole provider; an omitted
   * client_secret keeps the stored one). A provider that links existing accounts by e-mail can sign its people in as
   * any user with that e-mail, owners included, so only an owner may create, change or turn on such a provider.
   */
  async function save(tenant: TenantDb, actor: Principal, input: Static<typeof ProviderInput>) {
    const issuer = await checkIssuer(input.issuer);
    const scopes = [...new Set(input.scopes)];
    if (!scopes.includes('openid')) throw unprocessable(['body', 'scopes'], 'scopes must include openid');
    const domains = [...new Set(input.allowed_email_domains.map((d) => d.toLowerCase()))];
    if (input.jit.enabled && domains.length === 0) {
      throw unprocessable(['body', 'allowed_email_domains'], 'just-in-time creation needs at least one allowed e-mail domain');
    }
    const adminConsentUrl = checkConsentUrl(input.admin_consent_url);
    const row = await tenant.run(async (t) => {
      const existing = input.provider_id ? await lockProvider(t, input.provider_id) : null;
      if (input.provider_id && !existing) throw new AppError('sso_provider_not_found');
      if ((input.link_existing_by_email || existing?.linkExistingByEmail) && !isOwner(actor)) {
        throw new AppError('owner_required', 'Only an owner may create or change a provider that links existing accounts by e-mail');
      }
      if (!existing && !input.client_secret) throw unprocessable(['body', 'client_secret'], 'client_secret is required when creating a provider');
      const id = existing?.id ?? randomUUID();
      const values = {
        name: input.name.trim(),
        issuer,
        clientId: input.client_id,
        scopes,
        allowedEmailDomains: domains,
        jitEnabled: input.jit.enabled,
        jitDefaultRole: input.jit.default_role ?? 'member',
        linkExistingByEmail: input.link_existing_by_email,
        enabled: input.enabled,
        adminConsentUrl,
        // A changed issuer is another IdP: the consent recorded for the old one does not carry over.
        ...(existing && existing.issuer !== issuer ? { idpTenant: null } : {}),
        ...(input.client_secret
          ? { clientSecretSealed: sealClientSecret(deps.secrets, t.tenantId, id, input.client_secret), clientSecretHint: secretHint(input.client_secret) }
          : {}),
      };
      const saved = existing
        ? (await updateProvider(t, id, values))!
        : await insertProvider(t, { id, ...values, clientSecretSealed: values.clientSecretSealed!, clientSecretHint: values.clientSecretHint! });
      await audit(t, 'sso.provider_saved', actor, {
        targetId: id,
        targetName: saved.name,
        details: { name: saved.name, issuer, created: !existing, secret_changed: Boolean(input.client_secret), link_existing_by_email: saved.linkExistingByEmail, jit: saved.jitEnabled },
      });
      return saved;
    });
    return presentProvider(row, callback);
  }

  async function list(tenant: TenantDb) {
    const rows = await tenant.run((t) => listProviders(t));
    return { items: rows.map((row) => presentProvider(row, callback)) };
  }

  async function remove(tenant: TenantDb, actor: Principal, providerId: string) {
    await tenant.run(async (t) => {
      const existing = await findProvider(t, providerId);
      if (!existing || !(await deleteProvider(t, providerId))) throw new AppError('sso_provider_not_found');
      await audit(t, 'sso.provider_deleted', actor, { targetId: providerId, targetName: existing.name, details: { name: existing.name, issuer: existing.issuer } });
    });
    return { deleted: true, provider_id: providerId };
  }

  /** The login page's list: enabled providers' id and name. An unknown tenant has none (no tenant enumeration). */
  async function publicList(tenantRef: string) {
    const tenant = await findTenantByRef(db, tenantRef);
    if (!tenant) return { providers: [] };
    const rows = await tenantDb(db, tenant.id).run((t) => listProviders(t, { enabledOnly: true }));
    return { providers: rows.map((row) => ({ provider_id: row.id, name: row.name })) };
  }

  async function test(tenant: TenantDb, providerId: string): Promise<DiscoveryReport> {
    const row = await tenant.run((t) => findProvider(t, providerId));
    if (!row) throw new AppError('sso_provider_not_found');
    const issuer = effectiveIssuer(row.issuer, row.idpTenant);
    if (!issuer) {
      return { ok: false, issuer: null, authorization_endpoint: null, token_endpoint: null, errors: ['the issuer names the IdP tenant ("{tenantid}"): run the admin consent first'] };
    }
    return deps.idp.check(issuer, row.clientId);
  }

  async function testConfig(input: { issuer: string; client_id?: string }): Promise<DiscoveryReport> {
    const issuer = input.issuer.trim();
    const problem = issuerShapeProblem(issuer, config.sso.allowHttpIssuers);
    if (problem) return { ok: false, issuer: null, authorization_endpoint: null, token_endpoint: null, errors: [problem] };
    return deps.idp.check(issuer, input.client_id ?? '');
  }

  async function status(tenant: TenantDb) {
    return tenant.run(async (t) => {
      const providers = await countEnabledProviders(t);
      return { enabled: providers > 0, providers, enforced: await isEnforced(t) };
    });
  }

  /** Enforcing needs an enabled provider (owners keep password sign-in either way, so nobody is locked out). */
  async function setEnforcement(tenant: TenantDb, actor: Principal, enforced: boolean) {
    await tenant.run(async (t) => {
      if (enforced && (await countEnabledProviders(t)) === 0) throw new AppError('sso_not_configured');
      await setEnforced(t, enforced);
      await audit(t, 'sso.settings_changed', actor, { details: { enforced } });
    });
    return status(tenant);
  }

  return { save, list, remove, publicList, test, testConfig, status, setEnforcement };
}
export type ProvidersService = ReturnType<typeof createProvidersService>;
