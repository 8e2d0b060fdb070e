import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant, runCommand, type TestTenant } from '../../../test/harness.js';
import { authorize, pkcePair, registerClient, sessionCookieFor, token, withOAuthService } from '../../../test/support/oauth.js';

/** OAuth clients: the operator's CLI, the tenant admins' API, the public list. */
const fixture = withOAuthService();
const CB = 'https://app.example.test/cb';
const URL_ = '/api/v1/oauth-clients/';
/** A client secret as it is printed (a client_id may contain `cs_` by chance: `cl_…wcs_…`). */
const SECRET_SHAPE = /(?<![A-Za-z0-9_-])cs_[A-Za-z0-9_-]{43}/;
let b: TestTenant;

beforeAll(async () => {
  b = await createTenant(fixture.t, 'Beta');
});

const as = (tenant: TestTenant, token = tenant.token) => ({ authorization: `Bearer ${token}` });
const create = (payload: object, headers = as(fixture.a)) => fixture.t.app.inject({ method: 'POST', url: URL_, headers, payload });

describe('operator CLI: oauth-client create', () => {
  it('prints the secret once, stores only its hash, and refuses bad arguments', async () => {
    const { t } = fixture;
    const text = await runCommand(t, ['oauth-client', 'create', '--name', 'Portal', '--redirect-uri', CB, '--redirect-uri', `${CB}2`, '--post-logout-uri', 'https://app.example.test/bye', '--confidential', '--first-party']);
    expect(text).toMatch(/client_id cl_[A-Za-z0-9_-]{22}/);
    const secret = /client_secret (cs_[A-Za-z0-9_-]{43})/.exec(text)?.[1];
    expect(secret).toBeDefined();
    const list = JSON.parse(await runCommand(t, ['oauth-client', 'list', '--json'])) as Record<string, unknown>[];
    const portal = list.find((c) => c.name === 'Portal')!;
    expect(portal).toMatchObject({ redirect_uris: [CB, `${CB}2`], post_logout_redirect_uris: ['https://app.example.test/bye'], confidential: true, first_party: true, tenant_id: null });
    expect(JSON.stringify(list)).not.toContain(secret);
    expect(JSON.stringify(list)).not.toMatch(SECRET_SHAPE);

    await expect(runCommand(t, ['oauth-client', 'create', '--name', 'X'])).rejects.toThrow(/--redirect-uri is required/);
    await expect(runCommand(t, ['oauth-client', 'create', '--name', 'X', '--name', 'Y', '--redirect-uri', CB])).rejects.toThrow(/more than once: --name/);
    await expect(runCommand(t, ['oauth-client', 'create', '--name', 'X', '--redirect-uri', 'javascript:alert(1)'])).rejects.toThrow(/not allowed/);
    await expect(runCommand(t, ['oauth-client', 'create', '--name', 'X', '--redirect-uri', CB, '--tenant', 'no-such-tenant'])).rejects.toThrow(/Unknown tenant/);
  });

  it('--tenant registers a client of that tenant, which its admins then see', async () => {
    const client = await registerClient(fixture.t, { name: 'Beta tool', redirectUris: [CB], tenant: b.slug });
    expect(client).toMatchObject({ tenant_id: b.tenantId });
    const mine = (await fixture.t.app.inject({ method: 'GET', url: URL_, headers: as(b) })).json();
    expect(mine.items.map((c: { client_id: string }) => c.client_id)).toContain(client.client_id);
  });
});

