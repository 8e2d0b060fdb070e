import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestService, type TestService, type TestTenant } from '../../../../test/harness.js';
import { importApp, installApp, openApp, sampleManifest } from '../../../../test/support/apps.js';

/**
 * App data over HTTP: records validated against the manifest's schemas, listed with filters on declared
 * indexes, updated optimistically, kept apart per installation and tenant, counted against quotas.
 */
let t: TestService;
let a: TestTenant;
let b: TestTenant;
let notes: { appId: string; installationId: string; token: string };
let other: { appId: string; installationId: string; token: string };

const ORIGIN = 'https://notes.example.com';
const url = (collection: string, id = '') => `/api/v1/app-data/${collection}/${id}`;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, token: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url: path, headers: { ...bearer(token), ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });

async function installed(tenant: TestTenant, manifest: object, permissions?: string[]) {
  const app = await importApp(t, tenant, manifest);
  const installation = await installApp(t, tenant, app.app_id, permissions);
  const { access_token } = await openApp(t, app.app_id, tenant.token);
  return { appId: app.app_id, installationId: installation.installation_id, token: access_token };
}

beforeAll(async () => {
  t = await startTestService();
  a = await createTenant(t, 'Acme');
  b = await createTenant(t, 'Globex');
  notes = await installed(a, sampleManifest());
  other = await installed(a, sampleManifest({ id: 'com.example.other', entry_url: 'https://other.example.com/' }));
});
afterAll(async () => t?.close());

