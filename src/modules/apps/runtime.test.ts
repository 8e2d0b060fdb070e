import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, onPostgres, startTestService, type TestService, type TestTenant } from '../../../test/harness.js';
import { importApp, installApp, openApp } from '../../../test/support/apps.js';
import { algNoneToken, foreignToken } from '../../../test/security/tokens.js';
import { AUTH_CHANNEL, type AuthInvalidation } from '../../platform/auth/authenticator.js';
import { tenantDb } from '../../platform/db/tenant-db.js';
import { createInstalledManifests } from './index.js';

/** Launch tokens, the exchange and app tokens: what they open, what they never open, and when they stop. */
let t: TestService;
let a: TestTenant;
let b: TestTenant;
let appId: string;
let installationId: string;

const APP_ORIGIN = 'https://notes.example.com';

beforeAll(async () => {
  t = await startTestService();
  [a, b] = await Promise.all([createTenant(t, 'Acme'), createTenant(t, 'Globex')]);
  appId = (await importApp(t, a)).app_id;
  installationId = (await installApp(t, a, appId, ['app_data:read', 'app_data:write', 'documents:read'])).installation_id;
});
afterAll(async () => t?.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const launch = (token: string, id = appId) => t.app.inject({ method: 'POST', url: `/api/v1/app-platform/apps/${id}/launch-token`, headers: bearer(token) });
const exchange = (launchToken: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/v1/app-platform/runtime/exchange', headers, payload: { launch_token: launchToken } });
const resolve = (token: string) => t.service.ctx.authenticator.resolve(token);

describe('launch tokens', () => {
  it('are single use: a second exchange is the same 401 as an unknown token', async () => {
    const token = (await launch(a.token)).json().launch_token;
    expect((await exchange(token)).statusCode).toBe(200);
    const again = await exchange(token);
    const unknown = await exchange(`alt_${'A'.repeat(43)}`);
    const malformed = await exchange('not-a-launch-token');
    for (const res of [again, unknown, malformed]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'The launch token is invalid, used or expired; open the app again', code: 'invalid_launch_token' });
    }
  });

  it('expire after 60 seconds on the service clock', async () => {
    const fresh = (await launch(a.token)).json().launch_token;
    const stale = (await launch(a.token)).json().launch_token;
    t.service.ctx.clock.advance(59_000);
    expect((await exchange(fresh)).statusCode).toBe(200);
    t.service.ctx.clock.advance(2_000);
    const late = await exchange(stale);
    expect(late.statusCode).toBe(401);
    expect(late.json().code).toBe('invalid_launch_token');
  });

  it('open nothing as a bearer, not even /api/auth/me', async () => {
    const token = (await launch(a.token)).json().launch_token;
    for (const url of ['/api/auth/me', '/api/v1/documents/', '/api/v1/app-platform/installations/']) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(res.statusCode, url).toBe(401);
    }
    expect((await exchange(token)).statusCode).toBe(200); // and it was not spent by those attempts
  });

  it('are for signed-in users of any role; an API key cannot launch', async () => {
    const viewer = await a.userToken('viewer');
    expect((await launch(viewer.token)).statusCode).toBe(200);
    const key = await a.apiKey(['admin']);
    const res = await launch(key.key);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
  });

  it("another tenant's app or installation is a 404, like one that does not exist", async () => {
    const missing = await launch(b.token, randomUUID());
    expect(missing.statusCode).toBe(404);
    const foreign = await launch(b.token, appId);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
    for (const [method, url] of [
      ['GET', `/api/v1/app-platform/apps/${appId}`],
      ['POST', `/api/v1/app-platform/apps/${appId}/install`],
      ['GET', `/api/v1/app-platform/installations/${installationId}`],
      ['PATCH', `/api/v1/app-platform/installations/${installationId}`],
      ['DELETE', `/api/v1/app-platform/installations/${installationId}`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: bearer(b.token), ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/app-platform/installations/?status=all', headers: bearer(b.token) });
    expect(list.json().total).toBe(0);
    // A's installation is untouched.
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/app-platform/installations/${installationId}`, headers: bearer(a.token) })).json().status).toBe('active');
  });
});

describe('app access tokens', () => {
  it('are refused on /api/auth/me and on every route that does not admit apps', async () => {
    const { access_token } = await openApp(t, appId, a.token);
    for (const [method, url] of [
      ['GET', '/api/auth/me'],
      ['GET', '/api/auth/verify'],
      ['GET', '/api/v1/api-keys/'],
      ['GET', '/api/v1/app-platform/installations/'],
      ['POST', `/api/v1/app-platform/apps/${appId}/launch-token`],
      ['DELETE', `/api/v1/app-platform/installations/${installationId}`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: bearer(access_token) });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json(), `${method} ${url}`).toEqual({ detail: 'App access tokens cannot call this endpoint', code: 'app_token_not_accepted' });
    }
  });

  it('open a platform route only for a scope the installation granted', async () => {
    const { access_token } = await openApp(t, appId, a.token);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/documents/', headers: bearer(access_token) })).statusCode).toBe(200);
    const memories = await t.app.inject({ method: 'GET', url: '/api/v1/memories', headers: bearer(access_token) }); // knowledge_bases:read not granted
    expect(memories.statusCode).toBe(403);
    expect(memories.json()).toEqual({ detail: 'Missing scope: knowledge_bases:read', code: 'insufficient_scope' });
  });

  it("cannot exceed the user's role: a viewer's token has no writes, and a demotion cuts a live token at once", async () => {
    const viewer = await a.userToken('viewer');
    const viewerApp = await openApp(t, appId, viewer.token);
    expect(viewerApp.permissions).toEqual(['app_data:read', 'documents:read']);

    const member = await a.userToken('member');
    const memberApp = await openApp(t, appId, member.token);
    expect(memberApp.permissions).toEqual(['app_data:read', 'app_data:write', 'documents:read']);
    expect(await resolve(memberApp.access_token)).toMatchObject({ kind: 'app', role: 'member', permissions: ['app_data:read', 'app_data:write', 'documents:read'] });

    const demoted = await t.app.inject({ method: 'PATCH', url: `/api/v1/users/${member.userId}`, headers: bearer(a.token), payload: { role: 'viewer' } });
    expect(demoted.statusCode).toBe(200);
    expect(await resolve(memberApp.access_token)).toMatchObject({ kind: 'app', role: 'viewer', permissions: ['app_data:read', 'documents:read'] });

    const disabled = await t.app.inject({ method: 'PATCH', url: `/api/v1/users/${member.userId}`, headers: bearer(a.token), payload: { status: 'disabled' } });
    expect(disabled.statusCode).toBe(200);
    expect(await resolve(memberApp.access_token)).toBeNull();
  });

  it('is a principal of its own kind, bound to its installation, user and tenant', async () => {
    const { access_token, installation_id } = await openApp(t, appId, a.token);
    expect(await resolve(access_token)).toEqual({
      kind: 'app',
      tenantId: a.tenantId,
      userId: a.ownerId,
      role: 'owner',
      installationId: installation_id,
      appId,
      appVersionId: expect.any(String),
      permissions: ['app_data:read', 'app_data:write', 'documents:read'],
      scopes: ['documents:read'],
      expiresAt: expect.any(Date),
      origin: APP_ORIGIN,
    });
  });

  it('must carry the app type and the app audience, signed with our key', async () => {
    const { secrets, tokens } = t.service.ctx;
    const claims = { sub: a.ownerId, tid: a.tenantId, ins: installationId, app: appId, perms: ['documents:read'] };
    expect((await resolve((await tokens.sign('app', claims, 600)).token))?.kind).toBe('app');
    for (const options of [
      { secret: secrets.jwtSecret, typ: 'app-at+jwt', audience: 'knowledge-backend-api' }, // the platform's audience
      { secret: secrets.jwtSecret, typ: 'at+jwt', audience: 'knowledge-backend-api/app-runtime' }, // the access type
      { typ: 'app-at+jwt', audience: 'knowledge-backend-api/app-runtime' }, // another key
    ]) {
      expect(await resolve(await foreignToken(claims, options)), JSON.stringify({ ...options, secret: undefined })).toBeNull();
    }
    expect(await resolve(algNoneToken(claims, 'app-at+jwt'))).toBeNull();
    expect(await resolve((await tokens.sign('viewer', claims, 600)).token)).toBeNull();
    // An app token naming an installation of another tenant opens nothing.
    const elsewhere = (await tokens.sign('app', { ...claims, tid: b.tenantId, sub: b.ownerId }, 600)).token;
    expect(await resolve(elsewhere)).toBeNull();
  });
});

describe('CORS', () => {
  const preflight = (url: string, origin: string, method = 'GET') =>
    t.app.inject({ method: 'OPTIONS', url, headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'authorization' } });

  it("answers the installation's entry_url origin only", async () => {
    const { access_token } = await openApp(t, appId, a.token);
    const own = await t.app.inject({ method: 'GET', url: '/api/v1/documents/', headers: { ...bearer(access_token), origin: APP_ORIGIN } });
    expect(own.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
    expect(own.headers.vary).toContain('Origin');
    const foreign = await t.app.inject({ method: 'GET', url: '/api/v1/documents/', headers: { ...bearer(access_token), origin: 'https://evil.example' } });
    expect(foreign.statusCode).toBe(200); // a server-side caller may still read it; a browser on another origin may not
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    // A user's own call from the app's origin gets no CORS either: only the app token is for that origin.
    const user = await t.app.inject({ method: 'GET', url: '/api/v1/documents/', headers: { ...bearer(a.token), origin: APP_ORIGIN } });
    expect(user.headers['access-control-allow-origin']).toBeUndefined();
    // Routes that do not admit apps never answer CORS.
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { ...bearer(a.token), origin: APP_ORIGIN } });
    expect(me.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers preflights for installed origins and the methods that admit apps, nothing else', async () => {
    const ok = await preflight('/api/v1/documents/', APP_ORIGIN);
    expect(ok.statusCode).toBe(204);
    expect(ok.headers).toMatchObject({ 'access-control-allow-origin': APP_ORIGIN, 'access-control-allow-methods': 'GET', 'access-control-max-age': '600' });
    expect(String(ok.headers['access-control-allow-headers'])).toContain('Authorization');
    expect(ok.headers['access-control-allow-credentials']).toBeUndefined();
    const exchangePreflight = await preflight('/api/v1/app-platform/runtime/exchange', APP_ORIGIN, 'POST');
    expect(exchangePreflight.headers['access-control-allow-origin']).toBe(APP_ORIGIN);

    for (const [url, origin, method] of [
      ['/api/v1/documents/', 'https://evil.example', 'GET'],
      ['/api/v1/documents/', APP_ORIGIN, 'POST'], // upload does not admit apps
      ['/api/v1/app-platform/runtime/exchange', 'https://evil.example', 'POST'],
    ] as const) {
      const res = await preflight(url, origin, method);
      expect(res.statusCode, `${method} ${url} from ${origin}`).toBe(204);
      expect(res.headers['access-control-allow-origin'], `${method} ${url} from ${origin}`).toBeUndefined();
    }
    // /api/auth/* answers preflights for first-party origins only (sessions): never for an app's.
    expect((await preflight('/api/auth/me', APP_ORIGIN)).headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses an exchange from a foreign origin without spending the token', async () => {
    const token = (await launch(a.token)).json().launch_token;
    const foreign = await exchange(token, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe('app_origin_mismatch');
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    const own = await exchange(token, { origin: APP_ORIGIN });
    expect(own.statusCode).toBe(200);
    expect(own.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
    // The app reads its refusals too (an expired token: relaunch).
    const spent = await exchange(token, { origin: APP_ORIGIN });
    expect(spent.statusCode).toBe(401);
    expect(spent.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
  });
});

describe('uninstalling', () => {
  // PostgreSQL only: the embedded database belongs to one process, so there is no second instance to tell.
  it.skipIf(!onPostgres)('stops an app token cached on a second instance at once (NOTIFY) [PostgreSQL only]', async () => {
    const second = await startTestService({ reuse: { dataDir: t.config.dataDir, databaseUrl: t.config.databaseUrl } });
    try {
      const c = await createTenant(t, 'Initech');
      const id = (await importApp(t, c)).app_id;
      const installation = (await installApp(t, c, id)).installation_id;
      const { access_token } = await openApp(t, id, c.token);
      const read = () => second.app.inject({ method: 'GET', url: '/api/v1/documents/', headers: bearer(access_token) });
      expect((await read()).statusCode).toBe(200); // cached on the second instance
      const heard = new Promise<void>((done) => {
        void second.service.ctx.bus.subscribe(AUTH_CHANNEL, (event: AuthInvalidation) => {
          if (event.kind === 'app_installation' && event.id === installation) done();
        });
      });
      expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/app-platform/installations/${installation}`, headers: bearer(c.token) })).statusCode).toBe(200);
      await heard;
      expect((await read()).statusCode).toBe(401);
    } finally {
      await second.close();
    }
  });
});

