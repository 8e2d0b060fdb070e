import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestService, type TestService, type TestTenant } from '../../../../test/harness.js';
import { rows } from '../../../platform/db/database.js';
import { eventually } from '../../../../test/support/eventually.js';

let t: TestService;
let a: TestTenant;
let b: TestTenant;

beforeAll(async () => {
  t = await startTestService();
  a = await createTenant(t, 'Acme');
  b = await createTenant(t, 'Other');
});
afterAll(async () => t?.close());

type Part = { name: string; content: string | Uint8Array; field?: string };

async function multipart(files: Part[], fields: Record<string, string | string[]> = {}) {
  const form = new FormData();
  for (const f of files) form.append(f.field ?? 'files', new Blob([typeof f.content === 'string' ? f.content : Buffer.from(f.content)]), f.name);
  for (const [k, v] of Object.entries(fields)) for (const value of [v].flat()) form.append(k, value);
  const req = new Response(form);
  return { payload: Buffer.from(await req.arrayBuffer()), contentType: req.headers.get('content-type')! };
}

async function bulkUpload(tenant: TestTenant, files: Part[], fields: Record<string, string | string[]> = {}, token = tenant.token, extra: Record<string, string> = {}) {
  const body = await multipart(files, fields);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/documents/bulk-upload',
    headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType, ...extra },
    payload: body.payload,
  });
}

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

/** Polls the status endpoint until the batch is done (bounded: the test fails rather than hangs). */
async function waitDone(tenant: TestTenant, batchId: string, timeoutMs = 45_000) {
  const probe = async () => {
    const res = await get(`/api/v1/documents/bulk-upload/${batchId}`, tenant.token);
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  return eventually(`batch ${batchId} to be done`, probe, (counts) => counts.done, timeoutMs);
}

const storedCounts = (tenant: TestTenant) =>
  t.service.ctx.db.tenant(tenant.tenantId, async (tx) => {
    const [row] = await rows<{ documents: number; batches: number }>(tx, sql`
      SELECT (SELECT count(*)::int FROM documents WHERE tenant_id = ${tenant.tenantId}) AS documents,
             (SELECT count(*)::int FROM upload_batches WHERE tenant_id = ${tenant.tenantId}) AS batches`);
    return row;
  });

const ELF = new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);

