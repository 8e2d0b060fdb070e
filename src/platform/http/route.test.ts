import { beforeAll, expect, it } from 'vitest';
import { createTenant, sharedTestService, type TestService, type TestTenant } from '../../../test/harness.js';

/** The route builder as the running service uses it (api-keys and users are declared with it). */
let t: TestService;
let a: TestTenant;

beforeAll(async () => {
  t = await sharedTestService();
  a = await createTenant(t, 'Builder');
});

it('writes the OpenAPI operation from the declaration, adding the error responses of an authenticated route', async () => {
  const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
  const remove = doc.paths['/api/v1/api-keys/{id}'].delete;
  expect(remove.summary).toBe('Delete an API key; it stops working at once');
  expect(remove.tags).toEqual(['api-keys']);
  expect(remove.security).toEqual([{ bearerAuth: [] }]);
  expect(Object.keys(remove.responses).sort()).toEqual(['204', '401', '403', '404', '422', '429']);
  expect(remove.parameters).toEqual([expect.objectContaining({ in: 'path', name: 'id', required: true })]);
  const login = doc.paths['/api/auth/login'].post;
  expect(login.security).toBeUndefined();
  expect(Object.keys(login.responses).sort()).toEqual(['200', '401', '403', '422', '429']); // 403: sso_required
  expect(Object.keys(login.requestBody.content)).toEqual(['application/json']);
});

it('answers the status an Outcome names (201, 204 with an empty body) and serializes bodies through the response schema', async () => {
  const made = await t.app.inject({ method: 'POST', url: '/api/v1/api-keys/', headers: a.auth(), payload: { name: 'k', scopes: ['llm:read'] } });
  expect(made.statusCode).toBe(201);
  // Exactly the fields of the declared 201 schema.
  expect(Object.keys(made.json()).sort()).toEqual(['created_at', 'expires_at', 'id', 'key', 'name', 'prefix', 'scopes']);
  const gone = await t.app.inject({ method: 'DELETE', url: `/api/v1/api-keys/${made.json().id}`, headers: a.auth() });
  expect(gone.statusCode).toBe(204);
  expect(gone.body).toBe('');
  const again = await t.app.inject({ method: 'DELETE', url: `/api/v1/api-keys/${made.json().id}`, headers: a.auth() });
  expect([again.statusCode, again.json()]).toEqual([404, { detail: 'API key not found', code: 'api_key_not_found' }]);
});

it("binds the handler's database to the caller's tenant: another tenant's object is a 404", async () => {
  const other = await createTenant(t, 'Other');
  const theirs = await other.apiKey(['llm:read']);
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/api-keys/${theirs.id}`, headers: a.auth() });
  expect([res.statusCode, res.json().code]).toEqual([404, 'api_key_not_found']);
  const mine = await t.app.inject({ method: 'GET', url: `/api/v1/api-keys/${theirs.id}`, headers: other.auth() });
  expect(mine.statusCode).toBe(200);
});
