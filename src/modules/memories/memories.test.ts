import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant, sharedTestService, type TestService, type TestTenant } from '../../../test/harness.js';
import { rows } from '../../platform/db/database.js';

let t: TestService;
let a: TestTenant;
let b: TestTenant;

beforeAll(async () => {
  t = await sharedTestService();
  a = await createTenant(t, 'Acme');
  b = await createTenant(t, 'Other');
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

async function createMemory(tenant: TestTenant, name = 'Handbook', description?: string) {
  const res = await call('POST', '/api/v1/memories', tenant.token, { name, ...(description !== undefined ? { description } : {}) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Uploads text files as one bulk batch (no worker needed: the documents exist from the upload on). */
async function upload(tenant: TestTenant, names: string[], fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const name of names) form.append('files', new Blob([`# ${name}\n\nSome text about ${name}.`]), name);
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const req = new Response(form);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/documents/bulk-upload',
    headers: { ...tenant.auth(), 'content-type': req.headers.get('content-type')! },
    payload: Buffer.from(await req.arrayBuffer()),
  });
  expect(res.statusCode, res.body).toBe(202);
  return res.json().documents.map((d: { document_id: string }) => d.document_id) as string[];
}

async function documentRow(id: string) {
  const found = await t.service.ctx.db.tenant(a.tenantId, (tx) =>
    rows<{ id: string; memory_id: string | null; blob_key: string }>(
      tx,
      sql`SELECT id, memory_id, blob_key FROM documents WHERE tenant_id = ${a.tenantId} AND id = ${id}`,
    ),
  );
  return found[0];
}

describe('memories CRUD', () => {
  it('creates (201) with ISO times and a zero document count, and reads it back', async () => {
    const created = await createMemory(a, '  Handbook  ', 'Company handbook');
    expect(created).toMatchObject({ name: 'Handbook', description: 'Company handbook', document_count: 0 });
    expect(created.memory_id).toBe(created.id);
    expect(new Date(created.created_at).toISOString()).toBe(created.created_at);
    const got = await call('GET', `/api/v1/memories/${created.id}`, a.token);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(created);
  });

  it('validates the body: name 1..200, description up to 2000, blank names refused (422)', async () => {
    for (const body of [{}, { name: '' }, { name: 'x'.repeat(201) }, { name: 'ok', description: 'd'.repeat(2001) }, { name: '   ' }]) {
      const res = await call('POST', '/api/v1/memories', a.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Array.isArray(res.json().detail)).toBe(true);
    }
    expect((await call('POST', '/api/v1/memories', a.token, { name: 'x'.repeat(200), description: 'd'.repeat(2000) })).statusCode).toBe(201);
  });

  it('lists with skip/limit, newest first, with document counts', async () => {
    const own = await createTenant(t, 'Lister');
    const m1 = await createMemory(own, 'one');
    const m2 = await createMemory(own, 'two');
    const m3 = await createMemory(own, 'three');
    await upload(own, ['a.md', 'b.md'], { memory_id: m2.id });
    const page = await call('GET', '/api/v1/memories?skip=0&limit=2', own.token);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ total: 3, skip: 0, limit: 2 });
    expect(page.json().items.map((m: { id: string }) => m.id)).toEqual([m3.id, m2.id]);
    expect(page.json().items[1].document_count).toBe(2);
    const rest = await call('GET', '/api/v1/memories?skip=2&limit=2', own.token);
    expect(rest.json().items.map((m: { id: string }) => m.id)).toEqual([m1.id]);
    expect((await call('GET', '/api/v1/memories?limit=101', own.token)).statusCode).toBe(422);
    expect((await call('GET', '/api/v1/memories?skip=-1', own.token)).statusCode).toBe(422);
  });

  it('skip and limit are optional (not required in OpenAPI) and default to 0 and 50', async () => {
    const own = await createTenant(t, 'Defaults');
    await createMemory(own, 'only');
    const res = await call('GET', '/api/v1/memories', own.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 1, skip: 0, limit: 50 });
    expect((await call('GET', '/api/v1/memories?skip=1', own.token)).json()).toMatchObject({ total: 1, skip: 1, limit: 50, items: [] });
  });

  it('patches name and description; an empty patch changes nothing', async () => {
    const m = await createMemory(a, 'Before');
    const res = await call('PATCH', `/api/v1/memories/${m.id}`, a.token, { name: 'After', description: 'new' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: m.id, name: 'After', description: 'new' });
    expect(Date.parse(res.json().updated_at)).toBeGreaterThanOrEqual(Date.parse(m.updated_at));
    const same = await call('PATCH', `/api/v1/memories/${m.id}`, a.token, {});
    expect(same.json()).toMatchObject({ name: 'After', description: 'new' });
    expect((await call('PATCH', `/api/v1/memories/${m.id}`, a.token, { name: '' })).statusCode).toBe(422);
  });

  it('an unknown or malformed id is 404 / 422', async () => {
    expect((await call('GET', `/api/v1/memories/${randomUUID()}`, a.token)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/v1/memories/${randomUUID()}`, a.token, { name: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/v1/memories/${randomUUID()}`, a.token)).statusCode).toBe(404);
    expect((await call('GET', '/api/v1/memories/not-a-uuid', a.token)).statusCode).toBe(422);
  });
});

