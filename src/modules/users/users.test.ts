import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant, sharedTestService, type TestService, type TestTenant } from '../../../test/harness.js';
import { ROLE_SCOPES, SCOPES } from '../../platform/auth/scopes.js';
import { ROLES } from '../../platform/auth/roles.js';

let t: TestService;
let a: TestTenant;

beforeAll(async () => {
  t = await sharedTestService();
  a = await createTenant(t, 'Acme');
});

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

/** The role → scopes table of docs/permissions.md, the one place the permission model is written down. */
async function documentedRoles(): Promise<Record<string, string[]>> {
  const doc = await readFile(new URL('../../../docs/permissions.md', import.meta.url), 'utf8');
  const section = doc.split(/^## Roles$/m)[1].split(/^## /m)[0];
  const table: Record<string, string[]> = {};
  for (const line of section.split('\n')) {
    const m = /^\| (owner|admin|member|viewer) \| (.*) \|$/.exec(line);
    if (m) table[m[1]] = [...m[2].matchAll(/`([^`]+)`/g)].map((x) => x[1]);
  }
  return table;
}

describe('roles and scopes', () => {
  it('docs/permissions.md lists every scope and maps every role exactly as the code does', async () => {
    const doc = await readFile(new URL('../../../docs/permissions.md', import.meta.url), 'utf8');
    for (const scope of SCOPES) expect(doc, scope).toContain(`| \`${scope}\` |`);
    const table = await documentedRoles();
    expect(Object.keys(table).sort()).toEqual([...ROLES].sort());
    for (const role of ROLES) expect([...table[role]].sort(), role).toEqual([...ROLE_SCOPES[role]].sort());
  });

  it('each role gets the documented permissions and only admin and owner administer users and keys', async () => {
    const table = await documentedRoles();
    for (const role of ROLES) {
      const user = role === 'owner' ? { token: a.token } : await a.userToken(role);
      const me = await call('GET', '/api/auth/me', user.token);
      expect(me.statusCode).toBe(200);
      const expected = table[role].includes('admin') ? [...SCOPES] : table[role];
      expect([...me.json().permissions].sort(), role).toEqual([...expected].sort());
      const isAdmin = table[role].includes('admin');
      for (const url of ['/api/v1/users/', '/api/v1/api-keys/']) {
        const res = await call('GET', url, user.token);
        expect(res.statusCode, `${role} GET ${url}`).toBe(isAdmin ? 200 : 403);
        if (!isAdmin) expect(res.json()).toEqual({ detail: 'Missing scope: admin', code: 'insufficient_scope' });
      }
    }
  });
});

