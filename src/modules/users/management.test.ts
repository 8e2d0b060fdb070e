import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, runCommand, startTestService, type TestService, type TestTenant } from '../../../test/harness.js';
import { eventually } from '../../../test/support/eventually.js';
import { Authenticator } from '../../platform/auth/authenticator.js';
import { EventBus } from '../../platform/events/bus.js';
import { createCredentialStore } from '../auth/index.js';

let t: TestService;
let a: TestTenant;
let b: TestTenant;

beforeAll(async () => {
  t = await startTestService();
  [a, b] = await Promise.all([createTenant(t, 'Acme'), createTenant(t, 'Globex')]);
});
afterAll(async () => t?.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, token: string | null, payload?: object) =>
  t.app.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {}, ...(payload ? { payload } : {}) });
const login = (email: string, password: string, tenant = a) => call('POST', '/api/auth/login', null, { email, password, tenant_id: tenant.slug });
const refresh = (refresh_token: string) => call('POST', '/api/auth/refresh', null, { refresh_token });
const audit = async (query = '') => (await call('GET', `/api/v1/audit-events?limit=100${query}`, a.token)).json();

describe('listing users', () => {
  it('filters by search (e-mail or name, wildcards literal), role and status, with an exact total', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const made = await call('POST', '/api/v1/users/', a.token, { email: `${tag}.one@example.test`, password: a.password, role: 'viewer', name: 'Alpha' });
    expect(made.statusCode).toBe(201);
    await call('POST', '/api/v1/users/', a.token, { email: `two@${tag}.test`, password: a.password, role: 'member', name: `Beta ${tag.toUpperCase()}` });
    const bySearch = (await call('GET', `/api/v1/users/?search=${tag}`, a.token)).json();
    expect(bySearch.total).toBe(2);
    expect(bySearch.items.map((u: { email: string }) => u.email).sort()).toEqual([`two@${tag}.test`, `${tag}.one@example.test`]);
    const viewers = (await call('GET', `/api/v1/users/?search=${tag}&role=viewer`, a.token)).json();
    expect(viewers.items.map((u: { name: string }) => u.name)).toEqual(['Alpha']);
    await call('PATCH', `/api/v1/users/${made.json().id}`, a.token, { status: 'disabled' });
    expect((await call('GET', `/api/v1/users/?search=${tag}&status=disabled`, a.token)).json().total).toBe(1);
    expect((await call('GET', `/api/v1/users/?search=${tag}&status=active`, a.token)).json().total).toBe(1);
    expect((await call('GET', '/api/v1/users/?search=%25', a.token)).json().total).toBe(0); // "%" is literal
    const everyone = (await call('GET', '/api/v1/users/', a.token)).json().total;
    expect((await call('GET', '/api/v1/users/?search=', a.token)).json().total).toBe(everyone); // empty: no filter
    expect((await call('GET', '/api/v1/users/?role=superuser', a.token)).statusCode).toBe(422);
    expect((await call('GET', '/api/v1/users/?status=gone', a.token)).statusCode).toBe(422);
    expect((await call('GET', `/api/v1/users/?search=${'x'.repeat(201)}`, a.token)).statusCode).toBe(422);
  });
});

