import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestService, type TestService, type TestTenant } from '../../../test/harness.js';
import { eventually } from '../../../test/support/eventually.js';
import { createTestEndpoint, emit, startReceiver, type Receiver } from '../../../test/support/webhooks.js';
import { tenantDb } from '../../platform/db/tenant-db.js';
import { newSigningSecret } from './signing-secret.js';

// The admin routes of an endpoint's deliveries: the list, a manual retry and a replay of the event log.
let t: TestService;
let a: TestTenant;
let b: TestTenant;
let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
  t = await startTestService({ env: { PROVIDER_ALLOW_PRIVATE_URLS: 'true' } });
  [a, b] = await Promise.all([createTenant(t, 'Deliveries A'), createTenant(t, 'Deliveries B')]);
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

type Json = Record<string, any>;
const base = (id: string) => `/api/v1/webhooks/endpoints/${id}`;
async function call(method: 'GET' | 'POST', url: string, token = a.token, payload?: object) {
  const res = await t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: (res.body ? res.json() : null) as Json };
}

async function endpoint(tenant: TestTenant, options: { answer?: Parameters<Receiver['route']>[1]; eventTypes?: string[] } = {}) {
  const secret = newSigningSecret();
  const path = receiver.route([secret], options.answer);
  return { ...(await createTestEndpoint(t, tenant.tenantId, { url: `${receiver.base}${path}`, secret, eventTypes: options.eventTypes })), path };
}

const listOf = async (id: string, query = '') => (await call('GET', `${base(id)}/deliveries${query}`)).body;
const settled = (id: string, n: number) =>
  eventually(`${n} deliveries settled`, () => listOf(id, '?limit=100'), (page) => page.items.filter((d: Json) => d.status !== 'pending').length >= n);

describe('GET …/endpoints/{id}/deliveries', () => {
  it('lists the deliveries newest first, paginated and filtered by status, in the documented shape', async () => {
    const hook = await endpoint(a, { answer: (n) => (n === 2 ? { status: 500, body: 'nope' } : { status: 200, body: 'fine' }) });
    const ids: string[] = [];
    for (const n of [1, 2, 3]) ids.push((await emit(t, a.tenantId, 'user.joined', { user_id: `u${n}`, email: `u${n}@example.test`, role: 'member' })).id);
    await settled(hook.id, 2);

    const page = await listOf(hook.id);
    expect(page).toMatchObject({ total: 3, skip: 0, limit: 50 });
    expect(page.items.map((d: Json) => d.event_id)).toEqual([...ids].reverse());
    const failed = page.items.find((d: Json) => d.status === 'pending');
    expect(failed).toMatchObject({ event_id: ids[1], event_type: 'user.joined', attempts: 1, response_status: 500, response_body: 'nope' });
    expect(failed.next_attempt_at).toEqual(expect.any(String));
    const ok = page.items.find((d: Json) => d.event_id === ids[0]);
    expect(ok).toEqual({
      id: expect.any(String),
      event_id: ids[0],
      event_type: 'user.joined',
      status: 'succeeded',
      attempts: 1,
      response_status: 200,
      latency_ms: expect.any(Number),
      response_body: 'fine',
      error: null,
      next_attempt_at: null,
      last_attempt_at: expect.any(String),
      delivered_at: expect.any(String),
      created_at: expect.any(String),
    });

    const second = await listOf(hook.id, '?skip=1&limit=1');
    expect(second).toMatchObject({ total: 3, skip: 1, limit: 1 });
    expect(second.items.map((d: Json) => d.event_id)).toEqual([ids[1]]);
    const succeeded = await listOf(hook.id, '?status=succeeded');
    expect(succeeded.total).toBe(2);
    expect(succeeded.items.every((d: Json) => d.status === 'succeeded')).toBe(true);
    expect((await listOf(hook.id, '?skip=10')).items).toEqual([]);
    expect((await call('GET', `${base(hook.id)}/deliveries?status=lost`)).status).toBe(422);
  });

  it('is for admins of the tenant: 403 for a member, 404 for another tenant or an unknown endpoint', async () => {
    const hook = await endpoint(a);
    const member = await a.userToken('member');
    expect((await call('GET', `${base(hook.id)}/deliveries`, member.token)).status).toBe(403);
    const foreign = await call('GET', `${base(hook.id)}/deliveries`, b.token);
    expect([foreign.status, foreign.body.code]).toEqual([404, 'webhook_endpoint_not_found']);
    expect((await call('GET', `${base(randomUUID())}/deliveries`)).status).toBe(404);
  });
});

