import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant, sharedTestService, type TestService, type TestTenant } from '../harness.js';
import { importApp, installApp, openApp, sampleManifest } from '../support/apps.js';
import { MANIFEST_PERMISSIONS } from '../../src/platform/auth/app-permissions.js';
import type { InventoryRoute } from '../../src/app.js';
import type { AuthRequirement } from '../../src/platform/http/types.js';
import { callable, concreteUrl, isPreflight, label } from './inventory.js';

/**
 * Walks every registered route with a real app access token (an owner's, every permission granted), so
 * that routes added later are covered without anyone remembering to: a route that does not admit apps
 * refuses it, a route that does admits it only for what was granted, and preflight twins exist only for
 * routes apps call.
 */
let t: TestService;
let a: TestTenant;
let everything: string;
let nothing: string;

beforeAll(async () => {
  t = await sharedTestService();
  a = await createTenant(t, 'Acme');
  const full = await importApp(t, a, sampleManifest({ id: 'com.example.everything', permissions: [...MANIFEST_PERMISSIONS] }));
  await installApp(t, a, full.app_id);
  everything = (await openApp(t, full.app_id, a.token)).access_token;
  const bare = await importApp(t, a, sampleManifest({ id: 'com.example.nothing', permissions: [] }));
  await installApp(t, a, bare.app_id);
  nothing = (await openApp(t, bare.app_id, a.token)).access_token;
});

type Principal = Extract<AuthRequirement, { kind: 'principal' }>;
const principalRoutes = () => callable(t.app.routeInventory).filter((r): r is InventoryRoute & { auth: Principal } => r.auth?.kind === 'principal');

function call(route: InventoryRoute, token: string) {
  const options: InjectOptions = { method: route.method as InjectOptions['method'], url: concreteUrl(route.url), headers: { authorization: `Bearer ${token}` } };
  if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method)) options.payload = {};
  return t.app.inject(options);
}

describe('an app access token', () => {
  it('is refused (403 app_token_not_accepted) by every route that does not admit apps, whatever it was granted', async () => {
    const closed = principalRoutes().filter((r) => !r.auth.principals.includes('app'));
    expect(closed.map(label)).toContain('GET /api/auth/me');
    const wrong: string[] = [];
    for (const route of closed) {
      const res = await call(route, everything);
      const body = route.url.startsWith('/v1/') ? res.json().error?.code : res.json().code;
      if (res.statusCode !== 403 || body !== 'app_token_not_accepted') wrong.push(`${label(route)} → ${res.statusCode} ${res.body.slice(0, 100)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('is refused by every route that admits apps when the installation granted nothing', async () => {
    const open = principalRoutes().filter((r) => r.auth.principals.includes('app'));
    expect(open.length).toBeGreaterThan(0);
    const wrong: string[] = [];
    for (const route of open) {
      const res = await call(route, nothing);
      const code = res.json().code;
      if (res.statusCode !== 403 || !['insufficient_scope', 'app_permission_missing'].includes(code)) wrong.push(`${label(route)} → ${res.statusCode} ${res.body.slice(0, 100)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('gets past authorization on every route that admits apps when granted (whatever the handler then says)', async () => {
    const wrong: string[] = [];
    for (const route of principalRoutes().filter((r) => r.auth.principals.includes('app'))) {
      const res = await call(route, everything);
      if (res.statusCode === 401 || res.statusCode === 403) wrong.push(`${label(route)} → ${res.statusCode} ${res.body.slice(0, 100)}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('CORS preflight twins', () => {
  it('exist exactly for the paths of routes that admit apps, and the exchange', () => {
    const inventory = t.app.routeInventory;
    const appPaths = new Set(
      inventory
        .filter((r) => r.method !== 'OPTIONS' && ((r.auth?.kind === 'principal' && r.auth.principals.includes('app')) || r.url === '/api/v1/app-platform/runtime/exchange'))
        .map((r) => r.url),
    );
    const twins = new Set(inventory.filter(isPreflight).map((r) => r.url));
    expect([...twins].sort()).toEqual([...appPaths].sort());
    expect(inventory.filter((r) => r.method === 'OPTIONS' && !isPreflight(r))).toEqual([]);
  });
});
