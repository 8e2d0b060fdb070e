import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestService, type TestService, type TestTenant } from '../../../test/harness.js';

/**
 * The failure budget per client IP is shared by every credential-guessing route
 * (login, code verification, reset confirmation, invitation acceptance), and the mail-sending routes
 * (code requests, reset requests, invitations) spend a budget per target address and per IP.
 * Small budgets so they run out within a test; each test speaks from addresses of its own.
 */
const LIMITS = {
  RATE_LIMIT_LOGIN_FAILURES_PER_IP_PER_MINUTE: '3',
  RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT_PER_HOUR: '4',
  RATE_LIMIT_MAILS_PER_ADDRESS_PER_HOUR: '2',
  RATE_LIMIT_MAILS_PER_IP_PER_HOUR: '4',
};

let t: TestService;
let a: TestTenant;

beforeAll(async () => {
  t = await startTestService({ env: LIMITS });
  a = await createTenant(t, 'Acme');
});
afterAll(async () => t?.close());

const post = (url: string, payload: object, ip: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: ip, headers });

function expectLimited(res: LightMyRequestResponse, limit: number) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ detail: { limit, remaining: 0, retry_after: expect.any(Number) }, code: 'rate_limited' });
  expect(res.headers['retry-after']).toBe(String(res.json().detail.retry_after));
}

describe('failed attempts per IP, across the credential-guessing routes', () => {
  it('wrong codes, bad reset tokens and bad invitation tokens spend one per-IP budget; then even a right password waits', async () => {
    const ip = '10.3.0.1';
    const user = await a.userToken('viewer');
    expect((await post('/api/auth/otp/verify', { email: user.email, tenant_id: a.slug, code: '000000' }, ip)).statusCode).toBe(401);
    expect((await post('/api/auth/password-reset/confirm', { token: `prt_${'A'.repeat(43)}`, new_password: 'quartz meadow bicycle' }, ip)).statusCode).toBe(400);
    expect((await post('/api/auth/accept-invitation', { token: `inv_${'A'.repeat(43)}`, name: 'X', password: 'quartz meadow bicycle' }, ip)).statusCode).toBe(404);
    expectLimited(await post('/api/auth/otp/verify', { email: user.email, tenant_id: a.slug, code: '000000' }, ip), 3);
    expectLimited(await post('/api/auth/password-reset/confirm', { token: `prt_${'B'.repeat(43)}`, new_password: 'quartz meadow bicycle' }, ip), 3);
    expectLimited(await post('/api/auth/accept-invitation', { token: `inv_${'B'.repeat(43)}`, name: 'X', password: 'quartz meadow bicycle' }, ip), 3);
    expectLimited(await post('/api/auth/login', { email: a.ownerEmail, password: a.password, tenant_id: a.slug }, ip), 3);
    expect((await post('/api/auth/login', { email: a.ownerEmail, password: a.password, tenant_id: a.slug }, '10.3.0.2')).statusCode).toBe(200);
  });

  it('a right invitation token costs nothing: accepting works from an address that already failed twice', async () => {
    const ip = '10.3.1.1';
    for (const c of 'CD') expect((await post('/api/auth/accept-invitation', { token: `inv_${c.repeat(43)}`, name: 'X', password: 'quartz meadow bicycle' }, ip)).statusCode).toBe(404);
    const to = `invitee-${Date.now()}@example.test`;
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/users/invitations', headers: a.auth(), payload: { email: to, role: 'viewer' }, remoteAddress: '10.3.1.2' })).statusCode).toBe(201);
    const outbox = await t.service.ctx.db.tenant(a.tenantId, (tx) => tx.execute(sql`SELECT text_body FROM mail_messages WHERE to_address = ${to}`));
    const rows = (outbox as unknown as { rows?: { text_body: string }[] }).rows ?? (outbox as unknown as { text_body: string }[]);
    const token = /token=([A-Za-z0-9_-]+)/.exec(rows[0].text_body)![1];
    expect((await post('/api/auth/accept-invitation', { token, name: 'Invitee', password: 'quartz meadow bicycle' }, ip)).statusCode).toBe(200);
    expect((await post('/api/auth/accept-invitation', { token: `inv_${'E'.repeat(43)}`, name: 'X', password: 'quartz meadow bicycle' }, ip)).statusCode).toBe(404);
    expectLimited(await post('/api/auth/accept-invitation', { token: `inv_${'F'.repeat(43)}`, name: 'X', password: 'quartz meadow bicycle' }, ip), 3);
  });
});

