import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/harness.js';
import { authorize, pkcePair, registerClient, sessionCookieFor, withOAuthService, type RegisteredClient } from '../../../test/support/oauth.js';

/** The authorization endpoint, its consent and its silent variant: every rule of an authorization request (docs/oauth.md), and bad input. */
const fixture = withOAuthService();
const CB = 'https://app.example.test/cb';
const CB_WITH_QUERY = 'https://app.example.test/cb?tenant=acme';
let firstParty: RegisteredClient;
let thirdParty: RegisteredClient;
let confidential: RegisteredClient;
let b: TestTenant;
let ownedByB: RegisteredClient;
let cookie: string;
const { challenge } = pkcePair();

beforeAll(async () => {
  const { t, a, base } = fixture;
  firstParty = await registerClient(t, { redirectUris: [CB, CB_WITH_QUERY], firstParty: true });
  thirdParty = await registerClient(t, { name: 'Third-party app', redirectUris: [CB] });
  confidential = await registerClient(t, { redirectUris: [CB], confidential: true, firstParty: true });
  b = await createTenant(t, 'Beta');
  ownedByB = await registerClient(t, { name: 'Beta internal', redirectUris: [CB], tenant: b.slug });
  cookie = await sessionCookieFor(t, base, a.token);
});

const pkce = { code_challenge: challenge, code_challenge_method: 'S256' };
const request = (client: RegisteredClient, extra: Record<string, string | string[]> = {}) => ({ client_id: client.client_id, redirect_uri: CB, ...pkce, ...extra });
const withCookie = (value = cookie) => ({ cookie: value });
const ask = (query: Record<string, string | string[]>, headers: Record<string, string> = withCookie()) => authorize(fixture.t, query, headers);
const redirectParams = (body: { redirect_to: string }) => new URL(body.redirect_to).searchParams;

describe('client and redirect URI: a 400, never a redirect', () => {
  it('an unknown client_id is 400 invalid_client', async () => {
    for (const clientId of ['cl_AAAAAAAAAAAAAAAAAAAAAA', 'nope', `ac_${'a'.repeat(43)}`]) {
      const res = await ask({ client_id: clientId, redirect_uri: CB, ...pkce });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'invalid_client', error_description: 'Unknown client_id' });
      expect(res.headers.location).toBeUndefined();
    }
  });

  it('a redirect_uri not exactly registered is 400 invalid_request: trailing slash, other port, added query, other scheme, fragment, user-info, javascript:', async () => {
    const variants = [
      `${CB}/`,
      'https://app.example.test:8443/cb',
      `${CB}?x=1`,
      'http://app.example.test/cb',
      `${CB}#frag`,
      'https://user:pw@app.example.test/cb',
      'https://app.example.test@evil.example/cb',
      'javascript:alert(1)//https://app.example.test/cb',
      'HTTPS://APP.EXAMPLE.TEST/cb',
      'https://app.example.test/CB',
      `${CB}%20`,
    ];
    for (const uri of variants) {
      const res = await ask(request(firstParty, { redirect_uri: uri }));
      expect(res.statusCode, uri).toBe(400);
      expect(res.json().error).toBe('invalid_request');
    }
  });

  it('the 400 comes before any session check (an anonymous caller gets it too)', async () => {
    const res = await ask(request(firstParty, { redirect_uri: `${CB}/` }), {});
    expect(res.statusCode).toBe(400);
  });
});

describe('errors of the request: 200 with an error redirect carrying state and iss', () => {
  const expectError = async (query: Record<string, string>, error: string) => {
    const res = await ask({ ...query, state: 'st-1' });
    expect(res.statusCode, JSON.stringify(query)).toBe(200);
    const body = res.json();
    expect(body.status, JSON.stringify(body)).toBe('error');
    const params = redirectParams(body);
    expect(body.redirect_to.startsWith(`${CB}?`)).toBe(true);
    expect(params.get('error')).toBe(error);
    expect(params.get('state')).toBe('st-1');
    expect(params.get('iss')).toBe(fixture.base);
    expect(params.get('code')).toBeNull();
  };

  it('response_type other than code', () => expectError(request(firstParty, { response_type: 'token' }), 'unsupported_response_type'));
  it('an unknown scope', () => expectError(request(firstParty, { scope: 'openid everything' }), 'invalid_scope'));
  it('a scope the client may not ask for (admin is never allowed by default)', () => expectError(request(firstParty, { scope: 'openid admin' }), 'invalid_scope'));
  it('a public client without PKCE', () => expectError({ client_id: firstParty.client_id, redirect_uri: CB }, 'invalid_request'));
  it('PKCE plain', () => expectError(request(firstParty, { code_challenge_method: 'plain' }), 'invalid_request'));
  it('a challenge without a method (plain by default in RFC 7636)', () => expectError({ client_id: firstParty.client_id, redirect_uri: CB, code_challenge: challenge }, 'invalid_request'));
  it('a method without a challenge', () => expectError({ client_id: confidential.client_id, redirect_uri: CB, code_challenge_method: 'S256' }, 'invalid_request'));
  it('a malformed challenge', () => expectError(request(firstParty, { code_challenge: 'short' }), 'invalid_request'));
});