describe('tenant admins: /api/v1/oauth-clients/', () => {
  it('create (secret shown once), list, get, patch; never the secret again', async () => {
    const res = await create({ name: 'Acme CRM', redirect_uris: [CB], confidential: true, logo_url: 'https://crm.example/logo.png', scopes: ['openid', 'email', 'documents:read'] });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ name: 'Acme CRM', confidential: true, first_party: false, tenant_id: fixture.a.tenantId, token_endpoint_auth_method: 'client_secret_basic', scopes: ['openid', 'email', 'documents:read'] });
    expect(created.client_secret).toMatch(/^cs_/);
    const got = (await fixture.t.app.inject({ method: 'GET', url: `${URL_}${created.client_id}`, headers: as(fixture.a) })).json();
    expect(got.client_secret).toBeUndefined();
    const patched = await fixture.t.app.inject({ method: 'PATCH', url: `${URL_}${created.client_id}`, headers: as(fixture.a), payload: { name: 'Acme CRM 2', redirect_uris: [CB, `${CB}/2`] } });
    expect(patched.json()).toMatchObject({ name: 'Acme CRM 2', redirect_uris: [CB, `${CB}/2`] });
    const list = (await fixture.t.app.inject({ method: 'GET', url: URL_, headers: as(fixture.a) })).json();
    expect(list.total).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(list)).not.toContain(created.client_secret);
    expect(JSON.stringify(list)).not.toMatch(SECRET_SHAPE);
  });

  it('public clients have no secret; first_party cannot be set by a tenant', async () => {
    const created = (await create({ name: 'SPA', redirect_uris: [CB], first_party: true })).json();
    expect(created).toMatchObject({ confidential: false, first_party: false, client_secret: null, token_endpoint_auth_method: 'none' });
  });

  it("another tenant's client is a 404 on every route; a member is 403", async () => {
    const created = (await create({ name: 'Private', redirect_uris: [CB] })).json();
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const res = await fixture.t.app.inject({ method, url: `${URL_}${created.client_id}`, headers: as(b), ...(method === 'PATCH' ? { payload: { name: 'x' } } : {}) });
      expect(res.statusCode, method).toBe(404);
      expect(res.json().code).toBe('oauth_client_not_found');
    }
    const member = await fixture.a.userToken('member');
    expect((await create({ name: 'x', redirect_uris: [CB] }, as(fixture.a, member.token))).statusCode).toBe(403);
    expect((await fixture.t.app.inject({ method: 'GET', url: `${URL_}not-an-id`, headers: as(fixture.a) })).statusCode).toBe(404);
  });

  it('redirect URIs: fragments, user-info, javascript:, data:, http off loopback, relative ones are refused (422); loopback http and private-use schemes pass', async () => {
    const bad = ['https://app.example.test/cb#x', 'https://u:p@app.example.test/cb', 'javascript:alert(1)', 'data:text/html,hi', 'http://app.example.test/cb', '/cb', 'file:///etc/passwd', 'https://app.example.test/c b', 'notascheme'];
    for (const uri of bad) {
      const res = await create({ name: 'x', redirect_uris: [uri] });
      expect(res.statusCode, uri).toBe(422);
    }
    for (const payload of [{ name: 'x', redirect_uris: [] }, { name: '', redirect_uris: [CB] }, { name: 'x', redirect_uris: [CB], scopes: ['admin', 'everything'] }, { name: 'x', redirect_uris: [CB], scopes: ['email'] }, { name: 'x', redirect_uris: [CB], logo_url: 'javascript:alert(1)' }, { name: 'x', redirect_uris: CB }]) {
      expect((await create(payload)).statusCode, JSON.stringify(payload)).toBe(422);
    }
    const good = await create({ name: 'Native', redirect_uris: ['http://127.0.0.1:8765/cb', 'http://[::1]/cb', 'com.example.app:/oauth'] });
    expect(good.statusCode).toBe(201);
  });

  it('deleting a client stops every token issued to it at once', async () => {
    const { t, base } = fixture;
    const created = (await create({ name: 'Doomed', redirect_uris: [CB] })).json();
    const cookie = await sessionCookieFor(t, base, fixture.a.token);
    const { verifier, challenge } = pkcePair();
    const query = { client_id: created.client_id, redirect_uri: CB, scope: 'openid', code_challenge: challenge, code_challenge_method: 'S256' };
    await t.app.inject({ method: 'POST', url: '/api/auth/authorize/consent', headers: { cookie, origin: base }, payload: query });
    const code = (await authorize(t, query, { cookie })).json().code;
    const tokens = (await token(t, { grant_type: 'authorization_code', code, redirect_uri: CB, client_id: created.client_id, code_verifier: verifier })).json();
    const userinfo = () => t.app.inject({ method: 'GET', url: '/api/auth/userinfo', headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect((await userinfo()).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `${URL_}${created.client_id}`, headers: as(fixture.a) })).statusCode).toBe(204);
    expect((await userinfo()).statusCode).toBe(401);
    expect((await token(t, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: created.client_id })).json().error).toBe('invalid_client');
  });
});

