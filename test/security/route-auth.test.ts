import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestService, type TestService, type TestTenant } from '../harness.js';
import { ROLE_SCOPES, SCOPES, type Scope } from '../../src/platform/auth/scopes.js';
import { APP_PLATFORM_SCOPES } from '../../src/platform/auth/app-permissions.js';
import type { InventoryRoute } from '../../src/app.js';
import type { AuthRequirement } from '../../src/platform/http/types.js';
import { algNoneToken } from './tokens.js';
import { callable, concreteUrl, isBrowserPage, label } from './inventory.js';

/**
 * Walks every registered route, so that routes added later by any module are covered without
 * anyone remembering to: each declares its requirement, nothing is public unless listed below with
 * its reason, and every authenticated route refuses every credential that must not open it. The
 * requirement is enforced in onRequest, before validation, so `{}` bodies and random ids suffice.
 */

/** Routes anyone may call, with the reason. Adding a public route means adding it here. */
const PUBLIC: Record<string, string> = {
  'GET /': 'the service index: links to the documentation and the probes',
  'GET /healthz': 'liveness probe for the orchestrator',
  'GET /readyz': 'readiness probe for the orchestrator',
  'GET /openapi.json': 'the API description is public (SPEC: served by each environment)',
  'POST /api/auth/login': 'login: the credentials are the body',
  'POST /api/auth/refresh': 'the refresh token in the body is the credential',
  'POST /api/auth/token/refresh': 'the refresh token in the body is the credential (alternative path)',
  'GET /api/auth/invitation/info': 'the invitation token in the query is the credential',
  'POST /api/auth/accept-invitation': 'the invitation token in the body is the credential',
  'POST /api/auth/otp/request': 'asks for a sign-in code: the answer never says whether the account exists',
  'POST /api/auth/otp/verify': 'the e-mailed code in the body is the credential',
  'POST /api/auth/electron/request-otp': 'asks for a sign-in code (desktop): the answer never says whether the account exists',
  'POST /api/auth/electron/verify-otp': 'the e-mailed code in the body is the credential (desktop)',
  'POST /api/auth/password-reset/request': 'asks for a reset link: the answer never says whether the account exists',
  'POST /api/auth/password-reset/confirm': 'the reset token in the body is the credential',
  'POST /api/auth/session/create': "the user's own access token in the body is the credential",
  'GET /api/auth/sso/providers/{tenant_id}': "the login page lists a tenant's enabled SSO providers (id and name) before anyone signs in",
  'GET /api/auth/sso/idp/authorize': 'starts an SSO sign-in: the person is not signed in yet',
  'GET /api/auth/sso/idp/callback': "the single-use state and the IdP's code are the credential",
  'GET /api/auth/sso/idp/admin-consent/callback': "the single-use state is the credential (the IdP sends the consenting admin's browser here)",
  'GET /api/v1/app-platform/manifest-schema': 'the manifest format is documentation for app developers',
  'POST /api/auth/token': 'OAuth token endpoint: the client credentials and the code or refresh token are the credential',
  'POST /api/auth/revoke': 'OAuth revocation (RFC 7009): the client credentials are the credential',
  'GET /api/auth/clients': 'names and logos of the platform-wide OAuth clients, for the login page',
  'GET /.well-known/openid-configuration': 'OpenID Connect discovery metadata is public by definition',
  'GET /.well-known/oauth-authorization-server': 'RFC 8414 authorization server metadata is public by definition',
  'GET /.well-known/jwks.json': 'the public keys that sign ID tokens',
};

/** Routes that check a credential of their own and never accept a bearer. */
const CUSTOM: Record<string, string> = {
  'GET /api/v1/documents/{id}/view': 'viewer token (X-Viewer-Token header, or the deprecated viewer_token query)',
  'POST /api/auth/session/check': 'the service_session cookie (never a 401: unauthenticated is authenticated: false)',
  'POST /api/auth/session/destroy': 'the service_session cookie',
  'POST /api/v1/app-platform/runtime/exchange': 'launch token in the body (single use, 60 s)',
  'GET /api/auth/authorize': "the service_session cookie, or the user's own access token as bearer (checked by the handler: never an API key or an app's token)",
  'POST /api/auth/authorize/consent': "the service_session cookie, or the user's own access token as bearer (checked by the handler)",
  'POST /api/auth/silent-authorize': 'the service_session cookie only (prompt=none)',
  'GET /api/auth/logout': 'the service_session cookie',
  'GET /metrics': "the operator's METRICS_TOKEN as a bearer (404 when none is configured)",
};

