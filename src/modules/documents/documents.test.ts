import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant, sharedTestService, type TestService, type TestTenant } from '../../../test/harness.js';
import { sql } from 'drizzle-orm';
import { rows } from '../../platform/db/database.js';
import { allChunks, getDocument, indexedOk, settled, upload, uploadOk } from '../../../test/support/documents.js';

let t: TestService;
let a: TestTenant;
let b: TestTenant;
let docA: string; // an indexed document of tenant A

const P = '/api/v1/documents';
type Extra = { payload?: unknown; headers?: Record<string, string> };
const inject = (method: string, url: string, tenant: TestTenant, extra: Extra = {}) =>
  t.app.inject({ method: method as 'GET', url, payload: extra.payload as string, headers: { ...tenant.auth(), ...extra.headers } });

beforeAll(async () => {
  t = await sharedTestService();
  [a, b] = await Promise.all([createTenant(t, 'Docs A'), createTenant(t, 'Docs B')]);
  docA = await uploadOk(t, a, 'Quarterly Report.txt', 'Revenue grew in the third quarter. '.repeat(300), { fields: { tags: 'finance,q3' } });
  await indexedOk(t, a, docA);
});

describe('GET /documents/{id}', () => {
  it('returns every documented field', async () => {
    const doc = await getDocument(t, a, docA);
    expect(doc).toMatchObject({
      document_id: docA,
      status: 'indexed',
      memory_id: null,
      folder_id: null,
      filename: 'Quarterly Report.txt',
      mime_type: 'text/plain',
      tags: ['finance', 'q3'],
      error: null,
      batch_id: null,
      ai_description_original: null,
    });
    expect(doc.chunk_count).toBeGreaterThan(1);
    expect(doc.size_bytes).toBe(Buffer.byteLength('Revenue grew in the third quarter. '.repeat(300)));
    expect(doc.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(doc.ai_description).toMatch(/^Revenue grew/);
    for (const field of ['indexed_at', 'created_at', 'updated_at']) expect(new Date(doc[field]).toISOString()).toBe(doc[field]);
  });

  it('404 for an unknown id, 422 for a malformed one', async () => {
    expect((await inject('GET', `${P}/${randomUUID()}`, a)).statusCode).toBe(404);
    const bad = await inject('GET', `${P}/not-a-uuid`, a);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail[0].loc).toEqual(['path', 'document_id']);
  });
});

