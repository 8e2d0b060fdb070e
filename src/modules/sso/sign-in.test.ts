import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestService, type TestTenant } from '../../../test/harness.js';
import type { OidcIdp } from '../../../test/peers/oidc-idp.js';
import { CALLBACK, saveProvider, startIdp, startSsoService, walkSignIn } from '../../../test/support/sso.js';

/**
 * SSO sign-in against oidc-provider as the identity provider, in-process on loopback: the whole browser walk
 * (authorize → IdP login and consent → our callback), the rules that decide who a person is, and every way an
 * answer that is not the one we asked for is refused.
 */

let t: TestService;
let a: TestTenant;
let idp: OidcIdp;
let domain: string;

const inject = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const me = (token: string) => inject('/api/auth/me', { authorization: `Bearer ${token}` });
const cookieOf = (setCookie: string | string[] | undefined, name: string) => [setCookie ?? []].flat().find((c) => c.startsWith(`${name}=`));

beforeAll(async () => {
  t = await startSsoService();
  a = await createTenant(t, 'Acme');
  domain = `${a.slug}.test`;
  idp = await startIdp([]);
});
afterAll(async () => {
  await idp?.close();
  await t?.close();
});

let people = 0;
/** A fresh person at the IdP (e-mail in the tenant's domain unless given). */
function person(overrides: { email?: string; email_verified?: boolean; name?: string } = {}) {
  const sub = `person-${++people}`;
  const account = { sub, email: `${sub}@${domain}`, email_verified: true, name: `Person ${people}`, ...overrides };
  idp.accounts.set(sub, account);
  return account;
}

describe('just-in-time creation', () => {
  let providerId: string;
  beforeAll(async () => {
    providerId = (await saveProvider(t, a, idp, { allowed_email_domains: [domain], jit: { enabled: true, default_role: 'viewer' } })).provider_id;
  });

  it('creates the user, answers the login token pair and next_url, and sets the session cookie', async () => {
    const p = person({ name: 'Ada Lovelace' });
    const walk = await walkSignIn(t, a, providerId, idp, p.sub, { nextUrl: '/documents?folder=1' });
    expect(walk.returned.toString().startsWith(`${CALLBACK}?`)).toBe(true);
    expect(walk.returned.searchParams.get('iss')).toBe(idp.issuer);
    expect(walk.callback.statusCode).toBe(200);
    const body = walk.callback.json();
    expect(body).toEqual({ access_token: expect.any(String), refresh_token: expect.any(String), expires_in: 1800, token_type: 'bearer', next_url: '/documents?folder=1' });
    expect(walk.callback.headers['cache-control']).toBe('no-store');

    const profile = (await me(body.access_token)).json();
    expect(profile).toMatchObject({ email: p.email, name: 'Ada Lovelace', role: 'viewer', tenant_id: a.tenantId, last_login_at: expect.any(String) });

    // The session cookie, with the flags the sessions module promises, works on session/check.
    const session = cookieOf(walk.callback.headers['set-cookie'], 'service_session')!;
    expect(session).toMatch(/^service_session=ss_[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+; Secure$/);
    const check = await t.app.inject({ method: 'POST', url: '/api/auth/session/check', payload: {}, headers: { cookie: session.split(';')[0] } });
    expect(check.json()).toMatchObject({ authenticated: true, user: { email: p.email } });
    // The binding cookie is spent with the sign-in.
    expect(cookieOf(walk.callback.headers['set-cookie'], 'sso_binding')).toMatch(/Max-Age=0/);

    // The refresh token rotates like a password login's.
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token: body.refresh_token } });
    expect(refreshed.statusCode).toBe(200);

    const audit = (await inject('/api/v1/audit-events?type=user.created', a.auth())).json().items;
    expect(audit).toContainEqual(expect.objectContaining({ target_id: profile.id, details: { email: p.email, role: 'viewer', via: `sso:${providerId}` } }));
  });

  it('the second sign-in finds the same user by (issuer, sub), even after the e-mail changed at the IdP', async () => {
    const p = person();
    const first = (await walkSignIn(t, a, providerId, idp, p.sub)).callback.json();
    const id = (await me(first.access_token)).json().id;
    idp.accounts.set(p.sub, { ...p, email: `renamed-${p.email}` });
    const second = await walkSignIn(t, a, providerId, idp, p.sub);
    expect(second.callback.statusCode).toBe(200);
    expect((await me(second.callback.json().access_token)).json()).toMatchObject({ id, email: p.email });
  });

  it('refuses an e-mail domain that is not allowed, and an address the IdP says is unverified', async () => {
    const outsider = person({ email: `someone-${people}@elsewhere.test` });
    const refused = await walkSignIn(t, a, providerId, idp, outsider.sub);
    expect(refused.callback.statusCode).toBe(403);
    expect(refused.callback.json().code).toBe('sso_email_domain_not_allowed');
    // A subdomain is another domain.
    const sub = person({ email: `x-${people}@mail.${domain}` });
    expect((await walkSignIn(t, a, providerId, idp, sub.sub)).callback.json().code).toBe('sso_email_domain_not_allowed');

    const unverified = person({ email_verified: false });
    const res = await walkSignIn(t, a, providerId, idp, unverified.sub);
    expect(res.callback.statusCode).toBe(403);
    expect(res.callback.json().code).toBe('sso_email_not_verified');
    // Nothing was created: the address is still free.
    const users = (await inject(`/api/v1/users/?search=${encodeURIComponent(unverified.email)}`, a.auth())).json();
    expect(users.total).toBe(0);
  });

  it('refuses a person without an e-mail', async () => {
    const p = person();
    idp.accounts.set(p.sub, { sub: p.sub });
    const res = await walkSignIn(t, a, providerId, idp, p.sub);
    expect(res.callback.statusCode).toBe(403);
    expect(res.callback.json().code).toBe('sso_email_missing');
  });

  it('without the binding cookie the tokens are answered but no session cookie is set (no login CSRF)', async () => {
    const p = person();
    const walk = await walkSignIn(t, a, providerId, idp, p.sub, { keepBinding: false });
    expect(walk.callback.statusCode).toBe(200);
    expect(cookieOf(walk.callback.headers['set-cookie'], 'service_session')).toBeUndefined();
    const forged = await walkSignIn(t, a, providerId, idp, person().sub, { headers: { cookie: 'sso_binding=forged-value' } });
    expect(cookieOf(forged.callback.headers['set-cookie'], 'service_session')).toBeUndefined();
  });

  it('takes the e-mail from userinfo when the ID token carries none', async () => {
    const lean = await startIdp([], { claimsInIdToken: false });
    try {
      const id = (await saveProvider(t, a, lean, { name: 'Lean IdP', allowed_email_domains: [domain], jit: { enabled: true } })).provider_id;
      lean.accounts.set('lean-1', { sub: 'lean-1', email: `lean-1@${domain}`, email_verified: true, name: 'Lean' });
      const walk = await walkSignIn(t, a, id, lean, 'lean-1');
      expect(walk.callback.statusCode).toBe(200);
      expect((await me(walk.callback.json().access_token)).json().email).toBe(`lean-1@${domain}`);
    } finally {
      await lean.close();
    }
  });
});

