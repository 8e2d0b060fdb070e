import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestService, type TestService, type TestTenant } from '../../../test/harness.js';

/**
 * Small budgets so that they run out within a test: 5 calls a minute per caller, 3 failed logins a
 * minute per IP, 2 failed logins an hour per account, 4 key creations a minute per tenant (a refresh
 * spends its user's default budget: src/modules/auth/refresh-budget.test.ts). Each test takes its own
 * client addresses (inject's remoteAddress), so that the budgets of one test never leak into another.
 */
const LIMITS = {
  RATE_LIMIT_PER_MINUTE: '5',
  RATE_LIMIT_LOGIN_FAILURES_PER_IP_PER_MINUTE: '3',
  RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT_PER_HOUR: '2',
  RATE_LIMIT_KEY_CREATIONS_PER_TENANT_PER_MINUTE: '4',
};

let t: TestService;
let a: TestTenant;
let keys: { id: string; key: string }[];

beforeAll(async () => {
  t = await startTestService({ env: LIMITS });
  a = await createTenant(t, 'Acme'); // one login from 127.0.0.1
  keys = [];
  for (const name of ['first', 'second']) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys/',
      headers: a.auth(),
      payload: { name, scopes: ['admin'] },
      remoteAddress: '10.0.6.1',
    });
    expect(res.statusCode).toBe(201);
    keys.push(res.json());
  }
});
afterAll(async () => t?.close());

const get = (url: string, ip: string, token?: string, app = t.app) =>
  app.inject({ method: 'GET', url, remoteAddress: ip, headers: token ? { authorization: `Bearer ${token}` } : {} });
const post = (url: string, ip: string, payload: object, token?: string) =>
  t.app.inject({ method: 'POST', url, remoteAddress: ip, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });

/** The documented 429: body `{"detail": {limit, remaining, retry_after}}`, `Retry-After` equal to detail.retry_after. */
function expectLimited(res: LightMyRequestResponse, limit: number) {
  expect(res.statusCode).toBe(429);
  const body = res.json();
  expect(body).toEqual({ detail: { limit, remaining: 0, retry_after: expect.any(Number) }, code: 'rate_limited' });
  expect(Number.isInteger(body.detail.retry_after)).toBe(true);
  expect(body.detail.retry_after).toBeGreaterThanOrEqual(1);
  expect(body.detail.retry_after).toBeLessThanOrEqual(3600);
  expect(res.headers['retry-after']).toBe(String(body.detail.retry_after));
  expect(res.headers['x-ratelimit-limit']).toBe(String(limit));
  expect(res.headers['x-ratelimit-remaining']).toBe('0');
}

