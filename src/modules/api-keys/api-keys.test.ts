import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, onPostgres, startTestService, type TestService, type TestTenant } from '../../../test/harness.js';
import { AUTH_CHANNEL, hashApiKey, type AuthInvalidation } from '../../platform/auth/authenticator.js';

let t: TestService;
let a: TestTenant;

beforeAll(async () => {
  t = await startTestService();
  a = await createTenant(t, 'Acme');
});
afterAll(async () => t?.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object, app = t.app) =>
  app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
const create = (token: string, payload: object) => call('POST', '/api/v1/api-keys/', token, payload);
const verify = (key: string, app = t.app) => call('GET', '/api/auth/verify', key, undefined, app);

describe('creating keys', () => {
  it('returns 201 with the secret shown once, starting with sk- and its visible prefix', async () => {
    const res = await create(a.token, { name: ' CI server ', scopes: ['documents:read', 'documents:read', 'llm:read'] });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'CI server',
      prefix: body.key.slice(0, 11),
      scopes: ['documents:read', 'llm:read'],
      key: expect.stringMatching(/^sk-[A-Za-z0-9]{43}$/),
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      expires_at: null,
    });
    const v = await verify(body.key);
    expect(v.statusCode).toBe(200);
    expect(v.json()).toMatchObject({ kind: 'api_key', api_key_id: body.id, tenant_id: a.tenantId });
  });

  it('refuses unknown or missing scopes, an empty name and a past expiry with 422, creating nothing', async () => {
    const before = (await call('GET', '/api/v1/api-keys/', a.token)).json().total;
    const cases = [
      [{ name: 'k', scopes: ['documents:delete'] }, 'body.scopes.0'],
      [{ name: 'k', scopes: [] }, 'body.scopes'],
      [{ name: 'k' }, 'body.scopes'],
      [{ name: '   ', scopes: ['llm:read'] }, 'body.name'],
      [{ name: 'k', scopes: ['llm:read'], expires_at: '2001-01-01T00:00:00Z' }, 'body.expires_at'],
      [{ name: 'k', scopes: ['llm:read'], expires_at: 'tomorrow' }, 'body.expires_at'],
    ] as const;
    for (const [payload, loc] of cases) {
      const res = await create(a.token, payload);
      expect(res.statusCode, loc).toBe(422);
      expect(res.json().detail.map((d: { loc: (string | number)[] }) => d.loc.join('.')), loc).toContain(loc);
    }
    expect((await call('GET', '/api/v1/api-keys/', a.token)).json().total).toBe(before);
  });

  it('is for admins: member and viewer users get 403, an admin user may', async () => {
    for (const role of ['member', 'viewer'] as const) {
      const user = await a.userToken(role);
      const res = await create(user.token, { name: 'k', scopes: ['documents:read'] });
      expect(res.statusCode, role).toBe(403);
      expect(res.json().code).toBe('insufficient_scope');
    }
    const admin = await a.userToken('admin');
    expect((await create(admin.token, { name: 'k', scopes: ['admin'] })).statusCode).toBe(201);
  });

  it('a key with the admin scope can create keys, a key without it cannot', async () => {
    const adminKey = await a.apiKey(['admin']);
    const made = await create(adminKey.key, { name: 'made by a key', scopes: ['documents:ingest'] });
    expect(made.statusCode).toBe(201);
    expect((await verify(made.json().key)).statusCode).toBe(200);

    const plain = await a.apiKey(['documents:read', 'documents:ingest', 'llm:read']);
    const res = await create(plain.key, { name: 'k', scopes: ['documents:read'] });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'Missing scope: admin', code: 'insufficient_scope' });
  });
});

