/**
 * The connectors API: kinds, create (config checked per kind, 422 naming the field), read, change, pause and resume,
 * runs (409 while one is active, cancel, the SSE stream), five failed runs putting a connector in error, the
 * scheduler starting a due connector once, connector-owned documents refused edits by hand, deletion with and
 * without the documents, scopes, and another tenant's ids answered 404 everywhere.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, onPostgres, startTestService, type TestService, type TestTenant } from '../../../test/harness.js';
import { createFolderPeer } from '../../../test/peers/connector-folder.js';
import type { ConnectorPeer } from '../../../test/support/connector-peer.js';
import { connectorDocuments, createConnector, getRun, runEnded, startSync, syncAndWait } from '../../../test/support/connectors.js';
import { eventually } from '../../../test/support/eventually.js';
import { readSseFrames, type SseEvent } from '../../../test/support/sse.js';

let peer: ConnectorPeer;
let t: TestService;
let a: TestTenant;
let b: TestTenant;

beforeAll(async () => {
  peer = await createFolderPeer();
  await peer.seed(30);
  t = await startTestService({ env: peer.env, listen: true });
  a = await createTenant(t, 'A');
  b = await createTenant(t, 'B');
});

afterAll(async () => {
  await t?.close();
  await peer?.close();
});

const call = (tenant: TestTenant, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, token?: string) =>
  t.app.inject({ method, url, headers: tenant.auth(token), ...(payload !== undefined ? { payload: payload as object } : {}) });

const connectorsTask = () => t.service.modules.find((m) => m.name === 'connectors')!.tasks![0];

describe('kinds and creation', () => {
  it('lists the kinds with their schemas', async () => {
    const res = await call(a, 'GET', '/api/v1/connectors/kinds');
    expect(res.statusCode).toBe(200);
    const folder = res.json().items.find((k: any) => k.kind === 'folder');
    expect(folder).toMatchObject({ title: 'Folder', credentials_schema: null });
    expect(folder.config_schema.properties.path.type).toBe('string');
  });

  it('refuses a config that does not fit the kind, naming the field under body.config', async () => {
    const cases: [unknown, (string | number)[]][] = [
      [{}, ['body', 'config', 'path']],
      [{ path: '/etc' }, ['body', 'config', 'path']],
      [{ path: `${peer.config.path}/../..` }, ['body', 'config', 'path']],
      [{ path: peer.config.path, include: [1] }, ['body', 'config', 'include', 0]],
      [{ path: peer.config.path, extra: true }, ['body', 'config', 'extra']],
    ];
    for (const [config, loc] of cases) {
      const res = await call(a, 'POST', '/api/v1/connectors', { name: 'x', kind: 'folder', config });
      expect(res.statusCode, JSON.stringify(config)).toBe(422);
      expect(res.json().detail.map((d: any) => d.loc)).toContainEqual(loc);
    }
    const unknown = await call(a, 'POST', '/api/v1/connectors', { name: 'x', kind: 'gopher', config: {} });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().detail[0].loc).toEqual(['body', 'kind']);
    const secret = 'hunter2-never-echoed';
    const withSecret = await call(a, 'POST', '/api/v1/connectors', { name: 'x', kind: 'folder', config: peer.config, credentials: { token: secret } });
    expect(withSecret.statusCode).toBe(422);
    expect(withSecret.json().detail[0].loc).toEqual(['body', 'credentials']);
    expect(withSecret.body).not.toContain(secret);
  });

  it('creates, reads, lists and changes a connector, never showing credentials', async () => {
    const created = await createConnector(t, a, peer, { name: 'Notes', tags: ['notes'], schedule: null });
    expect(created).toMatchObject({ name: 'Notes', kind: 'folder', has_credentials: false, status: 'idle', enabled: true, schedule: null, last_run: null, documents_count: 0, tags: ['notes'] });
    expect(Object.keys(created)).not.toContain('credentials');
    const got = await call(a, 'GET', `/api/v1/connectors/${created.id}`);
    expect(got.json()).toEqual(created);
    const list = (await call(a, 'GET', '/api/v1/connectors?limit=100')).json();
    expect(list.items.map((c: any) => c.id)).toContain(created.id);
    const patched = await call(a, 'PATCH', `/api/v1/connectors/${created.id}`, { name: 'Notes 2', schedule: { every_minutes: 60 } });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ name: 'Notes 2', schedule: { every_minutes: 60 } });
    expect((await call(a, 'PATCH', `/api/v1/connectors/${created.id}`, { schedule: { every_minutes: 1 } })).statusCode).toBe(422);
    expect((await call(a, 'DELETE', `/api/v1/connectors/${created.id}`)).statusCode).toBe(204);
    expect((await call(a, 'GET', `/api/v1/connectors/${created.id}`)).statusCode).toBe(404);
  });
});

describe('runs', () => {
  let connectorId: string;
  beforeAll(async () => {
    connectorId = (await createConnector(t, a, peer)).id;
  });

  it('refuses a second sync while a run is active (naming it), and streams the run', async () => {
    const runId = await startSync(t, a, connectorId);
    const second = await call(a, 'POST', `/api/v1/connectors/${connectorId}/sync`);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'connector_run_in_progress' });
    expect(second.json().detail).toContain(runId);

    const res = await fetch(`${t.url}/api/v1/connectors/${connectorId}/runs/${runId}/events`, { headers: a.auth() });
    expect(res.status).toBe(200);
    const events: SseEvent[] = [];
    await readSseFrames(res.body as unknown as AsyncIterable<Uint8Array>, events);
    const end = events.at(-1)!;
    expect(end.event).toBe('end');
    expect(end.data).toMatchObject({ id: runId, status: 'succeeded', counts: { added: 30 } });
    const items = events.filter((e) => e.event === 'item');
    expect(items.length).toBeLessThanOrEqual(30);
    for (const item of items) expect(item.data).toMatchObject({ decision: 'added', url: null, document_id: expect.any(String) });

    // A stream opened on an ended run answers its end at once.
    const late: SseEvent[] = [];
    const again = await fetch(`${t.url}/api/v1/connectors/${connectorId}/runs/${runId}/events`, { headers: a.auth() });
    await readSseFrames(again.body as unknown as AsyncIterable<Uint8Array>, late);
    expect(late.map((e) => e.event)).toEqual(['end']);

    const connector = (await call(a, 'GET', `/api/v1/connectors/${connectorId}`)).json();
    expect(connector).toMatchObject({ status: 'idle', documents_count: 30, last_run: { id: runId, status: 'succeeded' } });
    const runs = (await call(a, 'GET', `/api/v1/connectors/${connectorId}/runs`)).json();
    expect(runs.items[0]).toMatchObject({ id: runId, trigger: 'manual', listing_complete: true });
  });

  it('gives documents their source and refuses edits of them by hand', async () => {
    const docs = await connectorDocuments(t, a, connectorId);
    const doc = docs[0];
    expect(doc.source).toEqual({ connector_id: connectorId, external_id: expect.stringMatching(/^item-\d+\.md$/), url: null });
    for (const [method, url, payload] of [
      ['PATCH', `/api/v1/documents/${doc.document_id}`, { filename: 'renamed.md' }],
      ['DELETE', `/api/v1/documents/${doc.document_id}`, undefined],
      ['POST', `/api/v1/documents/${doc.document_id}/reindex`, undefined],
    ] as const) {
      const res = await call(a, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(409);
      expect(res.json().code).toBe('document_owned_by_connector');
      expect(res.json().detail).toContain(connectorId);
    }
  });

  it('cancels a run', async () => {
    const runId = await startSync(t, a, connectorId);
    const res = await call(a, 'POST', `/api/v1/connectors/${connectorId}/runs/${runId}/cancel`);
    expect(res.statusCode).toBe(202);
    const run = await eventually('the run to end', () => getRun(t, a, connectorId, runId), runEnded);
    // A run that finished before the cancel arrived stays succeeded; otherwise it is cancelled and deleted nothing.
    expect(['cancelled', 'succeeded']).toContain(run.status);
    expect(run.counts.deleted).toBe(0);
    await eventually('the connector to be idle', async () => (await call(a, 'GET', `/api/v1/connectors/${connectorId}`)).json(), (c) => c.status === 'idle');
  });

  it('pauses and resumes', async () => {
    const paused = await call(a, 'POST', `/api/v1/connectors/${connectorId}/pause`);
    expect(paused.json()).toMatchObject({ status: 'paused', enabled: false });
    const refused = await call(a, 'POST', `/api/v1/connectors/${connectorId}/sync`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('connector_paused');
    const resumed = await call(a, 'POST', `/api/v1/connectors/${connectorId}/resume`);
    expect(resumed.json()).toMatchObject({ status: 'idle', enabled: true });
  });

  it('deletes a connector keeping its documents as ordinary ones', async () => {
    const docs = await connectorDocuments(t, a, connectorId);
    expect((await call(a, 'DELETE', `/api/v1/connectors/${connectorId}?keep_documents=true`)).statusCode).toBe(204);
    const kept = await call(a, 'GET', `/api/v1/documents/${docs[0].document_id}`);
    expect(kept.json().source).toBeNull();
    expect((await call(a, 'DELETE', `/api/v1/documents/${docs[0].document_id}`)).statusCode).toBe(204);
  });

  it('deletes a connector with its documents', async () => {
    const id = (await createConnector(t, a, { ...peer, config: { path: peer.config.path, include: ['item-0000.md'] } })).id;
    expect((await syncAndWait(t, a, id)).counts.added).toBe(1);
    const [doc] = await connectorDocuments(t, a, id);
    expect((await call(a, 'DELETE', `/api/v1/connectors/${id}`)).statusCode).toBe(204);
    expect((await call(a, 'GET', `/api/v1/documents/${doc.document_id}`)).statusCode).toBe(404);
  });
});

describe('failures', () => {
  it('puts a connector in error after five failed runs in a row, until it is resumed', async () => {
    const broken = peer;
    try {
      broken.failListingAfter(0);
      const id = (await createConnector(t, a, { ...peer, config: { path: peer.config.path, include: ['item-000[45].md'] } })).id;
      for (let i = 1; i <= 5; i++) {
        const run = await syncAndWait(t, a, id);
        expect(run.status).toBe('failed');
      }
      const connector = (await call(a, 'GET', `/api/v1/connectors/${id}`)).json();
      expect(connector).toMatchObject({ status: 'error', consecutive_failures: 5, next_run_at: null });
      const events = (await call(a, 'GET', '/api/v1/events?type=connector.run.failed&limit=100')).json();
      expect(events.items.filter((e: any) => e.data.connector_id === id)).toHaveLength(5);
      expect(events.items.find((e: any) => e.data.connector_id === id).data).toMatchObject({ connector_status: 'error', consecutive_failures: 5 });
      const resumed = (await call(a, 'POST', `/api/v1/connectors/${id}/resume`)).json();
      expect(resumed).toMatchObject({ status: 'idle', consecutive_failures: 0 });
      broken.failListingAfter(null);
      expect((await syncAndWait(t, a, id)).status).toBe('succeeded');
      const completed = (await call(a, 'GET', '/api/v1/events?type=connector.run.completed&limit=100')).json();
      expect(completed.items.some((e: any) => e.data.connector_id === id && e.data.counts.added === 2)).toBe(true);
    } finally {
      broken.failListingAfter(null);
    }
  });
});

describe('the schedule', () => {
  it('starts a due connector once, and again when its period has passed', async () => {
    const id = (await createConnector(t, a, { ...peer, config: { path: peer.config.path, include: ['item-0001.md'] } }, { schedule: { every_minutes: 30 } })).id;
    await Promise.all([connectorsTask().run(), connectorsTask().run()]);
    const runs = async () => (await call(a, 'GET', `/api/v1/connectors/${id}/runs`)).json().items;
    const [first] = await runs();
    expect(await runs()).toHaveLength(1);
    expect(first.trigger).toBe('schedule');
    await eventually('the scheduled run to end', () => getRun(t, a, id, first.id), runEnded);
    await connectorsTask().run();
    expect(await runs()).toHaveLength(1);
    t.service.ctx.clock.advance(31 * 60_000);
    await connectorsTask().run();
    expect(await runs()).toHaveLength(2);
    await eventually('the second run to end', async () => (await runs())[0], runEnded);
    await call(a, 'DELETE', `/api/v1/connectors/${id}?keep_documents=false`);
  });

  it.skipIf(!onPostgres)('is claimed by one of two services sharing the database', async () => {
    const other = await startTestService({ env: peer.env, reuse: { dataDir: t.config.dataDir, databaseUrl: t.config.databaseUrl } });
    try {
      other.service.ctx.clock.advance(t.service.ctx.clock.advancedMs);
      const id = (await createConnector(t, a, { ...peer, config: { path: peer.config.path, include: ['item-0002.md'] } }, { schedule: { every_minutes: 30 } })).id;
      const otherTask = other.service.modules.find((m) => m.name === 'connectors')!.tasks![0];
      await Promise.all([connectorsTask().run(), otherTask.run(), connectorsTask().run(), otherTask.run()]);
      const runs = (await call(a, 'GET', `/api/v1/connectors/${id}/runs`)).json().items;
      expect(runs).toHaveLength(1);
      await eventually('the run to end', () => getRun(t, a, id, runs[0].id), runEnded);
    } finally {
      await other.close();
    }
  });
});

describe('access', () => {
  let id: string;
  let runId: string;
  beforeAll(async () => {
    id = (await createConnector(t, a, { ...peer, config: { path: peer.config.path, include: ['item-0003.md'] } })).id;
    runId = (await syncAndWait(t, a, id)).id;
  });

  it('answers another tenant 404 on every route', async () => {
    const routes: ['GET' | 'POST' | 'PATCH' | 'DELETE', string, unknown?][] = [
      ['GET', `/api/v1/connectors/${id}`],
      ['PATCH', `/api/v1/connectors/${id}`, { name: 'mine' }],
      ['DELETE', `/api/v1/connectors/${id}`],
      ['POST', `/api/v1/connectors/${id}/sync`],
      ['POST', `/api/v1/connectors/${id}/pause`],
      ['POST', `/api/v1/connectors/${id}/resume`],
      ['GET', `/api/v1/connectors/${id}/runs`],
      ['GET', `/api/v1/connectors/${id}/runs/${runId}`],
      ['GET', `/api/v1/connectors/${id}/runs/${runId}/events`],
      ['POST', `/api/v1/connectors/${id}/runs/${runId}/cancel`],
    ];
    for (const [method, url, payload] of routes) {
      const res = await call(b, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call(b, 'GET', '/api/v1/connectors')).json().items).toEqual([]);
    // A run id of the tenant's own under another connector is not found either.
    expect((await call(a, 'GET', `/api/v1/connectors/${randomUUID()}/runs/${runId}`)).statusCode).toBe(404);
    expect((await call(a, 'GET', `/api/v1/connectors/${id}`)).statusCode).toBe(200);
  });

  it('holds reading to connectors:read, running to connectors:sync, changing to admin', async () => {
    const reader = await a.apiKey(['connectors:read']);
    const syncer = await a.apiKey(['connectors:sync']);
    expect((await call(a, 'GET', `/api/v1/connectors/${id}`, undefined, reader.key)).statusCode).toBe(200);
    expect((await call(a, 'GET', `/api/v1/connectors/${id}/runs/${runId}`, undefined, reader.key)).statusCode).toBe(200);
    expect((await call(a, 'POST', `/api/v1/connectors/${id}/sync`, undefined, reader.key)).statusCode).toBe(403);
    expect((await call(a, 'POST', `/api/v1/connectors/${id}/pause`, undefined, reader.key)).statusCode).toBe(403);
    expect((await call(a, 'POST', '/api/v1/connectors', { name: 'x', kind: 'folder', config: peer.config }, reader.key)).statusCode).toBe(403);
    expect((await call(a, 'POST', '/api/v1/connectors', { name: 'x', kind: 'folder', config: peer.config }, syncer.key)).statusCode).toBe(403);
    expect((await call(a, 'DELETE', `/api/v1/connectors/${id}`, undefined, syncer.key)).statusCode).toBe(403);
    const started = await call(a, 'POST', `/api/v1/connectors/${id}/sync`, undefined, syncer.key);
    expect(started.statusCode).toBe(202);
    await eventually('the run to end', () => getRun(t, a, id, started.json().run_id), runEnded);
    const viewer = await a.userToken('viewer');
    expect((await call(a, 'GET', `/api/v1/connectors/${id}`, undefined, viewer.token)).statusCode).toBe(200);
    expect((await call(a, 'POST', `/api/v1/connectors/${id}/sync`, undefined, viewer.token)).statusCode).toBe(403);
  });
});
