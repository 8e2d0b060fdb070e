import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant, sharedTestService, type TestService, type TestTenant } from '../../../test/harness.js';
import { algNoneToken, claimsOf, foreignToken, tamperedToken } from '../../../test/security/tokens.js';

let t: TestService;
let a: TestTenant;
let b: TestTenant;

beforeAll(async () => {
  t = await sharedTestService();
  [a, b] = await Promise.all([createTenant(t, 'Acme'), createTenant(t, 'Globex')]);
});

const login = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload, headers });
const refresh = (refresh_token: string, url = '/api/auth/refresh') => t.app.inject({ method: 'POST', url, payload: { refresh_token } });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
const verify = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/verify', headers: { authorization: `Bearer ${token}` } });

const LOGIN_FAILED = { detail: 'Incorrect email, password or tenant', code: 'invalid_credentials' };

describe('login', () => {
  it('returns a token pair for the right email, password and tenant slug', async () => {
    const res = await login({ email: a.ownerEmail, password: a.password, tenant_id: a.slug });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['access_token', 'expires_in', 'refresh_token', 'token_type']);
    expect(body.expires_in).toBe(1800);
    expect(body.token_type).toBe('bearer');
    expect(body.access_token.split('.')).toHaveLength(3);
    const claims = claimsOf(body.access_token);
    expect(claims.sub).toBe(a.ownerId);
    expect(claims.tid).toBe(a.tenantId);
    expect((claims.exp as number) - (claims.iat as number)).toBe(1800);
  });

  it('accepts the tenant as its UUID (any case) or its slug, and the email in any case', async () => {
    for (const tenant_id of [a.tenantId, a.tenantId.toUpperCase(), a.slug]) {
      const res = await login({ email: a.ownerEmail.toUpperCase(), password: a.password, tenant_id });
      expect(res.statusCode, tenant_id).toBe(200);
      expect(claimsOf(res.json().access_token).tid).toBe(a.tenantId);
    }
  });

  it('answers a wrong email, a wrong password and a wrong or unknown tenant with the identical 401', async () => {
    const attempts = [
      { email: 'nobody@example.com', password: a.password, tenant_id: a.slug },
      { email: a.ownerEmail, password: 'wrong password', tenant_id: a.slug },
      { email: a.ownerEmail, password: a.password, tenant_id: b.slug }, // a real tenant, but not this user's
      { email: a.ownerEmail, password: a.password, tenant_id: 'no-such-tenant' },
      { email: a.ownerEmail, password: a.password, tenant_id: randomUUID() },
    ];
    const responses = await Promise.all(attempts.map((p) => login(p)));
    for (const res of responses) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(LOGIN_FAILED);
      expect(res.headers['www-authenticate']).toBe('Bearer');
    }
  });

  it("refuses a disabled user with the same 401, and the user's existing access token stops working at once", async () => {
    const member = await a.userToken('member');
    expect((await me(member.token)).statusCode).toBe(200); // cached as active now
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/${member.userId}`,
      headers: a.auth(),
      payload: { status: 'disabled' },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().status).toBe('disabled');

    expect((await me(member.token)).statusCode).toBe(401);
    const res = await login({ email: member.email, password: a.password, tenant_id: a.slug });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(LOGIN_FAILED);

    // Enabled again: logging in works again.
    await t.app.inject({ method: 'PATCH', url: `/api/v1/users/${member.userId}`, headers: a.auth(), payload: { status: 'active' } });
    expect((await login({ email: member.email, password: a.password, tenant_id: a.slug })).statusCode).toBe(200);
  });

  it('answers missing or mistyped fields with a 422 naming them', async () => {
    const res = await login({ email: a.ownerEmail, tenant_id: 42 });
    expect(res.statusCode).toBe(422);
    const locs = res.json().detail.map((d: { loc: string[] }) => d.loc.join('.'));
    expect(locs).toContain('body.password');
  });
});

describe('refresh tokens', () => {
  const pair = async (tenant = a) => (await login({ email: tenant.ownerEmail, password: tenant.password, tenant_id: tenant.slug })).json();

  it('rotate on both refresh paths: each exchange returns a new working pair', async () => {
    const first = await pair();
    const second = await refresh(first.refresh_token);
    expect(second.statusCode).toBe(200);
    const body = second.json();
    expect(body.expires_in).toBe(1800);
    expect(body.refresh_token).not.toBe(first.refresh_token);
    expect(claimsOf(body.refresh_token).fam).toBe(claimsOf(first.refresh_token).fam);
    expect((await me(body.access_token)).statusCode).toBe(200);

    const third = await refresh(body.refresh_token, '/api/auth/token/refresh');
    expect(third.statusCode).toBe(200);
    expect((await me(third.json().access_token)).statusCode).toBe(200);
  });

  it('detect reuse: a rotated token presented again is refused and revokes the whole family, newest token included', async () => {
    const first = await pair();
    const rotated = await refresh(first.refresh_token);
    expect(rotated.statusCode).toBe(200);
    const newest = rotated.json().refresh_token;

    const reuse = await refresh(first.refresh_token);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().code).toBe('invalid_refresh_token');

    const afterReuse = await refresh(newest);
    expect(afterReuse.statusCode).toBe(401);

    // Another family of the same user is untouched.
    const other = await pair();
    expect((await refresh(other.refresh_token)).statusCode).toBe(200);
  });

  it('refuse access tokens, API keys, expired, tampered and foreign refresh tokens', async () => {
    const p = await pair();
    const claims = claimsOf(p.refresh_token);
    const key = await a.apiKey(['admin']);
    const expired = await t.service.ctx.tokens.sign('refresh', { sub: a.ownerId, tid: a.tenantId, fam: claims.fam, jti: claims.jti }, -10);
    const candidates = [
      p.access_token,
      key.key,
      'not-a-token',
      expired.token,
      tamperedToken(p.refresh_token, { sub: b.ownerId, tid: b.tenantId }),
      algNoneToken({ sub: a.ownerId, tid: a.tenantId, fam: claims.fam }, 'rt+jwt'),
      await foreignToken({ sub: a.ownerId, tid: a.tenantId, fam: claims.fam }, { typ: 'rt+jwt' }),
      // Validly signed, but naming a row that does not exist.
      (await t.service.ctx.tokens.sign('refresh', { sub: a.ownerId, tid: a.tenantId, fam: claims.fam }, 600)).token,
    ];
    for (const token of candidates) {
      const res = await refresh(token);
      expect(res.statusCode, token.slice(0, 24)).toBe(401);
      expect(res.json()).toEqual({ detail: 'Invalid or expired refresh token', code: 'invalid_refresh_token' });
    }
    expect((await refresh(p.refresh_token)).statusCode).toBe(200); // none of the above burnt the real one
  });

  it('stop working for a disabled user', async () => {
    const viewer = await a.userToken('viewer');
    const p = (await login({ email: viewer.email, password: a.password, tenant_id: a.slug })).json();
    await t.app.inject({ method: 'PATCH', url: `/api/v1/users/${viewer.userId}`, headers: a.auth(), payload: { status: 'disabled' } });
    expect((await refresh(p.refresh_token)).statusCode).toBe(401);
  });
});

describe('bearer tokens', () => {
  it('refuses every token kind other than an access token, and forged or expired access tokens', async () => {
    const { tokens, secrets } = t.service.ctx;
    const subject = { sub: a.ownerId, tid: a.tenantId, role: 'owner' };
    const p = (await login({ email: a.ownerEmail, password: a.password, tenant_id: a.slug })).json();
    const refused = {
      refresh: p.refresh_token,
      viewer: (await tokens.sign('viewer', { ...subject, doc: randomUUID() }, 600)).token,
      launch: (await tokens.sign('launch', subject, 600)).token,
      app: (await tokens.sign('app', subject, 600)).token,
      expired: (await tokens.sign('access', subject, -10)).token,
      algNone: algNoneToken(subject),
      tamperedRole: tamperedToken(p.access_token, { role: 'admin', sub: randomUUID() }),
      tamperedTenant: tamperedToken(p.access_token, { tid: b.tenantId }),
      badSignature: `${p.access_token.slice(0, -4)}AAAA`,
      otherSecret: await foreignToken(subject),
      otherIssuer: await foreignToken(subject, { secret: secrets.jwtSecret, issuer: 'someone-else' }),
      otherAudience: await foreignToken(subject, { secret: secrets.jwtSecret, audience: 'another-api' }),
      // Properly signed, but the user does not belong to the tenant named in the token.
      crossTenant: (await tokens.sign('access', { sub: a.ownerId, tid: b.tenantId, role: 'owner' }, 600)).token,
      unknownUser: (await tokens.sign('access', { sub: randomUUID(), tid: a.tenantId, role: 'owner' }, 600)).token,
      garbage: 'definitely.not.ajwt',
      fakeKey: 'sk-0123456789abcdefghijABCDEFGHIJ0123456789abc',
    };
    expect((await me(p.access_token)).statusCode).toBe(200);
    expect((await me(await foreignToken(subject, { secret: secrets.jwtSecret }))).statusCode).toBe(200); // the helper is faithful
    for (const [name, token] of Object.entries(refused)) {
      for (const res of [await me(token), await verify(token)]) {
        expect(res.statusCode, name).toBe(401);
        expect(res.json(), name).toEqual({ detail: 'Invalid or expired credentials', code: 'unauthorized' });
      }
    }
  });

  it('answers a missing or non-bearer Authorization header with 401 Not authenticated', async () => {
    for (const headers of [{}, { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` }, { authorization: 'Bearer' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'Not authenticated', code: 'unauthorized' });
    }
  });
});

