import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestService, type TestTenant } from '../../../test/harness.js';
import type { OidcIdp } from '../../../test/peers/oidc-idp.js';
import { CLIENT, saveProvider, startIdp, startSsoService, walkSignIn } from '../../../test/support/sso.js';

/**
 * Admin consent for multi-tenant IdPs (Entra ID's shape): the consent URL, the IdP's answer recorded on the provider,
 * and an issuer written with "{tenantid}" that only works once the consent named the IdP tenant. The IdP here is
 * oidc-provider mounted under the IdP tenant's path, as Entra's tenant-specific issuers are.
 */

const IDP_TENANT = '72f988bf-86f1-41af-91ab-2d7cd011db47';
const CONSENT_CALLBACK = 'https://kb.example.test/api/auth/sso/idp/admin-consent/callback';

let t: TestService;
let a: TestTenant;
let idp: OidcIdp;

const get = (url: string, token: string | null = null) => t.app.inject({ method: 'GET', url, ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}) });
const consentCallback = (params: Record<string, string>) => get(`/api/auth/sso/idp/admin-consent/callback?${new URLSearchParams(params)}`);

beforeAll(async () => {
  // login.microsoftonline.com is allowed without a DNS lookup, so an Entra issuer saves offline (nothing fetches it here).
  t = await startSsoService({ env: { PROVIDER_ALLOWED_HOSTS: '127.0.0.1,localhost,login.microsoftonline.com' } });
  a = await createTenant(t, 'Acme');
  idp = await startIdp([{ sub: 'entra-user-1', email: `ann@${a.slug}.test`, email_verified: true, name: 'Ann' }], { path: `/${IDP_TENANT}/v2.0` });
});
afterAll(async () => {
  await idp?.close();
  await t?.close();
});

