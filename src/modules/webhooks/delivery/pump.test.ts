import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestService, type TestService, type TestTenant } from '../../../../test/harness.js';
import { eventually } from '../../../../test/support/eventually.js';
import { seriesValue } from '../../../../test/support/metrics.js';
import { createTestEndpoint, deliveriesOf, emit, startReceiver, webhookTask, type Receiver } from '../../../../test/support/webhooks.js';
import { tenantDb } from '../../../platform/db/tenant-db.js';
import { newSigningSecret } from '../signing-secret.js';

// The delivery pump against a receiver on loopback that verifies every request as a Standard Webhooks receiver does.
// Private URLs are allowed (the receiver is on 127.0.0.1); the receiver's answers decide each outcome.
let t: TestService;
let a: TestTenant;
let b: TestTenant;
let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
  t = await startTestService({ env: { PROVIDER_ALLOW_PRIVATE_URLS: 'true' } });
  [a, b] = await Promise.all([createTenant(t, 'Hooks A'), createTenant(t, 'Hooks B')]);
});
afterAll(async () => {
  receiver?.releaseHanging();
  await t?.close();
  await receiver?.close();
});

/** An endpoint of `tenant` on a fresh path of the receiver that answers `answer` (200 by default). */
async function endpoint(tenant: TestTenant, options: { eventTypes?: string[]; answer?: Parameters<Receiver['route']>[1] } = {}) {
  const secret = newSigningSecret();
  const path = receiver.route([secret], options.answer);
  return { ...(await createTestEndpoint(t, tenant.tenantId, { url: `${receiver.base}${path}`, secret, eventTypes: options.eventTypes })), path };
}

const delivered = (tenant: TestTenant, endpointId: string, n: number) =>
  eventually(`${n} deliveries succeeded`, () => deliveriesOf(t, tenant.tenantId, endpointId), (ds) => ds.filter((d) => d.status === 'succeeded').length >= n);

