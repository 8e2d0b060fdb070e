import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestService, type TestService, type TestTenant } from '../../../test/harness.js';
import { importApp, installApp, openApp, sampleManifest } from '../../../test/support/apps.js';
import type { TenantDb } from '../../platform/db/tenant-db.js';
import { createInstallationsService, type AppDataPurger } from './installations.service.js';

/** Installing, upgrading and uninstalling; the retention period and the purge. */
let t: TestService;
let a: TestTenant;

beforeAll(async () => {
  t = await startTestService();
  a = await createTenant(t, 'Acme');
});
afterAll(async () => t?.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, token = a.token) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const DAY = 24 * 3600_000;

describe('installing', () => {
  it('grants the manifest’s permissions, or the subset given; a permission it does not ask for is 422', async () => {
    const app = await importApp(t, a, sampleManifest({ id: 'com.example.grants' }));
    const refused = await call('POST', `/api/v1/app-platform/apps/${app.app_id}/install`, { permissions: ['app_data:read', 'knowledge_bases:read'] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'permission_not_requested', detail: [{ loc: ['body', 'permissions', 1] }] });
    const unknown = await call('POST', `/api/v1/app-platform/apps/${app.app_id}/install`, { permissions: ['admin'] });
    expect(unknown.statusCode).toBe(422);

    const all = await call('POST', `/api/v1/app-platform/apps/${app.app_id}/install`, {});
    expect(all.statusCode).toBe(201);
    expect(all.json()).toMatchObject({
      app_id: app.app_id,
      id: 'com.example.grants',
      version: '1.0.0',
      status: 'active',
      granted_permissions: sampleManifest().permissions,
      requested_permissions: sampleManifest().permissions,
      entry_url: 'https://notes.example.com/app/',
      upgrade_available: false,
    });
    const twice = await call('POST', `/api/v1/app-platform/apps/${app.app_id}/install`, {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('app_already_installed');
  });

  it('is for admins; every user of the tenant may list installations', async () => {
    const app = await importApp(t, a, sampleManifest({ id: 'com.example.roles' }));
    const member = await a.userToken('member');
    expect((await call('POST', `/api/v1/app-platform/apps/${app.app_id}/install`, {}, member.token)).statusCode).toBe(403);
    const { installation_id } = await installApp(t, a, app.app_id);
    const list = await call('GET', '/api/v1/app-platform/installations/?limit=100', undefined, member.token);
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((i: { installation_id: string }) => i.installation_id)).toContain(installation_id);
    expect((await call('DELETE', `/api/v1/app-platform/installations/${installation_id}`, undefined, member.token)).statusCode).toBe(403);
  });
});

describe('upgrading', () => {
  it('moves to the latest version, keeping grants; asking for more needs them granted again', async () => {
    const manifest = sampleManifest({ id: 'com.example.upgrade', permissions: ['app_data:read', 'app_data:write', 'documents:read'] });
    const app = await importApp(t, a, manifest);
    const { installation_id } = await installApp(t, a, app.app_id, ['app_data:read', 'documents:read']);
    const { access_token } = await openApp(t, app.app_id, a.token);

    // Same permissions, a new entry URL: no consent needed; grants carry over (still without app_data:write).
    await importApp(t, a, { ...manifest, version: '1.1.0', entry_url: 'https://v2.notes.example.com/' });
    const listed = await call('GET', `/api/v1/app-platform/installations/${installation_id}`);
    expect(listed.json()).toMatchObject({ version: '1.0.0', latest_version: '1.1.0', upgrade_available: true });
    const up = await call('PATCH', `/api/v1/app-platform/installations/${installation_id}`, {});
    expect(up.statusCode).toBe(200);
    expect(up.json()).toMatchObject({ version: '1.1.0', upgrade_available: false, granted_permissions: ['app_data:read', 'documents:read'], entry_url: 'https://v2.notes.example.com/' });
    // The token issued before follows the installation: its origin is now the new one.
    expect(await t.service.ctx.authenticator.resolve(access_token)).toMatchObject({ kind: 'app', origin: 'https://v2.notes.example.com' });

    // 2.0.0 asks for assets too: refused without consent, then granted explicitly.
    await importApp(t, a, { ...manifest, version: '2.0.0', permissions: ['app_data:read', 'app_assets:read', 'app_assets:write'] });
    const needs = await call('PATCH', `/api/v1/app-platform/installations/${installation_id}`, {});
    expect(needs.statusCode).toBe(409);
    expect(needs.json()).toMatchObject({ code: 'app_upgrade_needs_consent', detail: expect.stringContaining('app_assets:read, app_assets:write') });
    const wrong = await call('PATCH', `/api/v1/app-platform/installations/${installation_id}`, { permissions: ['documents:read'] });
    expect(wrong.statusCode).toBe(422);
    const granted = await call('PATCH', `/api/v1/app-platform/installations/${installation_id}`, { permissions: ['app_data:read', 'app_assets:read'] });
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({ version: '2.0.0', granted_permissions: ['app_data:read', 'app_assets:read'] });
    // documents:read is gone from the installation, so from the live token too.
    expect(await t.service.ctx.authenticator.resolve(access_token)).toMatchObject({ permissions: ['app_data:read'], scopes: [] });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/documents/', headers: bearer(access_token) })).statusCode).toBe(403);
  });
});

describe('uninstalling and purging', () => {
  /** A purger of the kind the app-content areas register, recording what it was asked to delete. */
  const purged: string[] = [];
  const recorder: AppDataPurger = {
    name: 'recorder',
    async purge(tenant: TenantDb, installationId: string) {
      purged.push(`${tenant.tenantId}/${installationId}`);
    },
  };
  const service = () => createInstallationsService({ ...t.service.ctx, purgers: [recorder] });

  it('keeps the data for the retention period, then purges it through every purger', async () => {
    const app = await importApp(t, a, sampleManifest({ id: 'com.example.retention' }));
    const { installation_id } = await installApp(t, a, app.app_id);
    const removed = await call('DELETE', `/api/v1/app-platform/installations/${installation_id}`);
    expect(removed.json()).toMatchObject({ status: 'uninstalled', purged_at: null });
    // Uninstalling again changes nothing.
    expect((await call('DELETE', `/api/v1/app-platform/installations/${installation_id}`)).json()).toEqual(removed.json());

    const installations = service();
    expect(await installations.purgeDue()).toBe(0);
    t.service.ctx.clock.advance(29 * DAY);
    expect(await installations.purgeDue()).toBe(0);
    expect(purged).toEqual([]);
    t.service.ctx.clock.advance(1 * DAY + 1000);
    expect(await installations.purgeDue()).toBe(1);
    expect(purged).toEqual([`${a.tenantId}/${installation_id}`]);
    const after = await call('GET', `/api/v1/app-platform/installations/${installation_id}`);
    expect(after.json()).toMatchObject({ status: 'purged', purged_at: expect.any(String) });
    expect(await installations.purgeDue()).toBe(0);

    // The app can be installed again: a new installation, with nothing of the old one.
    const again = await installApp(t, a, app.app_id);
    expect(again.installation_id).not.toBe(installation_id);
  });

  it('?purge=true purges at once; the periodic task purges what is due', async () => {
    const app = await importApp(t, a, sampleManifest({ id: 'com.example.purge-now' }));
    const { installation_id } = await installApp(t, a, app.app_id);
    const res = await call('DELETE', `/api/v1/app-platform/installations/${installation_id}?purge=true`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'purged', uninstalled_at: expect.any(String), purged_at: expect.any(String) });

    const later = await importApp(t, a, sampleManifest({ id: 'com.example.purge-task' }));
    const second = await installApp(t, a, later.app_id);
    await call('DELETE', `/api/v1/app-platform/installations/${second.installation_id}`);
    t.service.ctx.clock.advance(31 * DAY);
    const task = t.service.modules.find((m) => m.name === 'apps')!.tasks!.find((k) => k.name === 'apps-purge')!;
    await task.run();
    expect((await call('GET', `/api/v1/app-platform/installations/${second.installation_id}`)).json().status).toBe('purged');
  });

  it('a failing purger leaves the installation for the next run, and all purgers run again then', async () => {
    const app = await importApp(t, a, sampleManifest({ id: 'com.example.flaky' }));
    const { installation_id } = await installApp(t, a, app.app_id);
    await call('DELETE', `/api/v1/app-platform/installations/${installation_id}`);
    let fail = true;
    const calls: string[] = [];
    const flaky = createInstallationsService({
      ...t.service.ctx,
      log: { error: () => {}, info: () => {} },
      purgers: [
        { name: 'first', purge: async () => void calls.push('first') },
        { name: 'flaky', purge: async () => { calls.push('flaky'); if (fail) throw new Error('object store down'); } },
      ],
    });
    t.service.ctx.clock.advance(31 * DAY);
    expect(await flaky.purgeDue()).toBe(0);
    expect((await call('GET', `/api/v1/app-platform/installations/${installation_id}`)).json().status).toBe('uninstalled');
    fail = false;
    expect(await flaky.purgeDue()).toBe(1);
    expect(calls).toEqual(['first', 'flaky', 'first', 'flaky']);
    expect((await call('GET', `/api/v1/app-platform/installations/${installation_id}`)).json().status).toBe('purged');
  });

  it('lists uninstalled and purged installations on request only', async () => {
    const active = await call('GET', '/api/v1/app-platform/installations/?limit=100');
    expect(active.json().items.every((i: { status: string }) => i.status === 'active')).toBe(true);
    const purgedList = await call('GET', '/api/v1/app-platform/installations/?status=purged&limit=100');
    expect(purgedList.json().total).toBeGreaterThanOrEqual(2);
    const all = await call('GET', '/api/v1/app-platform/installations/?status=all&limit=100');
    expect(all.json().total).toBe(active.json().total + purgedList.json().total + (await call('GET', '/api/v1/app-platform/installations/?status=uninstalled')).json().total);
  });
});
