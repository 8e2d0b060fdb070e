import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTenant, type TestService, type TestTenant } from '../../../test/harness.js';
import type { OidcIdp } from '../../../test/peers/oidc-idp.js';
import { startSmtpPeer, tokenFromLink, type SmtpPeer } from '../../../test/support/smtp-peer.js';
import { eventually } from '../../../test/support/eventually.js';
import { PUBLIC_BASE_URL, saveProvider, startIdp, startSsoService, walkSignIn } from '../../../test/support/sso.js';

/**
 * SSO enforcement closes every way to a token that did not come through the IdP, not only password and code login:
 * accepting an invitation, rotating a refresh token that a password or code sign-in started, and turning such an
 * access token into a browser session. Owners keep every way in (the break-glass when the IdP is down).
 */

let smtp: SmtpPeer;
let t: TestService;
let a: TestTenant;
let idp: OidcIdp;
let providerId: string;
/** Pairs signed in by password before the tenant enforced SSO. */
let member: { email: string; access_token: string; refresh_token: string };
let owner: { access_token: string; refresh_token: string };

const GOOD_PW = 'granite otter lantern';
const post = (url: string, payload: object, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url, payload, headers });
const login = async (email: string) => (await post('/api/auth/login', { email, password: a.password, tenant_id: a.slug })).json();
const refresh = (token: string) => post('/api/auth/refresh', { refresh_token: token });
const createSession = (accessToken: string) => post('/api/auth/session/create', { access_token: accessToken }, { origin: PUBLIC_BASE_URL });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: a.auth(token) });
function expectSsoRequired(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json().code).toBe('sso_required');
  expect(res.json().detail).toContain('GET /api/auth/sso/idp/authorize');
  expect(res.body).not.toContain('access_token');
}

async function invitationToken(email: string, role: string): Promise<string> {
  const res = await post('/api/v1/users/invitations', { email, role }, a.auth());
  expect(res.statusCode, res.body).toBe(201);
  const mail = await eventually(`an invitation to ${email}`, () => smtp.mails.find((m) => JSON.stringify(m.to).includes(email)), (m) => m !== undefined, 30_000);
  return tokenFromLink(mail!.text ?? '');
}

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await startSsoService({ env: { SMTP_URL: smtp.url } });
  a = await createTenant(t, 'Acme');
  idp = await startIdp([]);
  providerId = (await saveProvider(t, a, idp, { link_existing_by_email: true })).provider_id;
  const m = await a.userToken('member');
  member = { email: m.email, ...(await login(m.email)) };
  owner = await login(a.ownerEmail);
  const enforced = await t.app.inject({ method: 'PUT', url: '/api/auth/sso/settings', headers: a.auth(), payload: { enforced: true } });
  expect(enforced.statusCode).toBe(200);
});
afterAll(async () => {
  await idp?.close();
  await t?.close();
  await smtp?.close();
});

describe('accepting an invitation in a tenant that enforces SSO', () => {
  it('creates the account and answers 403 sso_required without tokens; the invitee then signs in through the IdP', async () => {
    const email = `invitee@${a.slug}.test`;
    const token = await invitationToken(email, 'member');
    expectSsoRequired(await post('/api/auth/accept-invitation', { token, name: 'Ivy', password: GOOD_PW }));

    // The account exists (and the invitation is spent), but its password opens nothing.
    const users = (await t.app.inject({ method: 'GET', url: '/api/v1/users/?limit=100', headers: a.auth() })).json().items;
    expect(users).toContainEqual(expect.objectContaining({ email, name: 'Ivy', role: 'member', status: 'active', last_login_at: null }));
    expect((await post('/api/auth/accept-invitation', { token, name: 'Ivy', password: GOOD_PW })).json().code).toBe('invalid_invitation');
    expectSsoRequired(await post('/api/auth/login', { email, password: GOOD_PW, tenant_id: a.slug }));

    idp.accounts.set('ivy', { sub: 'ivy', email, email_verified: true, name: 'Ivy' });
    const walk = await walkSignIn(t, a, providerId, idp, 'ivy');
    expect(walk.callback.statusCode, walk.callback.body).toBe(200);
    expect((await me(walk.callback.json().access_token)).json()).toMatchObject({ email, role: 'member' });
  });

  it('an invited owner keeps the password way in (the break-glass) and gets the token pair', async () => {
    const email = `second-owner@${a.slug}.test`;
    const token = await invitationToken(email, 'owner');
    const res = await post('/api/auth/accept-invitation', { token, name: 'Olga', password: GOOD_PW });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ token_type: 'bearer', user: { email, role: 'owner' } });
  });
});

describe('tokens a password sign-in started before the tenant enforced SSO', () => {
  it("a non-owner's refresh token no longer rotates; an owner's does, and so does an SSO sign-in's family", async () => {
    expectSsoRequired(await refresh(member.refresh_token));
    const rotated = await refresh(owner.refresh_token);
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect((await refresh(rotated.json().refresh_token)).statusCode).toBe(200);

    idp.accounts.set('member', { sub: 'member', email: member.email, email_verified: true, name: 'Member' });
    const sso = (await walkSignIn(t, a, providerId, idp, 'member')).callback.json();
    const first = await refresh(sso.refresh_token);
    expect(first.statusCode, first.body).toBe(200);
    // The family stays an SSO sign-in's along its rotations.
    expect((await refresh(first.json().refresh_token)).statusCode).toBe(200);
  });

  it("a non-owner's password access token does not become a browser session; an owner's and an SSO sign-in's do", async () => {
    expectSsoRequired(await createSession(member.access_token));
    expect((await createSession(owner.access_token)).statusCode).toBe(200);
    const sso = (await walkSignIn(t, a, providerId, idp, 'member')).callback.json();
    const created = await createSession(sso.access_token);
    expect(created.statusCode, created.body).toBe(200);
    const rotated = (await refresh(sso.refresh_token)).json();
    expect((await createSession(rotated.access_token)).statusCode).toBe(200);
  });
});