describe('user administration', () => {
  it('creates a user (201) who can log in; the body never sets the tenant', async () => {
    const other = await createTenant(t, 'Other');
    const res = await call('POST', '/api/v1/users/', a.token, {
      email: '  New.Person@Example.COM ',
      password: 'long enough pw',
      role: 'member',
      name: 'New Person',
      tenant_id: other.tenantId,
      status: 'disabled',
    });
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toEqual({
      id: expect.any(String),
      email: 'new.person@example.com',
      name: 'New Person',
      role: 'member',
      status: 'active',
      created_at: expect.any(String),
      last_login_at: null,
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'new.person@example.com', password: 'long enough pw', tenant_id: a.slug },
    });
    expect(login.statusCode).toBe(200);
    const inOther = await call('GET', '/api/v1/users/?limit=100', other.token);
    expect(inOther.json().items.map((u: { email: string }) => u.email)).not.toContain('new.person@example.com');
  });

  it('refuses a duplicate email (409), a bad email, role or password (422), and writes nothing', async () => {
    const before = (await call('GET', '/api/v1/users/', a.token)).json().total;
    const dup = await call('POST', '/api/v1/users/', a.token, { email: a.ownerEmail.toUpperCase(), password: 'long enough pw', role: 'viewer' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('user_exists');
    const bad = [
      [{ email: 'not-an-email', password: 'long enough pw', role: 'viewer' }, 'body.email'],
      [{ email: 'x@example.com', password: 'long enough pw', role: 'superuser' }, 'body.role'],
      [{ email: 'x@example.com', password: 'short', role: 'viewer' }, 'body.password'],
      [{ email: 'x@example.com', role: 'viewer' }, 'body.password'],
    ] as const;
    for (const [payload, loc] of bad) {
      const res = await call('POST', '/api/v1/users/', a.token, payload);
      expect(res.statusCode, loc).toBe(422);
      expect(res.json().detail.map((d: { loc: string[] }) => d.loc.join('.')), loc).toContain(loc);
    }
    expect((await call('GET', '/api/v1/users/', a.token)).json().total).toBe(before);
  });

  it('lists with skip and limit', async () => {
    const all = (await call('GET', '/api/v1/users/?limit=100', a.token)).json();
    expect(all.total).toBeGreaterThanOrEqual(3);
    expect(all.items).toHaveLength(all.total);
    const page = (await call('GET', '/api/v1/users/?skip=1&limit=1', a.token)).json();
    expect(page).toMatchObject({ total: all.total, skip: 1, limit: 1 });
    expect(page.items.map((u: { id: string }) => u.id)).toEqual([all.items[1].id]);
    expect((await call('GET', '/api/v1/users/?limit=0', a.token)).statusCode).toBe(422);
    expect((await call('GET', '/api/v1/users/?limit=101', a.token)).statusCode).toBe(422);
    expect((await call('GET', '/api/v1/users/?skip=-1', a.token)).statusCode).toBe(422);
  });

  it('gets one user, 404 for an unknown id and 422 for a malformed one', async () => {
    const res = await call('GET', `/api/v1/users/${a.ownerId}`, a.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: a.ownerId, email: a.ownerEmail, role: 'owner' });
    expect((await call('GET', '/api/v1/users/00000000-0000-4000-8000-000000000000', a.token)).statusCode).toBe(404);
    const bad = await call('GET', '/api/v1/users/42', a.token);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0].loc).toEqual(['path', 'id']);
  });

  it("renames and changes roles; a role change applies to the user's existing token at once", async () => {
    const m = await a.userToken('member');
    expect((await call('GET', '/api/v1/users/', m.token)).statusCode).toBe(403);
    const res = await call('PATCH', `/api/v1/users/${m.userId}`, a.token, { name: '  Renamed ', role: 'admin' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Renamed', role: 'admin' });
    expect((await call('GET', '/api/v1/users/', m.token)).statusCode).toBe(200);
  });
});

describe('owner protection', () => {
  it('only an owner makes, unmakes or disables an owner, and the last active owner stays', async () => {
    const admin = await a.userToken('admin');
    const second = await a.userToken('admin');

    // An admin may not promote anyone to owner.
    const promote = await call('PATCH', `/api/v1/users/${second.userId}`, admin.token, { role: 'owner' });
    expect(promote.statusCode).toBe(403);
    // The owner may.
    expect((await call('PATCH', `/api/v1/users/${second.userId}`, a.token, { role: 'owner' })).statusCode).toBe(200);

    // Now there are two owners, an admin still may not demote or disable either of them.
    const demote = await call('PATCH', `/api/v1/users/${second.userId}`, admin.token, { role: 'member' });
    expect(demote.statusCode).toBe(403);
    const disable = await call('PATCH', `/api/v1/users/${second.userId}`, admin.token, { status: 'disabled' });
    expect(disable.statusCode).toBe(403);
    expect((await call('GET', `/api/v1/users/${second.userId}`, a.token)).json()).toMatchObject({ role: 'owner', status: 'active' });

    // An API key with the admin scope is no owner either.
    const key = await a.apiKey(['admin']);
    expect((await call('PATCH', `/api/v1/users/${second.userId}`, key.key, { status: 'disabled' })).statusCode).toBe(403);

    // The owner may demote the other owner; then the last owner can neither be demoted nor disabled.
    expect((await call('PATCH', `/api/v1/users/${second.userId}`, a.token, { role: 'admin' })).statusCode).toBe(200);
    for (const patch of [{ role: 'admin' }, { status: 'disabled' }]) {
      const res = await call('PATCH', `/api/v1/users/${a.ownerId}`, a.token, patch);
      // The last active owner is a 409 with a clear detail: the request is valid, the tenant's state refuses it.
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('last_owner');
      expect(res.json().detail).toMatch(/last active owner/);
    }
  });
});