describe('admin consent', () => {
  it('answers the consent URL with client, redirect, scope and a single-use state; the callback records the IdP tenant', async () => {
    const provider = await saveProvider(t, a, idp, { admin_consent_url: `${idp.origin}/organizations/v2.0/adminconsent` });
    const started = await get(`/api/auth/sso/idp/admin-consent?provider_id=${provider.provider_id}`, a.token);
    expect(started.statusCode).toBe(200);
    const { consent_url, state } = started.json();
    const url = new URL(consent_url);
    expect(url.origin + url.pathname).toBe(`${idp.origin}/organizations/v2.0/adminconsent`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ client_id: CLIENT.client_id, redirect_uri: CONSENT_CALLBACK, state, scope: 'openid email profile' });
    expect(started.json().idp_tenant).toBeNull();

    // The IdP sends the admin back with admin_consent=True and its tenant (Entra's spelling).
    const recorded = await consentCallback({ state, admin_consent: 'True', tenant: IDP_TENANT });
    expect(recorded.statusCode).toBe(200);
    expect(recorded.json()).toEqual({ granted: true, idp_tenant: IDP_TENANT });
    const saved = (await get('/api/auth/sso/providers', a.token)).json().items.find((p: { provider_id: string }) => p.provider_id === provider.provider_id);
    expect(saved.idp_tenant).toBe(IDP_TENANT);
    const audit = (await get('/api/v1/audit-events?type=sso.admin_consent', a.token)).json().items;
    expect(audit[0]).toMatchObject({ target_id: provider.provider_id, actor_id: a.ownerId, details: { granted: true, idp_tenant: IDP_TENANT, links_ended: 0 } });

    // Single use.
    const again = await consentCallback({ state, admin_consent: 'True', tenant: 'another-tenant' });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('sso_invalid_state');
  });

  it('a declined consent answers granted: false and records nothing', async () => {
    const provider = await saveProvider(t, a, idp, { admin_consent_url: `${idp.origin}/common/adminconsent` });
    const { state } = (await get(`/api/auth/sso/idp/admin-consent?provider_id=${provider.provider_id}`, a.token)).json();
    const declined = await consentCallback({ state, error: 'access_denied', error_description: 'The admin declined' });
    expect(declined.json()).toEqual({ granted: false, idp_tenant: null, error: 'access_denied' });
    const saved = (await get('/api/auth/sso/providers', a.token)).json().items.find((p: { provider_id: string }) => p.provider_id === provider.provider_id);
    expect(saved.idp_tenant).toBeNull();
  });

  it('refuses a malformed tenant before spending the state, a sign-in state, and a provider without a consent URL', async () => {
    const provider = await saveProvider(t, a, idp, { admin_consent_url: `${idp.origin}/adminconsent` });
    const { state } = (await get(`/api/auth/sso/idp/admin-consent?provider_id=${provider.provider_id}`, a.token)).json();
    for (const tenant of ['', '../x', 'a b', 'x'.repeat(129), 'javascript:alert(1)']) {
      const res = await consentCallback({ state, admin_consent: 'True', tenant });
      expect(res.statusCode, tenant).toBe(422);
    }
    expect((await consentCallback({ state, admin_consent: 'True' })).statusCode).toBe(422);
    expect((await consentCallback({ state, admin_consent: 'True', tenant: 'contoso.onmicrosoft.com' })).json()).toEqual({ granted: true, idp_tenant: 'contoso.onmicrosoft.com' });

    // A sign-in's state is not a consent's.
    const signIn = (await get(`/api/auth/sso/idp/authorize?${new URLSearchParams({ provider_id: provider.provider_id, tenant_id: a.slug, redirect_uri: 'https://kb.example.test/api/auth/sso/idp/callback' })}`)).json();
    expect((await consentCallback({ state: signIn.state, admin_consent: 'True', tenant: IDP_TENANT })).json().code).toBe('sso_invalid_state');

    const plain = await saveProvider(t, a, idp);
    const unsupported = await get(`/api/auth/sso/idp/admin-consent?provider_id=${plain.provider_id}`, a.token);
    expect(unsupported.statusCode).toBe(400);
    expect(unsupported.json().code).toBe('sso_admin_consent_unsupported');
  });

  it('derives the consent URL for Entra ID issuers', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sso/providers',
      headers: a.auth(),
      payload: { name: 'Entra', issuer: 'https://login.microsoftonline.com/{tenantid}/v2.0', ...CLIENT },
    });
    expect(res.statusCode).toBe(200);
    const { consent_url } = (await get(`/api/auth/sso/idp/admin-consent?provider_id=${res.json().provider_id}`, a.token)).json();
    expect(consent_url).toMatch(/^https:\/\/login\.microsoftonline\.com\/organizations\/v2\.0\/adminconsent\?client_id=kb-sso-client&/);
    // Named, the consent goes to the tenant's own endpoint: only that directory's administrators can consent there.
    const named = (await get(`/api/auth/sso/idp/admin-consent?provider_id=${res.json().provider_id}&idp_tenant=${IDP_TENANT}`, a.token)).json();
    expect(named.idp_tenant).toBe(IDP_TENANT);
    expect(named.consent_url).toMatch(new RegExp(`^https://login\\.microsoftonline\\.com/${IDP_TENANT}/v2\\.0/adminconsent\\?client_id=kb-sso-client&`));
  });

  it('needs an admin, and another tenant\'s provider is 404', async () => {
    const provider = await saveProvider(t, a, idp, { admin_consent_url: `${idp.origin}/adminconsent` });
    const member = await a.userToken('member');
    expect((await get(`/api/auth/sso/idp/admin-consent?provider_id=${provider.provider_id}`, member.token)).statusCode).toBe(403);
    const b = await createTenant(t, 'Beta');
    const other = await get(`/api/auth/sso/idp/admin-consent?provider_id=${provider.provider_id}`, b.token);
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('sso_provider_not_found');
  });
});

