import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestService, type TestService } from '../../../test/harness.js';

/**
 * A refresh is its user's call under the ordinary budget (RATE_LIMIT_PER_MINUTE per user), not a budget of its
 * own: a console reloaded many times a minute refreshes each time and must not be refused for it. The budget is
 * small here so that the user's budget runs out within the test.
 */
const PER_MINUTE = 25;
let t: TestService;
beforeAll(async () => {
  t = await startTestService({ env: { RATE_LIMIT_PER_MINUTE: String(PER_MINUTE) } });
});
afterAll(async () => t?.close());

const post = (url: string, ip: string, payload: object) => t.app.inject({ method: 'POST', url, remoteAddress: ip, payload });
const me = (token: string, ip: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', remoteAddress: ip, headers: { authorization: `Bearer ${token}` } });
const remaining = (res: LightMyRequestResponse) => Number(res.headers['x-ratelimit-remaining']);

describe('refresh budget', () => {
  it('twenty refreshes of one family within a minute pass, each spending the user’s ordinary budget (from any address)', async () => {
    const a = await createTenant(t, 'Reloads');
    const member = await a.userToken('member');
    const login = await post('/api/auth/login', '10.9.0.1', { email: member.email, password: a.password, tenant_id: a.slug });
    expect(login.statusCode).toBe(200);
    let pair = login.json();
    let left = PER_MINUTE;
    for (let i = 0; i < 20; i++) {
      const url = i % 2 ? '/api/auth/token/refresh' : '/api/auth/refresh';
      const res = await post(url, `10.9.1.${i}`, { refresh_token: pair.refresh_token });
      expect(res.statusCode, `refresh ${i + 1}`).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBe(String(PER_MINUTE));
      // The user's bucket, not the (fresh) address's: one point less each time.
      expect(remaining(res), `refresh ${i + 1}`).toBe(left - 1);
      left = remaining(res);
      pair = res.json();
    }
    // The same budget as the user's other calls: what is left, then 429 for both.
    for (; left > 0; left--) expect((await me(pair.access_token, '10.9.2.1')).statusCode).toBe(200);
    const refused = await me(pair.access_token, '10.9.2.2');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    const refusedRefresh = await post('/api/auth/refresh', '10.9.2.3', { refresh_token: pair.refresh_token });
    expect(refusedRefresh.statusCode).toBe(429);
    expect(refusedRefresh.json().code).toBe('rate_limited');
    // A token naming nobody spends its address's budget, not the user's: an address is not refused for them.
    const garbage = await post('/api/auth/refresh', '10.9.2.3', { refresh_token: 'garbage' });
    expect(garbage.statusCode).toBe(401);
    expect(remaining(garbage)).toBe(PER_MINUTE - 1);
    // Another user's budget is untouched.
    expect((await me(a.token, '10.9.2.4')).statusCode).toBe(200);
  });

  it('reuse of a rotated refresh token still ends the family', async () => {
    const a = await createTenant(t, 'Reuse');
    const first = (await post('/api/auth/login', '10.9.3.1', { email: a.ownerEmail, password: a.password, tenant_id: a.slug })).json();
    const second = await post('/api/auth/refresh', '10.9.3.2', { refresh_token: first.refresh_token });
    expect(second.statusCode).toBe(200);
    expect((await post('/api/auth/refresh', '10.9.3.3', { refresh_token: first.refresh_token })).statusCode).toBe(401);
    expect((await post('/api/auth/refresh', '10.9.3.4', { refresh_token: second.json().refresh_token })).statusCode).toBe(401);
  });
});
