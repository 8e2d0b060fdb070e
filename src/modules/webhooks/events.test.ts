import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant, sharedTestService, type TestService, type TestTenant } from '../../../test/harness.js';
import { loggedEvents } from '../../../test/support/events.js';
import { rows } from '../../platform/db/database.js';
import { tenantDb } from '../../platform/db/tenant-db.js';
import { insertEndpoint } from './endpoints.repo.js';
import { emitEvent, emitEvents, PUMP_QUEUE } from './events.js';

// The batch form writes what as many single emits would: the events in list order, one delivery per event and
// subscribed enabled endpoint, one waiting pump per endpoint.

let t: TestService;
let a: TestTenant;
const endpoints = { all: randomUUID(), deleted: randomUUID(), other: randomUUID(), disabled: randomUUID() };

beforeAll(async () => {
  t = await sharedTestService();
  a = await createTenant(t, 'Fan-out');
  await tenantDb(t.service.ctx.db, a.tenantId).run(async (tx) => {
    const endpoint = (id: string, eventTypes: string[], enabled = true) =>
      insertEndpoint(tx, { id, url: `https://hooks.example.test/${id}`, eventTypes, enabled, secretSealed: 'not used here' });
    await endpoint(endpoints.all, ['*']);
    await endpoint(endpoints.deleted, ['document.deleted', 'document.indexed']);
    await endpoint(endpoints.other, ['api_key.created']);
    await endpoint(endpoints.disabled, ['*'], false);
  });
});

const deliveries = () =>
  t.service.ctx.db.tenant(a.tenantId, (tx) =>
    rows<{ endpoint_id: string; event_id: string; event_seq: string; seq: string }>(tx, sql`
      SELECT d.endpoint_id, d.event_id, d.event_seq::text, e.seq::text FROM webhook_deliveries d JOIN events e ON e.id = d.event_id
      WHERE d.tenant_id = ${a.tenantId} AND e.type = 'document.deleted' ORDER BY e.seq, d.endpoint_id`));
const pumps = () =>
  t.service.ctx.db.system((tx) =>
    rows<{ endpoint_id: string }>(tx, sql`
      SELECT payload->>'endpointId' AS endpoint_id FROM job_queue WHERE queue = ${PUMP_QUEUE} AND tenant_id = ${a.tenantId} ORDER BY 1`));

describe('emitEvents', () => {
  it('writes the events in list order with the deliveries and pumps that single emits would', async () => {
    const docs = ['one', 'two', 'three'].map((name) => ({ document_id: randomUUID(), filename: `${name}.txt`, memory_id: null }));
    const ids = await tenantDb(t.service.ctx.db, a.tenantId).run(async (tx) => {
      expect(await emitEvents(tx, 'document.deleted', [])).toEqual([]);
      const many = await emitEvents(tx, 'document.deleted', docs.slice(0, 2));
      const one = await emitEvent(tx, 'document.deleted', docs[2]);
      return [...many, one.id];
    });
    const logged = await loggedEvents(t, a.tenantId, 'document.deleted');
    expect(logged.map((e) => e.id)).toEqual(ids);
    expect(logged.map((e) => e.data)).toEqual(docs);
    expect(new Set(ids).size).toBe(3);

    const subscribed = [endpoints.all, endpoints.deleted].sort();
    const found = await deliveries();
    expect(found.map((d) => [d.event_id, d.endpoint_id])).toEqual(ids.flatMap((id) => subscribed.map((endpoint) => [id, endpoint])));
    for (const d of found) expect(d.event_seq).toBe(d.seq);
    // One pump waits per endpoint: the later emits found it queued.
    expect((await pumps()).map((p) => p.endpoint_id)).toEqual(subscribed);
  });

  it('writes nothing when its transaction rolls back', async () => {
    const before = (await loggedEvents(t, a.tenantId)).length;
    await expect(
      tenantDb(t.service.ctx.db, a.tenantId).run(async (tx) => {
        await emitEvents(tx, 'document.deleted', [{ document_id: randomUUID(), filename: 'gone.txt', memory_id: null }]);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await loggedEvents(t, a.tenantId)).toHaveLength(before);
    expect(await deliveries()).toHaveLength(6);
  });
});
