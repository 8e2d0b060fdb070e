import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestService, type TestService, type TestTenant } from '../../../../test/harness.js';
import { WorkerRuntime } from '../../../platform/jobs/worker.js';
import { openEventStreamCount } from '../../../platform/http/sse.js';
import { DOCUMENT_EVENTS_CHANNEL } from '../index.js';
import { tenantDb } from '../../../platform/db/tenant-db.js';
import { followBatch, type BatchEventSink } from './bulk-stream.js';
import { eventually } from '../../../../test/support/eventually.js';
import { readSseFrames, type SseEvent } from '../../../../test/support/sse.js';

/** A real SSE client over fetch(): parses `event:`/`data:` frames and `:` comments until the server closes. */
async function follow(url: string, token: string) {
  const abort = new AbortController();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' }, signal: abort.signal });
  const events: SseEvent[] = [];
  const ended = (async () => {
    if (!res.body) return;
    try {
      await readSseFrames(res.body as unknown as AsyncIterable<Uint8Array>, events);
    } catch (error) {
      if (!abort.signal.aborted) throw error;
    }
  })();
  let done = false;
  void ended.finally(() => (done = true));
  return {
    res,
    events,
    ended: () => bounded(ended, 60_000, 'the stream to close'),
    /** Waits (bounded) until `count` events have arrived. */
    async waitForEvents(count: number) {
      const arrived = () => {
        if (events.length < count && done) throw new Error(`stream ended after ${events.length} events, wanted ${count}`);
        return events.length;
      };
      await eventually(`${count} events`, arrived, (n) => n >= count, 30_000);
    },
    close: () => abort.abort(),
  };
}

function bounded<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`gave up waiting for ${what}`)), ms);
    }),
  ]);
}

const until = (check: () => boolean | Promise<boolean>, what: string) => eventually(what, check, Boolean, 30_000, 50);

async function upload(t: TestService, tenant: TestTenant, files: Array<{ name: string; content: string }>) {
  const form = new FormData();
  for (const f of files) form.append('files', new Blob([f.content]), f.name);
  const res = await fetch(`${t.url}/api/v1/documents/bulk-upload`, { method: 'POST', headers: tenant.auth(), body: form });
  expect(res.status).toBe(202);
  return (await res.json()) as { batch_id: string; total: number; documents: Array<{ document_id: string; filename: string }> };
}

const GOOD = [
  { name: 'guide.md', content: '# Guide\n\nSteps one and two.' },
  { name: 'notes.txt', content: 'Some plain notes.' },
  { name: 'table.csv', content: 'a,b\n1,2\n3,4\n' },
];
const BROKEN_PDF = { name: 'broken.pdf', content: '%PDF-1.7\nthis is not really a pdf at all\n%%EOF' };

/** Statuses per document, in the order the stream reported them. */
function byDocument(events: SseEvent[]) {
  const out = new Map<string, string[]>();
  for (const e of events.filter((x) => x.event === 'status')) out.set(e.data.document_id, [...(out.get(e.data.document_id) ?? []), e.data.status]);
  return out;
}

