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

async function folder(tenant: TestTenant, name: string, parentId?: string | null) {
  const res = await call('POST', '/api/v1/folders', tenant.token, { name, ...(parentId !== undefined ? { parent_id: parentId } : {}) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; name: string; parent_id: string | null; document_count: number; subfolder_count: number };
}

async function upload(tenant: TestTenant, names: string[], folderId: string) {
  const form = new FormData();
  for (const name of names) form.append('files', new Blob([`Text of ${name}.`]), name);
  form.append('folder_id', folderId);
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

const documentsLeft = (tenant: TestTenant, ids: string[]) =>
  t.service.ctx.db.tenant(tenant.tenantId, (tx) =>
    rows<{ id: string; blob_key: string }>(
      tx,
      sql`SELECT id, blob_key FROM documents WHERE tenant_id = ${tenant.tenantId} AND id = ANY(${`{${ids.join(',')}}`}::uuid[])`,
    ),
  );

describe('folders CRUD', () => {
  it('creates root and child folders and reads them with counts', async () => {
    const root = await folder(a, 'Projects');
    expect(root).toMatchObject({ name: 'Projects', parent_id: null, document_count: 0, subfolder_count: 0 });
    const child = await folder(a, 'Alpha', root.id);
    expect(child.parent_id).toBe(root.id);
    const got = await call('GET', `/api/v1/folders/${root.id}`, a.token);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toMatchObject({ id: root.id, subfolder_count: 1 });
    expect(new Date(got.json().created_at).toISOString()).toBe(got.json().created_at);
  });

  it('refuses a parent that does not exist or belongs to another tenant (404), and bad bodies (422)', async () => {
    const foreign = await folder(b, 'Theirs');
    for (const parent of [randomUUID(), foreign.id]) {
      const res = await call('POST', '/api/v1/folders', a.token, { name: 'x', parent_id: parent });
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toBe('Parent folder not found');
    }
    for (const body of [{}, { name: '' }, { name: ' ' }, { name: 'x'.repeat(201) }, { name: 'x', parent_id: 'nope' }]) {
      expect((await call('POST', '/api/v1/folders', a.token, body)).statusCode, JSON.stringify(body)).toBe(422);
    }
  });

  it('lists all, roots (parent_id=null) or children, with skip/limit', async () => {
    const own = await createTenant(t, 'Lister');
    const r1 = await folder(own, 'A root');
    const r2 = await folder(own, 'B root');
    const c1 = await folder(own, 'child 1', r1.id);
    const c2 = await folder(own, 'child 2', r1.id);
    const ids = (res: { json(): any }) => res.json().items.map((f: { id: string }) => f.id);
    const all = await call('GET', '/api/v1/folders', own.token);
    expect(all.json()).toMatchObject({ total: 4, skip: 0, limit: 50 });
    const roots = await call('GET', '/api/v1/folders?parent_id=null', own.token);
    expect(ids(roots)).toEqual([r1.id, r2.id]);
    expect(roots.json().total).toBe(2);
    const children = await call('GET', `/api/v1/folders?parent_id=${r1.id}&limit=1`, own.token);
    expect(children.json()).toMatchObject({ total: 2, limit: 1 });
    expect(ids(children)).toEqual([c1.id]);
    expect(ids(await call('GET', `/api/v1/folders?parent_id=${r1.id}&skip=1`, own.token))).toEqual([c2.id]);
    expect((await call('GET', `/api/v1/folders?parent_id=${randomUUID()}`, own.token)).statusCode).toBe(404);
    expect((await call('GET', '/api/v1/folders?parent_id=abc', own.token)).statusCode).toBe(422);
  });

  it('renames and moves, to another folder or to the root', async () => {
    const p1 = await folder(a, 'P1');
    const p2 = await folder(a, 'P2');
    const f = await folder(a, 'Moving', p1.id);
    const renamed = await call('PATCH', `/api/v1/folders/${f.id}`, a.token, { name: 'Moved' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Moved', parent_id: p1.id });
    const moved = await call('PATCH', `/api/v1/folders/${f.id}`, a.token, { parent_id: p2.id });
    expect(moved.json().parent_id).toBe(p2.id);
    const toRoot = await call('PATCH', `/api/v1/folders/${f.id}`, a.token, { parent_id: null });
    expect(toRoot.statusCode).toBe(200);
    expect(toRoot.json()).toMatchObject({ name: 'Moved', parent_id: null });
    expect((await call('PATCH', `/api/v1/folders/${f.id}`, a.token, { parent_id: randomUUID() })).statusCode).toBe(404);
  });

  it('refuses a move that would make a cycle (422): into itself or into a descendant', async () => {
    const top = await folder(a, 'Top');
    const mid = await folder(a, 'Mid', top.id);
    const low = await folder(a, 'Low', mid.id);
    for (const target of [top.id, mid.id, low.id]) {
      const res = await call('PATCH', `/api/v1/folders/${top.id}`, a.token, { parent_id: target });
      expect(res.statusCode, target).toBe(422);
      expect(res.json().detail[0]).toMatchObject({ loc: ['body', 'parent_id'], type: 'folder_cycle' });
    }
    expect((await call('GET', `/api/v1/folders/${top.id}`, a.token)).json().parent_id).toBeNull();
    // Moving down the other way is fine.
    expect((await call('PATCH', `/api/v1/folders/${low.id}`, a.token, { parent_id: top.id })).statusCode).toBe(200);
  });
});

describe('folder deletion', () => {
  it('deletes an empty folder (204)', async () => {
    const f = await folder(a, 'Empty');
    expect((await call('DELETE', `/api/v1/folders/${f.id}`, a.token)).statusCode).toBe(204);
    expect((await call('GET', `/api/v1/folders/${f.id}`, a.token)).statusCode).toBe(404);
  });

  it('refuses a folder with documents or subfolders (409) unless ?cascade=true', async () => {
    const withDocs = await folder(a, 'Has docs');
    const docs = await upload(a, ['one.txt'], withDocs.id);
    const withChild = await folder(a, 'Has child');
    await folder(a, 'child', withChild.id);
    for (const f of [withDocs, withChild]) {
      const res = await call('DELETE', `/api/v1/folders/${f.id}`, a.token);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('folder_not_empty');
      expect((await call('GET', `/api/v1/folders/${f.id}`, a.token)).statusCode).toBe(200);
    }
    expect(await documentsLeft(a, docs)).toHaveLength(1);
  });

  it('?cascade=true deletes the subtree and its documents (rows and files), nothing else', async () => {
    const root = await folder(a, 'Doomed');
    const sub = await folder(a, 'Doomed child', root.id);
    const subsub = await folder(a, 'Doomed grandchild', sub.id);
    const keep = await folder(a, 'Survivor');
    const doomed = [...(await upload(a, ['r.txt'], root.id)), ...(await upload(a, ['s.txt', 't.txt'], subsub.id))];
    const kept = await upload(a, ['k.txt'], keep.id);
    const keys = (await documentsLeft(a, doomed)).map((d) => d.blob_key);
    expect(keys).toHaveLength(3);
    expect((await call('DELETE', `/api/v1/folders/${root.id}?cascade=true`, a.token)).statusCode).toBe(204);
    for (const id of [root.id, sub.id, subsub.id]) expect((await call('GET', `/api/v1/folders/${id}`, a.token)).statusCode).toBe(404);
    expect(await documentsLeft(a, doomed)).toHaveLength(0);
    for (const key of keys) await expect(t.service.ctx.blobs.size(key)).rejects.toThrow();
    expect(await documentsLeft(a, kept)).toHaveLength(1);
    expect((await call('GET', `/api/v1/folders/${keep.id}`, a.token)).json().document_count).toBe(1);
  });
});

describe('folders security', () => {
  it("another tenant's folder is 404 on every route (and as a parent or filter)", async () => {
    const f = await folder(a, 'Private');
    for (const [method, url, body] of [
      ['GET', `/api/v1/folders/${f.id}`],
      ['PATCH', `/api/v1/folders/${f.id}`, { name: 'hijacked' }],
      ['DELETE', `/api/v1/folders/${f.id}`],
      ['DELETE', `/api/v1/folders/${f.id}?cascade=true`],
      ['GET', `/api/v1/folders?parent_id=${f.id}`],
    ] as const) {
      const res = await call(method, url, b.token, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const mine = await folder(b, 'Mine');
    expect((await call('PATCH', `/api/v1/folders/${mine.id}`, b.token, { parent_id: f.id })).statusCode).toBe(404);
    expect((await call('GET', `/api/v1/folders/${f.id}`, a.token)).json().name).toBe('Private');
  });

  it('needs documents:read to read and documents:ingest to change (403), a credential at all (401)', async () => {
    const f = await folder(a, 'Scoped');
    const kbOnly = await a.apiKey(['knowledge_bases:read', 'knowledge_bases:write']);
    const reader = await a.apiKey(['documents:read']);
    const writes = [
      ['POST', '/api/v1/folders', { name: 'n' }],
      ['PATCH', `/api/v1/folders/${f.id}`, { name: 'n' }],
      ['DELETE', `/api/v1/folders/${f.id}`],
    ] as const;
    const reads = [
      ['GET', '/api/v1/folders'],
      ['GET', `/api/v1/folders/${f.id}`],
    ] as const;
    for (const [method, url, body] of [...reads, ...writes]) {
      expect((await call(method, url, kbOnly.key, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await t.app.inject({ method, url, ...(body ? { payload: body } : {}) })).statusCode).toBe(401);
    }
    for (const [method, url] of reads) expect((await call(method, url, reader.key)).statusCode).toBe(200);
    for (const [method, url, body] of writes) expect((await call(method, url, reader.key, body)).statusCode).toBe(403);
  });
});