describe('POST …/deliveries/{delivery_id}/retry', () => {
  it('sends a delivery again at once, keeping its attempts; 409 while it is pending', async () => {
    const hook = await endpoint(a, { answer: (n) => (n === 2 ? { status: 500 } : { status: 200 }) });
    const event = await emit(t, a.tenantId, 'api_key.revoked', { api_key_id: 'k', name: 'k', prefix: 'sk-k', scopes: [] });
    const [done] = (await settled(hook.id, 1)).items;
    expect(done.status).toBe('succeeded');

    const retried = await call('POST', `${base(hook.id)}/deliveries/${done.id}/retry`);
    expect(retried.status).toBe(202);
    expect(retried.body).toMatchObject({ id: done.id, status: 'pending', attempts: 1, event_type: 'api_key.revoked', next_attempt_at: expect.any(String) });
    // The second request answers 500: the delivery is pending again, waiting for its next attempt.
    const [pending] = (await eventually('the retry sent', () => listOf(hook.id), (p) => p.items[0].attempts === 2)).items;
    expect(pending).toMatchObject({ status: 'pending', response_status: 500 });
    const again = await call('POST', `${base(hook.id)}/deliveries/${done.id}/retry`);
    expect([again.status, again.body.code]).toEqual([409, 'delivery_pending']);

    const sent = receiver.on(hook.path);
    expect(sent.map((r) => r.headers['webhook-id'])).toEqual([event.id, event.id]);
    expect(sent.every((r) => r.verified)).toBe(true);
  });

  it("404 for an unknown delivery, another endpoint's or another tenant's", async () => {
    const hook = await endpoint(a);
    const other = await endpoint(a);
    await emit(t, a.tenantId, 'webhook.test', { endpoint_id: other.id, message: 'x' }, { onlyEndpoint: other.id });
    const [theirs] = (await settled(other.id, 1)).items;
    for (const url of [`${base(hook.id)}/deliveries/${theirs.id}/retry`, `${base(hook.id)}/deliveries/${randomUUID()}/retry`]) {
      const res = await call('POST', url);
      expect([res.status, res.body.code]).toEqual([404, 'webhook_delivery_not_found']);
    }
    const foreign = await call('POST', `${base(other.id)}/deliveries/${theirs.id}/retry`, b.token);
    expect([foreign.status, foreign.body.code]).toEqual([404, 'webhook_endpoint_not_found']);
  });

  it('409 on a disabled endpoint', async () => {
    const hook = await endpoint(a);
    await emit(t, a.tenantId, 'webhook.test', { endpoint_id: hook.id, message: 'x' }, { onlyEndpoint: hook.id });
    const [done] = (await settled(hook.id, 1)).items;
    await tenantDb(t.service.ctx.db, a.tenantId).run((tt) => tt.tx.execute(sql`UPDATE webhook_endpoints SET enabled = false WHERE id = ${hook.id}`));
    const res = await call('POST', `${base(hook.id)}/deliveries/${done.id}/retry`);
    expect([res.status, res.body.code]).toEqual([409, 'webhook_endpoint_disabled']);
  });
});

describe('POST …/replay', () => {
  it('sends again every event of the range of a type the endpoint takes, in order', async () => {
    const hook = await endpoint(a, { eventTypes: ['document.indexed'] });
    const before = new Date(Date.now() - 1000).toISOString();
    const indexed: string[] = [];
    for (const n of [1, 2, 3]) {
      indexed.push((await emit(t, a.tenantId, 'document.indexed', { document_id: `d${n}`, filename: 'f', memory_id: null, folder_id: null, chunks: 1, batch_id: null })).id);
      await emit(t, a.tenantId, 'document.deleted', { document_id: `d${n}`, filename: 'f', memory_id: null });
    }
    await settled(hook.id, 3);

    const res = await call('POST', `${base(hook.id)}/replay`, a.token, { since: before });
    expect(res).toEqual({ status: 202, body: { deliveries: 3 } });
    await settled(hook.id, 6);
    const got = receiver.on(hook.path);
    expect(got.map((r) => r.headers['webhook-id'])).toEqual([...indexed, ...indexed]);
    expect(got.every((r) => r.verified && r.payload?.type === 'document.indexed')).toBe(true);

    const none = await call('POST', `${base(hook.id)}/replay`, a.token, { since: before, until: before });
    expect(none).toEqual({ status: 202, body: { deliveries: 0 } });
    const backwards = await call('POST', `${base(hook.id)}/replay`, a.token, { since: new Date().toISOString(), until: before });
    expect(backwards.status).toBe(422);
  });

  it('refuses more than 10 000 events with a clear 422, and another tenant with a 404', async () => {
    const c = await createTenant(t, 'Deliveries C');
    const hook = await endpoint(c);
    await tenantDb(t.service.ctx.db, c.tenantId).run((tt) =>
      tt.tx.execute(sql`
        INSERT INTO events (id, tenant_id, type, data)
        SELECT 'evt_bulk' || g, ${c.tenantId}, 'user.joined', '{}'::jsonb FROM generate_series(1, 10001) g`),
    );
    const since = new Date(Date.now() - 3600_000).toISOString();
    const token = c.token;
    const res = await call('POST', `${base(hook.id)}/replay`, token, { since });
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.body.detail)).toMatch(/more than 10000 events match; replay a shorter range/);
    expect((await call('POST', `${base(hook.id)}/replay`, a.token, { since })).status).toBe(404);
    expect((await call('POST', `${base(hook.id)}/replay`, token, {})).status).toBe(422);
  });
});