describe('disabling and deleting end access at once', () => {
  it("a disabled user's live access token is refused on its next request and its refresh tokens are revoked", async () => {
    const m = await a.userToken('member');
    const pair = (await login(m.email, a.password)).json();
    expect((await call('GET', '/api/auth/me', pair.access_token)).statusCode).toBe(200); // cached now
    expect((await call('PATCH', `/api/v1/users/${m.userId}`, a.token, { status: 'disabled' })).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/me', pair.access_token)).statusCode).toBe(401);
    expect((await call('GET', '/api/auth/me', m.token)).statusCode).toBe(401);
    // Re-enabled, the old refresh token stays dead: disabling revoked it, not just hid it.
    expect((await call('PATCH', `/api/v1/users/${m.userId}`, a.token, { status: 'active' })).statusCode).toBe(200);
    expect((await refresh(pair.refresh_token)).statusCode).toBe(401);
    expect((await call('GET', '/api/auth/me', pair.access_token)).statusCode).toBe(200);
  });

  it('another instance (its own authenticator cache and bus on the same database) refuses the token too, through NOTIFY alone', async () => {
    const { ctx } = t.service;
    const other = new Authenticator(ctx.tokens, new EventBus(ctx.db));
    other.connect(createCredentialStore(ctx.db));
    await other.start();
    try {
      const m = await a.userToken('member');
      expect(await other.resolve(m.token)).toMatchObject({ kind: 'user', userId: m.userId }); // cached as active there
      expect((await call('PATCH', `/api/v1/users/${m.userId}`, a.token, { status: 'disabled' })).statusCode).toBe(200);
      // Nothing told `other` directly: only the auth_invalidate NOTIFY committed with the change reaches it.
      expect(await eventually('the other instance to refuse the token', () => other.resolve(m.token), (p) => p === null, 10_000)).toBeNull();
      // The same for a deleted user.
      const v = await a.userToken('viewer');
      expect(await other.resolve(v.token)).toMatchObject({ kind: 'user', userId: v.userId });
      expect((await call('DELETE', `/api/v1/users/${v.userId}`, a.token)).statusCode).toBe(204);
      expect(await eventually('the other instance to refuse the deleted user', () => other.resolve(v.token), (p) => p === null, 10_000)).toBeNull();
    } finally {
      await other.stop();
    }
  });

  it("deletes a user (204): its live token is refused, it cannot log in, and it is gone", async () => {
    const v = await a.userToken('viewer');
    expect((await call('GET', '/api/auth/me', v.token)).statusCode).toBe(200);
    const res = await call('DELETE', `/api/v1/users/${v.userId}`, a.token);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await call('GET', '/api/auth/me', v.token)).statusCode).toBe(401);
    expect((await login(v.email, a.password)).statusCode).toBe(401);
    expect((await call('GET', `/api/v1/users/${v.userId}`, a.token)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/v1/users/${v.userId}`, a.token)).statusCode).toBe(404);
  });
});

describe('owners', () => {
  it('an admin cannot rename, change or delete an owner; the last active owner cannot be deleted (409)', async () => {
    const admin = await a.userToken('admin');
    for (const [method, payload] of [['PATCH', { name: 'Boss' }], ['DELETE', undefined]] as const) {
      const res = await call(method, `/api/v1/users/${a.ownerId}`, admin.token, payload);
      expect(res.statusCode, method).toBe(403);
      expect(res.json().code).toBe('owner_required');
    }
    const last = await call('DELETE', `/api/v1/users/${a.ownerId}`, a.token);
    expect(last.statusCode).toBe(409);
    expect(last.json()).toEqual({
      detail: 'The last active owner of the tenant cannot be deleted; make another user owner first',
      code: 'last_owner',
    });
    expect((await call('GET', '/api/auth/me', a.token)).statusCode).toBe(200);
    // With a second owner, the owner may delete the other one (and an admin still may not).
    const second = await a.userToken('admin');
    expect((await call('PATCH', `/api/v1/users/${second.userId}`, a.token, { role: 'owner' })).statusCode).toBe(200);
    expect((await call('DELETE', `/api/v1/users/${second.userId}`, admin.token)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/v1/users/${second.userId}`, a.token)).statusCode).toBe(204);
  });

  it("an admin may change and delete non-owners, including admins", async () => {
    const admin = await a.userToken('admin');
    const other = await a.userToken('admin');
    expect((await call('PATCH', `/api/v1/users/${other.userId}`, admin.token, { role: 'viewer', name: 'Demoted' })).statusCode).toBe(200);
    expect((await call('DELETE', `/api/v1/users/${other.userId}`, admin.token)).statusCode).toBe(204);
  });
});

describe('tenant isolation', () => {
  it("another tenant's user ids are 404 on get, patch and delete, and nothing changes", async () => {
    const theirs = await b.userToken('member');
    for (const [method, payload] of [['GET', undefined], ['PATCH', { status: 'disabled' }], ['DELETE', undefined]] as const) {
      const res = await call(method, `/api/v1/users/${theirs.userId}`, a.token, payload);
      expect(res.statusCode, method).toBe(404);
      expect(res.json()).toEqual({ detail: 'User not found', code: 'user_not_found' });
    }
    expect((await call('GET', '/api/auth/me', theirs.token)).statusCode).toBe(200);
    expect((await call('GET', `/api/v1/users/${theirs.userId}`, b.token)).json().status).toBe('active');
  });
});