describe('failed code verifications per account', () => {
  it('wrong codes for one account spread over many addresses are refused once the account budget is spent, and login shares it', async () => {
    const user = await a.userToken('viewer');
    for (let i = 0; i < 4; i++) {
      expect((await post('/api/auth/electron/verify-otp', { email: user.email, tenant_id: a.slug, code: '000000' }, `10.3.2.${i + 1}`)).statusCode).toBe(401);
    }
    expectLimited(await post('/api/auth/otp/verify', { email: user.email.toUpperCase(), tenant_id: a.tenantId, code: '000000' }, '10.3.2.9'), 4);
    expectLimited(await post('/api/auth/login', { email: user.email, password: a.password, tenant_id: a.slug }, '10.3.2.10'), 4);
  });
});

describe('mail-sending routes', () => {
  it('per target address: code and reset requests to one address share its budget, from any IP, known or not', async () => {
    for (const target of [(await a.userToken('viewer')).email, `nobody-${Date.now()}@example.test`]) {
      expect((await post('/api/auth/otp/request', { email: target, tenant_id: a.slug }, '10.4.0.1')).statusCode).toBe(200);
      expect((await post('/api/auth/password-reset/request', { email: target, tenant_id: a.slug }, '10.4.0.2')).statusCode).toBe(200);
      expectLimited(await post('/api/auth/electron/request-otp', { email: target.toUpperCase(), tenant_id: a.slug }, '10.4.0.3'), 2);
    }
  });

  it('per target address: invitations and their resends too', async () => {
    const to = `twice-${Date.now()}@example.test`;
    const invite = () => t.app.inject({ method: 'POST', url: '/api/v1/users/invitations', headers: a.auth(), payload: { email: to, role: 'viewer' }, remoteAddress: '10.4.1.1' });
    expect((await invite()).statusCode).toBe(201);
    const second = await invite();
    expect(second.statusCode).toBe(201);
    expectLimited(await invite(), 2);
    expectLimited(await t.app.inject({ method: 'POST', url: `/api/v1/users/invitations/${second.json().id}/resend`, headers: a.auth(), remoteAddress: '10.4.1.2' }), 2);
  });

  it('per IP: an address walking a list of e-mails is refused after its budget, invitations included', async () => {
    const ip = '10.4.2.1';
    for (let i = 0; i < 3; i++) expect((await post('/api/auth/otp/request', { email: `walk-${i}-${Date.now()}@example.test`, tenant_id: a.slug }, ip)).statusCode).toBe(200);
    const invited = await t.app.inject({ method: 'POST', url: '/api/v1/users/invitations', headers: a.auth(), payload: { email: `walk-inv-${Date.now()}@example.test`, role: 'viewer' }, remoteAddress: ip });
    expect(invited.statusCode).toBe(201);
    expectLimited(await post('/api/auth/password-reset/request', { email: `walk-9-${Date.now()}@example.test`, tenant_id: a.slug }, ip), 4);
    expect((await post('/api/auth/password-reset/request', { email: `walk-9-${Date.now()}@example.test`, tenant_id: a.slug }, '10.4.2.2')).statusCode).toBe(200);
  });
});

describe('an office behind one address, with the default budgets', () => {
  it('60 logins with the right password all succeed; 60 wrong ones from the same address hit 429', async () => {
    const office = await startTestService({ env: { RATE_LIMIT_LOGIN_FAILURES_PER_IP_PER_MINUTE: '30' } });
    try {
      const o = await createTenant(office, 'Office');
      const login = (email: string, password: string) =>
        office.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: '10.5.0.1', payload: { email, password, tenant_id: o.slug } });
      const colleagues = [o.ownerEmail, ...(await Promise.all([0, 1, 2, 3, 4].map(async () => (await o.userToken('member')).email)))];
      const good = [];
      for (let i = 0; i < 60; i++) good.push((await login(colleagues[i % colleagues.length], o.password)).statusCode);
      expect(good).toEqual(Array(60).fill(200));
      const bad = [];
      for (let i = 0; i < 60; i++) bad.push((await login(`guess-${i}@example.test`, 'wrong password')).statusCode);
      expect(bad).toEqual([...Array(30).fill(401), ...Array(30).fill(429)]);
    } finally {
      await office.close();
    }
  });
});