describe('consent of a provider that links existing accounts by e-mail', () => {
  const ATTACKER_TENANT = 'attacker-directory';
  const providerState = async (providerId: string) =>
    (await get('/api/auth/sso/providers', a.token)).json().items.find((p: { provider_id: string }) => p.provider_id === providerId);
  const consentAudits = async (providerId: string) =>
    (await get('/api/v1/audit-events?type=sso.admin_consent', a.token)).json().items.filter((e: { target_id: string }) => e.target_id === providerId);

  it('is for owners: an admin is refused (403 owner_required) with a JWT or an admin API key; the owner names the IdP tenant', async () => {
    const provider = await saveProvider(t, a, idp, { link_existing_by_email: true, admin_consent_url: `${idp.origin}/organizations/v2.0/adminconsent` });
    const admin = await a.userToken('admin');
    const adminKey = await a.apiKey(['admin']);
    for (const [who, token] of [['admin JWT', admin.token], ['admin API key', adminKey.key]]) {
      const res = await get(`/api/auth/sso/idp/admin-consent?provider_id=${provider.provider_id}&idp_tenant=${IDP_TENANT}`, token);
      expect(res.statusCode, who).toBe(403);
      expect(res.json().code, who).toBe('owner_required');
    }
    // The owner must say which directory's people may link: nothing recorded yet, so no default.
    const unnamed = await get(`/api/auth/sso/idp/admin-consent?provider_id=${provider.provider_id}`, a.token);
    expect(unnamed.statusCode).toBe(422);
    expect(JSON.stringify(unnamed.json())).toContain('idp_tenant');
    const named = await get(`/api/auth/sso/idp/admin-consent?provider_id=${provider.provider_id}&idp_tenant=${IDP_TENANT}`, a.token);
    expect(named.statusCode).toBe(200);
    expect(named.json().idp_tenant).toBe(IDP_TENANT);
    // Entra answers the GUID in lower case; an owner may have pasted it in upper case.
    expect((await consentCallback({ state: named.json().state, admin_consent: 'True', tenant: IDP_TENANT.toUpperCase() })).json()).toEqual({ granted: true, idp_tenant: IDP_TENANT });
  });

  it('the callback records only the IdP tenant the consent was started for; another is refused and records nothing', async () => {
    const provider = await saveProvider(t, a, idp, { link_existing_by_email: true, admin_consent_url: `${idp.origin}/organizations/v2.0/adminconsent` });
    const { state } = (await get(`/api/auth/sso/idp/admin-consent?provider_id=${provider.provider_id}&idp_tenant=${IDP_TENANT}`, a.token)).json();
    // Whoever holds the state (the IdP admin it was sent to, a browser history) forges the unsigned answer.
    const forged = await consentCallback({ state, admin_consent: 'True', tenant: ATTACKER_TENANT });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('sso_admin_consent_tenant_mismatch');
    expect((await providerState(provider.provider_id)).idp_tenant).toBeNull();
    expect(await consentAudits(provider.provider_id)).toEqual([]);
    // The state is spent: the forger cannot try again either.
    expect((await consentCallback({ state, admin_consent: 'True', tenant: IDP_TENANT })).json().code).toBe('sso_invalid_state');

    // The same holds for a provider that does not link, once a tenant is named (or recorded).
    const plain = await saveProvider(t, a, idp, { admin_consent_url: `${idp.origin}/organizations/v2.0/adminconsent` });
    const first = (await get(`/api/auth/sso/idp/admin-consent?provider_id=${plain.provider_id}&idp_tenant=${IDP_TENANT}`, a.token)).json();
    expect((await consentCallback({ state: first.state, admin_consent: 'True', tenant: ATTACKER_TENANT })).json().code).toBe('sso_admin_consent_tenant_mismatch');
    const again = (await get(`/api/auth/sso/idp/admin-consent?provider_id=${plain.provider_id}&idp_tenant=${IDP_TENANT}`, a.token)).json();
    expect((await consentCallback({ state: again.state, admin_consent: 'True', tenant: IDP_TENANT })).json().granted).toBe(true);
    const recorded = (await get(`/api/auth/sso/idp/admin-consent?provider_id=${plain.provider_id}`, a.token)).json();
    expect(recorded.idp_tenant).toBe(IDP_TENANT);
    expect((await consentCallback({ state: recorded.state, admin_consent: 'True', tenant: ATTACKER_TENANT })).json().code).toBe('sso_admin_consent_tenant_mismatch');
    expect((await providerState(plain.provider_id)).idp_tenant).toBe(IDP_TENANT);
  });

  it("an admin's consent started before the provider linked by e-mail is not recorded once it does", async () => {
    const provider = await saveProvider(t, a, idp, { admin_consent_url: `${idp.origin}/organizations/v2.0/adminconsent` });
    const admin = await a.userToken('admin');
    const { state } = (await get(`/api/auth/sso/idp/admin-consent?provider_id=${provider.provider_id}`, admin.token)).json();
    await saveProvider(t, a, idp, { provider_id: provider.provider_id, link_existing_by_email: true, admin_consent_url: `${idp.origin}/organizations/v2.0/adminconsent` });
    const res = await consentCallback({ state, admin_consent: 'True', tenant: ATTACKER_TENANT });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('owner_required');
    expect((await providerState(provider.provider_id)).idp_tenant).toBeNull();
  });

  it("a changed IdP tenant ends the links made through the provider: the people linked before must be linked again", async () => {
    // An issuer without "{tenantid}": the recorded tenant does not change it, so a surviving link would let the new
    // directory's person of the same subject in as the linked user, whatever the e-mail.
    const provider = await saveProvider(t, a, idp, { link_existing_by_email: true, admin_consent_url: `${idp.origin}/organizations/v2.0/adminconsent` });
    const consent = async (tenant: string) => {
      const { state } = (await get(`/api/auth/sso/idp/admin-consent?provider_id=${provider.provider_id}&idp_tenant=${tenant}`, a.token)).json();
      return (await consentCallback({ state, admin_consent: 'True', tenant })).json();
    };
    expect((await consent(IDP_TENANT)).granted).toBe(true);
    const user = await a.userToken('member');
    idp.accounts.set('linked-person', { sub: 'linked-person', email: user.email, email_verified: true });
    expect((await walkSignIn(t, a, provider.provider_id, idp, 'linked-person')).callback.statusCode).toBe(200);

    // Consenting the same directory again keeps the link.
    expect(await consent(IDP_TENANT)).toEqual({ granted: true, idp_tenant: IDP_TENANT });
    expect((await consentAudits(provider.provider_id))[0].details).toMatchObject({ idp_tenant: IDP_TENANT, links_ended: 0 });
    // Another directory ends it.
    expect(await consent('new-directory')).toEqual({ granted: true, idp_tenant: 'new-directory' });
    expect((await consentAudits(provider.provider_id))[0].details).toMatchObject({ idp_tenant: 'new-directory', links_ended: 1 });
    // Without e-mail linking, only a surviving link could sign the person in: there is none.
    await saveProvider(t, a, idp, { provider_id: provider.provider_id, link_existing_by_email: false, admin_consent_url: `${idp.origin}/organizations/v2.0/adminconsent` });
    const after = await walkSignIn(t, a, provider.provider_id, idp, 'linked-person');
    expect(after.callback.statusCode).toBe(409);
    expect(after.callback.json().code).toBe('sso_account_exists');
  });
});

