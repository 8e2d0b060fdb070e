/**
 * Full-text recall: words are alternatives ranked by how many of them a chunk contains,
 * English is stemmed, quoted phrases stay exact, and a tenant's chunks are searched with the text-search
 * configuration they were written with.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestService, type TestService, type TestTenant } from '../../../test/harness.js';
import { indexedOk, search, uploadOk } from '../../../test/support/documents.js';
import { DEFAULT_FUSION } from './search.service.js';

let t: TestService;
let a: TestTenant;
let b: TestTenant;
const ids: Record<string, string> = {};

const docsOf = (res: { items: { document_id: string }[] }) => res.items.map((i) => i.document_id);

async function add(tenant: TestTenant, name: string, text: string) {
  const id = await uploadOk(t, tenant, `${name}.txt`, text);
  await indexedOk(t, tenant, id);
  return id;
}

beforeAll(async () => {
  t = await startTestService();
  [a, b] = await Promise.all([createTenant(t, 'Recall A'), createTenant(t, 'Recall B')]);
  ids.police = await add(a, 'police', 'In 2014 the Pentagon transferred surplus military equipment, including armored vehicles, to local police departments in Kansas.');
  ids.diner = await add(a, 'diner', 'Hamburgers and fries are served all day at the corner diner.');
  ids.inOrder = await add(a, 'in-order', 'The quarterly report was filed late.');
  ids.reversed = await add(a, 'reversed', 'A late report, quarterly as ever, got filed.');
  ids.three = await add(a, 'three', 'Lighthouse keepers trim the lamp wick at dusk.');
  ids.two = await add(a, 'two', 'An oil lamp needs a clean wick.');
  ids.one = await add(a, 'one', 'The lighthouse stands on the cliff.');
  ids.otherTenant = await add(b, 'secret', 'Hamburgers and a lighthouse lamp wick, but in tenant B.');
});
afterAll(async () => t?.close());

describe('full text (mode fulltext)', () => {
  it('a question finds the passage that holds its words, although not every word is in it', async () => {
    const res = await search(t, a, { query: 'military equipment transferred to Kansas police', mode: 'fulltext' });
    expect(docsOf(res)).toEqual([ids.police]);
    expect(res.items[0].text).toContain('Kansas');
  });

  it('English words match their other forms', async () => {
    expect(docsOf(await search(t, a, { query: 'hamburger', mode: 'fulltext' }))).toEqual([ids.diner]);
    expect(docsOf(await search(t, a, { query: 'transferring vehicle', mode: 'fulltext' }))).toEqual([ids.police]);
  });

  it('a quoted phrase matches only those words, adjacent and in that order', async () => {
    expect(docsOf(await search(t, a, { query: '"quarterly report"', mode: 'fulltext' }))).toEqual([ids.inOrder]);
    // Both words alone match both documents.
    expect(new Set(docsOf(await search(t, a, { query: 'quarterly report', mode: 'fulltext' })))).toEqual(new Set([ids.inOrder, ids.reversed]));
    // A phrase is required; the words around it only rank.
    expect(docsOf(await search(t, a, { query: '"report was filed" late dusk', mode: 'fulltext' }))).toEqual([ids.inOrder]);
    expect(docsOf(await search(t, a, { query: '"filed quarterly"', mode: 'fulltext' }))).toEqual([]);
  });

  it('chunks holding every term rank above those holding fewer, with the term count in the score', async () => {
    const res = await search(t, a, { query: 'lighthouse lamp wick', mode: 'fulltext' });
    expect(docsOf(res)).toEqual([ids.three, ids.two, ids.one]);
    expect(res.items.map((i: { score: number }) => Math.floor(i.score))).toEqual([3, 2, 1]);
  });

  it('a -word excludes, OR changes nothing, stop words and unknown words alone find nothing', async () => {
    expect(docsOf(await search(t, a, { query: 'lighthouse lamp -cliff', mode: 'fulltext' }))).toEqual([ids.three, ids.two]);
    expect(docsOf(await search(t, a, { query: 'lighthouse OR lamp OR wick', mode: 'fulltext' }))).toEqual([ids.three, ids.two, ids.one]);
    expect(docsOf(await search(t, a, { query: 'the and to', mode: 'fulltext' }))).toEqual([]);
    expect(docsOf(await search(t, a, { query: 'zzzunknownword', mode: 'fulltext' }))).toEqual([]);
  });

  it('another tenant\'s chunks never match', async () => {
    expect(docsOf(await search(t, a, { query: 'hamburger tenant', mode: 'fulltext' }))).toEqual([ids.diner]);
    expect(docsOf(await search(t, b, { query: 'hamburger police quarterly', mode: 'fulltext', top_k: 50 }))).toEqual([ids.otherTenant]);
  });
});

describe('hybrid', () => {
  it('the question\'s passage comes first in both legs', async () => {
    const res = await search(t, a, { query: 'military equipment transferred to Kansas police' });
    expect(res.items[0].document_id).toBe(ids.police);
    // Reciprocal-rank fusion: first in the full-text leg (weight 1) and first in the built-in embedder's vector leg.
    const { rrfK, builtinVectorWeight } = DEFAULT_FUSION;
    expect(res.items[0].score).toBeCloseTo((1 + builtinVectorWeight) / (rrfK + 1), 12);
  });

  it('another tenant\'s chunks never appear', async () => {
    const res = await search(t, b, { query: 'hamburger lighthouse', top_k: 50 });
    expect(docsOf(res)).toEqual([ids.otherTenant]);
  });
});

describe('text-search configuration of the indexing profile', () => {
  it("'simple' indexes words as written; chunks keep their configuration when the profile changes", async () => {
    const c = await createTenant(t, 'Recall C');
    const setConfig = (config: string) =>
      t.service.ctx.db.tenant(c.tenantId, (tx) =>
        tx.execute(sql`INSERT INTO indexing_profiles (tenant_id, text_search_config) VALUES (${c.tenantId}, ${config})
                       ON CONFLICT (tenant_id) DO UPDATE SET text_search_config = EXCLUDED.text_search_config`),
      );
    await setConfig('simple');
    const unstemmed = await add(c, 'unstemmed', 'Hamburgers grilled over charcoal.');
    expect(docsOf(await search(t, c, { query: 'hamburger', mode: 'fulltext' }))).toEqual([]);
    expect(docsOf(await search(t, c, { query: 'hamburgers', mode: 'fulltext' }))).toEqual([unstemmed]);

    await setConfig('english');
    const stemmed = await add(c, 'stemmed', 'Hamburgers served with pickles.');
    // Each chunk answers the query normalised its own way: 'hamburgers' stays a word for the first, 'hamburg' for the second.
    expect(new Set(docsOf(await search(t, c, { query: 'hamburgers', mode: 'fulltext' })))).toEqual(new Set([unstemmed, stemmed]));
    expect(docsOf(await search(t, c, { query: 'hamburger', mode: 'fulltext' }))).toEqual([stemmed]);
  });
});

describe('text_search_config through the indexing-profile API', () => {
  const profileUrl = '/api/v1/documents/indexing-profile';
  const base = { chunk_size: 512, chunk_overlap: 64, embedding_model: null, parallelism: 4 };

  it("defaults to 'english', is replaced by PUT, refuses other values, and decides how NEW chunks are indexed", async () => {
    const d = await createTenant(t, 'Recall D');
    const profile = async () => (await t.app.inject({ method: 'GET', url: profileUrl, headers: d.auth() })).json();
    const put = (payload: object) => t.app.inject({ method: 'PUT', url: profileUrl, headers: d.auth(), payload });
    expect((await profile()).text_search_config).toBe('english');

    const bad = await put({ ...base, text_search_config: 'german' });
    expect(bad.statusCode).toBe(422);
    expect((await profile()).text_search_config).toBe('english');

    const simple = await put({ ...base, text_search_config: 'simple' });
    expect(simple.statusCode).toBe(200);
    expect(simple.json().text_search_config).toBe('simple');
    expect((await profile()).text_search_config).toBe('simple');
    const unstemmed = await add(d, 'unstemmed', 'Hamburgers grilled over charcoal.');
    // Not stemmed: only the word as written matches.
    expect(docsOf(await search(t, d, { query: 'hamburger', mode: 'fulltext' }))).toEqual([]);
    expect(docsOf(await search(t, d, { query: 'hamburgers', mode: 'fulltext' }))).toEqual([unstemmed]);

    // A PUT without the field is a replace: back to the default, 'english'.
    expect((await put(base)).json().text_search_config).toBe('english');
    const stemmed = await add(d, 'stemmed', 'Hamburgers served with pickles.');
    expect(docsOf(await search(t, d, { query: 'hamburger', mode: 'fulltext' }))).toEqual([stemmed]);
  });
});
