import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, sharedTestService, startTestService, type TestService, type TestTenant } from '../../../test/harness.js';
import { rows } from '../../platform/db/database.js';
import { REDACTED } from '../../platform/http/secret.js';
import { openSigningSecret } from './signing-secret.js';

/**
 * Webhook endpoints over HTTP: the URL and event-type rules, the secret shown once and stored sealed, rotation with
 * its overlap, the per-tenant cap, the test event, the audit trail, and who may do any of it. The service allows
 * http to 127.0.0.1 (WEBHOOK_ALLOW_HTTP_LOOPBACK, PROVIDER_ALLOWED_HOSTS), as a developer would; endpoints point at
 * a closed loopback port, so whatever gets delivered goes nowhere.
 */
let t: TestService;
let a: TestTenant;
let b: TestTenant;

const HOOK = 'http://127.0.0.1:9/hooks';
const BASE = '/api/v1/webhooks/endpoints';

beforeAll(async () => {
  t = await startTestService({ env: { WEBHOOK_ALLOW_HTTP_LOOPBACK: 'true', PROVIDER_ALLOWED_HOSTS: '127.0.0.1' } });
  [a, b] = await Promise.all([createTenant(t, 'Acme'), createTenant(t, 'Globex')]);
});
afterAll(async () => t?.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: object, headers: Record<string, string> = {}, service = t) =>
  service.app.inject({ method, url, headers: { authorization: `Bearer ${token}`, ...headers }, ...(payload ? { payload } : {}) });

