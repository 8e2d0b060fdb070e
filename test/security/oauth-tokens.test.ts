import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { InventoryRoute } from '../../src/app.js';
import type { AuthRequirement } from '../../src/platform/http/types.js';
import { authorize, pkcePair, registerClient, sessionCookieFor, token, withOAuthService, type RegisteredClient } from '../support/oauth.js';
import { callable, concreteUrl, label } from './inventory.js';

/**
 * Walks every registered route with real access tokens issued to an OAuth client (the tenant owner's, so the role
 * never is what refuses), so that routes added later are covered without anyone remembering to: a token acts only
 * within the scopes it was granted, and a route that needs no API scope is closed to it unless the route opts in
 * (userinfo, with `openid`).
 */
const fixture = withOAuthService();
const CB = 'https://app.example.test/cb';
let client: RegisteredClient;
let cookie: string;

beforeAll(async () => {
  const { t, a, base } = fixture;
  client = await registerClient(t, { redirectUris: [CB], firstParty: true, scopes: ['openid', 'profile', 'email', 'documents:read', 'admin'] });
  cookie = await sessionCookieFor(t, base, a.token);
});

/** The owner's access token issued to the client with `scope` (authorize with the session → code → token). */
async function tokenFor(scope: string): Promise<string> {
  const { t } = fixture;
  const { verifier, challenge } = pkcePair();
  const answer = (await authorize(t, { client_id: client.client_id, redirect_uri: CB, scope, code_challenge: challenge, code_challenge_method: 'S256' }, { cookie })).json();
  expect(answer.status, JSON.stringify(answer)).toBe('ok');
  const res = await token(t, { grant_type: 'authorization_code', code: answer.code, redirect_uri: CB, client_id: client.client_id, code_verifier: verifier });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().scope).toBe(scope);
  return res.json().access_token;
}

type Principal = Extract<AuthRequirement, { kind: 'principal' }>;
const principalRoutes = () => callable(fixture.t.app.routeInventory).filter((r): r is InventoryRoute & { auth: Principal } => r.auth?.kind === 'principal');

function call(route: Pick<InventoryRoute, 'method' | 'url'>, bearer: string) {
  const options: InjectOptions = { method: route.method as InjectOptions['method'], url: concreteUrl(route.url), headers: { authorization: `Bearer ${bearer}` } };
  if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method)) options.payload = {};
  return fixture.t.app.inject(options);
}
const get = (url: string, bearer: string) => call({ method: 'GET', url }, bearer);
const codeOf = (route: Pick<InventoryRoute, 'url'>, body: string) => {
  const parsed = JSON.parse(body);
  return route.url.startsWith('/v1/') ? parsed.error?.code : parsed.code;
};

/** What `openid` alone opens: the OpenID Connect userinfo endpoint, and nothing of the API. */
const OPENID_OPENS = ['GET /api/auth/userinfo'];

describe('an access token issued to an OAuth client with only openid', () => {
  it('is refused (403) by every route but userinfo, whatever the user could do', async () => {
    const openid = await tokenFor('openid');
    const routes = principalRoutes();
    expect(routes.map(label)).toEqual(expect.arrayContaining(['GET /api/auth/me', 'GET /api/v1/app-platform/installations/', ...OPENID_OPENS]));
    const wrong: string[] = [];
    for (const route of routes.filter((r) => !OPENID_OPENS.includes(label(r)))) {
      const res = await call(route, openid);
      const code = codeOf(route, res.body);
      if (res.statusCode !== 403 || !['insufficient_scope', 'forbidden'].includes(code)) wrong.push(`${label(route)} → ${res.statusCode} ${res.body.slice(0, 100)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('reads userinfo: sub and tenant_id, no e-mail or name', async () => {
    const { a } = fixture;
    const res = await get('/api/auth/userinfo', await tokenFor('openid'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sub: a.ownerId, tenant_id: a.tenantId });
  });

  it('reads neither the profile nor the token description of the user (GET /api/auth/me, /api/auth/verify)', async () => {
    const openid = await tokenFor('openid');
    for (const url of ['/api/auth/me', '/api/auth/verify']) {
      const res = await get(url, openid);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe('insufficient_scope');
      expect(res.body).not.toContain(fixture.a.ownerEmail);
    }
  });
});

describe('an access token issued to an OAuth client acts within its granted scopes', () => {
  it('documents:read lists documents, and opens nothing that needs another scope or none', async () => {
    const reader = await tokenFor('openid documents:read');
    expect((await get('/api/v1/documents/', reader)).statusCode).toBe(200);
    expect((await get('/api/v1/memories', reader)).statusCode, 'knowledge_bases:read was not granted').toBe(403);
    expect((await get('/api/v1/app-platform/installations/', reader)).statusCode, 'a route that needs no scope').toBe(403);
    expect((await get('/api/auth/me', reader)).statusCode).toBe(403);
  });

  it('openid profile email reads the user through userinfo, the OpenID Connect way', async () => {
    const { a } = fixture;
    const res = await get('/api/auth/userinfo', await tokenFor('openid profile email'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ sub: a.ownerId, tenant_id: a.tenantId, email: a.ownerEmail });
    expect(typeof res.json().name).toBe('string');
  });

  it('admin opens the routes of every scope, yet no route that needs none (they are closed to clients, not to scopes)', async () => {
    const admin = await tokenFor('openid admin');
    expect((await get('/api/v1/api-keys/', admin)).statusCode).toBe(200);
    expect((await get('/api/v1/documents/', admin)).statusCode).toBe(200);
    for (const url of ['/api/auth/me', '/api/v1/app-platform/installations/']) expect((await get(url, admin)).statusCode, url).toBe(403);
  });

  it("the user's own access token still opens the routes that need no scope", async () => {
    const { a } = fixture;
    for (const url of ['/api/auth/me', '/api/auth/verify', '/api/auth/userinfo', '/api/v1/app-platform/installations/']) {
      expect((await get(url, a.token)).statusCode, url).toBe(200);
    }
  });
});