describe('batch stream on a live service', () => {
  let t: TestService;
  let a: TestTenant;
  let b: TestTenant;
  beforeAll(async () => {
    t = await startTestService({ listen: true });
    a = await createTenant(t, 'Streamer');
    b = await createTenant(t, 'Other');
  });
  afterAll(async () => t?.close());

  it('sends the snapshot, every status change moving forward, then done, and closes', async () => {
    const batch = await upload(t, a, [...GOOD, BROKEN_PDF]);
    const stream = await follow(`${t.url}/api/v1/documents/bulk-upload/${batch.batch_id}/stream`, a.token);
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.res.headers.get('cache-control')).toMatch(/no-cache/);
    expect(stream.res.headers.get('x-accel-buffering')).toBe('no');
    await stream.ended();

    const { events } = stream;
    expect(events[0].event).toBe('snapshot');
    expect(events[0].data).toMatchObject({ batch_id: batch.batch_id, total: 4 });
    expect(events.at(-1)).toEqual({
      event: 'done',
      data: { batch_id: batch.batch_id, total: 4, pending: 0, parsing: 0, indexing: 0, indexed: 3, errored: 1, done: true },
    });
    expect(events.slice(1, -1).every((e) => e.event === 'status')).toBe(true);
    const rank: Record<string, number> = { pending: 0, parsing: 1, indexing: 2, indexed: 3, error: 3 };
    for (const [id, statuses] of byDocument(events)) {
      const ranks = statuses.map((s) => rank[s]);
      expect(ranks, id).toEqual([...new Set(ranks)].sort()); // strictly forward, no repeats
      expect(['indexed', 'error']).toContain(statuses.at(-1));
    }
    for (const e of events.slice(1, -1)) {
      const c = e.data.counts;
      expect(c.pending + c.parsing + c.indexing + c.indexed + c.errored).toBe(4);
      if (e.data.status === 'error') expect(e.data.error).toEqual(expect.any(String));
      else expect(e.data).not.toHaveProperty('error');
    }
  });

  it('a client connecting after the batch is done gets the snapshot and done at once', async () => {
    const batch = await upload(t, a, GOOD.slice(0, 1));
    const isDone = async () => {
      const res = await fetch(`${t.url}/api/v1/documents/bulk-upload/${batch.batch_id}`, { headers: a.auth() });
      return ((await res.json()) as { done: boolean }).done;
    };
    await until(isDone, 'the batch');
    const stream = await follow(`${t.url}/api/v1/documents/bulk-upload/${batch.batch_id}/stream`, a.token);
    await stream.ended();
    const expected = { batch_id: batch.batch_id, total: 1, pending: 0, parsing: 0, indexing: 0, indexed: 1, errored: 0, done: true };
    expect(stream.events).toEqual([
      { event: 'snapshot', data: expected },
      { event: 'done', data: expected },
    ]);
    await until(() => t.service.ctx.bus.handlerCount(DOCUMENT_EVENTS_CHANNEL) === 0, 'the listener to be released');
  });

  it("another tenant's batch is a plain 404, not a stream", async () => {
    const batch = await upload(t, a, GOOD.slice(1, 2));
    const res = await fetch(`${t.url}/api/v1/documents/bulk-upload/${batch.batch_id}/stream`, { headers: b.auth() });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ detail: 'Upload batch not found', code: 'batch_not_found' });
  });
});