describe('existing accounts', () => {
  let noLink: string;
  let linking: string;
  beforeAll(async () => {
    noLink = (await saveProvider(t, a, idp, { name: 'No linking', allowed_email_domains: [domain], jit: { enabled: true } })).provider_id;
    linking = (await saveProvider(t, a, idp, { name: 'Linking', link_existing_by_email: true })).provider_id;
  });

  it('a provider that does not link refuses an e-mail that already has an account (409), creating nothing', async () => {
    const existing = await a.userToken('member');
    const p = person({ email: existing.email });
    const res = await walkSignIn(t, a, noLink, idp, p.sub);
    expect(res.callback.statusCode).toBe(409);
    expect(res.callback.json().code).toBe('sso_account_exists');
  });

  it('a linking provider signs in the existing user when the IdP vouches for the e-mail, and keeps the link', async () => {
    const existing = await a.userToken('member');
    const p = person({ email: existing.email.toUpperCase() });
    const res = await walkSignIn(t, a, linking, idp, p.sub);
    expect(res.callback.statusCode).toBe(200);
    expect((await me(res.callback.json().access_token)).json()).toMatchObject({ id: existing.userId, role: 'member' });
    const linked = (await inject('/api/v1/audit-events?type=sso.identity_linked', a.auth())).json().items;
    expect(linked).toContainEqual(expect.objectContaining({ target_id: existing.userId }));
    // Linked now: the same person signs in through the non-linking provider of the same issuer too.
    expect((await walkSignIn(t, a, noLink, idp, p.sub)).callback.statusCode).toBe(200);
  });

  it('refuses to link when the IdP does not say email_verified (false or absent)', async () => {
    for (const verified of [false, undefined]) {
      const existing = await a.userToken('member');
      const p = person({ email: existing.email });
      if (verified === undefined) idp.accounts.set(p.sub, { sub: p.sub, email: existing.email });
      else idp.accounts.set(p.sub, { ...p, email_verified: false });
      const res = await walkSignIn(t, a, linking, idp, p.sub);
      expect(res.callback.statusCode, String(verified)).toBe(403);
      expect(res.callback.json().code).toBe('sso_email_not_verified');
    }
  });

  it('refuses an e-mail whose account is already linked to another person at this issuer', async () => {
    const existing = await a.userToken('member');
    const owner = person({ email: existing.email });
    expect((await walkSignIn(t, a, linking, idp, owner.sub)).callback.statusCode).toBe(200);
    const impostor = person({ email: existing.email });
    const res = await walkSignIn(t, a, linking, idp, impostor.sub);
    expect(res.callback.statusCode).toBe(409);
    expect(res.callback.json().code).toBe('sso_email_linked_elsewhere');
  });

  it('a disabled user is refused, linked or not', async () => {
    const existing = await a.userToken('member');
    const p = person({ email: existing.email });
    expect((await walkSignIn(t, a, linking, idp, p.sub)).callback.statusCode).toBe(200);
    await t.app.inject({ method: 'PATCH', url: `/api/v1/users/${existing.userId}`, headers: a.auth(), payload: { status: 'disabled' } });
    const res = await walkSignIn(t, a, linking, idp, p.sub);
    expect(res.callback.statusCode).toBe(403);
    expect(res.callback.json().code).toBe('sso_user_disabled');
  });

  it('without just-in-time creation a stranger is refused', async () => {
    const res = await walkSignIn(t, a, linking, idp, person().sub);
    expect(res.callback.statusCode).toBe(403);
    expect(res.callback.json().code).toBe('sso_no_account');
  });
});