let t: TestService;
let a: TestTenant;
let routes: InventoryRoute[];
const keyFor = new Map<string, string>();

beforeAll(async () => {
  t = await startTestService();
  a = await createTenant(t, 'Acme');
  routes = t.app.routeInventory;
});
afterAll(async () => t?.close());

type Principal = Extract<AuthRequirement, { kind: 'principal' }>;
const principalRoutes = () =>
  routes.filter((r): r is InventoryRoute & { auth: Principal } => r.auth?.kind === 'principal');

function call(route: InventoryRoute, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  const options: InjectOptions = { method: route.method as InjectOptions['method'], url: concreteUrl(route.url), headers };
  if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method)) options.payload = {};
  return t.app.inject(options);
}
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * `{"detail": "...", "code": "..."}` everywhere, except on the OpenAI-compatible gateway (`/v1/...`),
 * whose clients parse OpenAI's `{"error": {"message", "type", "code"}}`.
 */
function documentedErrorBody(route: InventoryRoute, body: Record<string, any>): boolean {
  if (route.url.startsWith('/v1/')) return typeof body.error?.message === 'string' && typeof body.error?.type === 'string';
  return typeof body.detail === 'string' && typeof body.code === 'string';
}

/** Calls every route in `list` and returns a line for each one whose answer is not `expected`. */
async function mismatches(
  list: InventoryRoute[],
  expected: number,
  headersFor: (route: InventoryRoute) => Record<string, string> | Promise<Record<string, string>>,
): Promise<string[]> {
  const wrong: string[] = [];
  for (const route of list) {
    const res = await call(route, await headersFor(route));
    if (res.statusCode !== expected) wrong.push(`${label(route)} → ${res.statusCode} ${res.body.slice(0, 120)}`);
    else if (route.method !== 'HEAD') {
      if (!documentedErrorBody(route, res.json())) wrong.push(`${label(route)} → body ${res.body.slice(0, 120)}`);
      if (expected === 401 && res.headers['www-authenticate'] !== 'Bearer') wrong.push(`${label(route)} → no WWW-Authenticate`);
    }
  }
  return wrong;
}

/** An API key with every scope except admin, `*` and those the route requires. */
async function keyWithout(required: readonly Scope[]): Promise<string> {
  const scopes = SCOPES.filter((s) => s !== 'admin' && s !== '*' && !required.includes(s));
  const id = scopes.join(',');
  if (!keyFor.has(id)) keyFor.set(id, (await a.apiKey(scopes)).key);
  return keyFor.get(id)!;
}

describe('declarations', () => {
  it('finds the routes (the inventory is filled)', () => {
    expect(callable(routes).length).toBeGreaterThanOrEqual(15);
    expect(routes.map(label)).toContain('GET /api/auth/me');
  });

  it('every route declares a known requirement', () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const req = route.auth;
      if (!req) wrong.push(`${label(route)}: no config.auth`);
      else if (req.kind === 'principal') {
        if (req.principals.length === 0 || !req.principals.every((p) => p === 'user' || p === 'api_key' || p === 'app')) wrong.push(`${label(route)}: principals ${req.principals}`);
        // App tokens: only where a route says so, as an app API or on scopes an app can be granted.
        if (req.principals.includes('app') && !req.appPermissions && !req.scopes.every((s) => (APP_PLATFORM_SCOPES as readonly string[]).includes(s))) {
          wrong.push(`${label(route)}: admits app tokens on ${req.scopes}`);
        }
        for (const scope of req.scopes) if (!(SCOPES as readonly string[]).includes(scope)) wrong.push(`${label(route)}: unknown scope ${scope}`);
      } else if (req.kind === 'public') {
        if (!req.why?.trim()) wrong.push(`${label(route)}: public without a reason`);
      } else if (req.kind !== 'custom') wrong.push(`${label(route)}: unknown kind ${(req as { kind: string }).kind}`);
    }
    expect(wrong).toEqual([]);
  });

  it('nothing is public unless it is on the allow-list (and the list names no stale route)', () => {
    const publicRoutes = callable(routes).filter((r) => r.auth?.kind === 'public' && !isBrowserPage(r.url)).map(label);
    expect(publicRoutes.filter((r) => !(r in PUBLIC)), 'public routes missing from the allow-list').toEqual([]);
    expect(Object.keys(PUBLIC).filter((r) => !publicRoutes.includes(r)), 'allow-listed routes that are not public routes').toEqual([]);
    for (const route of routes.filter((r) => isBrowserPage(r.url))) expect(route.auth?.kind, label(route)).toBe('public');
  });

  it('custom-credential routes are listed and a bearer in place of their own credential changes nothing', async () => {
    const custom = callable(routes).filter((r) => r.auth?.kind === 'custom');
    expect(custom.map(label).filter((r) => !(r in CUSTOM)), 'custom routes missing from the list').toEqual([]);
    expect(Object.keys(CUSTOM).filter((r) => !custom.map(label).includes(r)), 'listed routes that are not custom').toEqual([]);
    // Routes such as session/check answer 200 to anyone (`authenticated: false`): what matters is that a bearer
    // gets exactly the answer of no credential at all, and never a success where that is an error.
    const opened: string[] = [];
    for (const route of custom) {
      const bare = await call(route, {});
      for (const headers of [bearer(a.token), bearer(await keyWithout([]))]) {
        const res = await call(route, headers);
        if (res.statusCode !== bare.statusCode || res.body !== bare.body) opened.push(`${label(route)} with a bearer → ${res.statusCode} ${res.body.slice(0, 80)}`);
      }
    }
    expect(opened).toEqual([]);
  });

  it('docs/permissions.md lists every route', async () => {
    const doc = await readFile(new URL('../../docs/permissions.md', import.meta.url), 'utf8');
    const missing = callable(routes)
      .filter((r) => !isBrowserPage(r.url))
      .map(label)
      .filter((l) => !doc.includes(`\`${l}\``));
    expect(missing, 'routes to add to docs/permissions.md').toEqual([]);
  });
});

