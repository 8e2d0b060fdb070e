import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant, sharedTestService, type TestService, type TestTenant } from '../../../test/harness.js';
import { tenantDb } from '../../platform/db/tenant-db.js';
import { emitEvent, newEventId, type EventType } from './events.js';

/**
 * The event log over HTTP: newest first, filters, paging, the 30-day window, one event, tenant isolation and the
 * `events:read` scope. Events are emitted as the modules emit them (emitEvent in a tenant transaction); events older
 * than the window are written with an old time directly, since created_at is the database's now(). The types used
 * here are ones no other module emits while this file runs, so counts by type are exact.
 */
let t: TestService;
let a: TestTenant;
let b: TestTenant;
/** a's document.indexed events in the order they were emitted, and its batch.completed one. */
let indexed: string[];
let batch: string;
let theirs: string;

const emit = async (tenant: TestTenant, type: EventType, data: Record<string, unknown>) =>
  (await tenantDb(t.service.ctx.db, tenant.tenantId).run((tx) => emitEvent(tx, type, data))).id;

/** An event written `daysAgo` days ago by the database's clock (as if the purge had not run yet). */
async function oldEvent(tenant: TestTenant, daysAgo: number): Promise<string> {
  const id = newEventId();
  await t.service.ctx.db.tenant(tenant.tenantId, (tx) =>
    tx.execute(sql`INSERT INTO events (id, tenant_id, type, data, created_at)
                   VALUES (${id}, ${tenant.tenantId}, 'reindex.completed', ${JSON.stringify({ days_ago: daysAgo })}::jsonb,
                           now() - make_interval(days => ${daysAgo}))`),
  );
  return id;
}

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
const ids = (body: { items: { id: string }[] }) => body.items.map((e) => e.id);

beforeAll(async () => {
  t = await sharedTestService();
  [a, b] = await Promise.all([createTenant(t, 'Acme'), createTenant(t, 'Globex')]);
  indexed = [];
  for (const n of [1, 2, 3]) {
    indexed.push(await emit(a, 'document.indexed', { document_id: randomUUID(), filename: `f${n}.pdf`, memory_id: null, folder_id: null, chunks: n, batch_id: null }));
  }
  batch = await emit(a, 'batch.completed', { batch_id: randomUUID(), total: 3, indexed: 3, failed: 0, rejected: 0 });
  theirs = await emit(b, 'document.indexed', { document_id: randomUUID(), filename: 'globex.pdf', memory_id: null, folder_id: null, chunks: 1, batch_id: null });
});

describe('GET /api/v1/events', () => {
  it('lists the events newest first, in the order they were written, each as it was emitted', async () => {
    const res = await get('/api/v1/events?limit=100', a.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ skip: 0, limit: 100, total: body.items.length });
    const mine = ids(body).filter((id) => [...indexed, batch].includes(id));
    expect(mine).toEqual([batch, ...[...indexed].reverse()]);
    expect(ids(body)).not.toContain(theirs);
    const first = body.items.find((e: { id: string }) => e.id === indexed[0]);
    expect(first).toEqual({
      id: indexed[0],
      type: 'document.indexed',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      tenant_id: a.tenantId,
      data: { document_id: expect.any(String), filename: 'f1.pdf', memory_id: null, folder_id: null, chunks: 1, batch_id: null },
    });
  });

  it('filters by type, and pages with skip and limit', async () => {
    const all = (await get('/api/v1/events?type=document.indexed', a.token)).json();
    expect(all).toMatchObject({ total: 3, skip: 0, limit: 50 });
    expect(ids(all)).toEqual([...indexed].reverse());
    expect((await get('/api/v1/events?type=batch.completed', a.token)).json()).toMatchObject({ total: 1, items: [{ id: batch }] });

    const page = (await get('/api/v1/events?type=document.indexed&skip=1&limit=1', a.token)).json();
    expect(page).toMatchObject({ total: 3, skip: 1, limit: 1 });
    expect(ids(page)).toEqual([indexed[1]]);
    expect((await get('/api/v1/events?type=document.indexed&skip=3', a.token)).json()).toMatchObject({ total: 3, items: [] });
  });

  it('shows the last 30 days only, even of events not purged yet; since narrows that, never widens it', async () => {
    const c = await createTenant(t, 'Old');
    const [days40, days31, days10, days1] = [await oldEvent(c, 40), await oldEvent(c, 31), await oldEvent(c, 10), await oldEvent(c, 1)];
    const listed = (query: string) => get(`/api/v1/events?type=reindex.completed${query}`, c.token).then((r) => ids(r.json()));

    expect(await listed('')).toEqual([days1, days10]);
    const fiveDaysAgo = new Date(Date.now() - 5 * 24 * 3600_000).toISOString();
    expect(await listed(`&since=${fiveDaysAgo}`)).toEqual([days1]);
    const longAgo = new Date(Date.now() - 60 * 24 * 3600_000).toISOString();
    expect(await listed(`&since=${longAgo}`)).toEqual([days1, days10]);
    expect((await get(`/api/v1/events?type=reindex.completed&since=${encodeURIComponent(longAgo)}`, c.token)).json().total).toBe(2);

    for (const id of [days40, days31]) expect((await get(`/api/v1/events/${id}`, c.token)).statusCode).toBe(404);
    expect((await get(`/api/v1/events/${days10}`, c.token)).json()).toMatchObject({ id: days10, data: { days_ago: 10 } });
  });

  it('refuses an unknown type, a time that is not one and absurd paging with 422 naming the parameter', async () => {
    for (const [query, loc] of [
      ['type=document.exploded', 'query.type'],
      ['since=yesterday', 'query.since'],
      ['limit=0', 'query.limit'],
      ['limit=101', 'query.limit'],
      ['skip=-1', 'query.skip'],
    ]) {
      const res = await get(`/api/v1/events?${query}`, a.token);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().detail.map((d: { loc: string[] }) => d.loc.join('.')), query).toEqual([loc]);
    }
  });
});