describe('records', () => {
  it('are created against the schema, read back with their version as ETag, and answer CORS for the app only', async () => {
    const made = await call('POST', url('notes'), notes.token, { data: { title: 'First', body: 'hello', pinned: true } }, { origin: ORIGIN });
    expect(made.statusCode).toBe(201);
    expect(made.headers.etag).toBe('"1"');
    expect(made.headers['access-control-allow-origin']).toBe(ORIGIN);
    const record = made.json();
    expect(record).toEqual({
      id: expect.any(String),
      collection: 'notes',
      installation_id: notes.installationId,
      data: { title: 'First', body: 'hello', pinned: true },
      version: 1,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      created_by: a.ownerId,
      asset_ids: [],
    });
    const read = await call('GET', url('notes', record.id), notes.token, undefined, { origin: 'https://evil.example' });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(record);
    expect(read.headers.etag).toBe('"1"');
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuse schema violations with every problem and its JSON pointer, and store nothing', async () => {
    const before = (await call('GET', url('notes'), notes.token)).json().total;
    const res = await call('POST', url('notes'), notes.token, { data: { body: 7, pinned: 'yes', extra: 1 } });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('app_record_invalid');
    const pointers = res.json().detail.map((d: { pointer: string }) => d.pointer).sort();
    expect(pointers).toEqual(['/body', '/extra', '/pinned', '/title']);
    for (const d of res.json().detail) {
      expect(d.loc.slice(0, 2)).toEqual(['body', 'data']);
      expect(d.msg).toEqual(expect.any(String));
    }
    expect((await call('GET', url('notes'), notes.token)).json().total).toBe(before);
  });

  it('must be JSON objects', async () => {
    for (const data of [[{ title: 'x' }], 'text', 42, null, true]) {
      const res = await call('POST', url('notes'), notes.token, { data });
      expect(res.statusCode, JSON.stringify(data)).toBe(422);
      expect(res.json().code).toBe('app_record_invalid');
      expect(res.json().detail[0].pointer).toBe('');
    }
    const missing = await call('POST', url('notes'), notes.token, {});
    expect(missing.statusCode).toBe(422);
  });

  it('refuse __proto__ keys, text jsonb cannot hold, and deep nesting, and the service keeps serving', async () => {
    const proto = await t.app.inject({
      method: 'POST',
      url: url('notes'),
      headers: { ...bearer(notes.token), 'content-type': 'application/json' },
      payload: '{"data": {"title": "x", "__proto__": {"admin": true}}}',
    });
    expect(proto.statusCode).toBeGreaterThanOrEqual(400);
    expect(proto.statusCode).toBeLessThan(500);
    const nestedProto = await t.app.inject({
      method: 'POST',
      url: url('notes'),
      headers: { ...bearer(notes.token), 'content-type': 'application/json' },
      payload: '{"data": {"title": "x", "body": "y", "meta": [{"__proto__": 1}]}}',
    });
    expect(nestedProto.statusCode).toBeGreaterThanOrEqual(400);
    expect(nestedProto.statusCode).toBeLessThan(500);

    const surrogate = await t.app.inject({
      method: 'POST',
      url: url('notes'),
      headers: { ...bearer(notes.token), 'content-type': 'application/json' },
      payload: '{"data": {"title": "\\ud800"}}',
    });
    expect(surrogate.statusCode).toBe(422);
    expect(surrogate.json().detail[0].loc).toEqual(['body', 'data', 'title']);

    const depth = 200_000;
    const deep = await t.app.inject({
      method: 'POST',
      url: url('notes'),
      headers: { ...bearer(notes.token), 'content-type': 'application/json' },
      payload: `{"data": {"title": "x", "body": ${'['.repeat(depth)}${']'.repeat(depth)}}}`,
    });
    expect(deep.statusCode).toBe(422);
    expect(deep.json().detail[0].msg).toMatch(/nested deeper than 64/);
    expect((await call('GET', url('notes'), notes.token)).statusCode).toBe(200);
  });

  it('of an undeclared collection are a 404', async () => {
    for (const res of [await call('POST', url('secrets'), notes.token, { data: {} }), await call('GET', url('secrets'), notes.token)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('app_collection_not_found');
    }
  });
});

describe('lists', () => {
  let app: { token: string };
  beforeAll(async () => {
    const tenant = await createTenant(t, 'Lists');
    app = await installed(tenant, sampleManifest());
    for (let i = 0; i < 7; i++) {
      const res = await call('POST', url('notes'), app.token, { data: { title: `note ${i}`, pinned: i % 2 === 0 } });
      expect(res.statusCode).toBe(201);
    }
  });

  it('page with skip and limit and count the total', async () => {
    const page = (await call('GET', `${url('notes')}?skip=2&limit=3`, app.token)).json();
    expect(page.total).toBe(7);
    expect(page.items.map((r: { data: { title: string } }) => r.data.title)).toEqual(['note 2', 'note 3', 'note 4']);
    const end = (await call('GET', `${url('notes')}?skip=5&limit=3`, app.token)).json();
    expect(end).toMatchObject({ total: 7, skip: 5, limit: 3 });
    expect(end.items).toHaveLength(2);
    const past = (await call('GET', `${url('notes')}?skip=50`, app.token)).json();
    expect(past).toMatchObject({ total: 7, items: [] });
  });

  it('filter by equality on declared indexes, typed by the schema', async () => {
    const pinned = (await call('GET', `${url('notes')}?filter[pinned]=true`, app.token)).json();
    expect(pinned.total).toBe(4);
    expect(pinned.items.every((r: { data: { pinned: boolean } }) => r.data.pinned === true)).toBe(true);
    expect((await call('GET', `${url('notes')}?filter%5Bpinned%5D=false`, app.token)).json().total).toBe(3);
  });

  it('refuse filters on undeclared fields and values of the wrong type', async () => {
    const undeclared = await call('GET', `${url('notes')}?filter[title]=note%201`, app.token);
    expect(undeclared.statusCode).toBe(422);
    expect(undeclared.json().detail[0].loc).toEqual(['query', 'filter[title]']);
    const wrongType = await call('GET', `${url('notes')}?filter[pinned]=maybe`, app.token);
    expect(wrongType.statusCode).toBe(422);
    const twice = await call('GET', `${url('notes')}?filter[pinned]=true&filter[pinned]=false`, app.token);
    expect(twice.statusCode).toBe(422);
  });

  it('sort by a timestamp or a declared index, either way', async () => {
    const desc = (await call('GET', `${url('notes')}?order=desc&limit=2`, app.token)).json();
    expect(desc.items.map((r: { data: { title: string } }) => r.data.title)).toEqual(['note 6', 'note 5']);
    const byPinned = (await call('GET', `${url('notes')}?sort=pinned&order=desc&limit=4`, app.token)).json();
    expect(byPinned.items.every((r: { data: { pinned: boolean } }) => r.data.pinned)).toBe(true);
    const bad = await call('GET', `${url('notes')}?sort=title`, app.token);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0].loc).toEqual(['query', 'sort']);
  });
});

