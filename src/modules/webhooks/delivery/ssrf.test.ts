import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTenant, startTestService, type TestService, type TestTenant } from '../../../../test/harness.js';
import { eventually } from '../../../../test/support/eventually.js';
import { createTestEndpoint, deliveriesOf, emit, startReceiver, type Receiver } from '../../../../test/support/webhooks.js';
import { newSigningSecret } from '../signing-secret.js';

// The address is checked again at every delivery, on the address dialled: an endpoint saved while its host was
// public (or while the operator allowed private addresses) and that now resolves to the service's own network gets
// nothing. This service keeps the default policy (PROVIDER_ALLOW_PRIVATE_URLS off).
let t: TestService;
let a: TestTenant;
let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
  t = await startTestService();
  a = await createTenant(t, 'Guarded');
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

it('refuses at delivery a host that resolves to a loopback address: a failed attempt naming the host, no request sent', async () => {
  const secret = newSigningSecret();
  const path = receiver.route([secret]);
  const port = new URL(receiver.base).port;
  const hook = await createTestEndpoint(t, a.tenantId, { url: `http://localhost:${port}${path}`, secret });
  await emit(t, a.tenantId, 'webhook.test', { endpoint_id: hook.id, message: 'hello' }, { onlyEndpoint: hook.id });

  const [d] = await eventually('the refused attempt', () => deliveriesOf(t, a.tenantId, hook.id), (ds) => ds[0]?.attempts === 1);
  expect(d).toMatchObject({ status: 'pending', response_status: null });
  expect(d.error).toContain('localhost');
  expect(d.error).toMatch(/non-public address/);
  expect(d.error).not.toMatch(/127\.0\.0\.1|::1/);
  expect(receiver.on(path)).toEqual([]);
  const metrics = (await t.service.ctx.metrics.render()).body;
  expect(metrics).toMatch(/kb_webhook_delivery_attempts_total\{outcome="blocked"\} 1/);
});