describe('delivery', () => {
  it('sends a committed event, signed, with the documented headers and body', async () => {
    const hook = await endpoint(a);
    const event = await emit(t, a.tenantId, 'user.invited', { invitation_id: 'i1', email: 'x@example.test', role: 'member' });
    expect(event.endpointIds).toEqual([hook.id]);

    const [got] = await eventually('the request', () => receiver.on(hook.path), (r) => r.length === 1);
    expect(got.verified).toBe(true);
    expect(got.headers).toMatchObject({ 'webhook-id': event.id, 'content-type': 'application/json', 'user-agent': expect.stringMatching(/webhooks/) });
    expect(got.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
    expect(Math.abs(Number(got.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(300);
    expect(got.payload).toEqual({
      type: 'user.invited',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      data: { invitation_id: 'i1', email: 'x@example.test', role: 'member' },
    });

    const [row] = await delivered(a, hook.id, 1);
    expect(row).toMatchObject({ event_id: event.id, status: 'succeeded', attempts: 1, response_status: 200, response_body: 'ok', error: null });
    expect(row.delivered_at).toBeInstanceOf(Date);
    const metrics = await t.service.ctx.metrics.render();
    expect(seriesValue(metrics.body, 'kb_webhook_delivery_attempts_total', { outcome: 'succeeded' })).toBeGreaterThanOrEqual(1);
    expect(seriesValue(metrics.body, 'kb_webhook_delivery_latency_seconds_count', { result: 'succeeded' })).toBeGreaterThanOrEqual(1);
  });

  it('sends nothing for an event whose transaction rolled back', async () => {
    const hook = await endpoint(a);
    const failing = emit(t, a.tenantId, 'user.joined', { user_id: 'u-rolled-back', email: 'r@example.test', role: 'member' }, {
      then: async () => {
        throw new Error('the change failed');
      },
    });
    await expect(failing).rejects.toThrow('the change failed');
    // A later committed event is delivered: the pump ran, and the rolled-back one was never there to send.
    const later = await emit(t, a.tenantId, 'user.joined', { user_id: 'u-committed', email: 'c@example.test', role: 'member' });
    await eventually('the committed event', () => receiver.on(hook.path), (r) => r.length >= 1);
    await delivered(a, hook.id, 1);
    expect(receiver.on(hook.path).map((r) => r.headers['webhook-id'])).toEqual([later.id]);
    expect((await deliveriesOf(t, a.tenantId, hook.id)).map((d) => d.event_id)).toEqual([later.id]);
  });

  it("keeps an endpoint's events in their order, in one transaction or in many", async () => {
    const hook = await endpoint(a);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push((await emit(t, a.tenantId, 'document.deleted', { document_id: `d${i}`, filename: `${i}.txt`, memory_id: null })).id);
    await tenantDb(t.service.ctx.db, a.tenantId).run(async (tt) => {
      const { emitEvent } = await import('../events.js');
      for (let i = 6; i < 10; i++) ids.push((await emitEvent(tt, 'document.deleted', { document_id: `d${i}`, filename: `${i}.txt`, memory_id: null })).id);
    });
    await delivered(a, hook.id, 10);
    const got = receiver.on(hook.path);
    expect(got.every((r) => r.verified)).toBe(true);
    expect(got.map((r) => r.headers['webhook-id'])).toEqual(ids);
  });

  it("never sends a tenant's events to another tenant's endpoint", async () => {
    const hookA = await endpoint(a);
    const hookB = await endpoint(b);
    const fromA = await emit(t, a.tenantId, 'api_key.created', { api_key_id: 'k-a', name: 'a', prefix: 'sk-a', scopes: [] });
    // Naming B's endpoint from A's transaction reaches nothing.
    const aimed = await emit(t, a.tenantId, 'webhook.test', { endpoint_id: hookB.id, message: 'hi' }, { onlyEndpoint: hookB.id });
    expect(aimed.endpointIds).toEqual([]);
    const fromB = await emit(t, b.tenantId, 'api_key.created', { api_key_id: 'k-b', name: 'b', prefix: 'sk-b', scopes: [] });
    await delivered(a, hookA.id, 1);
    await delivered(b, hookB.id, 1);
    expect(receiver.on(hookA.path).map((r) => r.headers['webhook-id'])).toEqual([fromA.id]);
    expect(receiver.on(hookB.path).map((r) => r.headers['webhook-id'])).toEqual([fromB.id]);
  });

  it('sends only the types an endpoint takes', async () => {
    const hook = await endpoint(a, { eventTypes: ['feedback.created'] });
    await emit(t, a.tenantId, 'user.joined', { user_id: 'u', email: 'u@example.test', role: 'member' });
    const taken = await emit(t, a.tenantId, 'feedback.created', { feedback_id: 'f', message_id: 'm', conversation_id: 'c', rating: 1, user_id: null });
    await delivered(a, hook.id, 1);
    expect(receiver.on(hook.path).map((r) => r.payload?.type)).toEqual(['feedback.created']);
    expect((await deliveriesOf(t, a.tenantId, hook.id)).map((d) => d.event_id)).toEqual([taken.id]);
  });

  it('a receiver that does not answer holds up no other endpoint of the same tenant', async () => {
    const slow = await endpoint(a, { answer: () => 'hang' });
    const quick = await endpoint(a);
    await emit(t, a.tenantId, 'webhook.test', { endpoint_id: slow.id, message: 'slow' }, { onlyEndpoint: slow.id });
    await eventually('the slow receiver holding a request', () => receiver.on(slow.path), (r) => r.length === 1);

    const other = await emit(t, a.tenantId, 'webhook.test', { endpoint_id: quick.id, message: 'quick' }, { onlyEndpoint: quick.id });
    await delivered(a, quick.id, 1);
    expect(receiver.on(quick.path).map((r) => r.headers['webhook-id'])).toEqual([other.id]);
    expect((await deliveriesOf(t, a.tenantId, slow.id))[0]).toMatchObject({ status: 'pending', attempts: 0 });

    receiver.releaseHanging();
    await delivered(a, slow.id, 1);
  });
});

describe('the periodic tasks', () => {
  it('the sweep starts a pump for due deliveries that lost theirs', async () => {
    const hook = await endpoint(a);
    // The pump job is lost with its process: the event and its delivery committed, the job row gone.
    const event = await emit(t, a.tenantId, 'user.invited', { invitation_id: 'lost', email: 'l@example.test', role: 'viewer' }, {
      then: async (tt) => void (await tt.tx.execute(sql`DELETE FROM job_queue WHERE queue = 'webhook.pump' AND payload->>'endpointId' = ${hook.id}`)),
    });
    expect((await deliveriesOf(t, a.tenantId, hook.id))[0]).toMatchObject({ event_id: event.id, status: 'pending' });

    await webhookTask(t, 'webhook-sweep').run();
    await delivered(a, hook.id, 1);
    expect(receiver.on(hook.path).map((r) => r.headers['webhook-id'])).toEqual([event.id]);
  });

  it('the purge deletes events older than 30 days with their deliveries, and keeps the others', async () => {
    const hook = await endpoint(a);
    const old = await emit(t, a.tenantId, 'user.joined', { user_id: 'old', email: 'o@example.test', role: 'member' });
    const recent = await emit(t, a.tenantId, 'user.joined', { user_id: 'new', email: 'n@example.test', role: 'member' });
    await delivered(a, hook.id, 2);
    const tenant = tenantDb(t.service.ctx.db, a.tenantId);
    await tenant.run((tt) => tt.tx.execute(sql`UPDATE events SET created_at = now() - interval '31 days' WHERE id = ${old.id}`));

    await webhookTask(t, 'events-purge').run();
    const left = await tenant.run((tt) => tt.tx.execute(sql`SELECT id FROM events WHERE id IN (${old.id}, ${recent.id})`));
    expect((left as unknown as { rows: { id: string }[] }).rows.map((r) => r.id)).toEqual([recent.id]);
    expect((await deliveriesOf(t, a.tenantId, hook.id)).map((d) => d.event_id)).toEqual([recent.id]);
  });
});