describe('optimistic updates', () => {
  it('PUT with If-Match or version: the current one wins, a stale one is 409 with the record as it is now', async () => {
    const id = (await call('POST', url('notes'), notes.token, { data: { title: 'v1' } })).json().id;
    const v2 = await call('PUT', url('notes', id), notes.token, { data: { title: 'v2' } }, { 'if-match': '"1"' });
    expect(v2.statusCode).toBe(200);
    expect(v2.json()).toMatchObject({ version: 2, data: { title: 'v2' } });
    expect(v2.headers.etag).toBe('"2"');

    const stale = await call('PUT', url('notes', id), notes.token, { data: { title: 'lost' }, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'app_record_version_conflict', current: { id, version: 2, data: { title: 'v2' } } });
    expect(stale.json().detail).toMatch(/version 2/);

    const disagree = await call('PUT', url('notes', id), notes.token, { data: { title: 'x' }, version: 2 }, { 'if-match': '"1"' });
    expect(disagree.statusCode).toBe(422);
    const garbage = await call('PUT', url('notes', id), notes.token, { data: { title: 'x' } }, { 'if-match': 'yesterday' });
    expect(garbage.statusCode).toBe(422);

    const v3 = await call('PUT', url('notes', id), notes.token, { data: { title: 'v3' }, version: 2 });
    expect(v3.json().version).toBe(3);
    const unconditional = await call('PUT', url('notes', id), notes.token, { data: { title: 'v4' } });
    expect(unconditional.json().version).toBe(4);
  });

  it('PATCH merges (null removes), validates the result, and is optimistic too', async () => {
    const id = (await call('POST', url('notes'), notes.token, { data: { title: 't', body: 'b', pinned: false } })).json().id;
    const patched = await call('PATCH', url('notes', id), notes.token, { data: { pinned: true, body: null } }, { 'if-match': '"1"' });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ version: 2, data: { title: 't', pinned: true } });
    expect(patched.json().data).not.toHaveProperty('body');
    const invalid = await call('PATCH', url('notes', id), notes.token, { data: { title: null } });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().detail.map((d: { pointer: string }) => d.pointer)).toEqual(['/title']);
    const stale = await call('PATCH', url('notes', id), notes.token, { data: { pinned: false }, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current.version).toBe(2);
  });

  it('DELETE honours If-Match, then the record is gone', async () => {
    const id = (await call('POST', url('notes'), notes.token, { data: { title: 'doomed' } })).json().id;
    expect((await call('DELETE', url('notes', id), notes.token, undefined, { 'if-match': '"7"' })).statusCode).toBe(409);
    expect((await call('DELETE', url('notes', id), notes.token, undefined, { 'if-match': '"1"' })).statusCode).toBe(204);
    const gone = await call('GET', url('notes', id), notes.token);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('app_record_not_found');
    expect((await call('PUT', url('notes', id), notes.token, { data: { title: 'x' } })).statusCode).toBe(404);
  });

  it('an Idempotency-Key replays a create instead of creating twice', async () => {
    const headers = { 'idempotency-key': 'create-once' };
    const first = await call('POST', url('notes'), notes.token, { data: { title: 'once' } }, headers);
    const again = await call('POST', url('notes'), notes.token, { data: { title: 'once' } }, headers);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);
  });
});

describe('isolation and permissions', () => {
  it("another installation's record is a 404, even with its id", async () => {
    const id = (await call('POST', url('notes'), notes.token, { data: { title: 'mine' } })).json().id;
    for (const method of ['GET', 'PUT', 'PATCH', 'DELETE'] as const) {
      const res = await call(method, url('notes', id), other.token, method === 'GET' || method === 'DELETE' ? undefined : { data: { title: 'theirs' } });
      expect(res.statusCode, method).toBe(404);
    }
    expect((await call('GET', url('notes'), other.token)).json().items.map((r: { id: string }) => r.id)).not.toContain(id);
    // Naming the other installation does not help an app token either.
    expect((await call('GET', `${url('notes', id)}?installation_id=${notes.installationId}`, other.token)).statusCode).toBe(404);
  });

  it("another tenant's installation and records are a 404", async () => {
    const theirs = await installed(b, sampleManifest());
    const id = (await call('POST', url('notes'), notes.token, { data: { title: 'acme' } })).json().id;
    expect((await call('GET', url('notes', id), theirs.token)).statusCode).toBe(404);
    const admin = await call('GET', `${url('notes', id)}?installation_id=${notes.installationId}`, b.token);
    expect(admin.statusCode).toBe(404);
    expect(admin.json().code).toBe('installation_not_found');
  });

  it('an app token needs app_data:read / app_data:write, and a viewer cannot write through an app', async () => {
    const tenant = await createTenant(t, 'Scopes');
    const readOnly = await installed(tenant, sampleManifest(), ['app_data:read']);
    const denied = await call('POST', url('notes'), readOnly.token, { data: { title: 'x' } });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('app_permission_missing');
    expect((await call('GET', url('notes'), readOnly.token)).statusCode).toBe(200);

    const viewer = await tenant.userToken('viewer');
    const full = await installed(tenant, sampleManifest({ id: 'com.example.full' }));
    const viewerApp = await openApp(t, full.appId, viewer.token);
    expect((await call('POST', url('notes'), viewerApp.access_token, { data: { title: 'x' } })).json().code).toBe('app_permission_missing');
    expect((await call('GET', url('notes'), viewerApp.access_token)).statusCode).toBe(200);
  });

  it('tenant admins read and delete with installation_id; nobody but the app writes; members are refused', async () => {
    const id = (await call('POST', url('notes'), notes.token, { data: { title: 'for the admin' } })).json().id;
    const q = `?installation_id=${notes.installationId}`;
    expect((await call('GET', `${url('notes')}${q}`, a.token)).json().items.map((r: { id: string }) => r.id)).toContain(id);
    expect((await call('GET', `${url('notes', id)}${q}`, a.token)).json().data.title).toBe('for the admin');
    const key = await a.apiKey(['admin']);
    expect((await call('GET', `${url('notes', id)}${q}`, key.key)).statusCode).toBe(200);

    const without = await call('GET', url('notes'), a.token);
    expect(without.statusCode).toBe(422);
    expect(without.json().detail[0].loc).toEqual(['query', 'installation_id']);
    const write = await call('POST', `${url('notes')}${q}`, a.token, { data: { title: 'admin' } });
    expect(write.statusCode).toBe(403);
    const member = await a.userToken('member');
    expect((await call('GET', `${url('notes')}${q}`, member.token)).json().code).toBe('insufficient_scope');

    expect((await call('DELETE', `${url('notes', id)}${q}`, a.token)).statusCode).toBe(204);
    expect((await call('GET', url('notes', id), notes.token)).statusCode).toBe(404);
  });
});

