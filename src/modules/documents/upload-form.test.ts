import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant, sharedTestService, type TestService, type TestTenant } from '../../../test/harness.js';
import { multipart, type Part } from '../../../test/support/documents.js';
import { rows } from '../../platform/db/database.js';

/**
 * Single upload (POST /api/v1/documents/) and bulk upload read their form fields with one parser
 * (multipart-fields.ts): the same forms are accepted and the same 422s answered, word for word.
 */
let t: TestService;
let a: TestTenant;

beforeAll(async () => {
  t = await sharedTestService();
  a = await createTenant(t, 'Upload forms');
});

type Fields = Array<[string, string]>;

function send(kind: 'single' | 'bulk', fields: Fields) {
  const parts: Part[] = [{ name: kind === 'single' ? 'file' : 'files', filename: 'note.txt', bytes: Buffer.from('A short note.') }];
  for (const [name, value] of fields) parts.push({ name, value });
  const body = multipart(parts);
  const url = kind === 'single' ? '/api/v1/documents/' : '/api/v1/documents/bulk-upload';
  return t.app.inject({ method: 'POST', url, headers: { ...a.auth(), ...body.headers }, payload: body.payload });
}

const storedDocuments = async () =>
  (await t.service.ctx.db.tenant(a.tenantId, (tx) => rows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM documents WHERE tenant_id = ${a.tenantId}`)))[0].n;

describe('the same refusals, word for word, for single and bulk upload', () => {
  const refused: Array<[string, Fields, { loc: string[]; msg: string; type?: string }]> = [
    ['a NUL in tags', [['tags', 'a\u0000b']], { loc: ['body', 'tags'], msg: 'text must not contain NUL (\\u0000) characters', type: 'value_error.nul' }],
    ['a NUL in memory_id', [['memory_id', '\u0000']], { loc: ['body', 'memory_id'], msg: 'text must not contain NUL (\\u0000) characters', type: 'value_error.nul' }],
    ['a NUL in a field nobody reads', [['comment', 'x\u0000']], { loc: ['body', 'comment'], msg: 'text must not contain NUL (\\u0000) characters', type: 'value_error.nul' }],
    ['a malformed memory_id', [['memory_id', 'not-a-uuid']], { loc: ['body', 'memory_id'], msg: 'memory_id must be a UUID', type: 'uuid_parsing' }],
    ['a malformed folder_id', [['folder_id', 'nope']], { loc: ['body', 'folder_id'], msg: 'folder_id must be a UUID', type: 'uuid_parsing' }],
    ['memory_id twice', [['memory_id', crypto.randomUUID()], ['memory_id', crypto.randomUUID()]], { loc: ['body', 'memory_id'], msg: 'memory_id may be given once' }],
    ['tags that are not strings', [['tags', '[1, 2]']], { loc: ['body', 'tags'], msg: 'tags must be an array of strings' }],
    ['tags that are not JSON', [['tags', '[oops']], { loc: ['body', 'tags'], msg: 'tags is not a valid JSON array' }],
    ['a tag too long', [['tags', 't'.repeat(65)]], { loc: ['body', 'tags'], msg: 'a tag must be at most 64 characters' }],
  ];
  for (const [what, fields, expected] of refused) {
    it(`${what} → 422, nothing stored`, async () => {
      const before = await storedDocuments();
      for (const kind of ['single', 'bulk'] as const) {
        const res = await send(kind, fields);
        expect(res.statusCode, `${kind}: ${res.body}`).toBe(422);
        expect(res.json().detail[0], kind).toMatchObject(expected);
      }
      expect(await storedDocuments()).toBe(before);
    });
  }
});

describe('the same accepted forms for single and bulk upload', () => {
  it('tags repeated, comma-separated or as a JSON array; empty or "null" ids mean none', async () => {
    const fields: Fields = [['tags', 'red, blue'], ['tags', '["green", "red"]'], ['tags', 'amber'], ['memory_id', ''], ['folder_id', 'null']];
    const single = await send('single', fields);
    expect(single.statusCode, single.body).toBe(201);
    expect(single.json()).toMatchObject({ tags: ['red', 'blue', 'green', 'amber'], memory_id: null, folder_id: null });
    const bulk = await send('bulk', fields);
    expect(bulk.statusCode, bulk.body).toBe(202);
    const doc = (await t.app.inject({ method: 'GET', url: `/api/v1/documents/${bulk.json().documents[0].document_id}`, headers: a.auth() })).json();
    expect(doc).toMatchObject({ tags: ['red', 'blue', 'green', 'amber'], memory_id: null, folder_id: null });
  });
});

describe('the OpenAPI document of the single upload', () => {
  it('declares the multipart body: file, memory_id, folder_id, tags', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const body = doc.paths['/api/v1/documents/'].post.requestBody;
    expect(Object.keys(body.content)).toEqual(['multipart/form-data']);
    const schema = body.content['multipart/form-data'].schema;
    expect(Object.keys(schema.properties)).toEqual(['file', 'memory_id', 'folder_id', 'tags']);
    expect(schema.properties.file).toMatchObject({ type: 'string', format: 'binary' });
    expect(schema.required).toEqual(['file']);
  });
});
