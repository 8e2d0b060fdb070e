import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant, sharedTestService, type TestService, type TestTenant } from '../../../test/harness.js';
import { sampleManifest } from '../../../test/support/apps.js';
import { claimsOf } from '../../../test/security/tokens.js';

/**
 * An app's whole journey over HTTP: validate (every error with its pointer) → import → install →
 * launch → exchange → the app token at work → uninstall → every token refused.
 */
let t: TestService;
let a: TestTenant;

beforeAll(async () => {
  t = await sharedTestService();
  a = await createTenant(t, 'Acme');
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const post = (url: string, token: string | null, payload: object = {}, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers: { ...(token ? bearer(token) : {}), ...headers }, payload });
const get = (url: string, token: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { ...bearer(token), ...headers } });

describe('the journey', () => {
  it('validate → import → install → launch → exchange → use → uninstall → every token refused', async () => {
    // 1. Validate a manifest with mistakes: every one comes back, each with its JSON pointer.
    const broken = sampleManifest({
      version: '1.0',
      entry_url: 'javascript:alert(1)',
      permissions: ['app_data:read', 'admin'],
      collections: [
        { name: 'notes', schema: { type: 'object', properties: { title: { type: 'string' } } } },
        { name: 'notes', schema: { type: 'object', properties: { x: { $ref: 'https://evil.example/schema.json' } } } },
      ],
    });
    const checked = await post('/api/v1/app-platform/manifests/validate', a.token, { manifest: broken });
    expect(checked.statusCode).toBe(200);
    expect(checked.json().valid).toBe(false);
    expect(checked.json().errors.map((e: { path: string }) => e.path).sort()).toEqual(
      ['/collections/1/name', '/collections/1/schema/properties/x/$ref', '/entry_url', '/permissions/1', '/version'].sort(),
    );
    for (const e of checked.json().errors) expect(e.message).toEqual(expect.any(String));

    const fine = await post('/api/v1/app-platform/manifests/validate', a.token, { manifest: sampleManifest() });
    expect(fine.json()).toEqual({ valid: true, errors: [] });

    // 2. Import it.
    const imported = await post('/api/v1/app-platform/manifests/import', a.token, { manifest: sampleManifest() });
    expect(imported.statusCode).toBe(201);
    expect(imported.json()).toMatchObject({ id: 'com.example.notes', version: '1.0.0', name: 'Notes', new_app: true });
    const appId = imported.json().app_id as string;

    // 3. Install it, granting a subset.
    const installed = await post(`/api/v1/app-platform/apps/${appId}/install`, a.token, { permissions: ['app_data:read', 'app_data:write', 'documents:read'] });
    expect(installed.statusCode).toBe(201);
    expect(installed.json()).toMatchObject({ app_id: appId, version: '1.0.0', status: 'active', granted_permissions: ['app_data:read', 'app_data:write', 'documents:read'] });
    const installationId = installed.json().installation_id as string;

    // 4. A member launches it: a launch URL carrying a single-use token.
    const member = await a.userToken('member');
    const launch = await post(`/api/v1/app-platform/apps/${appId}/launch-token`, member.token);
    expect(launch.statusCode).toBe(200);
    const { launch_token, launch_url, expires_in } = launch.json();
    expect(expires_in).toBe(60);
    expect(launch_token).toMatch(/^alt_[A-Za-z0-9_-]{43}$/);
    const url = new URL(launch_url);
    expect(url.origin + url.pathname).toBe('https://notes.example.com/app/');
    expect(url.searchParams.get('launch_token')).toBe(launch_token);

    // 5. The app's frontend exchanges it, from its own origin, without a bearer.
    const exchanged = await post('/api/v1/app-platform/runtime/exchange', null, { launch_token }, { origin: 'https://notes.example.com' });
    expect(exchanged.statusCode).toBe(200);
    expect(exchanged.headers['access-control-allow-origin']).toBe('https://notes.example.com');
    const body = exchanged.json();
    expect(body).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 900,
      installation_id: installationId,
      app: { app_id: appId, id: 'com.example.notes', name: 'Notes', version: '1.0.0' },
      tenant: { id: a.tenantId, name: 'Acme' },
      user: { id: member.userId, name: '', role: 'member' },
      permissions: ['app_data:read', 'app_data:write', 'documents:read'],
    });
    const claims = claimsOf(body.access_token);
    expect(JSON.parse(Buffer.from(body.access_token.split('.')[0], 'base64url').toString())).toMatchObject({ alg: 'HS256', typ: 'app-at+jwt' });
    expect(claims).toMatchObject({ sub: member.userId, tid: a.tenantId, ins: installationId, aud: 'knowledge-backend-api/app-runtime' });
    expect((claims.exp as number) - (claims.iat as number)).toBe(900);

    // 6. The app token opens the platform scope it was granted, and answers CORS for its origin only.
    const docs = await get('/api/v1/documents/', body.access_token, { origin: 'https://notes.example.com' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['access-control-allow-origin']).toBe('https://notes.example.com');

    // 7. Uninstall: the installation is kept (data retained), every token stops at once.
    const spare = (await post(`/api/v1/app-platform/apps/${appId}/launch-token`, member.token)).json().launch_token as string;
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/v1/app-platform/installations/${installationId}`, headers: bearer(a.token) });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ installation_id: installationId, status: 'uninstalled', purged_at: null });
    const retention = Date.parse(removed.json().purge_after) - Date.parse(removed.json().uninstalled_at);
    expect(retention).toBe(30 * 24 * 3600_000);

    const after = await get('/api/v1/documents/', body.access_token);
    expect(after.statusCode).toBe(401);
    const reExchange = await post('/api/v1/app-platform/runtime/exchange', null, { launch_token: spare });
    expect(reExchange.statusCode).toBe(401);
    expect(reExchange.json().code).toBe('invalid_launch_token');
    expect((await post(`/api/v1/app-platform/apps/${appId}/launch-token`, member.token)).statusCode).toBe(404);
  });
});