describe('every authenticated route refuses', () => {
  it('a request without Authorization (401)', async () => {
    expect(await mismatches(principalRoutes(), 401, () => ({}))).toEqual([]);
  });

  it('a garbage bearer, a non-bearer scheme and a malformed API key (401)', async () => {
    for (const value of ['Bearer garbage', `Basic ${Buffer.from('admin:admin').toString('base64')}`, 'Bearer sk-short', `Bearer ${'x'.repeat(4000)}`]) {
      expect(await mismatches(principalRoutes(), 401, () => ({ authorization: value })), value.slice(0, 20)).toEqual([]);
    }
  });

  it('a refresh token as bearer (401)', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: a.ownerEmail, password: a.password, tenant_id: a.slug } });
    expect(await mismatches(principalRoutes(), 401, () => bearer(login.json().refresh_token))).toEqual([]);
  });

  it('viewer, launch and app tokens as bearer (401)', async () => {
    const { tokens } = t.service.ctx;
    for (const kind of ['viewer', 'launch', 'app'] as const) {
      const { token } = await tokens.sign(kind, { sub: a.ownerId, tid: a.tenantId, role: 'owner', doc: randomUUID() }, 600);
      expect(await mismatches(principalRoutes(), 401, () => bearer(token)), kind).toEqual([]);
    }
  });

  it('an alg:none token (401)', async () => {
    const token = algNoneToken({ sub: a.ownerId, tid: a.tenantId, role: 'owner' });
    expect(await mismatches(principalRoutes(), 401, () => bearer(token))).toEqual([]);
  });

  it('an expired access token (401)', async () => {
    const { token } = await t.service.ctx.tokens.sign('access', { sub: a.ownerId, tid: a.tenantId, role: 'owner' }, -5);
    expect(await mismatches(principalRoutes(), 401, () => bearer(token))).toEqual([]);
  });

  it('an API key without the required scope (403), even one holding every other scope', async () => {
    const scoped = principalRoutes().filter((r) => r.auth.scopes.length > 0 && r.auth.principals.includes('api_key'));
    expect(scoped.length).toBeGreaterThan(0);
    expect(await mismatches(scoped, 403, async (r) => bearer(await keyWithout((r.auth as Principal).scopes)))).toEqual([]);
  });

  it('a user whose role lacks the required scope (403)', async () => {
    const viewer = await a.userToken('viewer');
    const beyondViewer = principalRoutes().filter(
      (r) => r.auth.principals.includes('user') && r.auth.scopes.some((s) => !ROLE_SCOPES.viewer.includes(s)),
    );
    expect(await mismatches(beyondViewer, 403, () => bearer(viewer.token))).toEqual([]);
  });

  it('the wrong kind of principal (403): an API key on a user-only route, a user on a key-only route', async () => {
    const userOnly = principalRoutes().filter((r) => !r.auth.principals.includes('api_key'));
    const keyOnly = principalRoutes().filter((r) => !r.auth.principals.includes('user'));
    const adminKey = await a.apiKey(['admin']);
    expect(await mismatches(userOnly, 403, () => bearer(adminKey.key))).toEqual([]);
    expect(await mismatches(keyOnly, 403, () => bearer(a.token))).toEqual([]);
  });
});
