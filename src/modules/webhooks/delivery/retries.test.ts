import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestService, type TestService, type TestTenant } from '../../../../test/harness.js';
import { eventually } from '../../../../test/support/eventually.js';
import { seriesValue } from '../../../../test/support/metrics.js';
import {
  createTestEndpoint,
  deliveriesOf,
  emit,
  refusingUrl,
  startReceiver,
  type DeliveryRow,
  type Receiver,
  type TestEndpoint,
} from '../../../../test/support/webhooks.js';
import { tenantDb } from '../../../platform/db/tenant-db.js';
import { deleteEndpoint, findEndpoint } from '../endpoints.repo.js';
import { newSigningSecret } from '../signing-secret.js';
import { RETRY_DELAYS_SEC } from './schedule.js';

// Failed attempts and what follows them: the retry schedule, run by moving the service's clock (nothing sleeps), the
// errors recorded, an endpoint disabled after five days of failures, and signing during a secret's rotation. A
// receiver that does not answer is given up on after WEBHOOK_TIMEOUT_MS (half a second here, 15 s by default).
const TIMEOUT_MS = 500;
let t: TestService;
let a: TestTenant;
let receiver: Receiver;
const made: TestEndpoint[] = [];

beforeAll(async () => {
  receiver = await startReceiver();
  t = await startTestService({ env: { PROVIDER_ALLOW_PRIVATE_URLS: 'true', WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS) } });
  a = await createTenant(t, 'Retries');
});
// Each test's endpoints go with it, so the clock moved by a later test sends them nothing more.
afterEach(async () => {
  receiver.releaseHanging();
  for (const hook of made.splice(0)) await tenantDb(t.service.ctx.db, a.tenantId).run((tt) => deleteEndpoint(tt, hook.id));
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

type Answer = Parameters<Receiver['route']>[1];

async function endpoint(options: { answer?: Answer; url?: string; eventTypes?: string[]; previous?: { secret: string; until: Date } } = {}) {
  const secret = newSigningSecret();
  const path = receiver.route(options.previous ? [secret, options.previous.secret] : [secret], options.answer);
  const hook = await createTestEndpoint(t, a.tenantId, { url: options.url ?? `${receiver.base}${path}`, secret, ...options });
  made.push(hook);
  return { ...hook, path, host: new URL(hook.url).host };
}

const ping = (hook: { id: string }, message = 'ping') =>
  emit(t, a.tenantId, 'webhook.test', { endpoint_id: hook.id, message }, { onlyEndpoint: hook.id });

/** The endpoint's one delivery once its `n`-th attempt is recorded. */
const afterAttempt = async (hook: { id: string }, n: number): Promise<DeliveryRow> =>
  (await eventually(`attempt ${n}`, () => deliveriesOf(t, a.tenantId, hook.id), (ds) => ds[0]?.attempts >= n))[0];

/** Moves the service's clock past the delivery's next attempt. */
const untilNextAttempt = (d: DeliveryRow) => t.service.ctx.clock.advance(d.next_attempt_at.getTime() - d.last_attempt_at!.getTime() + 1000);

/** The wait before attempt n + 1, within the ±10 % jitter (and a millisecond of rounding). */
function expectScheduledAfter(d: DeliveryRow, n: number) {
  const wait = d.next_attempt_at.getTime() - d.last_attempt_at!.getTime();
  const base = RETRY_DELAYS_SEC[n - 1] * 1000;
  expect(wait).toBeGreaterThanOrEqual(base * 0.9 - 1);
  expect(wait).toBeLessThanOrEqual(base * 1.1 + 1);
}

const endpointRow = (id: string) => tenantDb(t.service.ctx.db, a.tenantId).run((tt) => findEndpoint(tt, id));

describe('retries', () => {
  it('after HTTP 500: nine attempts on the schedule (5 s, 5 min, … 30 h), then failed', async () => {
    const hook = await endpoint({ answer: () => ({ status: 500, body: 'x'.repeat(5000) }) });
    const event = await ping(hook);
    let d = await afterAttempt(hook, 1);
    for (let n = 1; n < 9; n++) {
      expect(d).toMatchObject({ status: 'pending', attempts: n, response_status: 500, error: `${hook.host} answered HTTP 500` });
      expect(d.response_body).toBe('x'.repeat(2048));
      expectScheduledAfter(d, n);
      untilNextAttempt(d);
      d = await afterAttempt(hook, n + 1);
    }
    expect(d).toMatchObject({ status: 'failed', attempts: 9, response_status: 500, delivered_at: null });
    const got = receiver.on(hook.path);
    expect(got).toHaveLength(9);
    expect(got.every((r) => r.verified && r.headers['webhook-id'] === event.id)).toBe(true);
    expect((await endpointRow(hook.id))?.failingSince).toBeInstanceOf(Date);
  });

  it('a success after failures delivers it and clears the failing_since of its endpoint', async () => {
    const hook = await endpoint({ answer: (n) => (n <= 2 ? { status: 503 } : { status: 204 }) });
    await ping(hook);
    const first = await afterAttempt(hook, 1);
    const since = (await endpointRow(hook.id))!.failingSince;
    expect(since).toBeInstanceOf(Date);
    untilNextAttempt(first);
    const second = await afterAttempt(hook, 2);
    expect((await endpointRow(hook.id))!.failingSince).toEqual(since); // the first failure since the last success
    untilNextAttempt(second);
    const third = await afterAttempt(hook, 3);
    expect(third).toMatchObject({ status: 'succeeded', response_status: 204, error: null });
    expect(third.delivered_at).toBeInstanceOf(Date);
    expect((await endpointRow(hook.id))!.failingSince).toBeNull();
  });

  it('a receiver that does not answer in time: a timeout, retried on the schedule', async () => {
    const hook = await endpoint({ answer: () => 'hang' });
    await ping(hook);
    const first = await afterAttempt(hook, 1);
    expect(first).toMatchObject({ status: 'pending', response_status: null, error: `no answer from ${hook.host} within ${TIMEOUT_MS / 1000} s` });
    expectScheduledAfter(first, 1);
    untilNextAttempt(first);
    const second = await afterAttempt(hook, 2);
    expect(second).toMatchObject({ status: 'pending', error: first.error });
    expectScheduledAfter(second, 2);
    expect(receiver.on(hook.path)).toHaveLength(2);
    const metrics = (await t.service.ctx.metrics.render()).body;
    expect(seriesValue(metrics, 'kb_webhook_delivery_attempts_total', { outcome: 'timeout' })).toBeGreaterThanOrEqual(2);
  });

  it('connection refused: recorded without an address the tenant did not write, and retried', async () => {
    const hook = await endpoint({ url: await refusingUrl() });
    await ping(hook);
    const first = await afterAttempt(hook, 1);
    expect(first).toMatchObject({ status: 'pending', response_status: null, error: `${hook.host} refused the connection` });
    expectScheduledAfter(first, 1);
    untilNextAttempt(first);
    expect(await afterAttempt(hook, 2)).toMatchObject({ status: 'pending', error: first.error });
  });

  it('a redirect is not followed and counts as a failure', async () => {
    const elsewhere = receiver.route([]);
    const hook = await endpoint({ answer: () => ({ status: 307, headers: { location: `${receiver.base}${elsewhere}` } }) });
    await ping(hook);
    const first = await afterAttempt(hook, 1);
    expect(first).toMatchObject({ status: 'pending', response_status: 307, error: `${hook.host} answered HTTP 307 (a redirect), which is not followed` });
    untilNextAttempt(first);
    expect(await afterAttempt(hook, 2)).toMatchObject({ status: 'pending', response_status: 307 });
    expect(receiver.on(hook.path)).toHaveLength(2);
    expect(receiver.on(elsewhere)).toEqual([]);
  });
});

describe('an endpoint failing for five days', () => {
  it('is disabled: its deliveries cancelled, endpoint.disabled emitted, its tenant admins mailed', async () => {
    const admin = await a.userToken('admin');
    const member = await a.userToken('member');
    const watcher = await endpoint({ eventTypes: ['endpoint.disabled'] });
    const hook = await endpoint({ answer: () => ({ status: 500 }), eventTypes: ['user.joined'] });
    await emit(t, a.tenantId, 'user.joined', { user_id: 'u1', email: 'u1@example.test', role: 'member' });
    const first = await afterAttempt(hook, 1);
    const failingSince = (await endpointRow(hook.id))!.failingSince!;

    t.service.ctx.clock.advance(5 * 24 * 3600_000); // the second attempt, due after 5 s, comes five days later
    const [cancelled] = await eventually('the endpoint disabled', () => deliveriesOf(t, a.tenantId, hook.id), (ds) => ds[0]?.status === 'cancelled');
    expect(cancelled.attempts).toBe(2);
    expect(first.attempts).toBe(1);
    const row = (await endpointRow(hook.id))!;
    expect(row.enabled).toBe(false);
    expect(row.disabledReason).toContain(`Every delivery failed for 5 days (since ${failingSince.toISOString()})`);
    expect(row.disabledReason).toContain(`${hook.host} answered HTTP 500`);

    const [notice] = await eventually('endpoint.disabled at the other endpoint', () => receiver.on(watcher.path), (r) => r.length === 1);
    expect(notice.verified).toBe(true);
    expect(notice.payload).toMatchObject({
      type: 'endpoint.disabled',
      data: { endpoint_id: hook.id, url: hook.url, reason: row.disabledReason, failing_since: failingSince.toISOString() },
    });

    const outbox = await t.app.inject({ method: 'GET', url: '/api/v1/mail/outbox?limit=100', headers: a.auth() });
    const mails = (outbox.json().items as { kind: string; to: string; subject: string }[]).filter((m) => m.kind === 'webhook_endpoint_disabled');
    expect(mails.map((m) => m.to).sort()).toEqual([a.ownerEmail, admin.email].sort());
    expect(mails.map((m) => m.to)).not.toContain(member.email);
    expect(mails[0].subject).toBe('A webhook endpoint of Retries was disabled');

    // Disabled, it takes no new event.
    const later = await emit(t, a.tenantId, 'user.joined', { user_id: 'u2', email: 'u2@example.test', role: 'member' });
    expect(later.endpointIds).toEqual([]);
  });

  it('a pump that finds its endpoint disabled cancels what it still owed', async () => {
    const hook = await endpoint({ answer: () => ({ status: 500 }) });
    await ping(hook);
    const first = await afterAttempt(hook, 1);
    await tenantDb(t.service.ctx.db, a.tenantId).run((tt) => tt.tx.execute(sql`UPDATE webhook_endpoints SET enabled = false WHERE id = ${hook.id}`));
    untilNextAttempt(first);
    await tenantDb(t.service.ctx.db, a.tenantId).run(async (tt) => {
      const { enqueuePump } = await import('../events.js');
      await enqueuePump(tt, hook.id, 0, t.service.ctx.clock.advancedMs);
    });
    await eventually('the delivery cancelled', () => deliveriesOf(t, a.tenantId, hook.id), (ds) => ds[0]?.status === 'cancelled');
    expect(receiver.on(hook.path)).toHaveLength(1);
  });
});

describe('a secret being rotated', () => {
  it('signs with both secrets during the overlap, each verifying, and with the new one only after it', async () => {
    const old = newSigningSecret();
    const hook = await endpoint({ previous: { secret: old, until: new Date(t.service.ctx.clock.now().getTime() + 24 * 3600_000) } });
    await ping(hook, 'during');
    const [during] = await eventually('the first request', () => receiver.on(hook.path), (r) => r.length === 1);
    const signatures = String(during.headers['webhook-signature']).split(' ');
    expect(signatures).toHaveLength(2);
    expect(signatures.every((s) => s.startsWith('v1,'))).toBe(true);
    const { Webhook } = await import('standardwebhooks');
    const headers = during.headers as Record<string, string>;
    expect(new Webhook(hook.secret).verify(during.body, headers)).toMatchObject({ data: { message: 'during' } });
    expect(new Webhook(old).verify(during.body, headers)).toMatchObject({ data: { message: 'during' } });

    t.service.ctx.clock.advance(24 * 3600_000 + 1000);
    await ping(hook, 'after');
    const after = (await eventually('the second request', () => receiver.on(hook.path), (r) => r.length === 2))[1];
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(new Webhook(hook.secret).verify(after.body, after.headers as Record<string, string>)).toMatchObject({ data: { message: 'after' } });
    expect(() => new Webhook(old).verify(after.body, after.headers as Record<string, string>)).toThrow(/No matching signature/);
  });
});