describe('GET /documents/ (list)', () => {
  let tenant: TestTenant;
  let folderId: string;
  let memoryId: string;
  beforeAll(async () => {
    tenant = await createTenant(t, 'Lister');
    folderId = (await inject('POST', '/api/v1/folders', tenant, { payload: { name: 'F' } })).json().id;
    memoryId = (await inject('POST', '/api/v1/memories', tenant, { payload: { name: 'M' } })).json().id;
    await uploadOk(t, tenant, 'Alpha_Plan.txt', 'a', { fields: { folder_id: folderId } });
    await uploadOk(t, tenant, 'beta 100%.txt', 'b', { fields: { memory_id: memoryId } });
    await uploadOk(t, tenant, 'gamma.txt', 'c');
    const ids = (await inject('GET', `${P}/?page_size=100`, tenant)).json().items.map((d: any) => d.document_id);
    for (const id of ids) await indexedOk(t, tenant, id);
  });

  const list = async (query: string) => {
    const res = await inject('GET', `${P}/${query}`, tenant);
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('pages with page/page_size and reports skip/limit too, newest first', async () => {
    const first = await list('?page=1&page_size=2');
    expect(first).toMatchObject({ total: 3, page: 1, page_size: 2, skip: 0, limit: 2 });
    expect(first.items.map((d: any) => d.filename)).toEqual(['gamma.txt', 'beta 100%.txt']);
    const second = await list('?page=2&page_size=2');
    expect(second).toMatchObject({ total: 3, skip: 2, limit: 2 });
    expect(second.items.map((d: any) => d.filename)).toEqual(['Alpha_Plan.txt']);
    expect((await list('')).page_size).toBe(10);
  });

  it('filters by status, memory, folder (and `null` = no folder) and title', async () => {
    expect((await list('?status=indexed')).total).toBe(3);
    expect((await list('?status=error')).total).toBe(0);
    expect((await list(`?memory_id=${memoryId}`)).items.map((d: any) => d.filename)).toEqual(['beta 100%.txt']);
    expect((await list(`?folder_id=${folderId}`)).items.map((d: any) => d.filename)).toEqual(['Alpha_Plan.txt']);
    expect((await list('?folder_id=null')).items.map((d: any) => d.filename).sort()).toEqual(['beta 100%.txt', 'gamma.txt']);
    expect((await list('?search=ALPHA')).items.map((d: any) => d.filename)).toEqual(['Alpha_Plan.txt']);
    // LIKE wildcards in the search text are literal characters.
    expect((await list('?search=%25')).items.map((d: any) => d.filename)).toEqual(['beta 100%.txt']);
    expect((await list('?search=a_p')).items.map((d: any) => d.filename)).toEqual(['Alpha_Plan.txt']);
    expect((await list('?search=_x')).total).toBe(0);
  });

  it.each(['?page=0', '?page_size=0', '?page_size=101', '?status=ready', '?status=done', '?memory_id=nope', '?folder_id=none'])(
    '422 for %s',
    async (query) => {
      expect((await inject('GET', `${P}/${query}`, tenant)).statusCode).toBe(422);
    },
  );

  it("never lists another tenant's documents", async () => {
    const res = await inject('GET', `${P}/?page_size=100`, b);
    expect(res.json().items.map((d: any) => d.document_id)).not.toContain(docA);
  });
});

describe('chunks, jobs and the original file', () => {
  it('chunks page with skip/limit and carry their fields', async () => {
    const all = await allChunks(t, a, docA);
    expect(all.map((c) => c.index)).toEqual(all.map((_, i) => i));
    const page = (await inject('GET', `${P}/${docA}/chunks/?skip=1&limit=1`, a)).json();
    expect(page).toMatchObject({ total: all.length, skip: 1, limit: 1 });
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ index: 1, page: null, section: null, sheet: null });
    expect(page.items[0].token_count).toBeGreaterThan(0);
    expect(page.items[0].char_end).toBeGreaterThan(page.items[0].char_start);
    expect((await inject('GET', `${P}/${docA}/chunks/?limit=101`, a)).statusCode).toBe(422);
  });

  it('jobs are listed oldest first and readable one by one', async () => {
    const jobs = (await inject('GET', `${P}/${docA}/jobs`, a)).json();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ document_id: docA, source: 'upload', status: 'succeeded', attempts: 1, error: null, provider: 'builtin', dimensions: 384 });
    expect(jobs[0].chunk_count).toBe((await getDocument(t, a, docA)).chunk_count);
    expect(jobs[0].stats.parse_ms).toBeGreaterThanOrEqual(0);
    const one = await inject('GET', `${P}/jobs/${jobs[0].job_id}`, a);
    expect(one.json()).toEqual(jobs[0]);
    expect((await inject('GET', `${P}/jobs/${randomUUID()}`, a)).statusCode).toBe(404);
  });

  it('the file comes back byte for byte', async () => {
    const res = await inject('GET', `${P}/${docA}/file`, a);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('Revenue grew in the third quarter. '.repeat(300));
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Quarterly Report.txt"; filename*=UTF-8''Quarterly%20Report.txt`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('edits', () => {
  it('ai-description: the first override keeps the generated text as the original', async () => {
    const id = await uploadOk(t, a, 'described.txt', 'Penguins live in the southern hemisphere. They cannot fly.');
    const before = await indexedOk(t, a, id);
    const form = (description: string) => ({ headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ description }).toString() });
    const first = await inject('PATCH', `${P}/${id}/ai-description`, a, form('About penguins'));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ ai_description: 'About penguins', ai_description_original: before.ai_description });
    const second = await inject('PATCH', `${P}/${id}/ai-description`, a, form('Penguins, again'));
    expect(second.json()).toMatchObject({ ai_description: 'Penguins, again', ai_description_original: before.ai_description });
    expect((await inject('PATCH', `${P}/${id}/ai-description`, a, form('   '))).statusCode).toBe(422);
    expect((await inject('PATCH', `${P}/${id}/ai-description`, a, { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' })).statusCode).toBe(422);
    // A reindex keeps the user's text.
    await inject('POST', `${P}/${id}/reindex`, a);
    const after = await indexedOk(t, a, id);
    expect(after.ai_description).toBe('Penguins, again');
  });

  it('tags: replaced as a whole, trimmed and de-duplicated; limits give 422', async () => {
    const res = await inject('PATCH', `${P}/${docA}/tags`, a, { payload: { tags: [' x ', 'y', 'x', ''] } });
    expect(res.statusCode).toBe(200);
    expect(res.json().tags).toEqual(['x', 'y']);
    expect((await inject('PATCH', `${P}/${docA}/tags`, a, { payload: { tags: Array.from({ length: 51 }, (_, i) => `t${i}`) } })).statusCode).toBe(422);
    expect((await inject('PATCH', `${P}/${docA}/tags`, a, { payload: { tags: ['x'.repeat(65)] } })).statusCode).toBe(422);
    const restored = await inject('PATCH', `${P}/${docA}/tags`, a, { payload: { tags: ['finance', 'q3'] } });
    expect(restored.json().tags).toEqual(['finance', 'q3']);
  });

  it('PATCH renames (same format only) and moves between folders and memories', async () => {
    const id = await uploadOk(t, a, 'movable.txt', 'm');
    const folder = (await inject('POST', '/api/v1/folders', a, { payload: { name: 'Moves' } })).json().id;
    const memory = (await inject('POST', '/api/v1/memories', a, { payload: { name: 'Moves' } })).json().id;
    const moved = await inject('PATCH', `${P}/${id}`, a, { payload: { filename: 'sub/renamed.txt', folder_id: folder, memory_id: memory } });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ filename: 'renamed.txt', folder_id: folder, memory_id: memory });
    const detached = await inject('PATCH', `${P}/${id}`, a, { payload: { folder_id: null, memory_id: null } });
    expect(detached.json()).toMatchObject({ folder_id: null, memory_id: null, filename: 'renamed.txt' });
    expect((await inject('PATCH', `${P}/${id}`, a, { payload: { filename: 'renamed.pdf' } })).statusCode).toBe(422);
    const otherFolder = (await inject('POST', '/api/v1/folders', b, { payload: { name: 'B' } })).json().id;
    const otherMemory = (await inject('POST', '/api/v1/memories', b, { payload: { name: 'B' } })).json().id;
    expect((await inject('PATCH', `${P}/${id}`, a, { payload: { folder_id: otherFolder } })).statusCode).toBe(404);
    expect((await inject('PATCH', `${P}/${id}`, a, { payload: { memory_id: otherMemory } })).statusCode).toBe(404);
  });
});