describe('GET /api/v1/events/{id}', () => {
  it('answers the event as the list shows it', async () => {
    const one = await get(`/api/v1/events/${batch}`, a.token);
    expect(one.statusCode).toBe(200);
    const listed = (await get('/api/v1/events?type=batch.completed', a.token)).json().items[0];
    expect(one.json()).toEqual(listed);
    expect(one.json()).toMatchObject({ type: 'batch.completed', data: { total: 3, indexed: 3, failed: 0, rejected: 0 } });
  });

  it("another tenant's event is 404, exactly like one that does not exist; a malformed id is 422", async () => {
    const missing = await get(`/api/v1/events/${newEventId()}`, a.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('event_not_found');
    const res = await get(`/api/v1/events/${theirs}`, a.token);
    expect([res.statusCode, res.body]).toEqual([404, missing.body]);
    expect((await get(`/api/v1/events/${theirs}`, b.token)).statusCode).toBe(200);
    expect((await get(`/api/v1/events/${randomUUID()}`, a.token)).statusCode).toBe(422);
  });
});

describe('who may read the log', () => {
  it('an API key with events:read reads events, but no webhook endpoint (those are administration)', async () => {
    const reader = await a.apiKey(['events:read']);
    expect((await get('/api/v1/events?type=document.indexed', reader.key)).json()).toMatchObject({ total: 3 });
    expect((await get(`/api/v1/events/${batch}`, reader.key)).statusCode).toBe(200);
    const endpoints = await get('/api/v1/webhooks/endpoints', reader.key);
    expect(endpoints.statusCode).toBe(403);
    expect(endpoints.json()).toEqual({ detail: 'Missing scope: admin', code: 'insufficient_scope' });
  });

  it('a key without events:read, members and viewers are 403; admins read it', async () => {
    const other = await a.apiKey(['documents:read', 'llm:read', 'feedback:read']);
    const member = await a.userToken('member');
    const viewer = await a.userToken('viewer');
    for (const token of [other.key, member.token, viewer.token]) {
      for (const url of ['/api/v1/events', `/api/v1/events/${batch}`]) {
        const res = await get(url, token);
        expect(res.statusCode, url).toBe(403);
        expect(res.json()).toEqual({ detail: 'Missing scope: events:read', code: 'insufficient_scope' });
      }
    }
    const admin = await a.userToken('admin');
    expect((await get('/api/v1/events?type=batch.completed', admin.token)).json()).toMatchObject({ total: 1 });
    expect((await get('/api/v1/events?type=batch.completed', (await a.apiKey(['admin'])).key)).statusCode).toBe(200);
  });
});
