import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestService, type TestTenant } from '../../../test/harness.js';
import type { OidcIdp } from '../../../test/peers/oidc-idp.js';
import { startSmtpPeer, type SmtpPeer } from '../../../test/support/smtp-peer.js';
import { eventually } from '../../../test/support/eventually.js';
import { CLIENT, saveProvider, startIdp, startSsoService } from '../../../test/support/sso.js';
import { rows } from '../../platform/db/database.js';

/**
 * Managing a tenant's providers: who may, what is stored (the secret sealed, never shown), what an issuer may be
 * (the SSRF guard of provider URLs), the discovery test, the status, and SSO enforcement on password and code sign-in.
 */

let t: TestService;
let a: TestTenant;
let idp: OidcIdp;
let smtp: SmtpPeer;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | null, payload?: object) =>
  t.app.inject({ method, url, ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}), ...(payload ? { payload } : {}) });
const body = (overrides: Record<string, unknown> = {}) => ({ name: 'Company IdP', issuer: idp.issuer, ...CLIENT, ...overrides });

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await startSsoService({ env: { SMTP_URL: smtp.url } });
  a = await createTenant(t, 'Acme');
  idp = await startIdp([]);
});
afterAll(async () => {
  await idp?.close();
  await t?.close();
  await smtp?.close();
});