describe('GET /api/auth/clients', () => {
  it('lists the platform-wide clients only, never secrets or redirect URIs', async () => {
    const platform = await registerClient(fixture.t, { name: 'Platform app', redirectUris: ['https://secret-callback.example/cb'], confidential: true, firstParty: true });
    const res = await fixture.t.app.inject({ method: 'GET', url: '/api/auth/clients' });
    expect(res.statusCode).toBe(200);
    const items = res.json().items as Record<string, unknown>[];
    expect(items).toContainEqual({ client_id: platform.client_id, name: 'Platform app', logo_url: null, first_party: true });
    expect(res.body).not.toContain('secret-callback');
    expect(res.body).not.toMatch(SECRET_SHAPE);
    expect(items.every((c) => Object.keys(c).sort().join() === 'client_id,first_party,logo_url,name')).toBe(true);
    const tenantOwned = (await fixture.t.app.inject({ method: 'GET', url: URL_, headers: as(b) })).json().items as { client_id: string }[];
    for (const c of tenantOwned) expect(items.map((i) => i.client_id)).not.toContain(c.client_id);
  });
});

describe('POST /api/auth/session/check with client_id', () => {
  it('is authenticated only where the client may serve the user', async () => {
    const { t, a, base } = fixture;
    const platform = await registerClient(t, { redirectUris: [CB] });
    const mine = await registerClient(t, { redirectUris: [CB], tenant: a.slug });
    const theirs = await registerClient(t, { redirectUris: [CB], tenant: b.slug });
    const cookie = await sessionCookieFor(t, base, a.token);
    const check = async (clientId: string) =>
      (await t.app.inject({ method: 'POST', url: '/api/auth/session/check', headers: { cookie, origin: base }, payload: { client_id: clientId } })).json().authenticated;
    expect(await check(platform.client_id)).toBe(true);
    expect(await check(mine.client_id)).toBe(true);
    expect(await check(theirs.client_id)).toBe(false);
    expect(await check('cl_AAAAAAAAAAAAAAAAAAAAAA')).toBe(false);
  });
});

describe('row-level security of oauth_clients', () => {
  it("a tenant's transaction reads platform clients and its own, and writes or deletes only its own", async () => {
    const { t, a } = fixture;
    const platform = await registerClient(t, { redirectUris: [CB] });
    const theirs = await registerClient(t, { redirectUris: [CB], tenant: b.slug });
    const db = t.service.ctx.db;
    const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
    const seen = await db.tenant(a.tenantId, async (tx) => rows<{ client_id: string }>(await tx.execute(sql`SELECT client_id FROM oauth_clients`)));
    expect(seen.map((r) => r.client_id)).toContain(platform.client_id);
    expect(seen.map((r) => r.client_id)).not.toContain(theirs.client_id);
    const deleted = await db.tenant(a.tenantId, async (tx) => rows<{ id: string }>(await tx.execute(sql`DELETE FROM oauth_clients WHERE tenant_id IS NULL OR tenant_id <> ${a.tenantId} RETURNING id`)));
    expect(deleted).toEqual([]);
    const updated = await db.tenant(a.tenantId, async (tx) => rows<{ id: string }>(await tx.execute(sql`UPDATE oauth_clients SET name = 'hijacked' WHERE tenant_id IS NULL RETURNING id`)));
    expect(updated).toEqual([]);
    await expect(db.tenant(a.tenantId, (tx) => tx.execute(sql`INSERT INTO oauth_clients (client_id, tenant_id, name, redirect_uris, confidential, allowed_scopes) VALUES ('cl_x', NULL, 'x', '{}', false, '{openid}')`))).rejects.toThrow();
  });
});