describe('memory deletion', () => {
  it('detaches the documents by default: they stay, in no memory', async () => {
    const m = await createMemory(a, 'Detach me');
    const [doc] = await upload(a, ['kept.md'], { memory_id: m.id });
    expect((await documentRow(doc))?.memory_id).toBe(m.id);
    const res = await call('DELETE', `/api/v1/memories/${m.id}`, a.token);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await call('GET', `/api/v1/memories/${m.id}`, a.token)).statusCode).toBe(404);
    const row = await documentRow(doc);
    expect(row).toBeDefined();
    expect(row!.memory_id).toBeNull();
    expect(await t.service.ctx.blobs.size(row!.blob_key)).toBeGreaterThan(0);
  });

  it('?cascade=true hard-deletes the documents and their files, and only those', async () => {
    const m = await createMemory(a, 'Cascade me');
    const other = await createMemory(a, 'Untouched');
    const docs = await upload(a, ['x.md', 'y.md'], { memory_id: m.id });
    const [survivor] = await upload(a, ['z.md'], { memory_id: other.id });
    const blobKeys = await Promise.all(docs.map(async (id) => (await documentRow(id))!.blob_key));
    const res = await call('DELETE', `/api/v1/memories/${m.id}?cascade=true`, a.token);
    expect(res.statusCode).toBe(204);
    for (const id of docs) expect(await documentRow(id)).toBeUndefined();
    for (const key of blobKeys) await expect(t.service.ctx.blobs.size(key)).rejects.toThrow();
    expect((await documentRow(survivor))?.memory_id).toBe(other.id);
    expect((await call('GET', `/api/v1/memories/${other.id}`, a.token)).json().document_count).toBe(1);
  });

  it('?cascade=true also needs documents:ingest (403 for a knowledge-base-only key)', async () => {
    const key = await a.apiKey(['knowledge_bases:read', 'knowledge_bases:write']);
    const m = await createMemory(a, 'Guarded');
    const res = await call('DELETE', `/api/v1/memories/${m.id}?cascade=true`, key.key);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('insufficient_scope');
    expect((await call('DELETE', `/api/v1/memories/${m.id}`, key.key)).statusCode).toBe(204);
  });
});

describe('memories security', () => {
  it("another tenant's memory is 404 on every route, and is left unchanged", async () => {
    const m = await createMemory(a, 'Private');
    for (const [method, url, body] of [
      ['GET', `/api/v1/memories/${m.id}`],
      ['PATCH', `/api/v1/memories/${m.id}`, { name: 'hijacked' }],
      ['DELETE', `/api/v1/memories/${m.id}`],
      ['DELETE', `/api/v1/memories/${m.id}?cascade=true`],
    ] as const) {
      const res = await call(method, url, b.token, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ detail: 'Memory not found', code: 'memory_not_found' });
    }
    expect((await call('GET', '/api/v1/memories', b.token)).json().items.map((x: { id: string }) => x.id)).not.toContain(m.id);
    expect((await call('GET', `/api/v1/memories/${m.id}`, a.token)).json().name).toBe('Private');
  });

  it('needs knowledge_bases:read to read and knowledge_bases:write to change (403), a credential at all (401)', async () => {
    const m = await createMemory(a, 'Scoped');
    const docsOnly = await a.apiKey(['documents:read', 'documents:ingest']);
    const reader = await a.apiKey(['knowledge_bases:read']);
    for (const [method, url, body] of [
      ['GET', '/api/v1/memories'],
      ['GET', `/api/v1/memories/${m.id}`],
      ['POST', '/api/v1/memories', { name: 'n' }],
      ['PATCH', `/api/v1/memories/${m.id}`, { name: 'n' }],
      ['DELETE', `/api/v1/memories/${m.id}`],
    ] as const) {
      expect((await call(method, url, docsOnly.key, body)).statusCode, `${method} ${url}`).toBe(403);
      const anonymous = await t.app.inject({ method, url, ...(body ? { payload: body } : {}) });
      expect(anonymous.statusCode).toBe(401);
    }
    expect((await call('GET', '/api/v1/memories', reader.key)).statusCode).toBe(200);
    expect((await call('GET', `/api/v1/memories/${m.id}`, reader.key)).statusCode).toBe(200);
    expect((await call('POST', '/api/v1/memories', reader.key, { name: 'n' })).statusCode).toBe(403);
    expect((await call('PATCH', `/api/v1/memories/${m.id}`, reader.key, { name: 'n' })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/v1/memories/${m.id}`, reader.key)).statusCode).toBe(403);
    const viewer = await a.userToken('viewer');
    expect((await call('GET', '/api/v1/memories', viewer.token)).statusCode).toBe(200);
    expect((await call('POST', '/api/v1/memories', viewer.token, { name: 'n' })).statusCode).toBe(403);
  });

  it('never takes the tenant from the body', async () => {
    const res = await call('POST', '/api/v1/memories', b.token, { name: 'Mine', tenant_id: a.tenantId });
    expect(res.statusCode).toBe(201);
    expect((await call('GET', `/api/v1/memories/${res.json().id}`, a.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/v1/memories/${res.json().id}`, b.token)).statusCode).toBe(200);
  });
});