describe('an issuer that names the IdP tenant', () => {
  it('cannot sign in before the consent, and signs in against the tenant-specific issuer after it', async () => {
    const template = idp.issuer.replace(IDP_TENANT, '{tenantid}');
    const provider = await saveProvider(t, a, idp, { issuer: template, admin_consent_url: `${idp.origin}/organizations/v2.0/adminconsent`, allowed_email_domains: [`${a.slug}.test`], jit: { enabled: true } });
    const before = await get(`/api/auth/sso/idp/authorize?${new URLSearchParams({ provider_id: provider.provider_id, tenant_id: a.slug, redirect_uri: 'https://kb.example.test/api/auth/sso/idp/callback' })}`);
    expect(before.statusCode).toBe(409);
    expect(before.json().code).toBe('sso_admin_consent_required');
    const tested = (await t.app.inject({ method: 'POST', url: `/api/auth/sso/providers/${provider.provider_id}/test?tenant_id=${a.slug}`, headers: a.auth() })).json();
    expect(tested).toMatchObject({ ok: false, errors: [expect.stringMatching(/admin consent/)] });

    const { state } = (await get(`/api/auth/sso/idp/admin-consent?provider_id=${provider.provider_id}`, a.token)).json();
    expect((await consentCallback({ state, admin_consent: 'True', tenant: IDP_TENANT })).json().granted).toBe(true);

    const walk = await walkSignIn(t, a, provider.provider_id, idp, 'entra-user-1');
    expect(walk.returned.searchParams.get('iss')).toBe(idp.issuer);
    expect(walk.callback.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `/api/auth/sso/providers/${provider.provider_id}/test?tenant_id=${a.slug}`, headers: a.auth() })).json()).toMatchObject({ ok: true, issuer: idp.issuer });

    // A consent for another IdP tenant (named at the start) points the provider at an issuer this IdP is not:
    // sign-in stops working.
    const second = (await get(`/api/auth/sso/idp/admin-consent?provider_id=${provider.provider_id}&idp_tenant=other-tenant`, a.token)).json();
    expect((await consentCallback({ state: second.state, admin_consent: 'True', tenant: 'other-tenant' })).json().granted).toBe(true);
    const elsewhere = await get(`/api/auth/sso/idp/authorize?${new URLSearchParams({ provider_id: provider.provider_id, tenant_id: a.slug, redirect_uri: 'https://kb.example.test/api/auth/sso/idp/callback' })}`);
    expect(elsewhere.statusCode).toBe(502);
  });
});
