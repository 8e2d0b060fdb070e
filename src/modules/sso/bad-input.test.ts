import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestService, type TestTenant } from '../../../test/harness.js';
import type { OidcIdp } from '../../../test/peers/oidc-idp.js';
import { CALLBACK, PUBLIC_BASE_URL, saveProvider, startIdp, startSsoService } from '../../../test/support/sso.js';
import { rows } from '../../platform/db/database.js';

/**
 * Bad input on every SSO route: each parameter missing, doubled, over-long or of the wrong type; javascript: and
 * other off-site URLs; open-redirect attempts. Always a clear 4xx, nothing issued, nothing half-written.
 */

const REGISTERED = 'https://app.example.test/sso/callback';
const FIRST_PARTY = 'https://app.example.test';

let t: TestService;
let a: TestTenant;
let idp: OidcIdp;
let providerId: string;

const get = (url: string, token: string | null = null) => t.app.inject({ method: 'GET', url, ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}) });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token: string | null = a.token) =>
  t.app.inject({
    method,
    url,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(payload !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
  });
/** A query string from pairs, so that a name can be given twice. */
const qs = (pairs: Array<[string, string]>) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
const countOf = async (table: 'sso_states' | 'sso_providers' | 'sso_identities') =>
  Number((await t.service.ctx.db.tenant(a.tenantId, (tx) => rows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`)))[0].n);

beforeAll(async () => {
  t = await startSsoService({ env: { SSO_REDIRECT_URIS: REGISTERED, FIRST_PARTY_ORIGINS: FIRST_PARTY } });
  a = await createTenant(t, 'Acme');
  idp = await startIdp([{ sub: 'u1', email: `u1@${a.slug}.test`, email_verified: true }], { extraRedirectUris: [REGISTERED] });
  providerId = (await saveProvider(t, a, idp, { allowed_email_domains: [`${a.slug}.test`], jit: { enabled: true } })).provider_id;
});
afterAll(async () => {
  await idp?.close();
  await t?.close();
});

const authorizeParams = (): Array<[string, string]> => [
  ['provider_id', providerId],
  ['tenant_id', a.slug],
  ['redirect_uri', CALLBACK],
  ['next_url', '/home'],
];

describe('GET /api/auth/sso/idp/authorize', () => {
  it('refuses each parameter missing, doubled, over-long or malformed (422), storing no state', async () => {
    const before = await countOf('sso_states');
    const base = authorizeParams();
    for (const [name] of base) {
      const variants: Array<[string, Array<[string, string]>]> = [
        ['doubled', [...base, [name, base.find(([n]) => n === name)![1]]]],
        ['over-long', base.map(([n, v]) => [n, n === name ? `${v}${'x'.repeat(2100)}` : v])],
      ];
      if (name !== 'next_url') variants.push(['missing', base.filter(([n]) => n !== name)]);
      for (const [how, pairs] of variants) {
        const res = await get(`/api/auth/sso/idp/authorize?${qs(pairs)}`);
        expect(res.statusCode, `${name} ${how}`).toBe(422);
        expect(res.json().code).toBe('validation_error');
      }
    }
    for (const badId of ['not-a-uuid', '1', "' OR 1=1 --"]) {
      expect((await get(`/api/auth/sso/idp/authorize?${qs(base.map(([n, v]) => [n, n === 'provider_id' ? badId : v]))}`)).statusCode).toBe(422);
    }
    expect((await get(`/api/auth/sso/idp/authorize?${qs(base.map(([n, v]) => [n, n === 'tenant_id' ? 'bad\u0000' : v]))}`)).statusCode).toBe(422);
    expect(await countOf('sso_states')).toBe(before);
  });

  it('accepts our own callback, the console\'s and a registered one, exactly; refuses every other redirect_uri (400)', async () => {
    const before = await countOf('sso_states');
    const refused = [
      `${CALLBACK}/`,
      `${CALLBACK}?x=1`,
      `${CALLBACK}#frag`,
      CALLBACK.replace('https:', 'http:'),
      CALLBACK.replace('kb.example.test', 'kb.example.test:444'),
      CALLBACK.replace('kb.example.test', 'user@kb.example.test'),
      CALLBACK.toUpperCase(),
      'https://evil.test/api/auth/sso/idp/callback',
      'https://kb.example.test.evil.test/api/auth/sso/idp/callback',
      `${REGISTERED}/`,
      'javascript:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      '/api/auth/sso/idp/callback',
    ];
    for (const redirect of refused) {
      const res = await get(`/api/auth/sso/idp/authorize?${qs(authorizeParams().map(([n, v]) => [n, n === 'redirect_uri' ? redirect : v]))}`);
      expect(res.statusCode, redirect).toBe(400);
      expect(res.json().code).toBe('sso_redirect_uri_not_allowed');
    }
    expect(await countOf('sso_states')).toBe(before);
    for (const redirect of [CALLBACK, `${PUBLIC_BASE_URL}/admin/sso/callback`, REGISTERED]) {
      const res = await get(`/api/auth/sso/idp/authorize?${qs(authorizeParams().map(([n, v]) => [n, n === 'redirect_uri' ? redirect : v]))}`);
      expect(res.statusCode, redirect).toBe(200);
      expect(new URL(res.json().authorization_url).searchParams.get('redirect_uri')).toBe(redirect);
    }
  });

  it('refuses next_url that leaves our origins (no open redirect), accepts paths and first-party URLs', async () => {
    const before = await countOf('sso_states');
    const refused = [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,x',
      '//evil.test/path',
      '/\\evil.test',
      '\\\\evil.test',
      '/\t/evil.test',
      'https://evil.test/',
      'http://app.example.test/',
      'https://app.example.test.evil.test/',
      'https://user@app.example.test/',
      'https://kb.example.test:8443/',
      'evil.test/path',
      '../../etc/passwd',
      ' /leading-space',
      '/line\nbreak',
    ];
    for (const next of refused) {
      const res = await get(`/api/auth/sso/idp/authorize?${qs(authorizeParams().map(([n, v]) => [n, n === 'next_url' ? next : v]))}`);
      expect(res.statusCode, JSON.stringify(next)).toBe(400);
      expect(res.json().code).toBe('sso_next_url_not_allowed');
    }
    expect(await countOf('sso_states')).toBe(before);
    for (const next of ['/', '/documents?folder=1#top', 'https://kb.example.test/x', `${FIRST_PARTY}/after-login`]) {
      const res = await get(`/api/auth/sso/idp/authorize?${qs(authorizeParams().map(([n, v]) => [n, n === 'next_url' ? next : v]))}`);
      expect(res.statusCode, next).toBe(200);
    }
  });

  it('an unknown provider or tenant is 404', async () => {
    for (const [n, v] of [['provider_id', '00000000-0000-4000-8000-000000000000'], ['tenant_id', 'no-such-tenant']]) {
      const res = await get(`/api/auth/sso/idp/authorize?${qs(authorizeParams().map(([k, x]) => [k, k === n ? v : x]))}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('sso_provider_not_found');
    }
  });
});

describe('GET /api/auth/sso/idp/callback', () => {
  it('refuses malformed answers (422) without spending the state; the right answer then works once', async () => {
    const started = (await get(`/api/auth/sso/idp/authorize?${qs(authorizeParams())}`)).json();
    const returned = await idp.signIn(started.authorization_url, 'u1');
    const params = [...returned.searchParams.entries()] as Array<[string, string]>;
    const malformed: Array<[string, Array<[string, string]>]> = [
      ['state missing', params.filter(([n]) => n !== 'state')],
      ['state doubled', [...params, ['state', started.state]]],
      ['code doubled', [...params, ['code', 'x']]],
      ['iss doubled', [...params, ['iss', 'x']]],
      ['state over-long', params.map(([n, v]) => [n, n === 'state' ? v + 'x'.repeat(600) : v])],
      ['code over-long', params.map(([n, v]) => [n, n === 'code' ? v + 'x'.repeat(5000) : v])],
      ['neither code nor error', params.filter(([n]) => n !== 'code')],
      ['code and error', [...params, ['error', 'access_denied']]],
      ['empty state', params.map(([n, v]) => [n, n === 'state' ? '' : v])],
      ['NUL in code', params.map(([n, v]) => [n, n === 'code' ? `${v}\u0000` : v])],
    ];
    for (const [how, pairs] of malformed) {
      const res = await get(`/api/auth/sso/idp/callback?${qs(pairs)}`);
      expect(res.statusCode, how).toBe(422);
      expect(res.headers['set-cookie'], how).toBeUndefined();
    }
    expect(await countOf('sso_identities')).toBe(0);
    const ok = await get(`/api/auth/sso/idp/callback${returned.search}`);
    expect(ok.statusCode).toBe(200);
    expect((await get(`/api/auth/sso/idp/callback${returned.search}`)).statusCode).toBe(400);
  });

  it('tokens of other kinds are no state and no code', async () => {
    const login = (await send('POST', '/api/auth/login', { email: a.ownerEmail, password: a.password, tenant_id: a.slug }, null)).json();
    for (const token of [login.access_token, login.refresh_token, 'ss_' + 'a'.repeat(43)]) {
      const res = await get(`/api/auth/sso/idp/callback?${qs([['state', token.slice(0, 512)], ['code', 'abc']])}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('sso_invalid_state');
    }
    // Our own refresh token as the IdP's code: the IdP refuses it, nothing is issued.
    const started = (await get(`/api/auth/sso/idp/authorize?${qs(authorizeParams())}`)).json();
    const res = await get(`/api/auth/sso/idp/callback?${qs([['state', started.state], ['code', login.refresh_token.slice(0, 4096)], ['iss', idp.issuer]])}`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'sso_authentication_failed', detail: expect.stringContaining('invalid_grant') });
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('management routes', () => {
  const valid = () => ({ name: 'IdP', issuer: idp.issuer, client_id: 'c', client_secret: 'secret-value-123456' });

  it('POST providers: wrong types, missing and over-long fields, a non-object body, a doubled tenant_id (422), creating nothing', async () => {
    const before = await countOf('sso_providers');
    const bodies: Array<[string, unknown]> = [
      ['array body', [valid()]],
      ['string body', 'x'],
      ['name missing', { ...valid(), name: undefined }],
      ['issuer missing', { ...valid(), issuer: undefined }],
      ['client_id missing', { ...valid(), client_id: undefined }],
      ['name number', { ...valid(), name: 1 }],
      ['issuer array', { ...valid(), issuer: [idp.issuer] }],
      ['client_id object', { ...valid(), client_id: {} }],
      ['scopes string', { ...valid(), scopes: 'openid' }],
      ['jit boolean', { ...valid(), jit: true }],
      ['jit.enabled string', { ...valid(), jit: { enabled: 'yes' } }],
      ['link string', { ...valid(), link_existing_by_email: 'true' }],
      ['enabled number', { ...valid(), enabled: 1 }],
      ['provider_id not uuid', { ...valid(), provider_id: 'abc' }],
      ['name empty', { ...valid(), name: '' }],
      ['name over-long', { ...valid(), name: 'x'.repeat(101) }],
      ['issuer over-long', { ...valid(), issuer: `${idp.issuer}/${'x'.repeat(2100)}` }],
      ['client_id over-long', { ...valid(), client_id: 'x'.repeat(513) }],
      ['secret over-long', { ...valid(), client_secret: 'x'.repeat(4097) }],
      ['too many scopes', { ...valid(), scopes: ['openid', ...Array.from({ length: 30 }, (_, i) => `s${i}`)] }],
      ['too many domains', { ...valid(), allowed_email_domains: Array.from({ length: 101 }, (_, i) => `d${i}.test`) }],
      ['NUL in name', { ...valid(), name: 'a\u0000b' }],
      ['consent URL over-long', { ...valid(), admin_consent_url: `https://x.test/${'x'.repeat(2100)}` }],
    ];
    for (const [how, payload] of bodies) {
      const res = await send('POST', '/api/auth/sso/providers', payload);
      expect(res.statusCode, how).toBe(422);
    }
    expect((await send('POST', `/api/auth/sso/providers?${qs([['tenant_id', a.slug], ['tenant_id', a.slug]])}`, valid())).statusCode).toBe(422);
    expect((await send('POST', `/api/auth/sso/providers?tenant_id=${'x'.repeat(101)}`, valid())).statusCode).toBe(422);
    expect(await countOf('sso_providers')).toBe(before);
  });

  it('DELETE and test: provider_id not a uuid, tenant_id missing, doubled or over-long (422)', async () => {
    for (const path of [`/api/auth/sso/providers/${providerId}`, `/api/auth/sso/providers/${providerId}/test`]) {
      const method = path.endsWith('/test') ? 'POST' : 'DELETE';
      for (const query of ['', `?${qs([['tenant_id', a.slug], ['tenant_id', a.slug]])}`, `?tenant_id=${'x'.repeat(101)}`, '?tenant_id=']) {
        expect((await send(method, `${path}${query}`)).statusCode, `${method} ${path}${query}`).toBe(422);
      }
      expect((await send(method, `${path.replace(providerId, 'not-a-uuid')}?tenant_id=${a.slug}`)).statusCode).toBe(422);
    }
    expect((await get('/api/auth/sso/providers', a.token)).json().items.map((p: { provider_id: string }) => p.provider_id)).toContain(providerId);
  });

  it('test-config, settings and admin consent refuse missing, wrong-typed and doubled input (422)', async () => {
    for (const payload of [{}, { issuer: 1 }, { issuer: '' }, { issuer: 'x'.repeat(2049) }, { issuer: idp.issuer, client_id: 5 }]) {
      expect((await send('POST', '/api/auth/sso/test-config', payload)).statusCode, JSON.stringify(payload).slice(0, 60)).toBe(422);
    }
    // A javascript: issuer is well-formed input: the test reports it.
    expect((await send('POST', '/api/auth/sso/test-config', { issuer: 'javascript:alert(1)' })).json()).toMatchObject({ ok: false, errors: [expect.stringMatching(/https/)] });
    for (const payload of [{}, { enforced: 'true' }, { enforced: 1 }, { enforced: null }]) {
      expect((await send('PUT', '/api/auth/sso/settings', payload)).statusCode, JSON.stringify(payload)).toBe(422);
    }
    for (const query of ['', '?provider_id=abc', `?${qs([['provider_id', providerId], ['provider_id', providerId]])}`]) {
      expect((await get(`/api/auth/sso/idp/admin-consent${query}`, a.token)).statusCode, query).toBe(422);
    }
    for (const query of ['', '?state=', `?${qs([['state', 'a'], ['state', 'b']])}`, `?state=${'x'.repeat(513)}`, `?state=a&tenant=${'x'.repeat(129)}`, `?state=a&admin_consent=${'x'.repeat(17)}`]) {
      expect((await get(`/api/auth/sso/idp/admin-consent/callback${query}`)).statusCode, query).toBe(422);
    }
    // A path segment over 100 characters is refused by the platform before routing (414 uri_too_long).
    const long = await get(`/api/auth/sso/providers/${'x'.repeat(101)}`);
    expect(long.statusCode).toBe(414);
    expect(long.json().code).toBe('uri_too_long');
    expect((await get('/api/auth/sso/providers/%00')).statusCode).toBe(422);
  });
});
