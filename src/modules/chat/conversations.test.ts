import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTenant, startTestService, type TestService, type TestTenant } from '../../../test/harness.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../../test/peers/fake-openai.js';
import { activate, configureProvider } from '../../../test/support/llm.js';
import { allChunks, indexedOk } from '../../../test/support/documents.js';
import { ask, citing, seedDocuments } from '../../../test/support/chat.js';
import { rows } from '../../platform/db/database.js';

/**
 * Conversations belong to the principal that started them (a user or an API key); admins see the tenant's with
 * ?all=true. The documents a conversation cited are listed with their status, a deleted one as missing, and stored
 * citations survive deletion and re-indexing.
 */
let t: TestService;
let fake: FakeOpenAI;
let a: TestTenant;
let b: TestTenant;
let m1: { userId: string; token: string };
let m2: { userId: string; token: string };
let key: { id: string; key: string };
let ids: Record<string, string>;

const P = '/api/v1/conversations';
type Method = 'GET' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

async function conversationOf(token: string, query: string, extra: Record<string, unknown> = {}) {
  const res = await ask(t, a, { query, ...extra }, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { conversation_id: string; message_id: string; answer: string; citations: any[] };
}

beforeAll(async () => {
  fake = await startFakeOpenAI();
  t = await startTestService({ env: { PROVIDER_ALLOW_PRIVATE_URLS: 'true' } });
  [a, b] = await Promise.all([createTenant(t, 'Acme'), createTenant(t, 'Globex')]);
  await configureProvider(t, a, fake.url);
  await activate(t, a, 'gpt-4o-mini', true);
  m1 = await a.userToken('member');
  m2 = await a.userToken('member');
  key = await a.apiKey(['chat:query', 'documents:read', 'feedback:read', 'feedback:write']);
  ids = await seedDocuments(t, a, [
    { name: 'paris.md', text: '# France\n\nThe capital of France is Paris. Paris hosts the Louvre museum.' },
    { name: 'rome.md', text: '# Italy\n\nThe capital of Italy is Rome. The Colosseum stands in Rome.' },
    { name: 'tokyo.md', text: '# Japan\n\nThe capital of Japan is Tokyo. The Skytree stands in Tokyo.' },
  ]);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => fake.reset());

describe('a principal’s conversations', () => {
  it('are listed most recent activity first, paged, and a continued one moves up', async () => {
    const first = await conversationOf(m1.token, 'first question');
    const second = await conversationOf(m1.token, 'second question');
    const third = await conversationOf(m1.token, 'third question');
    const list = (await call('GET', `${P}/`, m1.token)).json();
    expect(list).toMatchObject({ total: 3, skip: 0, limit: 50 });
    expect(list.items.map((c: any) => c.title)).toEqual(['third question', 'second question', 'first question']);
    expect(list.items[0]).toMatchObject({ conversation_id: third.conversation_id, owner: { kind: 'user', id: m1.userId }, message_count: 2 });

    await conversationOf(m1.token, 'a follow-up', { conversation_id: first.conversation_id });
    const after = (await call('GET', `${P}/?skip=0&limit=2`, m1.token)).json();
    expect(after).toMatchObject({ total: 3, skip: 0, limit: 2 });
    expect(after.items.map((c: any) => c.conversation_id)).toEqual([first.conversation_id, third.conversation_id]);
    expect((await call('GET', `${P}/?skip=2&limit=2`, m1.token)).json().items.map((c: any) => c.conversation_id)).toEqual([second.conversation_id]);
    expect(after.items[0].message_count).toBe(4);
  });

  it('one is read with its messages, renamed, and deleted with its messages and feedback', async () => {
    fake.setReply(citing([['Louvre', 'Paris has the Louvre']]));
    const c = await conversationOf(m1.token, 'Which museum is in Paris?');
    const got = (await call('GET', `${P}/${c.conversation_id}`, m1.token)).json();
    expect(got.messages.map((m: any) => [m.role, m.content])).toEqual([
      ['user', 'Which museum is in Paris?'],
      ['assistant', 'Paris has the Louvre [1].'],
    ]);
    expect(got.messages[1]).toMatchObject({ message_id: c.message_id, model: 'gpt-4o-mini', status: 'complete', citations: c.citations });
    expect(got.messages[1].usage).toMatchObject({ prompt_tokens: expect.any(Number), completion_tokens: 5 });

    const renamed = await call('PATCH', `${P}/${c.conversation_id}`, m1.token, { title: '  Museums  ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().title).toBe('Museums');
    expect((await call('PATCH', `${P}/${c.conversation_id}`, m1.token, { title: '   ' })).statusCode).toBe(422);
    expect((await call('PATCH', `${P}/${c.conversation_id}`, m1.token, { title: 'x'.repeat(201) })).statusCode).toBe(422);

    const feedback = await t.app.inject({ method: 'POST', url: '/api/v1/feedback', headers: { authorization: `Bearer ${m1.token}` }, payload: { message_id: c.message_id, rating: 'up' } });
    expect(feedback.statusCode).toBe(201);
    expect((await call('DELETE', `${P}/${c.conversation_id}`, m1.token)).statusCode).toBe(204);
    expect((await call('GET', `${P}/${c.conversation_id}`, m1.token)).statusCode).toBe(404);
    const left = await t.service.ctx.db.tenant(a.tenantId, async (tx) => ({
      messages: await rows(tx, sql`SELECT 1 FROM conversation_messages WHERE conversation_id = ${c.conversation_id}`),
      feedback: await rows(tx, sql`SELECT 1 FROM message_feedback WHERE conversation_id = ${c.conversation_id}`),
    }));
    expect(left).toEqual({ messages: [], feedback: [] });
    expect((await call('DELETE', `${P}/${c.conversation_id}`, m1.token)).statusCode).toBe(404);
  });

  it('an API key owns the conversations it starts', async () => {
    const c = await conversationOf(key.key, 'asked by a server');
    const list = (await call('GET', `${P}/`, key.key)).json();
    expect(list.items.map((x: any) => x.conversation_id)).toEqual([c.conversation_id]);
    expect(list.items[0].owner).toEqual({ kind: 'api_key', id: key.id });
    // Not the owner's (a user), unless the owner asks for the whole tenant.
    expect((await call('GET', `${P}/`, a.token)).json().items.map((x: any) => x.conversation_id)).not.toContain(c.conversation_id);
    expect((await call('GET', `${P}/?all=true`, a.token)).json().items.map((x: any) => x.conversation_id)).toContain(c.conversation_id);
  });
});

describe('isolation', () => {
  it("another principal's conversation is a 404 like an unknown id, everywhere, and nothing is stored", async () => {
    const c = await conversationOf(m1.token, 'private question');
    const missing = await call('GET', `${P}/${randomUUID()}`, m2.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'conversation_not_found' });
    for (const [token, who] of [
      [m2.token, 'another member'],
      [key.key, 'an API key of the tenant'],
      [b.token, "another tenant's owner"],
    ]) {
      for (const res of [
        await call('GET', `${P}/${c.conversation_id}`, token),
        await call('PATCH', `${P}/${c.conversation_id}`, token, { title: 'pwned' }),
        await call('DELETE', `${P}/${c.conversation_id}`, token),
        await call('GET', `/api/v1/documents/by-conversation/${c.conversation_id}`, token),
      ]) {
        expect(res.statusCode, who).toBe(404);
        expect(res.body, who).toBe(missing.body);
      }
      expect((await call('GET', `${P}/`, token)).json().items.map((x: any) => x.conversation_id), who).not.toContain(c.conversation_id);
    }
    // Continuing it is refused before anything is stored or any provider is called.
    const before = (await call('GET', `${P}/${c.conversation_id}`, m1.token)).json().message_count;
    fake.reset();
    const res = await ask(t, a, { query: 'sneaking in', conversation_id: c.conversation_id }, m2.token);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('conversation_not_found');
    expect(fake.requests).toEqual([]);
    expect((await call('GET', `${P}/${c.conversation_id}`, m1.token)).json()).toMatchObject({ message_count: before, title: 'private question' });
    expect((await call('GET', `${P}/?all=true`, b.token)).json().items).toEqual([]);
  });

  it('admins read, rename and delete any conversation of their tenant; ?all=true is for admins only', async () => {
    const c = await conversationOf(m1.token, 'moderated question');
    expect((await call('GET', `${P}/${c.conversation_id}`, a.token)).statusCode).toBe(200);
    expect((await call('PATCH', `${P}/${c.conversation_id}`, a.token, { title: 'Moderated' })).json().title).toBe('Moderated');
    const all = (await call('GET', `${P}/?all=true&limit=100`, a.token)).json();
    expect(all.items.map((x: any) => x.conversation_id)).toContain(c.conversation_id);
    const refused = await call('GET', `${P}/?all=true`, m1.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('insufficient_scope');
    // An admin may not continue someone else's conversation: it is theirs.
    expect((await ask(t, a, { query: 'as admin', conversation_id: c.conversation_id })).statusCode).toBe(404);
    expect((await call('DELETE', `${P}/${c.conversation_id}`, a.token)).statusCode).toBe(204);
  });
});

describe('documents cited by a conversation', () => {
  it('are listed with their status, filter by status (ready = indexed), and a deleted one shows as missing', async () => {
    fake.setReply(citing([['Louvre', 'Paris has the Louvre'], ['Colosseum', 'Rome has the Colosseum']]));
    const first = await conversationOf(m1.token, 'Paris and Rome: which monuments?');
    fake.setReply(citing([['Colosseum', 'The Colosseum again'], ['Skytree', 'Tokyo has the Skytree']]));
    await conversationOf(m1.token, 'And Rome and Tokyo?', { conversation_id: first.conversation_id });

    const url = `/api/v1/documents/by-conversation/${first.conversation_id}`;
    const listed = (await call('GET', url, m1.token)).json();
    expect(listed.total).toBe(3);
    expect(listed.items.map((d: any) => [d.filename, d.status, d.missing, d.citation_count])).toEqual([
      ['paris.md', 'indexed', false, 1],
      ['rome.md', 'indexed', false, 2],
      ['tokyo.md', 'indexed', false, 1],
    ]);
    expect(listed.items[0].document).toMatchObject({ document_id: ids['paris.md'], filename: 'paris.md', status: 'indexed' });
    expect((await call('GET', `${url}?status=ready`, m1.token)).json().total).toBe(3);
    expect((await call('GET', `${url}?status=error`, m1.token)).json()).toEqual({ items: [], total: 0 });
    expect((await call('GET', `${url}?status=done`, m1.token)).statusCode).toBe(422);
    // An API key with documents:read reads it only for its own conversations; the admin for any.
    expect((await call('GET', url, a.token)).json().total).toBe(3);

    // Tokyo's document is deleted: still listed, as missing, under the name it was cited with.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/documents/${ids['tokyo.md']}`, headers: a.auth() })).statusCode).toBe(204);
    const after = (await call('GET', url, m1.token)).json();
    expect(after.items.at(-1)).toMatchObject({ document_id: ids['tokyo.md'], filename: 'tokyo.md', status: 'missing', missing: true, document: null, citation_count: 1 });
    expect((await call('GET', `${url}?status=ready`, m1.token)).json().items.map((d: any) => d.filename)).toEqual(['paris.md', 'rome.md']);

    // The stored citations keep filename and snippet.
    const messages = (await call('GET', `${P}/${first.conversation_id}`, m1.token)).json().messages;
    const tokyo = messages[3].citations.find((c: any) => c.document_id === ids['tokyo.md']);
    expect(tokyo).toMatchObject({ filename: 'tokyo.md', section: 'Japan' });
    expect(tokyo.snippet).toContain('The capital of Japan is Tokyo.');
  });

  it('a re-indexed document keeps its citations (filename and snippet) though its chunks were replaced', async () => {
    fake.setReply(citing([['Colosseum', 'Rome has the Colosseum']]));
    const c = await conversationOf(m1.token, 'What stands in Rome?');
    const cited = c.citations[0];
    expect(cited.document_id).toBe(ids['rome.md']);

    expect((await t.app.inject({ method: 'POST', url: `/api/v1/documents/${ids['rome.md']}/reindex`, headers: a.auth() })).statusCode).toBe(202);
    await indexedOk(t, a, ids['rome.md']);
    const chunks = (await allChunks(t, a, ids['rome.md'])).map((x) => x.chunk_id);
    expect(chunks).not.toContain(cited.chunk_id);

    const stored = (await call('GET', `${P}/${c.conversation_id}`, m1.token)).json().messages[1].citations[0];
    expect(stored).toEqual(cited);
    const listed = (await call('GET', `/api/v1/documents/by-conversation/${c.conversation_id}`, m1.token)).json();
    expect(listed.items).toMatchObject([{ document_id: ids['rome.md'], filename: 'rome.md', status: 'indexed', missing: false }]);
  });
});
