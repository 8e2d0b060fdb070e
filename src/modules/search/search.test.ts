import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestService, type TestService, type TestTenant } from '../../../test/harness.js';
import { indexedOk, search, settled, uploadOk } from '../../../test/support/documents.js';
import { makePdf } from '../../../test/support/fixtures.js';
import { collapseOverlaps, textsOverlap } from './search.service.js';

let t: TestService;
let a: TestTenant;
let b: TestTenant;
const ids: Record<string, string> = {};
let memoryIce: string;
let memoryFire: string;

const query = (tenant: TestTenant, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/v1/documents/query', headers: tenant.auth(), payload: payload as object });

beforeAll(async () => {
  t = await startTestService();
  [a, b] = await Promise.all([createTenant(t, 'Search A'), createTenant(t, 'Search B')]);
  memoryIce = (await t.app.inject({ method: 'POST', url: '/api/v1/memories', headers: a.auth(), payload: { name: 'Ice' } })).json().id;
  memoryFire = (await t.app.inject({ method: 'POST', url: '/api/v1/memories', headers: a.auth(), payload: { name: 'Fire' } })).json().id;
  const filler = (topic: string) => `${topic} `.repeat(3);
  ids.ice = await uploadOk(t, a, 'glaciers.txt', `Glaciers are melting quickly in the Arctic. ${filler('The ice sheet retreats every summer.')}`, {
    fields: { tags: 'red,blue', memory_id: memoryIce },
  });
  ids.fire = await uploadOk(t, a, 'volcanoes.txt', `A volcano erupts with hot lava and ash. ${filler('Magma chambers feed the eruption.')}`, {
    fields: { tags: 'blue', memory_id: memoryFire },
  });
  ids.sand = await uploadOk(t, a, 'deserts.txt', `Sand dunes move across the desert with the wind. ${filler('Camels cross the dunes at night.')}`);
  ids.pdf = await uploadOk(t, a, 'atlas.pdf', await makePdf([['Introduction to the atlas.'], ['Fjords are carved by glaciers over millennia.']]));
  ids.broken = await uploadOk(t, a, 'broken.pdf', Buffer.from('%PDF-1.4\nnothing here about glaciers'));
  ids.other = await uploadOk(t, b, 'secret.txt', 'Glaciers and volcanoes and dunes, but in tenant B.');
  for (const [name, id] of Object.entries(ids)) {
    if (name === 'broken') await settled(t, a, id);
    else await indexedOk(t, name === 'other' ? b : a, id);
  }
});
afterAll(async () => t?.close());

describe('modes', () => {
  it('hybrid (default) finds the document about the query, with the documented fields', async () => {
    const res = await search(t, a, { query: 'volcano lava eruption' });
    expect(res).toMatchObject({ query: 'volcano lava eruption', mode: 'hybrid' });
    expect(res.total).toBe(res.items.length);
    expect(res.items[0]).toMatchObject({ document_id: ids.fire, filename: 'volcanoes.txt', tags: ['blue'], memory_id: memoryFire, page: null, section: null });
    expect(res.items[0].text).toContain('lava');
    expect(res.items[0].chunk_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.items[0].score).toBeGreaterThan(0);
    const scores = res.items.map((i) => i.score);
    expect([...scores].sort((x, y) => y - x)).toEqual(scores);
  });

  it('vector matches related word forms', async () => {
    const res = await search(t, a, { query: 'glacier melt arctic', mode: 'vector' });
    expect(res.mode).toBe('vector');
    expect(res.items[0].document_id).toBe(ids.ice);
  });

  it('fulltext matches words (websearch syntax), and only them', async () => {
    const res = await search(t, a, { query: 'dunes', mode: 'fulltext' });
    expect(res.items.map((i) => i.document_id)).toEqual([ids.sand]);
    const phrase = await search(t, a, { query: '"sand dunes" -camels', mode: 'fulltext' });
    expect(phrase.items).toHaveLength(0); // the only chunk with the phrase also mentions camels
    expect((await search(t, a, { query: 'zzzunknownword', mode: 'fulltext' })).items).toHaveLength(0);
  });

  it('PDF hits carry their page', async () => {
    const res = await search(t, a, { query: 'fjords carved', mode: 'fulltext' });
    expect(res.items[0]).toMatchObject({ document_id: ids.pdf, page: 2 });
  });

  it('top_k bounds the result count', async () => {
    expect((await search(t, a, { query: 'the', top_k: 2 })).items.length).toBeLessThanOrEqual(2);
    expect((await search(t, a, { query: 'glaciers volcano dunes atlas', top_k: 50 })).items.length).toBeGreaterThan(2);
  });
});

describe('filters', () => {
  it('tags.all needs every tag; tags.any needs one', async () => {
    const all = await search(t, a, { query: 'volcano lava', tags: { all: ['red', 'blue'] } });
    expect(new Set(all.items.map((i) => i.document_id))).toEqual(new Set([ids.ice]));
    const any = await search(t, a, { query: 'volcano glaciers', tags: { any: ['blue'] }, top_k: 50 });
    expect(new Set(any.items.map((i) => i.document_id))).toEqual(new Set([ids.ice, ids.fire]));
    expect((await search(t, a, { query: 'volcano', tags: { any: ['green'] } })).items).toHaveLength(0);
  });

  it('memory_ids and document_ids narrow the search (exact scan path)', async () => {
    const inFire = await search(t, a, { query: 'glaciers ice', memory_ids: [memoryFire], top_k: 50 });
    expect(new Set(inFire.items.map((i) => i.document_id))).toEqual(new Set([ids.fire]));
    const onlySand = await search(t, a, { query: 'glaciers', document_ids: [ids.sand], mode: 'vector' });
    expect(new Set(onlySand.items.map((i) => i.document_id))).toEqual(new Set([ids.sand]));
  });

  it('folder_id null selects documents in no folder', async () => {
    const res = await search(t, a, { query: 'glaciers', folder_id: null, top_k: 50 });
    expect(res.items.length).toBeGreaterThan(0);
    const folder = (await t.app.inject({ method: 'POST', url: '/api/v1/folders', headers: a.auth(), payload: { name: 'Empty' } })).json().id;
    expect((await search(t, a, { query: 'glaciers', folder_id: folder })).items).toHaveLength(0);
  });

  it('documents in error are never returned, nor are other tenants\' chunks', async () => {
    const res = await search(t, a, { query: 'glaciers volcanoes dunes tenant', top_k: 50 });
    const docs = new Set(res.items.map((i) => i.document_id));
    expect(docs.has(ids.broken)).toBe(false);
    expect(docs.has(ids.other)).toBe(false);
    const fromB = await search(t, b, { query: 'glaciers volcanoes dunes', top_k: 50 });
    expect(new Set(fromB.items.map((i) => i.document_id))).toEqual(new Set([ids.other]));
    expect((await search(t, b, { query: 'glaciers', memory_ids: [memoryIce] })).items).toHaveLength(0);
    expect((await search(t, b, { query: 'glaciers', document_ids: [ids.ice] })).items).toHaveLength(0);
  });
});

describe('validation and scope', () => {
  it.each([
    [{}],
    [{ query: '' }],
    [{ query: '   ' }],
    [{ query: 'x'.repeat(2001) }],
    [{ query: 'x', top_k: 0 }],
    [{ query: 'x', top_k: 51 }],
    [{ query: 'x', mode: 'semantic' }],
    [{ query: 'x', memory_ids: ['nope'] }],
    [{ query: 'x', tags: { all: ['x'.repeat(65)] } }],
  ])('422 for %j', async (payload) => {
    expect((await query(a, payload)).statusCode).toBe(422);
  });

  it('needs documents:read', async () => {
    const key = await a.apiKey(['knowledge_bases:read']);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/documents/query', headers: { authorization: `Bearer ${key.key}` }, payload: { query: 'x' } });
    expect(res.statusCode).toBe(403);
  });
});

describe('overlapping hits', () => {
  it('textsOverlap: containment or a shared boundary of at least 32 characters; collapseOverlaps keeps the best of each group', () => {
    const edge = 'the zeppelin floated over the harbour at dawn';
    const first = `A long first passage ends with ${edge}`;
    const second = `${edge} and then a second passage goes on.`;
    expect(textsOverlap(first, second)).toBe(true);
    expect(textsOverlap(second, first)).toBe(true);
    expect(textsOverlap('Short chunk.', 'Before. Short chunk. After.')).toBe(true);
    expect(textsOverlap('ends with the word harbour', 'harbour starts this one, a coincidence')).toBe(false);
    const hits = [
      { document_id: 'd1', text: first, score: 3 },
      { document_id: 'd2', text: second, score: 2.5 }, // same text, another document: kept
      { document_id: 'd1', text: second, score: 2 },
      { document_id: 'd1', text: 'An unrelated passage of the same document.', score: 1 },
    ];
    expect(collapseOverlaps(hits, 10).map((h) => h.score)).toEqual([3, 2.5, 1]);
    expect(collapseOverlaps(hits, 2).map((h) => h.score)).toEqual([3, 2.5]);
  });

  it('a search never returns two hits of one document whose texts overlap', async () => {
    const c = await createTenant(t, 'Search overlap');
    const profile = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/documents/indexing-profile',
      headers: c.auth(),
      payload: { chunk_size: 64, chunk_overlap: 32, embedding_model: null, parallelism: 4 },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const sentences = Array.from({ length: 24 }, (_, i) => `Sentence ${i} tells how the zeppelin number ${i} crossed the northern sea at dawn.`);
    const id = await uploadOk(t, c, 'airships.txt', sentences.join(' '));
    await indexedOk(t, c, id);
    const chunks = (await t.app.inject({ method: 'GET', url: `/api/v1/documents/${id}/chunks/?limit=100`, headers: c.auth() })).json().items;
    // Neighbouring chunks do overlap here, and every chunk matches: without collapsing they would come back together.
    expect(chunks.length).toBeGreaterThan(6);
    expect(textsOverlap(chunks[0].text, chunks[1].text)).toBe(true);
    for (const mode of ['fulltext', 'hybrid', 'vector'] as const) {
      const res = await search(t, c, { query: 'zeppelin crossed the northern sea', mode, top_k: 10 });
      expect(res.items.length, mode).toBeGreaterThan(1);
      for (let i = 0; i < res.items.length; i++) {
        for (let j = i + 1; j < res.items.length; j++) {
          expect(textsOverlap(res.items[i].text, res.items[j].text), `${mode}: hits ${i} and ${j}`).toBe(false);
        }
      }
    }
  });
});

describe('the OpenAPI document of the query', () => {
  it('marks only `query` required: top_k and mode have defaults', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const schema = doc.paths['/api/v1/documents/query'].post.requestBody.content['application/json'].schema;
    expect(schema.required).toEqual(['query']);
    expect(schema.properties.top_k.default).toBe(8);
    expect(schema.properties.mode.default).toBe('hybrid');
    const res = await search(t, a, { query: 'glaciers' });
    expect(res.mode).toBe('hybrid');
  });
});