describe('only an owner makes or unmakes an owner, on every path that sets a role', () => {
  const newUser = (role: string) => ({ email: `s2-${Math.random().toString(36).slice(2, 10)}@example.com`, password: 'long enough pw', role });
  const owners = async () =>
    (await call('GET', '/api/v1/users/?limit=100', a.token)).json().items.filter((u: { role: string }) => u.role === 'owner').length;

  it('create: an admin user and an admin-scoped API key get 403 owner_required and nothing is written; the owner gets 201', async () => {
    const admin = await a.userToken('admin');
    const key = await a.apiKey(['admin']);
    const before = (await call('GET', '/api/v1/users/', a.token)).json().total;
    for (const [who, token] of [['admin user', admin.token], ['admin API key', key.key]] as const) {
      const res = await call('POST', '/api/v1/users/', token, newUser('owner'));
      expect(res.statusCode, who).toBe(403);
      expect(res.json(), who).toEqual({ detail: 'Only an owner can create an owner', code: 'owner_required' });
      // Admins still create every other role.
      expect((await call('POST', '/api/v1/users/', token, newUser('admin'))).statusCode, who).toBe(201);
    }
    expect((await call('GET', '/api/v1/users/', a.token)).json().total).toBe(before + 2);
    const byOwner = await call('POST', '/api/v1/users/', a.token, newUser('owner'));
    expect(byOwner.statusCode).toBe(201);
    expect(byOwner.json().role).toBe('owner');
  });

  it('change role: promoting to owner by an admin user or an admin API key is 403; by the owner it is 200', async () => {
    const admin = await a.userToken('admin');
    const key = await a.apiKey(['admin']);
    const target = await a.userToken('member');
    for (const [who, token] of [['admin user', admin.token], ['admin API key', key.key]] as const) {
      const res = await call('PATCH', `/api/v1/users/${target.userId}`, token, { role: 'owner' });
      expect(res.statusCode, who).toBe(403);
      expect(res.json().code, who).toBe('owner_required');
    }
    expect((await call('GET', `/api/v1/users/${target.userId}`, a.token)).json().role).toBe('member');
    expect((await call('PATCH', `/api/v1/users/${target.userId}`, a.token, { role: 'owner' })).statusCode).toBe(200);
  });

  it('demote: an admin user or an admin API key cannot demote an owner; the owner can', async () => {
    const admin = await a.userToken('admin');
    const key = await a.apiKey(['admin']);
    const second = await call('POST', '/api/v1/users/', a.token, newUser('owner'));
    const id = second.json().id;
    const ownersBefore = await owners();
    for (const [who, token] of [['admin user', admin.token], ['admin API key', key.key]] as const) {
      const res = await call('PATCH', `/api/v1/users/${id}`, token, { role: 'admin' });
      expect(res.statusCode, who).toBe(403);
      expect(res.json().code, who).toBe('owner_required');
    }
    expect(await owners()).toBe(ownersBefore);
    const byOwner = await call('PATCH', `/api/v1/users/${id}`, a.token, { role: 'viewer' });
    expect(byOwner.statusCode).toBe(200);
    expect(byOwner.json().role).toBe('viewer');
    expect(await owners()).toBe(ownersBefore - 1);
  });
});