describe('listing and reading keys', () => {
  it('lists masked keys with skip and limit, never the secret', async () => {
    const secrets: string[] = [];
    for (const i of [1, 2, 3]) secrets.push((await create(a.token, { name: `list-${i}`, scopes: ['llm:read'] })).json().key);
    const res = await call('GET', '/api/v1/api-keys/?limit=100', a.token);
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.total).toBe(list.items.length);
    for (const secret of secrets) expect(res.body).not.toContain(secret);
    for (const item of list.items) {
      expect(Object.keys(item).sort()).toEqual(['created_at', 'expires_at', 'id', 'last_used_at', 'masked_key', 'name', 'prefix', 'scopes']);
      expect(item.masked_key).toBe(`${item.prefix}********`);
      expect(item.prefix).toMatch(/^sk-[A-Za-z0-9]{8}$/);
    }
    // Newest first.
    expect(list.items.slice(0, 3).map((k: { name: string }) => k.name)).toEqual(['list-3', 'list-2', 'list-1']);

    const page = (await call('GET', '/api/v1/api-keys/?skip=1&limit=2', a.token)).json();
    expect(page).toMatchObject({ total: list.total, skip: 1, limit: 2 });
    expect(page.items.map((k: { id: string }) => k.id)).toEqual(list.items.slice(1, 3).map((k: { id: string }) => k.id));
  });

  it('records last_used_at once the key is used and the batch is flushed', async () => {
    const key = await a.apiKey(['llm:read']);
    expect((await call('GET', `/api/v1/api-keys/${key.id}`, a.token)).json().last_used_at).toBeNull();
    const before = Date.now();
    expect((await verify(key.key)).statusCode).toBe(200);
    await t.service.ctx.authenticator.flushLastUsed();
    const res = await call('GET', `/api/v1/api-keys/${key.id}`, a.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.masked_key).toBe(`${key.key.slice(0, 11)}********`);
    expect(Date.parse(body.last_used_at)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('answers an unknown id with 404 and a malformed one with 422', async () => {
    expect((await call('GET', '/api/v1/api-keys/00000000-0000-4000-8000-000000000000', a.token)).statusCode).toBe(404);
    const res = await call('GET', '/api/v1/api-keys/sk-123', a.token);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0].loc).toEqual(['path', 'id']);
  });
});

describe('key lifetime', () => {
  it('delete answers 204 and the key fails at once, even though it was cached', async () => {
    const key = await a.apiKey(['admin']);
    expect((await verify(key.key)).statusCode).toBe(200); // now cached
    const res = await call('DELETE', `/api/v1/api-keys/${key.id}`, a.token);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const after = await verify(key.key);
    expect(after.statusCode).toBe(401);
    expect((await call('DELETE', `/api/v1/api-keys/${key.id}`, a.token)).statusCode).toBe(404);
  });

  it('a key can delete itself and is refused on its next call', async () => {
    const key = await a.apiKey(['admin']);
    expect((await call('DELETE', `/api/v1/api-keys/${key.id}`, key.key)).statusCode).toBe(204);
    expect((await call('GET', '/api/v1/api-keys/', key.key)).statusCode).toBe(401);
  });

  it('an expired key is refused', async () => {
    const future = new Date(Date.now() + 3600_000).toISOString();
    const res = await create(a.token, { name: 'short-lived', scopes: ['llm:read'], expires_at: future });
    expect(res.statusCode).toBe(201);
    const { id, key, expires_at } = res.json();
    expect(expires_at).toBe(future);
    // Not used yet, so not cached: move the expiry into the past.
    await t.service.ctx.db.tenant(a.tenantId, (tx) => tx.execute(sql`UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = ${id}`));
    expect((await verify(key)).statusCode).toBe(401);
  });

  // PostgreSQL only: the embedded database belongs to one process, so there is no second instance to tell.
  it.skipIf(!onPostgres)('a deleted key stops working on a second instance sharing the database (NOTIFY drops its cache) [PostgreSQL only]', async () => {
    const second = await startTestService({ reuse: { dataDir: t.config.dataDir, databaseUrl: t.config.databaseUrl } });
    try {
      const key = await a.apiKey(['admin']);
      expect((await verify(key.key, second.app)).statusCode).toBe(200); // cached on the second instance
      const heard = new Promise<void>((resolve) => {
        void second.service.ctx.bus.subscribe(AUTH_CHANNEL, (event: AuthInvalidation) => {
          if (event.kind === 'api_key' && event.hash === hashApiKey(key.key)) resolve();
        });
      });
      expect((await call('DELETE', `/api/v1/api-keys/${key.id}`, a.token)).statusCode).toBe(204);
      await heard; // the invalidation reached the second instance (its own handler ran first)
      expect((await verify(key.key, second.app)).statusCode).toBe(401);
    } finally {
      await second.close();
    }
  });
});