describe('the manifest of an installation', () => {
  it('is what the app-content areas read: collections with compiled validators, documents and assets config', async () => {
    const { access_token } = await openApp(t, appId, a.token);
    const principal = await resolve(access_token);
    if (principal?.kind !== 'app') throw new Error('expected an app principal');
    const manifests = createInstalledManifests();
    const tenant = tenantDb(t.service.ctx.db, a.tenantId);
    const installed = await manifests.forApp(tenant, principal);
    expect(installed).toMatchObject({
      appId,
      version: '1.0.0',
      documents: { enabled: true, maxVersions: 20 },
      assets: { maxFileBytes: 1_000_000, maxTotalBytes: 10_000_000, allowedMimeTypes: ['image/png', 'image/jpeg'] },
    });
    const notes = installed!.collections.get('notes')!;
    expect(notes.indexes).toEqual(['pinned']);
    expect(notes.validate({ title: 'Hello', pinned: true })).toBe(true);
    expect(notes.validate({ title: '', extra: 1 })).toBe(false);
    expect(notes.validate.errors!.map((e) => e.instancePath || e.params.additionalProperty)).toEqual(expect.arrayContaining(['/title', 'extra']));
    expect(await manifests.forInstallation(tenant, installationId)).toBe(installed); // cached by version
    expect(await manifests.forInstallation(tenantDb(t.service.ctx.db, b.tenantId), installationId)).toBeNull();
  });
});