describe('uninstall', () => {
  it('keeps the data readable by admins during retention, refuses the app token, and purge removes it', async () => {
    const tenant = await createTenant(t, 'Leaving');
    const app = await installed(tenant, sampleManifest());
    const id = (await call('POST', url('notes'), app.token, { data: { title: 'kept' } })).json().id;
    const q = `?installation_id=${app.installationId}`;
    const uninstall = (purge: boolean) =>
      t.app.inject({ method: 'DELETE', url: `/api/v1/app-platform/installations/${app.installationId}${purge ? '?purge=true' : ''}`, headers: bearer(tenant.token) });
    expect((await uninstall(false)).statusCode).toBe(200);
    expect((await call('GET', url('notes', id), app.token)).statusCode).toBe(401);
    expect((await call('GET', `${url('notes', id)}${q}`, tenant.token)).json().data.title).toBe('kept');

    // The same app installed again starts empty: data belongs to an installation.
    const again = await installApp(t, tenant, app.appId);
    const fresh = await openApp(t, app.appId, tenant.token);
    expect((await call('GET', url('notes'), fresh.access_token)).json().total).toBe(0);
    expect(again.installation_id).not.toBe(app.installationId);

    expect((await uninstall(true)).json().status).toBe('purged');
    const gone = await call('GET', `${url('notes', id)}${q}`, tenant.token);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('installation_not_found');
  });
});

describe('quotas', () => {
  let q: TestService;
  let tenant: TestTenant;
  beforeAll(async () => {
    q = await startTestService({ env: { APP_DATA_MAX_RECORDS: '3', APP_DATA_MAX_BYTES: '2048', APP_DATA_MAX_RECORD_BYTES: '1024' } });
    tenant = await createTenant(q, 'Quota');
  });
  afterAll(async () => q?.close());

  it('records (429), bytes (413) and record size (413), each with a detail that says which', async () => {
    const imported = await importApp(q, tenant, sampleManifest());
    await installApp(q, tenant, imported.app_id);
    const { access_token } = await openApp(q, imported.app_id, tenant.token);
    const post = (data: object) => q.app.inject({ method: 'POST', url: url('notes'), headers: bearer(access_token), payload: { data } });

    const big = await post({ title: 'x', body: 'y'.repeat(1100) });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'app_record_too_large', detail: expect.stringMatching(/at most 1024 bytes/) });

    const ids: string[] = [];
    for (let i = 0; i < 2; i++) ids.push((await post({ title: `n${i}`, body: 'z'.repeat(900) })).json().id);
    const overBytes = await post({ title: 'n2', body: 'z'.repeat(900) });
    expect(overBytes.statusCode).toBe(413);
    expect(overBytes.json()).toMatchObject({ code: 'app_data_storage_quota', detail: expect.stringMatching(/quota of 2048 bytes/) });

    expect((await post({ title: 'small' })).statusCode).toBe(201);
    const overCount = await post({ title: 'one too many' });
    expect(overCount.statusCode).toBe(429);
    expect(overCount.json()).toMatchObject({ code: 'app_data_record_quota', detail: expect.stringMatching(/3 records/) });

    const removed = await q.app.inject({ method: 'DELETE', url: url('notes', ids[0]), headers: bearer(access_token) });
    expect(removed.statusCode).toBe(204);
    expect((await post({ title: 'room again' })).statusCode).toBe(201);
  });
});