/** A discovery document server whose JWKS URL the test chooses (an address the guard must refuse, or an empty set). */
async function fakeIssuer(jwks: (origin: string) => { uri: string; body?: object }): Promise<{ issuer: string; server: Server }> {
  const server = createServer((req, res) => {
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    res.setHeader('content-type', 'application/json');
    if (req.url === '/.well-known/openid-configuration') {
      res.end(JSON.stringify({ issuer: origin, authorization_endpoint: `${origin}/auth`, token_endpoint: `${origin}/token`, jwks_uri: jwks(origin).uri, response_types_supported: ['code'] }));
    } else if (req.url === '/jwks') res.end(JSON.stringify(jwks(origin).body ?? { keys: [] }));
    else res.writeHead(404).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { issuer: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('saving providers', () => {
  it('creates a provider: the answer and the listing never show the secret, and the database holds it sealed', async () => {
    const res = await call('POST', '/api/auth/sso/providers', a.token, body({ allowed_email_domains: ['Acme.TEST'], jit: { enabled: true } }));
    expect(res.statusCode).toBe(200);
    const provider = res.json();
    expect(provider).toEqual({
      provider_id: expect.any(String),
      name: 'Company IdP',
      issuer: idp.issuer,
      client_id: CLIENT.client_id,
      client_secret_set: true,
      client_secret_hint: `…${CLIENT.client_secret.slice(-4)}`,
      scopes: ['openid', 'email', 'profile'],
      allowed_email_domains: ['acme.test'],
      jit: { enabled: true, default_role: 'member' },
      link_existing_by_email: false,
      enabled: true,
      admin_consent_url: null,
      idp_tenant: null,
      redirect_uri: 'https://kb.example.test/api/auth/sso/idp/callback',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const listed = (await call('GET', '/api/auth/sso/providers', a.token)).json().items;
    expect(listed).toContainEqual(provider);
    expect(JSON.stringify(listed)).not.toContain(CLIENT.client_secret);

    const stored = await t.service.ctx.db.tenant(a.tenantId, (tx) => rows<{ s: string }>(tx, sql`SELECT client_secret_sealed AS s FROM sso_providers WHERE id = ${provider.provider_id}`));
    expect(stored[0].s).toMatch(/^v1\./);
    expect(stored[0].s).not.toContain(CLIENT.client_secret);
    expect(Buffer.from(stored[0].s.split('.')[3], 'base64url').toString('latin1')).not.toContain(CLIENT.client_secret);

    const audit = (await call('GET', '/api/v1/audit-events?type=sso.provider_saved', a.token)).json().items;
    expect(audit[0]).toMatchObject({ target_id: provider.provider_id, details: expect.objectContaining({ created: true, secret_changed: true }) });
    expect(JSON.stringify(audit)).not.toContain(CLIENT.client_secret);
  });

  it('updates by provider_id: an omitted secret is kept, a new one replaces it; another id is 404', async () => {
    const created = await saveProvider(t, a, idp, { name: 'Before' });
    const kept = await call('POST', '/api/auth/sso/providers', a.token, { ...body({ name: 'After', provider_id: created.provider_id }), client_secret: undefined });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ provider_id: created.provider_id, name: 'After', client_secret_hint: created.client_secret_hint });
    const replaced = await call('POST', '/api/auth/sso/providers', a.token, body({ provider_id: created.provider_id, client_secret: 'another-secret-value-9876' }));
    expect(replaced.json().client_secret_hint).toBe('…9876');
    const unknown = await call('POST', '/api/auth/sso/providers', a.token, body({ provider_id: '00000000-0000-4000-8000-000000000000' }));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('sso_provider_not_found');
  });

  it('refuses what cannot work: no secret on create, no openid scope, JIT without a domain, an owner JIT role', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ client_secret: undefined }, 'client_secret'],
      [{ scopes: ['email'] }, 'scopes'],
      [{ jit: { enabled: true } }, 'allowed_email_domains'],
      [{ jit: { enabled: true, default_role: 'owner' }, allowed_email_domains: ['acme.test'] }, 'jit'],
      [{ allowed_email_domains: ['*.acme.test'] }, 'allowed_email_domains'],
      [{ scopes: ['openid', 'bad scope'] }, 'scopes'],
      [{ admin_consent_url: 'javascript:alert(1)' }, 'admin_consent_url'],
    ];
    for (const [overrides, field] of cases) {
      const res = await call('POST', '/api/auth/sso/providers', a.token, { ...body(), ...overrides });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(422);
      expect(JSON.stringify(res.json().detail[0].loc), JSON.stringify(overrides)).toContain(field);
    }
  });

  it('an issuer passes the SSRF guard of provider URLs and must be an issuer identifier', async () => {
    const refused: Array<[string, RegExp]> = [
      ['https://169.254.169.254/', /private, loopback or link-local.*PROVIDER_ALLOWED_HOSTS/],
      ['https://10.0.0.7', /private, loopback or link-local/],
      ['http://[::1]:8080', /private, loopback or link-local/],
      ['https://[::ffff:127.0.0.1]', /private, loopback or link-local/],
      ['javascript:alert(1)', /http or https/],
      ['ftp://idp.example', /http or https/],
      ['https://user:pw@127.0.0.1', /credentials/],
      [`${idp.issuer}/.well-known/openid-configuration`, /discovery document/],
      [`${idp.issuer}?tenant=x`, /query or fragment/],
      [`${idp.issuer}#x`, /query or fragment/],
      ['not a url', /absolute URL/],
    ];
    for (const [issuer, reason] of refused) {
      const res = await call('POST', '/api/auth/sso/providers', a.token, body({ issuer }));
      expect(res.statusCode, issuer).toBe(422);
      expect(res.json().detail[0], issuer).toMatchObject({ loc: ['body', 'issuer'], msg: expect.stringMatching(reason) });
    }
  });

  it('only an owner creates or changes a provider that links existing accounts by e-mail; an admin may delete it', async () => {
    const admin = await a.userToken('admin');
    const asAdmin = await call('POST', '/api/auth/sso/providers', admin.token, body({ link_existing_by_email: true }));
    expect(asAdmin.statusCode).toBe(403);
    expect(asAdmin.json().code).toBe('owner_required');
    const key = await a.apiKey(['admin']);
    expect((await call('POST', '/api/auth/sso/providers', key.key, body({ link_existing_by_email: true }))).json().code).toBe('owner_required');

    const linking = await saveProvider(t, a, idp, { link_existing_by_email: true });
    const change = await call('POST', '/api/auth/sso/providers', admin.token, body({ provider_id: linking.provider_id, issuer: 'https://127.0.0.1:1', link_existing_by_email: false }));
    expect(change.statusCode).toBe(403);
    // Non-linking providers are an admin's (and an admin key's) to manage.
    expect((await call('POST', '/api/auth/sso/providers', admin.token, body())).statusCode).toBe(200);
    expect((await call('POST', '/api/auth/sso/providers', key.key, body())).statusCode).toBe(200);
    const removed = await call('DELETE', `/api/auth/sso/providers/${linking.provider_id}?tenant_id=${a.slug}`, admin.token);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ deleted: true, provider_id: linking.provider_id });
    expect((await call('DELETE', `/api/auth/sso/providers/${linking.provider_id}?tenant_id=${a.slug}`, admin.token)).statusCode).toBe(404);
  });

  it('members and viewers may not manage providers (403)', async () => {
    for (const role of ['member', 'viewer'] as const) {
      const user = await a.userToken(role);
      expect((await call('POST', '/api/auth/sso/providers', user.token, body())).statusCode, role).toBe(403);
      expect((await call('GET', '/api/auth/sso/providers', user.token)).statusCode, role).toBe(403);
      expect((await call('POST', '/api/auth/sso/test-config', user.token, { issuer: idp.issuer })).statusCode, role).toBe(403);
    }
  });
});