describe('default budget', () => {
  it('every /api response carries the limit headers, and the call after the last one is 429', async () => {
    const ip = '10.0.0.1';
    for (let remaining = 4; remaining >= 0; remaining--) {
      const res = await get('/api/auth/me', ip);
      expect(res.statusCode).toBe(401);
      expect(res.headers['x-ratelimit-limit']).toBe('5');
      expect(res.headers['x-ratelimit-remaining']).toBe(String(remaining));
      expect(res.headers['retry-after']).toBeUndefined();
    }
    const limited = await get('/api/auth/me', ip);
    expectLimited(limited, 5);
    expect(limited.headers['retry-after']).toBe(String(limited.json().detail.retry_after));
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('carries the headers on successes, unknown /api paths and validation errors alike, but not outside /api', async () => {
    const ip = '10.0.0.2';
    const responses = [
      await get('/api/auth/verify', ip, keys[0].key),
      await get('/api/no/such/route', ip),
      await post('/api/auth/login', ip, { email: 'x' }),
    ];
    expect(responses.map((r) => r.statusCode)).toEqual([200, 404, 422]);
    for (const res of responses) expect(res.headers['x-ratelimit-limit']).toBe('5');
    for (const url of ['/healthz', '/readyz', '/openapi.json']) {
      const res = await get(url, ip);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['x-ratelimit-limit'], url).toBeUndefined();
    }
  });

  it('is per caller: an exhausted address does not stop a user or a key, and a user spends one budget from any address', async () => {
    const exhausted = '10.0.0.3';
    for (let i = 0; i < 5; i++) await get('/api/auth/me', exhausted);
    expectLimited(await get('/api/auth/me', exhausted), 5);

    const asKey = await get('/api/auth/verify', exhausted, keys[1].key);
    expect(asKey.statusCode).toBe(200);
    const asUser = await get('/api/auth/me', exhausted, a.token);
    expect(asUser.statusCode).toBe(200);

    // The owner's budget: whatever is left, spent from ever new addresses, then refused everywhere.
    let remaining = Number(asUser.headers['x-ratelimit-remaining']);
    for (let i = 0; remaining > 0; i++) {
      const res = await get('/api/auth/me', `10.0.10.${i}`, a.token);
      expect(res.statusCode).toBe(200);
      expect(Number(res.headers['x-ratelimit-remaining'])).toBe(remaining - 1);
      remaining--;
    }
    expectLimited(await get('/api/auth/me', '10.0.10.99', a.token), 5);
  });
});

describe('budgets of the credential routes: an office behind one address is not locked out', () => {
  it('login: a per-account budget of failures, whichever addresses they come from', async () => {
    const email = `victim-${randomUUID().slice(0, 6)}@example.com`;
    for (const ip of ['10.0.2.1', '10.0.2.2']) {
      expect((await post('/api/auth/login', ip, { email, password: 'guess', tenant_id: a.slug })).statusCode).toBe(401);
    }
    // The same account spelt differently (the tenant by its UUID instead of its slug) is still the same account.
    expectLimited(await post('/api/auth/login', '10.0.2.3', { email: ` ${email.toUpperCase()} `, password: 'guess', tenant_id: a.tenantId }), 2);
    // Another account is unaffected.
    expect((await post('/api/auth/login', '10.0.2.4', { email: `other-${email}`, password: 'guess', tenant_id: a.slug })).statusCode).toBe(401);
  });

  it('API-key creation: a budget per tenant, whichever addresses and admins create them', async () => {
    const b = await createTenant(t, 'Busy office');
    const admin = await b.userToken('admin');
    const tokens = [b.token, admin.token, b.token, admin.token];
    for (let i = 0; i < 4; i++) {
      const res = await post('/api/v1/api-keys/', `10.0.4.${i}`, { name: `k${i}`, scopes: ['llm:read'] }, tokens[i]);
      expect(res.statusCode, `key ${i + 1}`).toBe(201);
    }
    expectLimited(await post('/api/v1/api-keys/', '10.0.4.9', { name: 'k5', scopes: ['llm:read'] }, admin.token), 4);
    // Another tenant behind the same address still creates keys (tenant a spent 2 of its 4 in beforeAll).
    expect((await post('/api/v1/api-keys/', '10.0.4.9', { name: 'a3', scopes: ['llm:read'] }, keys[1].key)).statusCode).toBe(201);
  });

  it('login: successes are free, so one office address signs in all morning; its failures are what the per-IP budget counts', async () => {
    // A default budget large enough not to interfere, so that only the login budgets are seen.
    const office = await startTestService({ env: { ...LIMITS, RATE_LIMIT_PER_MINUTE: '1000' } });
    try {
      const o = await createTenant(office, 'Office');
      const login = (ip: string, email: string, password: string) =>
        office.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: ip, payload: { email, password, tenant_id: o.slug } });
      const ip = '10.0.1.1';
      const colleagues = await Promise.all([0, 1, 2, 3].map(() => o.userToken('member')));
      for (let i = 0; i < 20; i++) {
        const who = i % 5 === 4 ? o.ownerEmail : colleagues[i % 5].email;
        expect((await login(ip, who, o.password)).statusCode, `login ${i + 1}`).toBe(200);
      }
      for (let i = 0; i < 3; i++) expect((await login(ip, `guess-${i}@example.com`, 'x')).statusCode).toBe(401);
      // Three failures spent the address's budget: even the right password waits until the window passes.
      expectLimited(await login(ip, 'guess-9@example.com', 'x'), 3);
      expectLimited(await login(ip, o.ownerEmail, o.password), 3);
      // Another address is unaffected.
      expect((await login('10.0.1.2', o.ownerEmail, o.password)).statusCode).toBe(200);
    } finally {
      await office.close();
    }
  });
});

describe('shared store', () => {
  // Needs a Redis server: with REDIS_URL unset each process counts on its own, by design.
  it.skipIf(!process.env.REDIS_URL)('two instances with one Redis prefix spend one budget [needs REDIS_URL]', async () => {
    const env = { ...LIMITS, RATE_LIMIT_PER_MINUTE: '4', RATE_LIMIT_PREFIX: `shared-${randomUUID().slice(0, 8)}` };
    const [one, two] = await Promise.all([startTestService({ env }), startTestService({ env })]);
    try {
      const ip = '10.0.5.1';
      const seen: string[] = [];
      for (const app of [one.app, two.app, one.app, two.app]) {
        const res = await get('/api/auth/me', ip, undefined, app);
        expect(res.statusCode).toBe(401);
        seen.push(String(res.headers['x-ratelimit-remaining']));
      }
      expect(seen).toEqual(['3', '2', '1', '0']);
      expectLimited(await get('/api/auth/me', ip, undefined, one.app), 4);
      expectLimited(await get('/api/auth/me', ip, undefined, two.app), 4);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });
});