async function create(tenant: TestTenant, payload: object = {}) {
  const res = await call('POST', BASE, tenant.token, { url: HOOK, event_types: ['*'], ...payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Record<string, any> & { id: string; secret: string };
}

/** The stored row, as the tenant's own transaction reads it. */
async function stored(tenant: TestTenant, id: string) {
  const [row] = await t.service.ctx.db.tenant(tenant.tenantId, (tx) =>
    rows<{ secret_sealed: string; previous_secret_sealed: string | null; previous_secret_until: Date | string | null }>(
      tx,
      sql`SELECT secret_sealed, previous_secret_sealed, previous_secret_until FROM webhook_endpoints WHERE id = ${id}`,
    ),
  );
  return row;
}
const open = (tenant: TestTenant, id: string, sealed: string) => openSigningSecret(t.service.ctx.secrets, tenant.tenantId, id, sealed);

const locs = (res: LightMyRequestResponse) => (res.json().detail as { loc: (string | number)[] }[]).map((d) => d.loc.join('.'));

describe('creating an endpoint', () => {
  it('answers 201 with the endpoint and its signing secret, which is stored only sealed', async () => {
    const res = await call('POST', BASE, a.token, { url: HOOK, description: '  Billing sync ', event_types: ['document.indexed', 'document.failed', 'document.indexed'] });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      url: HOOK,
      description: 'Billing sync',
      event_types: ['document.indexed', 'document.failed'],
      enabled: true,
      disabled_reason: null,
      failing_since: null,
      has_previous_secret: false,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
    });
    expect(Buffer.from(body.secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    const row = await stored(a, body.id);
    expect(row.secret_sealed).not.toContain(body.secret.slice('whsec_'.length));
    expect(open(a, body.id, row.secret_sealed)).toBe(body.secret);
  });

  it('never shows the secret again: neither one endpoint nor the list', async () => {
    const { id, secret } = await create(a);
    const one = await call('GET', `${BASE}/${id}`, a.token);
    const list = await call('GET', `${BASE}?limit=100`, a.token);
    for (const res of [one, list]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(secret);
      expect(res.body).not.toContain(secret.slice('whsec_'.length, 20));
    }
    expect(Object.keys(one.json()).sort()).toEqual(
      ['created_at', 'description', 'disabled_reason', 'enabled', 'event_types', 'failing_since', 'has_previous_secret', 'id', 'updated_at', 'url'],
    );
  });

  it('a replay of the create (Idempotency-Key) redacts the secret and creates nothing more', async () => {
    const key = randomUUID();
    const payload = { url: HOOK, description: 'replayed', event_types: ['batch.completed'] };
    const first = await call('POST', BASE, a.token, payload, { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    const replay = await call('POST', BASE, a.token, payload, { 'idempotency-key': key });
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.headers['idempotent-redacted']).toBe('secret');
    expect(replay.json()).toEqual({ ...first.json(), secret: REDACTED });
    const all = (await call('GET', `${BASE}?limit=100`, a.token)).json().items as { description: string }[];
    expect(all.filter((e) => e.description === 'replayed')).toHaveLength(1);
  });

  it('accepts https to a public address (http only to loopback, when the operator allows it)', async () => {
    const created = await create(a, { url: 'https://93.184.215.14/webhooks?source=kb', enabled: false });
    expect(created).toMatchObject({ url: 'https://93.184.215.14/webhooks?source=kb', enabled: false });
  });

  it('refuses a URL that is not https, carries credentials, is too long or reaches a non-public address: 422 naming url', async () => {
    const before = (await call('GET', BASE, a.token)).json().total;
    const refused: [string, RegExp][] = [
      ['http://93.184.215.14/hooks', /must use https$/],
      ['ftp://93.184.215.14/hooks', /must use https$/],
      ['not a url', /absolute URL/],
      ['https://user:pw@93.184.215.14/hooks', /user name or password/],
      ['https://10.1.2.3/hooks', /10\.1\.2\.3 is a private, loopback or link-local address/],
      ['https://[::ffff:169.254.169.254]/latest', /private, loopback or link-local/],
      // localhost is not among the allowed hosts (127.0.0.1 is), and it resolves to a loopback address.
      ['https://localhost:8443/hooks', /host localhost resolves to a private, loopback or link-local address/],
      [`https://93.184.215.14/${'a'.repeat(2048)}`, /.*/],
    ];
    for (const [url, reason] of refused) {
      const res = await call('POST', BASE, a.token, { url, event_types: ['*'] });
      expect(res.statusCode, url).toBe(422);
      expect(locs(res), url).toEqual(['body.url']);
      expect(res.json().detail[0].msg, url).toMatch(reason);
      expect(res.body, url).not.toMatch(/127\.0\.0\.1|::1/); // a refusal never names a resolved address
    }
    expect((await call('GET', BASE, a.token)).json().total).toBe(before);
  });

  it('refuses http to loopback when the operator has not allowed it', async () => {
    const plain = await sharedTestService();
    const c = await createTenant(plain, 'Plain');
    const res = await call('POST', BASE, c.token, { url: HOOK, event_types: ['*'] }, {}, plain);
    expect(res.statusCode).toBe(422);
    expect(locs(res)).toEqual(['body.url']);
    expect(res.json().detail[0].msg).toMatch(/WEBHOOK_ALLOW_HTTP_LOOPBACK/);
    // Even over https, loopback is a private address there (PROVIDER_ALLOW_PRIVATE_URLS is off).
    const tls = await call('POST', BASE, c.token, { url: 'https://127.0.0.1:8443/hooks', event_types: ['*'] }, {}, plain);
    expect([tls.statusCode, locs(tls)]).toEqual([422, ['body.url']]);
  });

  it('refuses event types that are unknown, none, or "*" beside others: 422 naming event_types', async () => {
    const cases: [object, string][] = [
      [{ event_types: ['document.exploded'] }, 'body.event_types.0'],
      [{ event_types: ['webhook.test'] }, 'body.event_types.0'],
      [{ event_types: [] }, 'body.event_types'],
      [{ event_types: ['*', 'document.indexed'] }, 'body.event_types'],
      [{ event_types: 'document.indexed' }, 'body.event_types'],
      [{}, 'body.event_types'],
    ];
    for (const [payload, loc] of cases) {
      const res = await call('POST', BASE, a.token, { url: HOOK, ...payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(locs(res), JSON.stringify(payload)).toContain(loc);
    }
  });

  it('caps the endpoints of a tenant (WEBHOOK_ENDPOINTS_MAX, 20 by default): 409 beyond, room again after a delete', async () => {
    const c = await createTenant(t, 'Capped');
    const made = [];
    for (let i = 0; i < 20; i++) made.push(await create(c, { description: `n${i}` }));
    const refused = await call('POST', BASE, c.token, { url: HOOK, event_types: ['*'] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'webhook_endpoint_limit', detail: expect.stringContaining('20') });
    expect((await call('GET', BASE, c.token)).json().total).toBe(20);
    expect((await call('DELETE', `${BASE}/${made[0].id}`, c.token)).statusCode).toBe(204);
    expect((await call('POST', BASE, c.token, { url: HOOK, event_types: ['*'] })).statusCode).toBe(201);
    // Another tenant's endpoints do not count.
    expect((await call('POST', BASE, b.token, { url: HOOK, event_types: ['*'] })).statusCode).toBe(201);
  });
});

describe('reading, changing and deleting', () => {
  it('lists newest first with skip, limit and total', async () => {
    const c = await createTenant(t, 'Lister');
    const ids = [];
    for (const i of [1, 2, 3]) ids.push((await create(c, { description: `e${i}` })).id);
    const list = (await call('GET', BASE, c.token)).json();
    expect(list).toMatchObject({ total: 3, skip: 0, limit: 50 });
    expect(list.items.map((e: { id: string }) => e.id)).toEqual([...ids].reverse());
    const page = (await call('GET', `${BASE}?skip=1&limit=1`, c.token)).json();
    expect(page).toMatchObject({ total: 3, skip: 1, limit: 1, items: [{ id: ids[1] }] });
    expect((await call('GET', `${BASE}?skip=5`, c.token)).json()).toMatchObject({ total: 3, items: [] });
  });

  it('PATCH changes what is given and checks it as create does', async () => {
    const { id } = await create(a, { description: 'before', event_types: ['document.indexed'] });
    const res = await call('PATCH', `${BASE}/${id}`, a.token, { url: 'http://127.0.0.1:9/other', event_types: ['user.joined', 'user.invited'], description: null });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, url: 'http://127.0.0.1:9/other', event_types: ['user.joined', 'user.invited'], description: null, enabled: true });
    expect(res.json().secret).toBeUndefined();
    expect((await call('GET', `${BASE}/${id}`, a.token)).json()).toMatchObject({ url: 'http://127.0.0.1:9/other', description: null });

    for (const [payload, loc] of [
      [{ url: 'https://192.168.1.10/hooks' }, 'body.url'],
      [{ url: 'http://93.184.215.14/hooks' }, 'body.url'],
      [{ event_types: ['*', 'user.joined'] }, 'body.event_types'],
      [{ event_types: ['nope'] }, 'body.event_types.0'],
      [{ enabled: 'yes' }, 'body.enabled'],
    ] as const) {
      const refused = await call('PATCH', `${BASE}/${id}`, a.token, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(422);
      expect(locs(refused), JSON.stringify(payload)).toContain(loc);
    }
    expect((await call('GET', `${BASE}/${id}`, a.token)).json()).toMatchObject({ url: 'http://127.0.0.1:9/other', event_types: ['user.joined', 'user.invited'] });
  });

  it('re-enabling clears why the service disabled it and the failure streak, and restarts its delivery', async () => {
    const { id } = await create(a, { event_types: ['batch.completed'] }); // no event of the type comes meanwhile
    await t.service.ctx.db.tenant(a.tenantId, (tx) =>
      tx.execute(sql`UPDATE webhook_endpoints SET enabled = false, disabled_reason = 'failing for 5 days',
                     failing_since = now() - interval '5 days' WHERE id = ${id}`),
    );
    expect((await call('GET', `${BASE}/${id}`, a.token)).json()).toMatchObject({ enabled: false, disabled_reason: 'failing for 5 days', failing_since: expect.any(String) });
    const pumps = async () => {
      const [{ n }] = await t.service.ctx.db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM job_queue WHERE queue = 'webhook.pump' AND payload->>'endpointId' = ${id}`);
      return n;
    };
    const before = await pumps();
    const res = await call('PATCH', `${BASE}/${id}`, a.token, { enabled: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ enabled: true, disabled_reason: null, failing_since: null });
    expect(await pumps()).toBe(before + 1);

    // An admin disabling it gives no reason; enabling an enabled one changes nothing.
    expect((await call('PATCH', `${BASE}/${id}`, a.token, { enabled: false })).json()).toMatchObject({ enabled: false, disabled_reason: null });
  });

  it('DELETE answers 204, after which the endpoint is gone', async () => {
    const { id } = await create(a);
    const res = await call('DELETE', `${BASE}/${id}`, a.token);
    expect([res.statusCode, res.body]).toEqual([204, '']);
    for (const [method, url] of [['GET', `${BASE}/${id}`], ['DELETE', `${BASE}/${id}`], ['POST', `${BASE}/${id}/rotate-secret`]] as const) {
      const again = await call(method, url, a.token);
      expect(again.statusCode, `${method} ${url}`).toBe(404);
      expect(again.json().code).toBe('webhook_endpoint_not_found');
    }
  });

  it('a malformed id is 422, an unknown one 404', async () => {
    expect(locs(await call('GET', `${BASE}/whsec_1`, a.token))).toEqual(['path.id']);
    expect((await call('GET', `${BASE}/${randomUUID()}`, a.token)).statusCode).toBe(404);
  });
});

describe('rotating the secret', () => {
  it('answers a new secret; the previous one signs beside it for 24 hours, then only the new one', async () => {
    const { id, secret: first } = await create(a);
    const now = Date.now();
    const res = await call('POST', `${BASE}/${id}/rotate-secret`, a.token);
    expect(res.statusCode).toBe(200);
    const { secret, previous_secret_expires_at } = res.json();
    expect(Object.keys(res.json()).sort()).toEqual(['previous_secret_expires_at', 'secret']);
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(first);
    const overlap = Date.parse(previous_secret_expires_at) - now;
    expect(overlap).toBeGreaterThanOrEqual(24 * 3600_000 - 1000);
    expect(overlap).toBeLessThanOrEqual(24 * 3600_000 + 60_000);

    const row = await stored(a, id);
    expect(open(a, id, row.secret_sealed)).toBe(secret);
    expect(open(a, id, row.previous_secret_sealed!)).toBe(first);
    expect(new Date(row.previous_secret_until!).toISOString()).toBe(previous_secret_expires_at);
    const shown = await call('GET', `${BASE}/${id}`, a.token);
    expect(shown.json().has_previous_secret).toBe(true);
    expect(shown.body).not.toContain(secret);
    expect(shown.body).not.toContain(first);
  });

  it('rotating twice within the overlap keeps only the immediately previous secret', async () => {
    const { id, secret: first } = await create(a);
    const second = (await call('POST', `${BASE}/${id}/rotate-secret`, a.token)).json().secret;
    const third = (await call('POST', `${BASE}/${id}/rotate-secret`, a.token)).json().secret;
    const row = await stored(a, id);
    expect(open(a, id, row.secret_sealed)).toBe(third);
    expect(open(a, id, row.previous_secret_sealed!)).toBe(second);
    expect(JSON.stringify(row)).not.toContain(first);
  });

  it('has_previous_secret turns false once the overlap is over', async () => {
    const { id } = await create(a);
    await call('POST', `${BASE}/${id}/rotate-secret`, a.token);
    await t.service.ctx.db.tenant(a.tenantId, (tx) => tx.execute(sql`UPDATE webhook_endpoints SET previous_secret_until = now() - interval '1 second' WHERE id = ${id}`));
    expect((await call('GET', `${BASE}/${id}`, a.token)).json().has_previous_secret).toBe(false);
  });
});

describe('the test event', () => {
  it('answers 202 with the event, logged as webhook.test and owed to this endpoint only', async () => {
    const c = await createTenant(t, 'Tester');
    const target = await create(c, { event_types: ['document.indexed'] });
    await create(c, { event_types: ['*'] }); // takes every type, and still is not sent another endpoint's test
    const res = await call('POST', `${BASE}/${target.id}/test`, c.token);
    expect(res.statusCode).toBe(202);
    const { event_id } = res.json();
    expect(event_id).toMatch(/^evt_[0-9a-z]{26}$/);

    const event = await call('GET', `/api/v1/events/${event_id}`, c.token);
    expect(event.statusCode).toBe(200);
    expect(event.json()).toMatchObject({ id: event_id, type: 'webhook.test', tenant_id: c.tenantId, data: { endpoint_id: target.id, message: expect.any(String) } });
    const owed = await t.service.ctx.db.tenant(c.tenantId, (tx) =>
      rows<{ endpoint_id: string }>(tx, sql`SELECT endpoint_id FROM webhook_deliveries WHERE event_id = ${event_id}`),
    );
    expect(owed).toEqual([{ endpoint_id: target.id }]);
  });

  it('a disabled endpoint is 409 and no event is written', async () => {
    const c = await createTenant(t, 'Disabled');
    const { id } = await create(c, { enabled: false });
    const res = await call('POST', `${BASE}/${id}/test`, c.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('webhook_endpoint_disabled');
    expect((await call('GET', '/api/v1/events?type=webhook.test', c.token)).json().total).toBe(0);
  });
});

describe('the audit trail', () => {
  it('records creation, change, rotation and deletion by the URL origin, never a secret or the URL path', async () => {
    const c = await createTenant(t, 'Audited');
    const { id, secret } = await create(c, { url: 'http://127.0.0.1:9/hooks/T0KEN' });
    await call('PATCH', `${BASE}/${id}`, c.token, { event_types: ['user.joined'], enabled: false });
    const rotated = (await call('POST', `${BASE}/${id}/rotate-secret`, c.token)).json();
    await call('DELETE', `${BASE}/${id}`, c.token);
    const trail = await call('GET', '/api/v1/audit-events?limit=100', c.token);
    const mine = (trail.json().items as { type: string; target_id: string }[]).filter((e) => e.target_id === id);
    expect(mine.map((e) => e.type)).toEqual(['webhook.endpoint_deleted', 'webhook.secret_rotated', 'webhook.endpoint_updated', 'webhook.endpoint_created']);
    for (const event of mine) expect(event).toMatchObject({ actor_name: c.ownerEmail, target_name: 'http://127.0.0.1:9' });
    expect(mine[2]).toMatchObject({ details: { changed: ['event_types', 'enabled'], event_types: ['user.joined'], enabled: false } });
    expect(mine[1]).toMatchObject({ details: { previous_secret_expires_at: rotated.previous_secret_expires_at } });
    for (const text of [secret, rotated.secret, 'T0KEN']) expect(trail.body).not.toContain(text);
  });
});

describe('who may', () => {
  const routes = (id: string): [Method, string, object?][] => [
    ['POST', BASE, { url: HOOK, event_types: ['*'] }],
    ['GET', BASE],
    ['GET', `${BASE}/${id}`],
    ['PATCH', `${BASE}/${id}`, { description: 'changed' }],
    ['POST', `${BASE}/${id}/rotate-secret`],
    ['POST', `${BASE}/${id}/test`],
    ['DELETE', `${BASE}/${id}`],
  ];

  it('members and viewers are 403 on every route; an admin user and an admin key may', async () => {
    const { id } = await create(a);
    for (const role of ['member', 'viewer'] as const) {
      const user = await a.userToken(role);
      for (const [method, url, payload] of routes(id)) {
        const res = await call(method, url, user.token, payload);
        expect(res.statusCode, `${role} ${method} ${url}`).toBe(403);
        expect(res.json().code).toBe('insufficient_scope');
      }
    }
    const admin = await a.userToken('admin');
    const adminKey = await a.apiKey(['admin']);
    expect((await call('GET', `${BASE}/${id}`, admin.token)).statusCode).toBe(200);
    expect((await call('PATCH', `${BASE}/${id}`, adminKey.key, { description: 'by a key' })).statusCode).toBe(200);
  });

  it("another tenant's endpoint is 404 on every route, exactly like one that does not exist, and stays as it was", async () => {
    const theirs = await create(b, { description: 'Globex hook' });
    const theirsBefore = (await call('GET', `${BASE}/${theirs.id}`, b.token)).json();
    for (const token of [a.token, (await a.apiKey(['admin'])).key]) {
      for (const [method, url, payload] of routes(theirs.id).filter(([, url]) => url !== BASE)) {
        const missing = await call(method, url.replace(theirs.id, randomUUID()), token, payload);
        const res = await call(method, url, token, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.body, `${method} ${url}`).toBe(missing.body);
      }
      const list = (await call('GET', `${BASE}?limit=100`, token)).json();
      expect(list.items.map((e: { id: string }) => e.id)).not.toContain(theirs.id);
    }
    expect((await call('GET', `${BASE}/${theirs.id}`, b.token)).json()).toEqual(theirsBefore);
    const row = await stored(b, theirs.id);
    expect([open(b, theirs.id, row.secret_sealed), row.previous_secret_sealed]).toEqual([theirs.secret, null]);
  });
});
