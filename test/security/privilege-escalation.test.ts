import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestService, type TestTenant } from '../harness.js';
import type { OidcIdp } from '../peers/oidc-idp.js';
import { saveProvider, startIdp, startSsoService, walkSignIn } from '../support/sso.js';

/**
 * An admin of a tenant must not become one of its owners by any path but an owner's grant. Here: SSO admin consent.
 * A provider that links existing accounts by e-mail is the owner's to create, because it signs its people in as any
 * user with their e-mail. Its issuer names the IdP tenant ("{tenantid}", Entra ID's multi-tenant shape), completed by
 * the admin consent. Were an admin able to run that consent, or were the consent's unsigned answer taken as it comes,
 * the admin would point the owner's provider at a directory they control, in which a person has the owner's e-mail,
 * and sign in as the owner. Both IdP tenants are served from one origin, as Entra's are.
 */
const OWNER_DIRECTORY = 'owner-directory';
const ATTACKER_DIRECTORY = 'attacker-directory';

let t: TestService;
let a: TestTenant;
let ownerIdp: OidcIdp;
let attackerIdp: OidcIdp;
let providerId: string;

const get = (url: string, token: string | null = null) => t.app.inject({ method: 'GET', url, ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}) });
const consentCallback = (params: Record<string, string>) => get(`/api/auth/sso/idp/admin-consent/callback?${new URLSearchParams(params)}`);

/**
 * The attacker's sign-in as the person of their directory who carries the owner's e-mail: the role it ends with, or
 * null when the service does not send the browser to the attacker's directory at all.
 */
async function attackerSignsIn(): Promise<string | null> {
  const started = await get(`/api/auth/sso/idp/authorize?${new URLSearchParams({ provider_id: providerId, tenant_id: a.slug, redirect_uri: 'https://kb.example.test/api/auth/sso/idp/callback' })}`);
  if (started.statusCode !== 200 || !started.json().authorization_url.startsWith(`${attackerIdp.issuer}/`)) return null;
  const walk = await walkSignIn(t, a, providerId, attackerIdp, 'mallory');
  if (walk.callback.statusCode !== 200) return null;
  return (await get('/api/auth/me', walk.callback.json().access_token)).json().role;
}

beforeAll(async () => {
  t = await startSsoService();
  a = await createTenant(t, 'Acme');
  ownerIdp = await startIdp([{ sub: 'owner', email: a.ownerEmail, email_verified: true }], { path: `/${OWNER_DIRECTORY}/v2.0` });
  attackerIdp = await startIdp([{ sub: 'mallory', email: a.ownerEmail, email_verified: true }], { path: `/${ATTACKER_DIRECTORY}/v2.0`, alongside: ownerIdp });
  const provider = await saveProvider(t, a, ownerIdp, {
    issuer: ownerIdp.issuer.replace(OWNER_DIRECTORY, '{tenantid}'),
    admin_consent_url: `${ownerIdp.origin}/organizations/v2.0/adminconsent`,
    link_existing_by_email: true,
  });
  providerId = provider.provider_id;
  const { state } = (await get(`/api/auth/sso/idp/admin-consent?provider_id=${providerId}&idp_tenant=${OWNER_DIRECTORY}`, a.token)).json();
  expect((await consentCallback({ state, admin_consent: 'True', tenant: OWNER_DIRECTORY })).json().granted).toBe(true);
});
afterAll(async () => {
  await attackerIdp?.close();
  await ownerIdp?.close();
  await t?.close();
});

describe("an admin becoming the owner through SSO admin consent of the owner's linking provider", () => {
  it('an admin (JWT or admin API key) cannot start the consent, so cannot move the provider to their directory', async () => {
    const admin = await a.userToken('admin');
    const adminKey = await a.apiKey(['admin']);
    const answers: string[] = [];
    for (const [who, token] of [['admin JWT', admin.token], ['admin API key', adminKey.key]]) {
      for (const query of [`idp_tenant=${ATTACKER_DIRECTORY}`, '']) {
        const started = await get(`/api/auth/sso/idp/admin-consent?provider_id=${providerId}&${query}`, token);
        answers.push(`${who} ${query}: ${started.statusCode} ${started.json().code ?? ''}`);
        // The attack's next step, would the start answer: the IdP's answer is a plain redirect, the attacker writes it.
        if (started.statusCode === 200) await consentCallback({ state: started.json().state, admin_consent: 'True', tenant: ATTACKER_DIRECTORY });
      }
    }
    expect(await attackerSignsIn()).toBeNull();
    expect(answers).toEqual([
      `admin JWT idp_tenant=${ATTACKER_DIRECTORY}: 403 owner_required`,
      'admin JWT : 403 owner_required',
      `admin API key idp_tenant=${ATTACKER_DIRECTORY}: 403 owner_required`,
      'admin API key : 403 owner_required',
    ]);
  });

  it("with the state of an owner's consent, a forged answer naming the attacker's directory records nothing", async () => {
    const { state } = (await get(`/api/auth/sso/idp/admin-consent?provider_id=${providerId}&idp_tenant=${OWNER_DIRECTORY}`, a.token)).json();
    const forged = await consentCallback({ state, admin_consent: 'True', tenant: ATTACKER_DIRECTORY });
    expect(forged.statusCode).toBe(400);
    expect(await attackerSignsIn()).toBeNull();
    // The owner's own directory still signs the owner in.
    const owner = await walkSignIn(t, a, providerId, ownerIdp, 'owner');
    expect((await get('/api/auth/me', owner.callback.json().access_token)).json()).toMatchObject({ id: a.ownerId, role: 'owner' });
  });
});
