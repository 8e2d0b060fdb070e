import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestService, type TestService, type TestTenant } from '../../../test/harness.js';
import { sampleManifest } from '../../../test/support/apps.js';
import { multipart } from '../../../test/support/documents.js';

/**
 * An app's journey through what it keeps: import → install → launch → exchange (from the app's
 * origin) → app data, a rich document, an asset attached to both → uninstall → every token refused, the
 * content kept for an admin until the purge, then gone.
 */
let t: TestService;
let a: TestTenant;

beforeAll(async () => {
  t = await startTestService();
  a = await createTenant(t, 'Acme');
});
afterAll(async () => t?.close());

const ORIGIN = 'https://notes.example.com';
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]), Buffer.alloc(64, 1)]);

describe('the journey through app content', () => {
  it('import → install → launch → exchange → data, documents, assets → uninstall → tokens refused → purge', async () => {
    const as = (token: string | null, extra: Record<string, string> = {}) => ({ ...(token ? { authorization: `Bearer ${token}` } : {}), origin: ORIGIN, ...extra });
    const manifest = sampleManifest({ permissions: ['app_data:read', 'app_data:write', 'rich_documents:read', 'rich_documents:write', 'app_assets:read', 'app_assets:write'] });
    const imported = await t.app.inject({ method: 'POST', url: '/api/v1/app-platform/manifests/import', headers: as(a.token), payload: { manifest } });
    expect(imported.statusCode).toBe(201);
    const appId = imported.json().app_id;
    const installed = await t.app.inject({ method: 'POST', url: `/api/v1/app-platform/apps/${appId}/install`, headers: as(a.token), payload: {} });
    const installationId = installed.json().installation_id;

    const member = await a.userToken('member');
    const launch = (await t.app.inject({ method: 'POST', url: `/api/v1/app-platform/apps/${appId}/launch-token`, headers: as(member.token) })).json();
    const exchanged = await t.app.inject({ method: 'POST', url: '/api/v1/app-platform/runtime/exchange', headers: as(null), payload: { launch_token: launch.launch_token } });
    expect(exchanged.statusCode).toBe(200);
    const token = exchanged.json().access_token as string;

    // A preflight from the app's origin, then the calls themselves, each answering CORS for that origin only.
    const preflight = await t.app.inject({ method: 'OPTIONS', url: '/api/v1/app-data/notes/', headers: { origin: ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' } });
    expect(preflight.headers['access-control-allow-origin']).toBe(ORIGIN);

    const note = await t.app.inject({ method: 'POST', url: '/api/v1/app-data/notes/', headers: as(token), payload: { data: { title: 'Groceries', pinned: true } } });
    expect(note.statusCode).toBe(201);
    expect(note.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(note.json().created_by).toBe(member.userId);

    const doc = await t.app.inject({
      method: 'POST',
      url: '/api/v1/rich-documents/',
      headers: as(token),
      payload: { title: 'Plan', content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Monday' }] }] } },
    });
    expect(doc.statusCode).toBe(201);
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/rich-documents/${doc.json().id}`,
      headers: as(token),
      payload: { content: { type: 'doc', content: [] }, base_version: 1 },
    });
    expect(edited.json().version).toBe(2);

    const form = multipart([{ name: 'file', filename: 'pic.png', bytes: PNG, contentType: 'image/png' }]);
    const asset = await t.app.inject({ method: 'POST', url: '/api/v1/app-assets/', headers: as(token, form.headers), payload: form.payload });
    expect(asset.statusCode).toBe(201);
    const assetId = asset.json().id;
    for (const target of [{ collection: 'notes', record_id: note.json().id }, { rich_document_id: doc.json().id }]) {
      expect((await t.app.inject({ method: 'POST', url: `/api/v1/app-assets/${assetId}/attach`, headers: as(token), payload: target })).statusCode).toBe(200);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/app-data/notes/${note.json().id}`, headers: as(token) })).json().asset_ids).toEqual([assetId]);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/rich-documents/${doc.json().id}`, headers: as(token) })).json().asset_ids).toEqual([assetId]);

    // Uninstall: the app token is refused everywhere at once; an admin still sees the content until the purge.
    const spare = (await t.app.inject({ method: 'POST', url: `/api/v1/app-platform/apps/${appId}/launch-token`, headers: as(member.token) })).json().launch_token;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/app-platform/installations/${installationId}`, headers: as(a.token) })).json().status).toBe('uninstalled');
    for (const url of ['/api/v1/app-data/notes/', '/api/v1/rich-documents/', '/api/v1/app-assets/', `/api/v1/app-assets/${assetId}/content`]) {
      const refused = await t.app.inject({ method: 'GET', url, headers: as(token) });
      expect(refused.statusCode, url).toBe(401);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/app-platform/runtime/exchange', payload: { launch_token: spare } })).statusCode).toBe(401);
    const q = `?installation_id=${installationId}`;
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/app-data/notes/${q}`, headers: as(a.token) })).json().total).toBe(1);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/rich-documents/${doc.json().id}`, headers: as(a.token) })).statusCode).toBe(200);
    const readOnly = await t.app.inject({ method: 'POST', url: '/api/v1/rich-documents/', headers: as(a.token), payload: { title: 'x', content: { type: 'doc', content: [] }, installation_id: installationId } });
    expect(readOnly.statusCode).toBe(409);
    expect(readOnly.json().code).toBe('installation_read_only');

    // The retention ends (the purge job) or an admin purges at once: everything the app kept is gone.
    const purged = await t.app.inject({ method: 'DELETE', url: `/api/v1/app-platform/installations/${installationId}?purge=true`, headers: as(a.token) });
    expect(purged.json().status).toBe('purged');
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/rich-documents/${doc.json().id}`, headers: as(a.token) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/app-assets/${assetId}`, headers: as(a.token) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/app-data/notes/${q}`, headers: as(a.token) })).json().code).toBe('installation_not_found');
  });

  it('the purge job removes the content once the retention has passed (moved clock)', async () => {
    const tenant = await createTenant(t, 'Retention');
    const manifest = sampleManifest();
    const appId = (await t.app.inject({ method: 'POST', url: '/api/v1/app-platform/manifests/import', headers: tenant.auth(), payload: { manifest } })).json().app_id;
    const installationId = (await t.app.inject({ method: 'POST', url: `/api/v1/app-platform/apps/${appId}/install`, headers: tenant.auth(), payload: {} })).json().installation_id;
    const launch = (await t.app.inject({ method: 'POST', url: `/api/v1/app-platform/apps/${appId}/launch-token`, headers: tenant.auth() })).json();
    const token = (await t.app.inject({ method: 'POST', url: '/api/v1/app-platform/runtime/exchange', payload: { launch_token: launch.launch_token } })).json().access_token;
    const note = await t.app.inject({ method: 'POST', url: '/api/v1/app-data/notes/', headers: { authorization: `Bearer ${token}` }, payload: { data: { title: 'kept 30 days' } } });
    expect(note.statusCode).toBe(201);
    await t.app.inject({ method: 'DELETE', url: `/api/v1/app-platform/installations/${installationId}`, headers: tenant.auth() });

    t.service.ctx.clock.advance(31 * 24 * 3600_000);
    const task = t.service.modules.find((m) => m.name === 'apps')!.tasks!.find((k) => k.name === 'apps-purge')!;
    await task.run();
    // A month later the owner's access token has expired too: sign in again.
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: tenant.ownerEmail, password: tenant.password, tenant_id: tenant.slug } });
    const fresh = tenant.auth(login.json().access_token);
    const status = await t.app.inject({ method: 'GET', url: `/api/v1/app-platform/installations/${installationId}`, headers: fresh });
    expect(status.json().status).toBe('purged');
    const after = await t.app.inject({ method: 'GET', url: `/api/v1/app-data/notes/?installation_id=${installationId}`, headers: fresh });
    expect(after.statusCode).toBe(404);
    expect(after.json().code).toBe('installation_not_found');
  });
});