describe('tenant_id in the query', () => {
  it('must name the caller\'s tenant (id or slug), else 404 on all four management routes', async () => {
    const b = await createTenant(t, 'Beta');
    const mine = await saveProvider(t, a, idp);
    const theirs = await saveProvider(t, b, idp);
    const routes = (tenant: string, provider = mine.provider_id) => [
      ['POST', `/api/auth/sso/providers?tenant_id=${tenant}`, body()],
      ['DELETE', `/api/auth/sso/providers/${provider}?tenant_id=${tenant}`],
      ['POST', `/api/auth/sso/providers/${provider}/test?tenant_id=${tenant}`],
      ['POST', `/api/auth/sso/test-config?tenant_id=${tenant}`, { issuer: idp.issuer }],
    ] as const;
    for (const other of [b.slug, b.tenantId, 'no-such-tenant', '00000000-0000-4000-8000-000000000000']) {
      for (const [method, url, payload] of routes(other)) {
        const res = await call(method, url, a.token, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json().code).toBe('tenant_not_found');
      }
    }
    // Another tenant's provider, even with our own tenant named, is not found.
    for (const [method, url] of routes(a.slug, theirs.provider_id).slice(1, 3)) {
      const res = await call(method, url, a.token);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().code).toBe('sso_provider_not_found');
    }
    expect((await call('GET', '/api/auth/sso/providers', b.token)).json().items.map((p: { provider_id: string }) => p.provider_id)).toEqual([theirs.provider_id]);
    // Our own tenant by id or slug works.
    expect((await call('POST', `/api/auth/sso/providers/${mine.provider_id}/test?tenant_id=${a.tenantId}`, a.token)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/auth/sso/providers/${mine.provider_id}?tenant_id=${a.slug.toUpperCase()}`, a.token)).statusCode).toBe(200);
  });
});

describe('the public list', () => {
  it('shows enabled providers only, id and name only; an unknown tenant has none', async () => {
    const c = await createTenant(t, 'Gamma');
    const on = await saveProvider(t, c, idp, { name: 'Sign in with Company' });
    await saveProvider(t, c, idp, { name: 'Hidden', enabled: false });
    for (const ref of [c.slug, c.tenantId]) {
      const res = await call('GET', `/api/auth/sso/providers/${ref}`, null);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ providers: [{ provider_id: on.provider_id, name: 'Sign in with Company' }] });
    }
    expect((await call('GET', '/api/auth/sso/providers/no-such-tenant', null)).json()).toEqual({ providers: [] });
  });
});

describe('test and test-config', () => {
  it('report discovery and the JWKS of a working IdP', async () => {
    const provider = await saveProvider(t, a, idp);
    const expected = { ok: true, issuer: idp.issuer, authorization_endpoint: `${idp.issuer}/auth`, token_endpoint: `${idp.issuer}/token`, errors: [] };
    expect((await call('POST', `/api/auth/sso/providers/${provider.provider_id}/test?tenant_id=${a.slug}`, a.token)).json()).toEqual(expected);
    expect((await call('POST', '/api/auth/sso/test-config', a.token, { issuer: idp.issuer })).json()).toEqual(expected);
  });

  it('report, without failing, what is wrong: a refused address, a wrong issuer, an unreachable IdP, a JWKS on a private address or empty', async () => {
    const report = async (issuer: string) => (await call('POST', '/api/auth/sso/test-config', a.token, { issuer })).json();
    const metadata = await report('https://169.254.169.254');
    expect(metadata).toMatchObject({ ok: false, issuer: null, errors: [expect.stringMatching(/169\.254\.169\.254.*private, loopback or link-local/)] });
    // localhost resolves to the IdP, but the document names 127.0.0.1 as its issuer.
    const wrongIssuer = await report(idp.issuer.replace('127.0.0.1', 'localhost'));
    expect(wrongIssuer).toMatchObject({ ok: false, errors: [expect.stringMatching(/issuer/)] });
    const closed = await report('http://127.0.0.1:9');
    expect(closed).toMatchObject({ ok: false, errors: [expect.stringMatching(/discovery .* failed/)] });

    const privateJwks = await fakeIssuer(() => ({ uri: 'http://10.255.0.1/jwks' }));
    const emptyJwks = await fakeIssuer((origin) => ({ uri: `${origin}/jwks`, body: { keys: [] } }));
    try {
      const guarded = await report(privateJwks.issuer);
      expect(guarded).toMatchObject({ ok: false, issuer: privateJwks.issuer, authorization_endpoint: `${privateJwks.issuer}/auth` });
      expect(guarded.errors).toEqual([expect.stringMatching(/^jwks_uri: .*10\.255\.0\.1.*private, loopback or link-local/)]);
      expect((await report(emptyJwks.issuer)).errors).toEqual([expect.stringMatching(/holds no keys/)]);
    } finally {
      privateJwks.server.close();
      emptyJwks.server.close();
    }
    // And the sign-in start refuses a provider whose discovery fails (502), before storing anything.
    const broken = await saveProvider(t, a, idp, { issuer: 'http://127.0.0.1:9' });
    const started = await call('GET', `/api/auth/sso/idp/authorize?${new URLSearchParams({ provider_id: broken.provider_id, tenant_id: a.slug, redirect_uri: 'https://kb.example.test/api/auth/sso/idp/callback' })}`, null);
    expect(started.statusCode).toBe(502);
    expect(started.json().code).toBe('sso_provider_unreachable');
  });
});

describe('status and enforcement', () => {
  const login = (tenant: TestTenant, email: string) => call('POST', '/api/auth/login', null, { email, password: tenant.password, tenant_id: tenant.slug });

  it('platform-status counts enabled providers; enforcing needs one', async () => {
    const d = await createTenant(t, 'Delta');
    const member = await d.userToken('member');
    expect((await call('GET', '/api/auth/sso/platform-status', member.token)).json()).toEqual({ enabled: false, providers: 0, enforced: false });
    const refused = await call('PUT', '/api/auth/sso/settings', d.token, { enforced: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('sso_not_configured');
    await saveProvider(t, d, idp);
    await saveProvider(t, d, idp, { enabled: false });
    expect((await call('PUT', '/api/auth/sso/settings', member.token, { enforced: true })).statusCode).toBe(403);
    const enforced = await call('PUT', '/api/auth/sso/settings', d.token, { enforced: true });
    expect(enforced.json()).toEqual({ enabled: true, providers: 1, enforced: true });
    expect((await call('GET', '/api/auth/sso/platform-status', member.token)).json()).toEqual({ enabled: true, providers: 1, enforced: true });
    const key = await d.apiKey(['documents:read']);
    expect((await call('GET', '/api/auth/sso/platform-status', key.key)).statusCode).toBe(200);
  });

  it('password and code sign-in are refused to non-owners, with the SSO routes named; owners keep them', async () => {
    const e = await createTenant(t, 'Epsilon');
    const member = await e.userToken('member');
    const admin = await e.userToken('admin');
    await saveProvider(t, e, idp);
    expect((await call('PUT', '/api/auth/sso/settings', e.token, { enforced: true })).statusCode).toBe(200);

    for (const user of [member, admin]) {
      const res = await login(e, user.email);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('sso_required');
      expect(res.json().detail).toContain(`GET /api/auth/sso/providers/${e.slug}`);
      expect(res.json().detail).toContain('GET /api/auth/sso/idp/authorize');
    }
    // A wrong password is still the same 401 as ever: the refusal comes only after the right one.
    expect((await call('POST', '/api/auth/login', null, { email: member.email, password: 'wrong password!', tenant_id: e.slug })).statusCode).toBe(401);
    expect((await login(e, e.ownerEmail)).statusCode).toBe(200);

    // Codes: the right code of a member is spent and refused with the same message; the owner's works.
    const codeOf = async (email: string) => {
      await call('POST', '/api/auth/otp/request', null, { email, tenant_id: e.slug });
      const mail = await eventually(`a code for ${email}`, () => smtp.mails.find((m) => JSON.stringify(m.to).includes(email)), (m) => m !== undefined, 30_000);
      return /is ([0-9]{6})\./.exec(mail!.text ?? '')![1];
    };
    const memberCode = await codeOf(member.email);
    const verified = await call('POST', '/api/auth/otp/verify', null, { email: member.email, tenant_id: e.slug, code: memberCode });
    expect(verified.statusCode).toBe(403);
    expect(verified.json().code).toBe('sso_required');
    expect((await call('POST', '/api/auth/otp/verify', null, { email: member.email, tenant_id: e.slug, code: memberCode })).json().code).toBe('invalid_code');
    const ownerCode = await codeOf(e.ownerEmail);
    expect((await call('POST', '/api/auth/otp/verify', null, { email: e.ownerEmail, tenant_id: e.slug, code: ownerCode })).statusCode).toBe(200);

    // Turned off, everyone signs in with a password again; other tenants never were affected.
    await call('PUT', '/api/auth/sso/settings', e.token, { enforced: false });
    expect((await login(e, member.email)).statusCode).toBe(200);
    const other = await a.userToken('member');
    expect((await login(a, other.email)).statusCode).toBe(200);
  });
});
