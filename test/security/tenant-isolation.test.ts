import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant, sharedTestService, type TestService, type TestTenant } from '../harness.js';
import { rows } from '../../src/platform/db/database.js';

/**
 * One tenant can never reach another's users or API keys, neither through the API (404, exactly as
 * for an id that does not exist) nor through a query that forgot its filter (row-level security).
 */
let t: TestService;
let a: TestTenant;
let b: TestTenant;
let bKey: { id: string; key: string };
let bMember: { userId: string; token: string; email: string };

beforeAll(async () => {
  t = await sharedTestService();
  [a, b] = await Promise.all([createTenant(t, 'Acme'), createTenant(t, 'Globex')]);
  bKey = await b.apiKey(['admin']);
  bMember = await b.userToken('member');
});

const call = (method: 'GET' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

describe('over HTTP', () => {
  const credentials = async () => ({ 'owner JWT': a.token, 'admin API key': (await a.apiKey(['admin'])).key });

  it("another tenant's users are 404, indistinguishable from ids that do not exist", async () => {
    for (const [name, token] of Object.entries(await credentials())) {
      const missing = await call('GET', `/api/v1/users/${randomUUID()}`, token);
      for (const res of [
        await call('GET', `/api/v1/users/${bMember.userId}`, token),
        await call('GET', `/api/v1/users/${b.ownerId}`, token),
        await call('PATCH', `/api/v1/users/${bMember.userId}`, token, { status: 'disabled', role: 'viewer', name: 'pwned' }),
      ]) {
        expect(res.statusCode, name).toBe(404);
        expect(res.body, name).toBe(missing.body);
      }
      const list = (await call('GET', '/api/v1/users/?limit=100', token)).json();
      expect(list.items.map((u: { id: string }) => u.id), name).not.toContain(bMember.userId);
    }
    // B's member is untouched and still works.
    const me = await call('GET', '/api/auth/me', bMember.token);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ role: 'member', status: 'active', name: '' });
  });

  it("another tenant's API keys are 404 and survive a delete attempt", async () => {
    for (const [name, token] of Object.entries(await credentials())) {
      const missing = await call('GET', `/api/v1/api-keys/${randomUUID()}`, token);
      for (const res of [await call('GET', `/api/v1/api-keys/${bKey.id}`, token), await call('DELETE', `/api/v1/api-keys/${bKey.id}`, token)]) {
        expect(res.statusCode, name).toBe(404);
        expect(res.body, name).toBe(missing.body);
      }
      const list = await call('GET', '/api/v1/api-keys/?limit=100', token);
      expect(list.json().items.map((k: { id: string }) => k.id), name).not.toContain(bKey.id);
    }
    const v = await call('GET', '/api/auth/verify', bKey.key);
    expect(v.statusCode).toBe(200);
    expect(v.json().tenant_id).toBe(b.tenantId);
  });

  it('a key and a token only ever act in their own tenant', async () => {
    for (const token of [bKey.key, b.token]) {
      const list = (await call('GET', '/api/v1/users/?limit=100', token)).json();
      expect(list.items.map((u: { id: string }) => u.id)).toContain(b.ownerId);
      expect(list.items.map((u: { id: string }) => u.id)).not.toContain(a.ownerId);
    }
  });
});

describe('row-level security (the app role, on PGlite and PostgreSQL alike)', () => {
  const count = (table: 'users' | 'api_keys' | 'refresh_tokens') => sql.raw(`SELECT count(*)::int AS n FROM ${table}`);

  it('the app runs as a role that cannot bypass row-level security', async () => {
    const [role] = await t.service.ctx.db.system((tx) =>
      rows<{ me: string; bypass: boolean; superuser: boolean }>(
        tx,
        sql`SELECT current_user AS me, rolbypassrls AS bypass, rolsuper AS superuser FROM pg_roles WHERE rolname = current_user`,
      ),
    );
    expect(role).toEqual({ me: t.config.databaseAppRole, bypass: false, superuser: false });
  });

  it('a query with no tenant set sees no tenant-owned rows, although they exist', async () => {
    for (const table of ['users', 'api_keys', 'refresh_tokens'] as const) {
      const [inA] = await t.service.ctx.db.tenant(a.tenantId, (tx) => rows<{ n: number }>(tx, count(table)));
      expect(inA.n, table).toBeGreaterThan(0);
      const [none] = await t.service.ctx.db.system((tx) => rows<{ n: number }>(tx, count(table)));
      expect(none.n, table).toBe(0);
      const [outside] = await t.service.ctx.db.query<{ n: number }>(count(table));
      expect(outside.n, table).toBe(0);
    }
  });

  it("with app.tenant_id set to B, none of A's rows are visible, even by explicit filter", async () => {
    const seen = await t.service.ctx.db.system(async (tx) => {
      await tx.execute(sql`SELECT set_config('app.tenant_id', ${b.tenantId}, true)`);
      return {
        aUsers: await rows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM users WHERE tenant_id = ${a.tenantId}`),
        aKeys: await rows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM api_keys WHERE tenant_id = ${a.tenantId}`),
        tenants: await rows<{ tenant_id: string }>(tx, sql`SELECT DISTINCT tenant_id FROM users`),
      };
    });
    expect(seen.aUsers[0].n).toBe(0);
    expect(seen.aKeys[0].n).toBe(0);
    expect(seen.tenants).toEqual([{ tenant_id: b.tenantId }]);
  });

  it("B's scope can neither change nor delete A's rows", async () => {
    const changed = await t.service.ctx.db.tenant(b.tenantId, async (tx) => ({
      updated: await rows(tx, sql`UPDATE users SET name = 'pwned' WHERE id = ${a.ownerId} RETURNING id`),
      deleted: await rows(tx, sql`DELETE FROM api_keys WHERE tenant_id = ${a.tenantId} RETURNING id`),
    }));
    expect(changed).toEqual({ updated: [], deleted: [] });
    const owner = await call('GET', '/api/auth/me', a.token);
    expect(owner.json().name).toBe('');
  });

  it('an INSERT naming a foreign tenant fails the WITH CHECK policy', async () => {
    const insert = t.service.ctx.db.tenant(b.tenantId, (tx) =>
      tx.execute(sql`
        INSERT INTO users (tenant_id, email, password_hash, role)
        VALUES (${a.tenantId}, ${`intruder-${randomUUID().slice(0, 6)}@example.com`}, 'x', 'owner')`),
    );
    await expect(insert).rejects.toSatisfy((error: unknown) =>
      /row-level security/.test(`${(error as Error).message} ${(error as { cause?: Error }).cause?.message ?? ''}`),
    );
    const key = t.service.ctx.db.tenant(b.tenantId, (tx) =>
      tx.execute(sql`
        INSERT INTO api_keys (tenant_id, name, prefix, key_hash, scopes)
        VALUES (${a.tenantId}, 'planted', 'sk-planted', ${randomUUID()}, ARRAY['admin'])`),
    );
    await expect(key).rejects.toThrow();
    // And moving one's own row into another tenant is refused the same way.
    const move = t.service.ctx.db.tenant(b.tenantId, (tx) => tx.execute(sql`UPDATE users SET tenant_id = ${a.tenantId} WHERE id = ${bMember.userId}`));
    await expect(move).rejects.toThrow();
  });
});