describe('reindex and delete', () => {
  it('reindex queues a new job (202), the document goes back through the states, chunks are replaced', async () => {
    const id = await uploadOk(t, a, 'reindex.txt', 'Sentence about rivers and lakes. '.repeat(400));
    const first = await indexedOk(t, a, id);
    const oldChunks = await allChunks(t, a, id);
    const res = await inject('POST', `${P}/${id}/reindex?source=admin`, a);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ document_id: id, status: 'pending' });
    const jobId = res.json().job_id;
    const second = await indexedOk(t, a, id);
    const newChunks = await allChunks(t, a, id);
    expect(second.chunk_count).toBe(first.chunk_count);
    expect(newChunks).toHaveLength(first.chunk_count);
    expect(new Set(newChunks.map((c) => c.index)).size).toBe(newChunks.length);
    expect(newChunks.some((c) => oldChunks.some((o) => o.chunk_id === c.chunk_id))).toBe(false);
    const jobs = (await inject('GET', `${P}/${id}/jobs`, a)).json();
    expect(jobs.map((j: any) => [j.source, j.status])).toEqual([['upload', 'succeeded'], ['admin', 'succeeded']]);
    expect(jobs[1].job_id).toBe(jobId);
  });

  it('source defaults to api; anything else → 422', async () => {
    const res = await inject('POST', `${P}/${docA}/reindex`, a);
    expect(res.statusCode).toBe(202);
    expect((await inject('GET', `${P}/jobs/${res.json().job_id}`, a)).json().source).toBe('api');
    expect((await inject('POST', `${P}/${docA}/reindex?source=cron`, a)).statusCode).toBe(422);
    await indexedOk(t, a, docA);
  });

  it('delete is a hard delete: 204, then 404 everywhere, reindex included', async () => {
    const id = await uploadOk(t, a, 'doomed.txt', 'Doomed words. '.repeat(200));
    await indexedOk(t, a, id);
    const jobs = (await inject('GET', `${P}/${id}/jobs`, a)).json();
    const del = await inject('DELETE', `${P}/${id}`, a);
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    for (const [method, url] of [
      ['GET', `${P}/${id}`],
      ['GET', `${P}/${id}/chunks/`],
      ['GET', `${P}/${id}/jobs`],
      ['GET', `${P}/${id}/file`],
      ['POST', `${P}/${id}/reindex`],
      ['DELETE', `${P}/${id}`],
      ['GET', `${P}/jobs/${jobs[0].job_id}`],
    ]) {
      expect((await inject(method, url, a)).statusCode, `${method} ${url}`).toBe(404);
    }
    const [{ n }] = await t.service.ctx.db.tenant(a.tenantId, (tx) =>
      rows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM document_chunks WHERE tenant_id = ${a.tenantId} AND document_id = ${id}`),
    );
    expect(n).toBe(0);
  });
});

describe('tenant-wide views', () => {
  it('indexation-progress counts by status', async () => {
    const tenant = await createTenant(t, 'Progress');
    const empty = (await inject('GET', `${P}/indexation-progress`, tenant)).json();
    expect(empty).toEqual({ pending: 0, parsing: 0, indexing: 0, indexed: 0, error: 0, total: 0, in_progress: 0 });
    const ok = await uploadOk(t, tenant, 'ok.txt', 'fine');
    const bad = await uploadOk(t, tenant, 'bad.pdf', Buffer.from('%PDF-1.4\nnonsense'));
    await indexedOk(t, tenant, ok);
    await settled(t, tenant, bad);
    const after = (await inject('GET', `${P}/indexation-progress`, tenant)).json();
    expect(after).toMatchObject({ indexed: 1, error: 1, total: 2, in_progress: 0 });
  });
});

describe('indexing profile (admin)', () => {
  it('has defaults, is replaced by PUT, and validates', async () => {
    const tenant = await createTenant(t, 'Profile');
    expect((await inject('GET', `${P}/indexing-profile`, tenant)).json()).toMatchObject({ chunk_size: 512, chunk_overlap: 64, embedding_model: null, parallelism: 4 });
    const put = await inject('PUT', `${P}/indexing-profile`, tenant, { payload: { chunk_size: 128, chunk_overlap: 64, embedding_model: null, parallelism: 2 } });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ chunk_size: 128, chunk_overlap: 64, parallelism: 2 });
    expect((await inject('GET', `${P}/indexing-profile`, tenant)).json()).toMatchObject({ chunk_size: 128 });
    for (const bad of [
      { chunk_size: 63, chunk_overlap: 0, embedding_model: null, parallelism: 1 },
      { chunk_size: 8193, chunk_overlap: 0, embedding_model: null, parallelism: 1 },
      { chunk_size: 128, chunk_overlap: 65, embedding_model: null, parallelism: 1 },
      { chunk_size: 128, chunk_overlap: -1, embedding_model: null, parallelism: 1 },
      { chunk_size: 128, chunk_overlap: 0, embedding_model: '   ', parallelism: 1 },
      { chunk_size: 128, chunk_overlap: 0, embedding_model: 'x'.repeat(201), parallelism: 1 },
      { chunk_size: 128, chunk_overlap: 0, embedding_model: null, parallelism: 0 },
      { chunk_size: 128, chunk_overlap: 0, embedding_model: null, parallelism: 33 },
    ]) {
      expect((await inject('PUT', `${P}/indexing-profile`, tenant, { payload: bad })).statusCode, JSON.stringify(bad)).toBe(422);
    }
    const member = await tenant.userToken('member');
    expect((await t.app.inject({ method: 'GET', url: `${P}/indexing-profile`, headers: tenant.auth(member.token) })).statusCode).toBe(403);
  });

  it('a smaller chunk size applies to the next job; an unknown embedding model ends in error', async () => {
    const tenant = await createTenant(t, 'Profile use');
    const body = 'Words about sailing boats and the open sea. '.repeat(300);
    const id = await uploadOk(t, tenant, 'sea.txt', body);
    const big = await indexedOk(t, tenant, id);
    await inject('PUT', `${P}/indexing-profile`, tenant, { payload: { chunk_size: 64, chunk_overlap: 0, embedding_model: null, parallelism: 1 } });
    await inject('POST', `${P}/${id}/reindex`, tenant);
    const small = await indexedOk(t, tenant, id);
    expect(small.chunk_count).toBeGreaterThan(big.chunk_count * 4);
    expect((await allChunks(t, tenant, id)).every((c) => c.token_count <= 64)).toBe(true);

    await inject('PUT', `${P}/indexing-profile`, tenant, { payload: { chunk_size: 64, chunk_overlap: 0, embedding_model: 'no-such-model', parallelism: 1 } });
    const failing = await uploadOk(t, tenant, 'fails.txt', 'text');
    const doc = await settled(t, tenant, failing);
    expect(doc.status).toBe('error');
    expect(doc.error).toContain('no-such-model');
  });
});

describe('scopes and tenants', () => {
  it('documents:ingest cannot read; documents:read cannot write; admin-only profile', async () => {
    const reader = await a.apiKey(['documents:read']);
    const writer = await a.apiKey(['documents:ingest']);
    const as = (key: string, method: string, url: string, payload?: unknown) =>
      t.app.inject({ method: method as 'GET', url, headers: { authorization: `Bearer ${key}` }, payload: payload as object });
    expect((await as(reader.key, 'GET', `${P}/${docA}`)).statusCode).toBe(200);
    expect((await as(writer.key, 'GET', `${P}/${docA}`)).statusCode).toBe(403);
    expect((await as(writer.key, 'GET', `${P}/`)).statusCode).toBe(403);
    expect((await as(reader.key, 'DELETE', `${P}/${docA}`)).statusCode).toBe(403);
    expect((await as(reader.key, 'POST', `${P}/${docA}/reindex`)).statusCode).toBe(403);
    expect((await as(reader.key, 'PATCH', `${P}/${docA}/tags`, { tags: [] })).statusCode).toBe(403);
    expect((await as(reader.key, 'PATCH', `${P}/${docA}`, { filename: 'x.txt' })).statusCode).toBe(403);
    expect((await as(writer.key, 'GET', `${P}/indexing-profile`)).statusCode).toBe(403);
    expect((await as(reader.key, 'POST', `${P}/query`, { query: 'x' })).statusCode).toBe(200);
    expect((await as(writer.key, 'POST', `${P}/query`, { query: 'x' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `${P}/${docA}` })).statusCode).toBe(401);
  });

  it("every document route answers 404 for another tenant's document and job", async () => {
    const job = (await inject('GET', `${P}/${docA}/jobs`, a)).json()[0].job_id;
    const routes: Array<[string, string, Extra?]> = [
      ['GET', `${P}/${docA}`],
      ['PATCH', `${P}/${docA}`, { payload: { filename: 'stolen.txt' } }],
      ['DELETE', `${P}/${docA}`],
      ['GET', `${P}/${docA}/chunks/`],
      ['GET', `${P}/${docA}/jobs`],
      ['GET', `${P}/jobs/${job}`],
      ['POST', `${P}/${docA}/reindex`],
      ['PATCH', `${P}/${docA}/ai-description`, { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'description=stolen' }],
      ['PATCH', `${P}/${docA}/tags`, { payload: { tags: ['stolen'] } }],
      ['GET', `${P}/${docA}/file`],
    ];
    for (const [method, url, extra] of routes) {
      const res = await inject(method, url, b, extra);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().detail).toMatch(/not found/i);
    }
    const untouched = await getDocument(t, a, docA);
    expect(untouched).toMatchObject({ filename: 'Quarterly Report.txt', tags: ['finance', 'q3'], status: 'indexed' });
    const other = await upload(t, b, 'mine.txt', 'b');
    expect(other.statusCode).toBe(201);
  });
});