describe('the current principal', () => {
  it('/me describes the signed-in user and the tenant', async () => {
    const res = await me(a.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      id: a.ownerId,
      email: a.ownerEmail,
      name: '',
      role: 'owner',
      status: 'active',
      tenant_id: a.tenantId,
      tenant_slug: a.slug,
      tenant_name: 'Acme',
      permissions: expect.arrayContaining(['admin', 'documents:read', 'llm:read']),
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      last_login_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('/me is for users only: an API key gets 403', async () => {
    const key = await a.apiKey(['admin']);
    const res = await me(key.key);
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toMatch(/requires a user credential/);
  });

  it('/verify describes a JWT', async () => {
    const res = await verify(a.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      valid: true,
      kind: 'user',
      user_id: a.ownerId,
      api_key_id: null,
      tenant_id: a.tenantId,
      role: 'owner',
      scopes: ['admin'],
      expires_at: new Date((claimsOf(a.token).exp as number) * 1000).toISOString(),
    });
  });

  it('/verify describes an API key', async () => {
    const key = await a.apiKey(['documents:read', 'llm:read']);
    const res = await verify(key.key);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      valid: true,
      kind: 'api_key',
      user_id: null,
      api_key_id: key.id,
      tenant_id: a.tenantId,
      role: null,
      scopes: ['documents:read', 'llm:read'],
      expires_at: null,
    });
  });
});
