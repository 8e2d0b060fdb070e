import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTenant, startTestService, type TestService, type TestTenant } from '../../../../test/harness.js';
import { eventually } from '../../../../test/support/eventually.js';
import { createTestEndpoint, deliveriesOf, emit, startReceiver, type Receiver } from '../../../../test/support/webhooks.js';
import { newSigningSecret } from '../signing-secret.js';

// WEBHOOK_TENANT_IN_FLIGHT bounds the deliveries one tenant has in flight, whoever queued the pumps (here: emitEvent,
// which knows no configuration). With a cap of one, a receiver that hangs holds its tenant's next delivery back,
// and no other tenant's. The timeout is long so that only the test releases the hanging receiver.
let t: TestService;
let a: TestTenant;
let b: TestTenant;
let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
  t = await startTestService({ env: { PROVIDER_ALLOW_PRIVATE_URLS: 'true', WEBHOOK_TENANT_IN_FLIGHT: '1', WEBHOOK_TIMEOUT_MS: '60000' } });
  [a, b] = await Promise.all([createTenant(t, 'Capped A'), createTenant(t, 'Capped B')]);
});
afterAll(async () => {
  receiver?.releaseHanging();
  await t?.close();
  await receiver?.close();
});

async function endpoint(tenant: TestTenant, answer?: Parameters<Receiver['route']>[1]) {
  const secret = newSigningSecret();
  const path = receiver.route([secret], answer);
  return { ...(await createTestEndpoint(t, tenant.tenantId, { url: `${receiver.base}${path}`, secret })), path };
}
const ping = (tenant: TestTenant, hook: { id: string }) =>
  emit(t, tenant.tenantId, 'webhook.test', { endpoint_id: hook.id, message: 'ping' }, { onlyEndpoint: hook.id });
const succeeded = (tenant: TestTenant, hook: { id: string }) =>
  eventually('the delivery succeeded', () => deliveriesOf(t, tenant.tenantId, hook.id), (ds) => ds[0]?.status === 'succeeded');

it("holds a tenant's deliveries beyond its cap while another tenant's go", async () => {
  const slow = await endpoint(a, () => 'hang');
  const nextOfA = await endpoint(a);
  const ofB = await endpoint(b);
  await ping(a, slow);
  await eventually('the slow receiver holding a request', () => receiver.on(slow.path), (r) => r.length === 1);

  await ping(a, nextOfA);
  await ping(b, ofB);
  await succeeded(b, ofB);
  // B's pump was claimed after A's second one was queued; A's waits for its tenant's one slot.
  expect((await deliveriesOf(t, a.tenantId, nextOfA.id))[0]).toMatchObject({ status: 'pending', attempts: 0 });
  expect(receiver.on(nextOfA.path)).toEqual([]);

  receiver.releaseHanging();
  await succeeded(a, slow);
  await succeeded(a, nextOfA);
});