describe('who asks', () => {
  it('no session: login_required with our login page, which returns to the request', async () => {
    const res = await ask(request(firstParty, { state: 'xyz' }), {});
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('login_required');
    const login = new URL(body.login_url);
    expect(`${login.origin}${login.pathname}`).toBe(`${fixture.base}/admin/sign-in`);
    const back = login.searchParams.get('return_to')!;
    expect(back.startsWith('/api/auth/authorize?')).toBe(true);
    expect(new URLSearchParams(back.split('?')[1]).get('state')).toBe('xyz');
  });

  it('success: a code, the state echoed, iss present; the code is stored only as a hash', async () => {
    const res = await ask(request(firstParty, { state: 'abc', nonce: 'n-1' }));
    const body = res.json();
    expect(body).toMatchObject({ status: 'ok', state: 'abc', expires_in: 60 });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(body.code).toMatch(/^ac_[A-Za-z0-9_-]{43}$/);
    const params = redirectParams(body);
    expect(params.get('code')).toBe(body.code);
    expect(params.get('state')).toBe('abc');
    expect(params.get('iss')).toBe(fixture.base);
    const hash = createHash('sha256').update(body.code).digest('hex');
    const found = await fixture.t.service.ctx.db.tenant(fixture.a.tenantId, (tx) =>
      tx.execute(sql`SELECT count(*)::int AS n FROM oauth_codes WHERE code_hash = ${hash} OR code_hash = ${body.code}`),
    ) as unknown as { rows: { n: number }[] };
    expect(found.rows[0].n).toBe(1);
  });

  it('a registered redirect URI with a query keeps it and appends the response', async () => {
    const body = (await ask(request(firstParty, { redirect_uri: CB_WITH_QUERY }))).json();
    expect(body.redirect_to.startsWith(`${CB_WITH_QUERY}&code=`)).toBe(true);
  });

  it("the user's own bearer works in place of the cookie; an API key, a refresh token or an app's token do not", async () => {
    const { t, a } = fixture;
    expect((await ask(request(firstParty), a.auth())).json().status).toBe('ok');
    const key = await a.apiKey(['documents:read']);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: a.ownerEmail, password: a.password, tenant_id: a.slug } });
    for (const bearer of [key.key, login.json().refresh_token, 'garbage']) {
      expect((await ask(request(firstParty), { authorization: `Bearer ${bearer}` })).json().status, bearer.slice(0, 10)).toBe('login_required');
    }
  });

  it('user_id and tenant_id never authenticate: another user or tenant is login_required; the caller\'s own pass', async () => {
    const { a } = fixture;
    const other = await a.userToken('member');
    expect((await ask(request(firstParty, { user_id: other.userId }))).json().status).toBe('login_required');
    expect((await ask(request(firstParty, { user_id: a.ownerId }), {})).json().status, 'no session, user_id alone').toBe('login_required');
    expect((await ask(request(firstParty, { tenant_id: b.tenantId }))).json().status).toBe('login_required');
    expect((await ask(request(firstParty, { tenant_id: b.slug }))).json().status).toBe('login_required');
    expect((await ask(request(firstParty, { user_id: a.ownerId, tenant_id: a.slug }))).json().status).toBe('ok');
    expect((await ask(request(firstParty, { user_id: a.ownerId, tenant_id: a.tenantId }))).json().status).toBe('ok');
  });

  it("a tenant's own client serves its users only: a user of another tenant is login_required", async () => {
    const { t, base } = fixture;
    expect((await ask(request(ownedByB))).json().status).toBe('login_required');
    const bCookie = await sessionCookieFor(t, base, b.token);
    expect((await ask(request(ownedByB), withCookie(bCookie))).json().status, 'its own tenant: asks consent').toBe('consent_required');
  });

  it('a cookie call from a page of another origin is refused (403)', async () => {
    const res = await ask(request(firstParty), { ...withCookie(), origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('cross_origin_refused');
  });
});