describe('answers that are not the one we asked for', () => {
  let providerId: string;
  beforeAll(async () => {
    providerId = (await saveProvider(t, a, idp, { name: 'Strict', allowed_email_domains: [domain], jit: { enabled: true } })).provider_id;
  });
  const callback = (params: Record<string, string>, headers: Record<string, string> = {}) =>
    inject(`/api/auth/sso/idp/callback?${new URLSearchParams(params)}`, headers);

  it('a state is single use: the same answer twice is refused the second time', async () => {
    const walk = await walkSignIn(t, a, providerId, idp, person().sub);
    expect(walk.callback.statusCode).toBe(200);
    const again = await inject(`/api/auth/sso/idp/callback${walk.returned.search}`);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('sso_invalid_state');
  });

  it('an unknown state is refused, and so is a state the IdP answered with after tampering', async () => {
    const unknown = await callback({ state: 'x'.repeat(43), code: 'abc' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ detail: 'This sign-in attempt is unknown, used or expired; start again', code: 'sso_invalid_state' });
    const tampered = await walkSignIn(t, a, providerId, idp, person().sub, { tamper: (url) => url.searchParams.set('state', `${url.searchParams.get('state')}x`) });
    expect(tampered.callback.statusCode).toBe(400);
    expect(tampered.callback.json().code).toBe('sso_invalid_state');
  });

  it('a wrong nonce in the ID token is refused (401), and the state is spent', async () => {
    const walk = await walkSignIn(t, a, providerId, idp, person().sub, { tamper: (url) => url.searchParams.set('nonce', 'not-the-nonce-we-stored') });
    expect(walk.callback.statusCode).toBe(401);
    expect(walk.callback.json().code).toBe('sso_authentication_failed');
    expect(walk.callback.json().detail).toMatch(/nonce/);
    expect((await inject(`/api/auth/sso/idp/callback${walk.returned.search}`)).json().code).toBe('sso_invalid_state');
  });

  it('a wrong or missing iss (RFC 9207) is refused', async () => {
    for (const iss of ['http://127.0.0.1:1', null]) {
      const p = person();
      const started = await inject(`/api/auth/sso/idp/authorize?${new URLSearchParams({ provider_id: providerId, tenant_id: a.slug, redirect_uri: CALLBACK })}`);
      const returned = await idp.signIn(started.json().authorization_url, p.sub);
      if (iss === null) returned.searchParams.delete('iss');
      else returned.searchParams.set('iss', iss);
      const res = await inject(`/api/auth/sso/idp/callback${returned.search}`);
      expect(res.statusCode, String(iss)).toBe(401);
      expect(res.json().code).toBe('sso_authentication_failed');
      expect(res.json().detail).toMatch(/iss/);
    }
  });

  it("an answer from another IdP (same client id, its own issuer and keys) is refused", async () => {
    const other = await startIdp([{ sub: 'mallory', email: `mallory@${domain}`, email_verified: true }]);
    try {
      const started = (await inject(`/api/auth/sso/idp/authorize?${new URLSearchParams({ provider_id: providerId, tenant_id: a.slug, redirect_uri: CALLBACK })}`)).json();
      const moved = new URL(started.authorization_url);
      const returned = await other.signIn(new URL(moved.pathname + moved.search, other.origin).toString(), 'mallory');
      expect(returned.searchParams.get('iss')).toBe(other.issuer);
      expect(returned.searchParams.get('code')).toEqual(expect.any(String));
      const res = await inject(`/api/auth/sso/idp/callback${returned.search}`);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('sso_authentication_failed');
    } finally {
      await other.close();
    }
  });

  it("the code of one sign-in with the state of another is refused (PKCE and nonce are the other's)", async () => {
    const first = person();
    const start = () => inject(`/api/auth/sso/idp/authorize?${new URLSearchParams({ provider_id: providerId, tenant_id: a.slug, redirect_uri: CALLBACK })}`);
    const one = (await start()).json();
    const two = (await start()).json();
    const returned = await idp.signIn(one.authorization_url, first.sub);
    returned.searchParams.set('state', two.state);
    const res = await inject(`/api/auth/sso/idp/callback${returned.search}`);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('sso_authentication_failed');
  });

  it('an IdP error (the person declined) is a 400 naming it, and spends the state', async () => {
    const walk = await walkSignIn(t, a, providerId, idp, person().sub, { deny: true });
    expect(walk.returned.searchParams.get('error')).toBe('access_denied');
    expect(walk.callback.statusCode).toBe(400);
    expect(walk.callback.json()).toMatchObject({ code: 'sso_idp_error', detail: expect.stringContaining('access_denied') });
    expect((await inject(`/api/auth/sso/idp/callback${walk.returned.search}`)).json().code).toBe('sso_invalid_state');
  });

  it('a state expires after 10 minutes on the service clock', async () => {
    const p = person();
    const started = (await inject(`/api/auth/sso/idp/authorize?${new URLSearchParams({ provider_id: providerId, tenant_id: a.slug, redirect_uri: CALLBACK })}`)).json();
    const returned = await idp.signIn(started.authorization_url, p.sub);
    t.service.ctx.clock.advance(10 * 60_000 + 1000);
    const res = await inject(`/api/auth/sso/idp/callback${returned.search}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('sso_invalid_state');
  });

  it('a disabled or deleted provider ends its pending sign-ins', async () => {
    const id = (await saveProvider(t, a, idp, { name: 'Short-lived', allowed_email_domains: [domain], jit: { enabled: true } })).provider_id;
    const started = (await inject(`/api/auth/sso/idp/authorize?${new URLSearchParams({ provider_id: id, tenant_id: a.slug, redirect_uri: CALLBACK })}`)).json();
    const returned = await idp.signIn(started.authorization_url, person().sub);
    await saveProvider(t, a, idp, { provider_id: id, name: 'Short-lived', enabled: false, allowed_email_domains: [domain], jit: { enabled: true } });
    const res = await inject(`/api/auth/sso/idp/callback${returned.search}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('sso_provider_not_found');
    // A disabled provider starts nothing either.
    const refused = await inject(`/api/auth/sso/idp/authorize?${new URLSearchParams({ provider_id: id, tenant_id: a.slug, redirect_uri: CALLBACK })}`);
    expect(refused.statusCode).toBe(404);
  });
});

describe('tenant isolation', () => {
  it("a tenant's provider serves only its own tenant; the same IdP person is a separate user in each tenant", async () => {
    const b = await createTenant(t, 'Beta');
    const betaDomain = domain;
    const inA = (await saveProvider(t, a, idp, { name: 'A', allowed_email_domains: [domain], jit: { enabled: true } })).provider_id;
    const inB = (await saveProvider(t, b, idp, { name: 'B', allowed_email_domains: [betaDomain], jit: { enabled: true } })).provider_id;

    // B's provider named with A's tenant (and the reverse) is not found.
    for (const [provider, tenant] of [[inB, a.slug], [inA, b.tenantId]]) {
      const res = await inject(`/api/auth/sso/idp/authorize?${new URLSearchParams({ provider_id: provider, tenant_id: tenant, redirect_uri: CALLBACK })}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('sso_provider_not_found');
    }

    const p = person();
    const userA = (await me((await walkSignIn(t, a, inA, idp, p.sub)).callback.json().access_token)).json();
    const userB = (await me((await walkSignIn(t, b, inB, idp, p.sub)).callback.json().access_token)).json();
    expect(userA.tenant_id).toBe(a.tenantId);
    expect(userB.tenant_id).toBe(b.tenantId);
    expect(userA.id).not.toBe(userB.id);

    // The public list shows each tenant its own providers only.
    const listA = (await inject(`/api/auth/sso/providers/${a.slug}`)).json().providers.map((x: { provider_id: string }) => x.provider_id);
    expect(listA).toContain(inA);
    expect(listA).not.toContain(inB);
  });
});