describe('bulk upload', () => {
  it('accepts a batch (202) with memory, folder and tags, and indexes every document', async () => {
    const memory = (await t.app.inject({ method: 'POST', url: '/api/v1/memories', headers: a.auth(), payload: { name: 'Bulk' } })).json();
    const folder = (await t.app.inject({ method: 'POST', url: '/api/v1/folders', headers: a.auth(), payload: { name: 'Inbox' } })).json();
    const res = await bulkUpload(
      a,
      [
        { name: 'guide.md', content: '# Guide\n\nHow to do things.' },
        { name: 'notes.txt', content: 'Plain notes about the project.' },
        { name: 'people.csv', content: 'name,role\nAda,engineer\nGrace,admiral\n' },
      ],
      { memory_id: memory.id, folder_id: folder.id, tags: ['alpha', 'beta,gamma'] },
    );
    expect(res.statusCode, res.body).toBe(202);
    const body = res.json();
    expect(body).toMatchObject({ total: 3, rejected: [] });
    expect(body.documents.map((d: { filename: string }) => d.filename)).toEqual(['guide.md', 'notes.txt', 'people.csv']);
    for (const d of body.documents) expect(d).toMatchObject({ document_id: expect.any(String), status: 'pending' });

    const stored = await t.service.ctx.db.tenant(a.tenantId, (tx) =>
      rows<{ batch_id: string; memory_id: string; folder_id: string; tags: string[] }>(
        tx,
        sql`SELECT batch_id, memory_id, folder_id, tags FROM documents WHERE tenant_id = ${a.tenantId} AND batch_id = ${body.batch_id}`,
      ),
    );
    expect(stored).toHaveLength(3);
    for (const row of stored) expect(row).toMatchObject({ memory_id: memory.id, folder_id: folder.id, tags: ['alpha', 'beta', 'gamma'] });

    const done = await waitDone(a, body.batch_id);
    expect(done).toEqual({ batch_id: body.batch_id, total: 3, pending: 0, parsing: 0, indexing: 0, indexed: 3, errored: 0, done: true });
  });

  it('rejects unsupported files one by one while the rest proceed', async () => {
    const res = await bulkUpload(a, [
      { name: 'ok.md', content: '# Fine' },
      { name: 'tool.exe', content: ELF },
      { name: 'picture.txt', content: PNG },
      { name: 'fake.xlsx', content: 'not a workbook' },
      { name: 'empty.txt', content: '' },
      { name: 'also-ok.txt', content: 'fine too' },
    ]);
    expect(res.statusCode, res.body).toBe(202);
    const body = res.json();
    expect(body.total).toBe(2);
    expect(body.documents.map((d: { filename: string }) => d.filename)).toEqual(['ok.md', 'also-ok.txt']);
    expect(body.rejected.map((r: { filename: string }) => r.filename)).toEqual(['tool.exe', 'picture.txt', 'fake.xlsx', 'empty.txt']);
    for (const r of body.rejected) expect(r.detail).toEqual(expect.any(String));
    expect(body.rejected[1].detail).toMatch(/PNG/);
    expect(body.rejected[3].detail).toMatch(/file is empty \(0 bytes\)/);
    const status = await get(`/api/v1/documents/bulk-upload/${body.batch_id}`, a.token);
    expect(status.json().total).toBe(2);
  });

  it('a batch whose every file is rejected is an empty batch, done at once', async () => {
    const res = await bulkUpload(a, [{ name: 'tool.exe', content: ELF }]);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ total: 0, documents: [], rejected: [{ filename: 'tool.exe' }] });
    const status = await get(`/api/v1/documents/bulk-upload/${res.json().batch_id}`, a.token);
    expect(status.json()).toMatchObject({ total: 0, done: true });
  });

  it('refuses more than 500 files (422) and stores nothing', async () => {
    const own = await createTenant(t, 'Too many');
    const before = await storedCounts(own);
    const files = Array.from({ length: 501 }, (_, i) => ({ name: `f${i}.txt`, content: `file ${i}` }));
    const res = await bulkUpload(own, files);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'validation_error', detail: [{ loc: ['body', 'files'], type: 'too_many_files' }] });
    expect(res.json().detail[0].msg).toMatch(/500/);
    expect(await storedCounts(own)).toEqual(before);
    expect(before).toEqual({ documents: 0, batches: 0 });
  });

  it('refuses far more than 500 files too (busboy limit) with the same 422', async () => {
    const own = await createTenant(t, 'Way too many');
    const files = Array.from({ length: 560 }, (_, i) => ({ name: `f${i}.txt`, content: 'x' }));
    const res = await bulkUpload(own, files);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0].type).toBe('too_many_files');
    expect(await storedCounts(own)).toEqual({ documents: 0, batches: 0 });
  });

  it('validates the form: no files, a file under another field, bad ids, bad tags (422)', async () => {
    const own = await createTenant(t, 'Validation');
    const cases: Array<[Part[], Record<string, string | string[]>, string]> = [
      [[], { memory_id: randomUUID() }, 'files'],
      [[{ name: 'a.txt', content: 'x', field: 'file' }], {}, 'file'],
      [[{ name: 'a.txt', content: 'x' }], { memory_id: 'not-a-uuid' }, 'memory_id'],
      [[{ name: 'a.txt', content: 'x' }], { folder_id: 'nope' }, 'folder_id'],
      [[{ name: 'a.txt', content: 'x' }], { tags: ['t'.repeat(65)] }, 'tags'],
      [[{ name: 'a.txt', content: 'x' }], { tags: '[1, 2]' }, 'tags'],
    ];
    for (const [files, fields, loc] of cases) {
      const res = await bulkUpload(own, files, fields);
      expect(res.statusCode, `${loc}: ${res.body}`).toBe(422);
      expect(res.json().detail[0].loc).toEqual(['body', loc]);
    }
    const json = await t.app.inject({ method: 'POST', url: '/api/v1/documents/bulk-upload', headers: own.auth(), payload: { files: [] } });
    expect(json.statusCode).toBe(422);
    expect(await storedCounts(own)).toEqual({ documents: 0, batches: 0 });
  });

  it("a memory or folder that is unknown or another tenant's is 404, and nothing is stored", async () => {
    const own = await createTenant(t, 'Foreign refs');
    const foreignMemory = (await t.app.inject({ method: 'POST', url: '/api/v1/memories', headers: b.auth(), payload: { name: 'B' } })).json();
    const foreignFolder = (await t.app.inject({ method: 'POST', url: '/api/v1/folders', headers: b.auth(), payload: { name: 'B' } })).json();
    for (const fields of [{ memory_id: foreignMemory.id as string }, { folder_id: foreignFolder.id as string }, { memory_id: randomUUID() }] as Record<string, string>[]) {
      const res = await bulkUpload(own, [{ name: 'a.txt', content: 'x' }], fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(404);
    }
    expect(await storedCounts(own)).toEqual({ documents: 0, batches: 0 });
  });

  it('accepts tags as a JSON array', async () => {
    const res = await bulkUpload(a, [{ name: 'tagged.txt', content: 'tagged' }], { tags: '["x", "y", "x"]' });
    expect(res.statusCode).toBe(202);
    const [row] = await t.service.ctx.db.tenant(a.tenantId, (tx) =>
      rows<{ tags: string[] }>(tx, sql`SELECT tags FROM documents WHERE tenant_id = ${a.tenantId} AND id = ${res.json().documents[0].document_id}`),
    );
    expect(row.tags).toEqual(['x', 'y']);
  });

  it('replays an Idempotency-Key retry without creating a second batch; a different body is 409', async () => {
    const own = await createTenant(t, 'Idempotent');
    const key = randomUUID();
    const body = await multipart([{ name: 'once.txt', content: 'only once' }]);
    const send = (payload: Buffer) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/documents/bulk-upload',
        headers: { ...own.auth(), 'content-type': body.contentType, 'idempotency-key': key },
        payload,
      });
    const first = await send(body.payload);
    expect(first.statusCode, first.body).toBe(202);
    const again = await send(body.payload);
    expect(again.statusCode).toBe(202);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().batch_id).toBe(first.json().batch_id);
    const changed = await send(Buffer.from(body.payload.toString('latin1').replace('only once', 'only twice'), 'latin1'));
    expect(changed.statusCode).toBe(409);
    expect(await storedCounts(own)).toEqual({ documents: 1, batches: 1 });
  });
});