describe('batch stream with the workers held back', () => {
  // RUN_MODE=api: no worker runs until a test starts one, so a stream can be opened while all is pending.
  let t: TestService;
  let a: TestTenant;
  let worker: WorkerRuntime | null = null;
  const startWorker = async () => {
    const { ctx, modules } = t.service;
    worker = new WorkerRuntime(ctx.queue, modules.flatMap((m) => m.jobs ?? []), [], ctx.log, 200);
    await worker.start({ reclaimAll: false });
  };
  beforeAll(async () => {
    t = await startTestService({ listen: true, env: { RUN_MODE: 'api' } });
    a = await createTenant(t, 'Held');
  });
  afterAll(async () => {
    await worker?.stop(2000);
    await t?.close();
  });

  it('a disconnecting client frees its bus listener and its stream', async () => {
    const batch = await upload(t, a, GOOD.slice(0, 2));
    const bus = t.service.ctx.bus;
    const before = bus.handlerCount(DOCUMENT_EVENTS_CHANNEL);
    const stream = await follow(`${t.url}/api/v1/documents/bulk-upload/${batch.batch_id}/stream`, a.token);
    await stream.waitForEvents(1);
    expect(stream.events[0]).toMatchObject({ event: 'snapshot', data: { total: 2, pending: 2, done: false } });
    expect(bus.handlerCount(DOCUMENT_EVENTS_CHANNEL)).toBe(before + 1);
    expect(openEventStreamCount(t.app)).toBe(1);
    stream.close();
    await until(() => bus.handlerCount(DOCUMENT_EVENTS_CHANNEL) === before, 'the listener to be released');
    await until(() => openEventStreamCount(t.app) === 0, 'the stream to be forgotten');
  });

  it('follows every document through parsing, indexing, indexed | error, then done', async () => {
    const batch = await upload(t, a, [...GOOD, BROKEN_PDF]);
    const stream = await follow(`${t.url}/api/v1/documents/bulk-upload/${batch.batch_id}/stream`, a.token);
    await stream.waitForEvents(1);
    expect(stream.events[0]).toEqual({
      event: 'snapshot',
      data: { batch_id: batch.batch_id, total: 4, pending: 4, parsing: 0, indexing: 0, indexed: 0, errored: 0, done: false },
    });
    await startWorker();
    await stream.ended();

    const perDoc = byDocument(stream.events);
    const names = new Map(batch.documents.map((d) => [d.document_id, d.filename]));
    expect([...perDoc.keys()].sort()).toEqual([...names.keys()].sort());
    for (const [id, statuses] of perDoc) {
      if (names.get(id) === BROKEN_PDF.name) expect(statuses, 'broken.pdf').toEqual(['parsing', 'error']);
      else expect(statuses, names.get(id)).toEqual(['parsing', 'indexing', 'indexed']);
    }
    // One event per change: 3 × 3 + 2, between the snapshot and done.
    expect(stream.events).toHaveLength(1 + 11 + 1);
    expect(stream.events.at(-1)).toMatchObject({ event: 'done', data: { indexed: 3, errored: 1, done: true } });
    await until(() => t.service.ctx.bus.handlerCount(DOCUMENT_EVENTS_CHANNEL) === 0, 'the listener to be released');
  });

  it('reconciles with the database on a heartbeat when notifications were missed', async () => {
    await worker?.stop(2000);
    worker = null;
    const batch = await upload(t, a, GOOD.slice(0, 2));
    const [first, second] = batch.documents.map((d) => d.document_id);
    const received: SseEvent[] = [];
    let closed = false;
    const sink: BatchEventSink = {
      send: (event, data) => (received.push({ event, data }), true),
      close: () => void (closed = true),
      onClose: () => {},
      get closed() {
        return closed;
      },
    };
    const follower = await followBatch(t.service.ctx, tenantDb(t.service.ctx.db, a.tenantId), batch.batch_id);
    follower.attach(sink);
    expect(received.map((e) => e.event)).toEqual(['snapshot']);
    // Changes that never reach the bus: one document finishes, the other is deleted.
    await t.service.ctx.db.tenant(a.tenantId, async (tx) => {
      await tx.execute(sql`UPDATE documents SET status = 'indexed' WHERE tenant_id = ${a.tenantId} AND id = ${first}`);
      await tx.execute(sql`DELETE FROM documents WHERE tenant_id = ${a.tenantId} AND id = ${second}`);
    });
    await follower.reconcile();
    expect(received.map((e) => [e.event, e.data.status ?? null])).toEqual([
      ['snapshot', null],
      ['status', 'indexed'],
      ['done', null],
    ]);
    expect(received[2].data).toMatchObject({ indexed: 1, done: true });
    expect(closed).toBe(true);
  });

  it('closing the service ends open streams instead of waiting for them', async () => {
    const batch = await upload(t, a, GOOD.slice(0, 1)); // no worker: it stays pending
    const stream = await follow(`${t.url}/api/v1/documents/bulk-upload/${batch.batch_id}/stream`, a.token);
    await stream.waitForEvents(1);
    await bounded(t.close(), 30_000, 'the service to stop');
    await stream.ended();
    expect(stream.events.map((e) => e.event)).toEqual(['snapshot']);
  });
});