describe('consent', () => {
  const consent = (body: Record<string, unknown>, headers: Record<string, string> = { ...withCookie(), origin: fixture.base }) =>
    fixture.t.app.inject({ method: 'POST', url: '/api/auth/authorize/consent', headers, payload: body });

  it('a third-party client needs consent; granted, the same scopes need none again; more scopes ask again', async () => {
    const { t, base } = fixture;
    const user = await fixture.a.userToken('member');
    const userCookie = await sessionCookieFor(t, base, user.token);
    const first = (await ask(request(thirdParty, { scope: 'openid email' }), withCookie(userCookie))).json();
    expect(first).toEqual({ status: 'consent_required', client: { client_id: thirdParty.client_id, name: 'Third-party app', logo_url: null }, scopes: ['openid', 'email'] });

    const granted = await consent(request(thirdParty, { scope: 'openid email', state: 's' }), { cookie: userCookie, origin: base });
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({ status: 'ok', state: 's' });

    expect((await ask(request(thirdParty, { scope: 'openid email' }), withCookie(userCookie))).json().status).toBe('ok');
    expect((await ask(request(thirdParty, { scope: 'openid' }), withCookie(userCookie))).json().status, 'a subset').toBe('ok');
    expect((await ask(request(thirdParty, { scope: 'openid email documents:read' }), withCookie(userCookie))).json().status).toBe('consent_required');
    // Consent is per user: the owner has given none.
    expect((await ask(request(thirdParty, { scope: 'openid email' }))).json().status).toBe('consent_required');
  });

  it('denying answers access_denied and records nothing', async () => {
    const denied = (await consent({ ...request(thirdParty, { scope: 'openid profile', state: 'd' }), approve: false })).json();
    expect(denied.status).toBe('error');
    expect(redirectParams(denied).get('error')).toBe('access_denied');
    expect(redirectParams(denied).get('state')).toBe('d');
    expect((await ask(request(thirdParty, { scope: 'openid profile' }))).json().status).toBe('consent_required');
  });

  it('consent from another origin is refused; without a session it is login_required', async () => {
    const res = await consent(request(thirdParty), { ...withCookie(), origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect((await consent(request(thirdParty), { origin: fixture.base })).json().status).toBe('login_required');
  });

  it('consent cannot smuggle a bad request: unknown client 400, a bad scope an error redirect', async () => {
    expect((await consent({ client_id: 'cl_AAAAAAAAAAAAAAAAAAAAAA', redirect_uri: CB, ...pkce })).statusCode).toBe(400);
    expect((await consent(request(thirdParty, { scope: 'openid admin' }))).json().status).toBe('error');
  });
});

describe('silent-authorize (prompt=none)', () => {
  const silent = (body: Record<string, unknown>, headers: Record<string, string> = { ...withCookie(), origin: fixture.base }) =>
    fixture.t.app.inject({ method: 'POST', url: '/api/auth/silent-authorize', headers, payload: body });
  const body = (client: RegisteredClient, extra: Record<string, string> = {}) => ({ client_id: client.client_id, redirect_uri: CB, ...pkce, ...extra });

  it('without a session: login_required, and no login page', async () => {
    const res = await silent(body(firstParty), { origin: fixture.base });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'login_required' });
  });

  it('a bearer is not a session here', async () => {
    expect((await silent(body(firstParty), { ...fixture.a.auth(), origin: fixture.base })).json()).toEqual({ status: 'login_required' });
  });

  it('with the session: a code; a third-party client without consent: consent_required', async () => {
    expect((await silent(body(firstParty, { state: 'q', nonce: 'n' }))).json()).toMatchObject({ status: 'ok', state: 'q' });
    expect((await silent(body(thirdParty, { scope: 'openid chat:query' }))).json().status).toBe('consent_required');
  });

  it('refused from another origin; PKCE is required (422 without it)', async () => {
    expect((await silent(body(firstParty), { ...withCookie(), origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await silent({ client_id: firstParty.client_id, redirect_uri: CB })).statusCode).toBe(422);
  });
});

describe('bad input: a clear 4xx, no code', () => {
  it('missing, doubled, over-long or mistyped parameters are 422', async () => {
    const cases: Record<string, string | string[]>[] = [
      { redirect_uri: CB, ...pkce },
      { client_id: firstParty.client_id, ...pkce },
      { ...request(firstParty), client_id: [firstParty.client_id, thirdParty.client_id] },
      { ...request(firstParty), redirect_uri: [CB, CB] },
      { ...request(firstParty), state: ['a', 'b'] },
      { ...request(firstParty), state: 'x'.repeat(2000) },
      { ...request(firstParty), redirect_uri: `${CB}?${'x'.repeat(3000)}` },
      { ...request(firstParty), code_challenge: 'c'.repeat(500) },
      { ...request(firstParty), scope: '' },
    ];
    for (const query of cases) {
      const res = await ask(query);
      expect(res.statusCode, JSON.stringify(query).slice(0, 120)).toBe(422);
      expect(res.body).not.toContain('ac_');
    }
  });

  it('a scope with odd spacing is an error redirect, not a code', async () => {
    expect((await ask(request(firstParty, { scope: 'openid  email' }))).json().status).toBe('error');
  });

  it('a session id of another kind (an access token, a code) is no session', async () => {
    const code = (await ask(request(firstParty))).json().code;
    for (const value of [fixture.a.token, code, `ss_${'A'.repeat(43)}`]) {
      expect((await ask(request(firstParty), { cookie: `service_session=${value}` })).json().status).toBe('login_required');
    }
  });
});
