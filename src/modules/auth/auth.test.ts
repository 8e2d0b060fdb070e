import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestService, type TestService, type TestTenant } from '../../../test/harness.js';

let t: TestService;
let a: TestTenant;

beforeAll(async () => {
  t = await startTestService();
  a = await createTenant(t, 'Acme');
});
afterAll(async () => t?.close());

describe('login', () => {
  it('returns a token pair for the right email, password and tenant slug', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: a.ownerEmail, password: a.password, tenant_id: a.slug } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.expires_in).toBe(1800);
    expect(body.token_type).toBe('bearer');
    expect(body.access_token.split('.')).toHaveLength(3);
  });
});