describe('self-service', () => {
  it('PATCH /api/auth/me renames the caller (trimmed; 422 above 200 characters or with NUL)', async () => {
    const m = await a.userToken('member');
    const res = await call('PATCH', '/api/auth/me', m.token, { name: '  Mia  ', role: 'owner' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Mia', role: 'member' });
    expect((await call('PATCH', '/api/auth/me', m.token, { name: 'x'.repeat(201) })).statusCode).toBe(422);
    expect((await call('PATCH', '/api/auth/me', m.token, { name: 'a\u0000b' })).statusCode).toBe(422);
    expect((await call('GET', '/api/auth/me', m.token)).json().name).toBe('Mia');
  });

  it('changes the password: the current one must be right, the policy applies, other sessions end', async () => {
    const m = await a.userToken('member');
    const other = (await login(m.email, a.password)).json();
    const wrong = await call('POST', '/api/auth/me/password', m.token, { current_password: 'not it at all', new_password: 'granite otter lantern' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ detail: 'The current password is wrong', code: 'wrong_password' });
    const weak = await call('POST', '/api/auth/me/password', m.token, { current_password: a.password, new_password: 'password123' });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().detail[0]).toMatchObject({
      loc: ['body', 'new_password'],
      type: 'value_error.password',
      ctx: { warning: 'This is a commonly used password.', suggestions: expect.any(Array) },
    });
    const short = await call('POST', '/api/auth/me/password', m.token, { current_password: a.password, new_password: 'Xq7#kP2' });
    expect(short.json().detail[0].msg).toBe('password must be 10 to 256 characters long');
    const asEmail = await call('POST', '/api/auth/me/password', m.token, { current_password: a.password, new_password: m.email });
    expect(asEmail.json().detail[0].msg).toBe('password must not be your e-mail address or the tenant name');
    const asSlug = await call('POST', '/api/auth/me/password', m.token, { current_password: a.password, new_password: a.slug });
    expect(asSlug.statusCode).toBe(422);
    expect((await login(m.email, a.password)).statusCode).toBe(200); // nothing changed so far

    const ok = await call('POST', '/api/auth/me/password', m.token, { current_password: a.password, new_password: 'granite otter lantern' });
    expect(ok.statusCode).toBe(200);
    const fresh = ok.json();
    expect((await refresh(other.refresh_token)).statusCode).toBe(401);
    expect((await refresh(fresh.refresh_token)).statusCode).toBe(200);
    expect((await login(m.email, a.password)).statusCode).toBe(401);
    expect((await login(m.email, 'granite otter lantern')).statusCode).toBe(200);
  });

  it('the password policy applies to the admin API and the CLI too', async () => {
    const api = await call('POST', '/api/v1/users/', a.token, { email: 'weak@example.test', password: 'password123', role: 'viewer' });
    expect(api.statusCode).toBe(422);
    expect(api.json().detail[0].loc).toEqual(['body', 'password']);
    await expect(runCommand(t, ['user', 'create', '--tenant', a.slug, '--email', 'weak2@example.test', '--password', 'qwertyuiop', '--role', 'viewer'])).rejects.toThrow(
      /too easy to guess/,
    );
    expect((await call('GET', '/api/v1/users/?search=weak', a.token)).json().total).toBe(0);
  });
});

describe('audit trail', () => {
  it('records who did what, in the same transaction, for admins only; filters by type and actor', async () => {
    const v = await a.userToken('viewer');
    await call('PATCH', `/api/v1/users/${v.userId}`, a.token, { role: 'member' });
    await call('PATCH', `/api/v1/users/${v.userId}`, a.token, { status: 'disabled' });
    await call('DELETE', `/api/v1/users/${v.userId}`, a.token);
    await login('nobody@example.test', 'whatever it is');
    const mine = (await audit(`&actor_id=${a.ownerId}`)).items.filter((e: { target_id: string }) => e.target_id === v.userId);
    expect(mine.map((e: { type: string }) => e.type)).toEqual(['user.deleted', 'user.disabled', 'user.role_changed']);
    expect(mine[2]).toMatchObject({ actor_kind: 'user', actor_id: a.ownerId, details: { from: 'viewer', to: 'member' } });
    const failed = (await audit('&type=auth.login_failed')).items;
    expect(failed[0]).toMatchObject({ type: 'auth.login_failed', actor_kind: 'anonymous', details: { email: 'nobody@example.test' } });
    expect((await audit('&type=user.created')).items.every((e: { type: string }) => e.type === 'user.created')).toBe(true);
    // Refused changes leave no event.
    const admin = await a.userToken('admin');
    await call('DELETE', `/api/v1/users/${a.ownerId}`, admin.token);
    expect((await audit(`&actor_id=${admin.userId}`)).total).toBe(0);
    expect((await call('GET', '/api/v1/audit-events', v.token)).statusCode).toBe(401);
    const member = await a.userToken('member');
    expect((await call('GET', '/api/v1/audit-events', member.token)).statusCode).toBe(403);
    expect((await call('GET', '/api/v1/audit-events?type=nope', a.token)).statusCode).toBe(422);
    // Another tenant sees none of it.
    const theirs = (await call('GET', '/api/v1/audit-events?limit=100', b.token)).json();
    expect(theirs.items.some((e: { target_id: string }) => e.target_id === v.userId)).toBe(false);
  });
});