describe('per-file size limit', () => {
  let small: TestService;
  let tenant: TestTenant;
  beforeAll(async () => {
    small = await startTestService({ env: { UPLOAD_MAX_BYTES: '2048', UPLOAD_MAX_BYTES_MARKDOWN: '1024' } });
    tenant = await createTenant(small, 'Small');
  });
  afterAll(async () => small?.close());

  it('rejects a file over UPLOAD_MAX_BYTES on its own; the others proceed', async () => {
    const body = await multipart([
      { name: 'big.txt', content: 'x'.repeat(5000) },
      { name: 'small.txt', content: 'fits' },
    ]);
    const res = await small.app.inject({
      method: 'POST',
      url: '/api/v1/documents/bulk-upload',
      headers: { ...tenant.auth(), 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().total).toBe(1);
    expect(res.json().documents[0].filename).toBe('small.txt');
    expect(res.json().rejected).toEqual([{ filename: 'big.txt', detail: expect.stringMatching(/larger than the upload limit/) }]);
  });

  it('rejects Markdown and MDX over their own limit on their own; text of the same size proceeds', async () => {
    const content = `# Notes\n\n${'Markdown words. '.repeat(100)}\n`;
    const body = await multipart([
      { name: 'long.md', content },
      { name: 'long.mdx', content },
      { name: 'long.txt', content },
    ]);
    const res = await small.app.inject({
      method: 'POST',
      url: '/api/v1/documents/bulk-upload',
      headers: { ...tenant.auth(), 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().documents.map((d: { filename: string }) => d.filename)).toEqual(['long.txt']);
    expect(res.json().rejected).toEqual([
      { filename: 'long.md', detail: expect.stringContaining('Markdown files may be at most 1,024 bytes') },
      { filename: 'long.mdx', detail: expect.stringContaining('MDX files may be at most 1,024 bytes') },
    ]);
  });
});

describe('batch status', () => {
  it('is 404 for an unknown batch and for another tenant’s batch; 422 for a malformed id', async () => {
    const res = await bulkUpload(a, [{ name: 'mine.txt', content: 'mine' }]);
    const batchId = res.json().batch_id;
    expect((await get(`/api/v1/documents/bulk-upload/${batchId}`, a.token)).statusCode).toBe(200);
    for (const url of [`/api/v1/documents/bulk-upload/${batchId}`, `/api/v1/documents/bulk-upload/${batchId}/stream`]) {
      const other = await get(url, b.token);
      expect(other.statusCode, url).toBe(404);
      expect(other.json()).toEqual({ detail: 'Upload batch not found', code: 'batch_not_found' });
    }
    expect((await get(`/api/v1/documents/bulk-upload/${randomUUID()}`, a.token)).statusCode).toBe(404);
    expect((await get('/api/v1/documents/bulk-upload/nope', a.token)).statusCode).toBe(422);
  });

  it('needs documents:ingest to upload and documents:read to follow (403), a credential at all (401)', async () => {
    const reader = await a.apiKey(['documents:read']);
    const ingester = await a.apiKey(['documents:ingest']);
    const denied = await bulkUpload(a, [{ name: 'r.txt', content: 'r' }], {}, reader.key);
    expect(denied.statusCode).toBe(403);
    const ok = await bulkUpload(a, [{ name: 'i.txt', content: 'i' }], {}, ingester.key);
    expect(ok.statusCode).toBe(202);
    const batchId = ok.json().batch_id;
    for (const url of [`/api/v1/documents/bulk-upload/${batchId}`, `/api/v1/documents/bulk-upload/${batchId}/stream`]) {
      expect((await get(url, ingester.key)).statusCode, url).toBe(403);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    expect((await get(`/api/v1/documents/bulk-upload/${batchId}`, reader.key)).statusCode).toBe(200);
    const body = await multipart([{ name: 'a.txt', content: 'a' }]);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/v1/documents/bulk-upload', headers: { 'content-type': body.contentType }, payload: body.payload });
    expect(anonymous.statusCode).toBe(401);
  });
});
