import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant, sharedTestService, type TestService, type TestTenant } from '../../../test/harness.js';

let t: TestService;
let a: TestTenant;
let b: TestTenant;
let member: { userId: string; token: string };
let viewer: { userId: string; token: string };
let keyA: { id: string; key: string };

const ACCESS = '/api/v1/llm/models/gpt-4o/access';
type Json = Record<string, any>;
async function req(tenant: TestTenant, method: string, url: string, payload?: unknown, token?: string) {
  const res = await t.app.inject({ method: method as 'GET', url, headers: tenant.auth(token), payload: payload as object });
  return { status: res.statusCode, body: (res.body ? res.json() : null) as Json };
}
const summary = (body: Json) => (body.rules as Json[]).map((r) => `${r.principal_type}:${r.principal_id}`).sort();

beforeAll(async () => {
  t = await sharedTestService();
  a = await createTenant(t, 'Access A');
  b = await createTenant(t, 'Access B');
  member = await a.userToken('member');
  viewer = await a.userToken('viewer');
  keyA = await a.apiKey(['llm:read']);
});

describe('GET /api/v1/llm/models/{model_id}/access', () => {
  it('starts unrestricted, readable with llm:read; 404 for an unknown model', async () => {
    const res = await req(a, 'GET', ACCESS, undefined, viewer.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ model_name: 'gpt-4o', restricted: false, rules: [] });
    expect((await req(a, 'GET', '/api/v1/llm/models/no-such-model/access')).status).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: ACCESS })).statusCode).toBe(401);
  });
});

describe('PUT /api/v1/llm/models/{model_id}/access', () => {
  it('replaces all rules in bulk, collapsing duplicates, and is idempotent', async () => {
    const rules = [
      { principal_type: 'role', principal_id: 'member' },
      { principal_type: 'user', principal_id: viewer.userId.toUpperCase() },
      { principal_type: 'api_key', principal_id: keyA.id },
      { principal_type: 'role', principal_id: 'member' },
    ];
    const first = await req(a, 'PUT', ACCESS, { rules });
    expect(first.status).toBe(200);
    expect(first.body.restricted).toBe(true);
    expect(summary(first.body)).toEqual([`api_key:${keyA.id}`, 'role:member', `user:${viewer.userId}`]);
    const again = await req(a, 'PUT', ACCESS, { rules });
    expect(summary(again.body)).toEqual(summary(first.body));
    expect(summary((await req(a, 'GET', ACCESS)).body)).toEqual(summary(first.body));

    const replaced = await req(a, 'PUT', ACCESS, { rules: [{ principal_type: 'role', principal_id: 'admin' }] });
    expect(summary(replaced.body)).toEqual(['role:admin']);
  });

  it('an empty rule set opens the model to the whole tenant', async () => {
    const res = await req(a, 'PUT', ACCESS, { rules: [] });
    expect(res.body).toMatchObject({ restricted: false, rules: [] });
  });

  it.each([
    [{ principal_type: 'role', principal_id: 'superuser' }, 'role must be one of'],
    [{ principal_type: 'user', principal_id: 'not-a-uuid' }, 'must be a UUID'],
    [{ principal_type: 'user', principal_id: '00000000-0000-4000-8000-000000000000' }, 'no such user'],
    [{ principal_type: 'api_key', principal_id: '00000000-0000-4000-8000-000000000000' }, 'no such API key'],
  ])('refuses %j with 422', async (rule, message) => {
    const res = await req(a, 'PUT', ACCESS, { rules: [rule] });
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['body', 'rules', 0, 'principal_id']);
    expect(res.body.detail[0].msg).toContain(message);
  });

  it('refuses an unknown principal type (schema validation)', async () => {
    expect((await req(a, 'PUT', ACCESS, { rules: [{ principal_type: 'group', principal_id: 'x' }] })).status).toBe(422);
    expect((await req(a, 'PUT', ACCESS, {})).status).toBe(422);
  });

  it("refuses a user of another tenant as if it did not exist", async () => {
    const res = await req(b, 'PUT', ACCESS, { rules: [{ principal_type: 'user', principal_id: member.userId }] });
    expect(res.status).toBe(422);
    expect(res.body.detail[0].msg).toContain('no such user');
  });

  it('is for admins: members, viewers and llm:read keys get 403', async () => {
    const body = { rules: [] };
    expect((await req(a, 'PUT', ACCESS, body, member.token)).status).toBe(403);
    expect((await req(a, 'PUT', ACCESS, body, viewer.token)).status).toBe(403);
    expect((await req(a, 'PUT', ACCESS, body, keyA.key)).status).toBe(403);
    expect((await req(a, 'PUT', '/api/v1/llm/models/no-such-model/access', body)).status).toBe(404);
  });

  it('works with a model name holding a slash (URL-encoded) and with the model UUID', async () => {
    const path = '/api/v1/llm/models/openai%2Fgpt-oss-120b/access';
    const res = await req(a, 'PUT', path, { rules: [{ principal_type: 'role', principal_id: 'owner' }] });
    expect(res.status).toBe(200);
    expect(res.body.model_name).toBe('openai/gpt-oss-120b');
    const byId = await req(a, 'GET', `/api/v1/llm/models/${res.body.model_id}/access`);
    expect(summary(byId.body)).toEqual(['role:owner']);
  });
});

describe('DELETE /api/v1/llm/models/{model_id}/access', () => {
  it('removes every rule (204, also when there were none); 404 for an unknown model', async () => {
    await req(a, 'PUT', ACCESS, { rules: [{ principal_type: 'role', principal_id: 'viewer' }] });
    const res = await t.app.inject({ method: 'DELETE', url: ACCESS, headers: a.auth() });
    expect(res.statusCode).toBe(204);
    expect((await req(a, 'GET', ACCESS)).body).toMatchObject({ restricted: false, rules: [] });
    expect((await t.app.inject({ method: 'DELETE', url: ACCESS, headers: a.auth() })).statusCode).toBe(204);
    expect((await req(a, 'DELETE', '/api/v1/llm/models/no-such-model/access')).status).toBe(404);
    expect((await req(a, 'DELETE', ACCESS, undefined, member.token)).status).toBe(403);
  });
});

describe('tenant isolation', () => {
  it("A's rules are invisible to B and untouched by B's changes", async () => {
    await req(a, 'PUT', ACCESS, { rules: [{ principal_type: 'role', principal_id: 'admin' }] });
    expect((await req(b, 'GET', ACCESS)).body).toMatchObject({ restricted: false, rules: [] });
    await req(b, 'PUT', ACCESS, { rules: [{ principal_type: 'role', principal_id: 'viewer' }] });
    await t.app.inject({ method: 'DELETE', url: ACCESS, headers: b.auth() });
    expect(summary((await req(a, 'GET', ACCESS)).body)).toEqual(['role:admin']);
  });
});
