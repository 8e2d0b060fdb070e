import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../test/harness.js';

// A queue's own tenant cap (JobHandler.tenantCap) bounds the jobs its writers enqueued without one. RUN_MODE=api, so
// no worker of the service claims the test's jobs: the test claims them itself.
let t: TestService;

beforeAll(async () => {
  t = await startTestService({ env: { RUN_MODE: 'api' } });
});
afterAll(async () => t?.close());

const enqueue = (queue: string, tenantId: string, tenantCap?: number) =>
  t.service.ctx.db.system((tx) => t.service.ctx.queue.enqueue(tx, queue, tenantId, {}, { maxAttempts: 1, ...(tenantCap ? { tenantCap } : {}) }));

it("claims a tenant's uncapped jobs only up to the queue's cap, while another tenant's still run", async () => {
  const queue = `tenant-cap-${randomUUID().slice(0, 8)}`;
  const [a, b] = [randomUUID(), randomUUID()];
  for (let i = 0; i < 4; i++) await enqueue(queue, a);
  await enqueue(queue, b);

  const first = await t.service.ctx.queue.claim(queue, 'worker-1', 10, 60, 2);
  expect(first.filter((j) => j.tenantId === a)).toHaveLength(2);
  expect(first.filter((j) => j.tenantId === b)).toHaveLength(1);
  expect(await t.service.ctx.queue.claim(queue, 'worker-2', 10, 60, 2)).toEqual([]);

  // Without the queue's cap the same jobs are claimed as uncapped ones always were.
  expect(await t.service.ctx.queue.claim(queue, 'worker-3', 10, 60)).toHaveLength(2);
});

it("keeps a job's own cap over the queue's", async () => {
  const queue = `tenant-cap-${randomUUID().slice(0, 8)}`;
  const a = randomUUID();
  for (let i = 0; i < 3; i++) await enqueue(queue, a, 1);
  expect(await t.service.ctx.queue.claim(queue, 'worker-1', 10, 60, 5)).toHaveLength(1);
});
