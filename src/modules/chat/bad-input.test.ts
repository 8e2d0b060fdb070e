import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTenant, startTestService, type TestService, type TestTenant } from '../../../test/harness.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../../test/peers/fake-openai.js';
import { activate, configureProvider } from '../../../test/support/llm.js';
import { ask, QUERY, seedDocuments } from '../../../test/support/chat.js';
import { rows } from '../../platform/db/database.js';

/**
 * Bad input to POST /api/v1/chat/query: every case is a clear 4xx, stores nothing, and calls no provider.
 */
let t: TestService;
let fake: FakeOpenAI;
let a: TestTenant;
let b: TestTenant;
let foreign: { memory: string; folder: string; document: string; conversation: string };

beforeAll(async () => {
  fake = await startFakeOpenAI();
  t = await startTestService({ env: { PROVIDER_ALLOW_PRIVATE_URLS: 'true' } });
  [a, b] = await Promise.all([createTenant(t, 'Acme'), createTenant(t, 'Globex')]);
  for (const tenant of [a, b]) {
    await configureProvider(t, tenant, fake.url);
    await activate(t, tenant, 'gpt-4o-mini', true);
  }
  await activate(t, a, 'text-embedding-3-small');
  await seedDocuments(t, a, [{ name: 'notes.txt', text: 'The quarterly report is due on the first Monday of April.' }]);
  // Another tenant's memory, folder, document and conversation.
  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: b.auth(), payload });
  const memory = (await post('/api/v1/memories', { name: 'B' })).json().id;
  const folder = (await post('/api/v1/folders', { name: 'B' })).json().id;
  const { 'b.txt': document } = await seedDocuments(t, b, [{ name: 'b.txt', text: 'Globex secrets.' }]);
  const conversation = (await ask(t, b, { query: 'What secrets?' })).json().conversation_id;
  foreign = { memory, folder, document, conversation };
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => fake.reset());

async function refused(payload: unknown, status: number, code?: string) {
  const res = await t.app.inject({ method: 'POST', url: QUERY, headers: a.auth(), payload: payload as object });
  expect(res.statusCode, `${JSON.stringify(payload).slice(0, 200)} → ${res.body.slice(0, 300)}`).toBe(status);
  if (code) expect(res.json().code).toBe(code);
  expect(fake.requests, 'no provider is called').toEqual([]);
  return res;
}

const storedConversations = async () => (await t.app.inject({ method: 'GET', url: '/api/v1/conversations/?all=true', headers: a.auth() })).json().total;

describe('POST /api/v1/chat/query refuses', () => {
  it('empty, blank, too long and 10 MB queries', async () => {
    await refused({ query: '' }, 422, 'validation_error');
    const blank = await refused({ query: ' \n\t ' }, 422, 'validation_error');
    expect(blank.json().detail[0]).toMatchObject({ loc: ['body', 'query'] });
    await refused({ query: 'x'.repeat(8001) }, 422, 'validation_error');
    await refused({}, 422, 'validation_error');
    await refused({ query: 42 }, 422, 'validation_error');
    const huge = await t.app.inject({
      method: 'POST',
      url: QUERY,
      headers: { ...a.auth(), 'content-type': 'application/json' },
      payload: JSON.stringify({ query: 'x'.repeat(10 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('payload_too_large');
  });

  it('top_k out of range, bad modes, filters and settings', async () => {
    for (const top_k of [0, 51, -1, 2.5, '8x']) await refused({ query: 'report', top_k }, 422, 'validation_error');
    await refused({ query: 'report', mode: 'chat' }, 422);
    await refused({ query: 'report', filters: { tags: { any: 'finance' } } }, 422);
    await refused({ query: 'report', filters: { document_ids: ['not-a-uuid'] } }, 422);
    await refused({ query: 'report', memory_ids: ['not-a-uuid'] }, 422);
    await refused({ query: 'report', conversation_id: 'abc' }, 422);
    await refused({ query: 'report', temperature: 3 }, 422);
    await refused({ query: 'report', max_tokens: 0 }, 422);
    const tooMany = await refused({ query: 'report', max_tokens: 100_000 }, 422);
    expect(tooMany.json().detail[0].msg).toBe('max_tokens is 100000; model gpt-4o-mini writes at most 16384 tokens');
  });

  it("unknown or another tenant's memories, documents, folders and conversations: 404", async () => {
    for (const id of [randomUUID(), foreign.memory]) {
      await refused({ query: 'report', memory_ids: [id] }, 404, 'memory_not_found');
      await refused({ query: 'report', memory_ids: [id], mode: 'retrieve' }, 404, 'memory_not_found');
    }
    for (const id of [randomUUID(), foreign.document]) await refused({ query: 'report', filters: { document_ids: [id] } }, 404, 'document_not_found');
    for (const id of [randomUUID(), foreign.folder]) await refused({ query: 'report', filters: { folder_id: id } }, 404, 'folder_not_found');
    for (const id of [randomUUID(), foreign.conversation]) await refused({ query: 'report', conversation_id: id }, 404, 'conversation_not_found');
  });

  it('a model that is unknown, of the wrong mode or not enabled', async () => {
    await refused({ query: 'report', model: 'no-such-model' }, 404, 'model_not_found');
    const wrong = await refused({ query: 'report', model: 'text-embedding-3-small' }, 400, 'wrong_model_mode');
    expect(wrong.json().detail).toBe('model text-embedding-3-small is a embedding model, not chat');
    await refused({ query: 'report', model: 'gpt-4o' }, 400, 'model_not_enabled');
  });

  it('a key without chat:query', async () => {
    const key = await a.apiKey(['documents:read']);
    const res = await t.app.inject({ method: 'POST', url: QUERY, headers: { authorization: `Bearer ${key.key}` }, payload: { query: 'report' } });
    expect(res.statusCode).toBe(403);
  });

  it('and none of that stored anything', async () => {
    expect(await storedConversations()).toBe(0);
    // The same question, well formed, works.
    const ok = await ask(t, a, { query: 'When is the quarterly report due?' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await storedConversations()).toBe(1);
  });
});

describe('row-level security', () => {
  it("a transaction of one tenant sees none of another's conversations or messages, even with no filter", async () => {
    const seen = await t.service.ctx.db.tenant(a.tenantId, async (tx) => ({
      conversations: await rows<{ tenant_id: string }>(tx, sql`SELECT tenant_id FROM conversations`),
      messages: await rows<{ tenant_id: string }>(tx, sql`SELECT tenant_id FROM conversation_messages`),
      foreign: await rows(tx, sql`SELECT 1 FROM conversations WHERE id = ${foreign.conversation}`),
    }));
    expect(seen.foreign).toEqual([]);
    expect(seen.conversations.every((r) => r.tenant_id === a.tenantId)).toBe(true);
    expect(seen.messages.every((r) => r.tenant_id === a.tenantId)).toBe(true);
    const own = await t.service.ctx.db.tenant(b.tenantId, (tx) => rows(tx, sql`SELECT 1 FROM conversations WHERE id = ${foreign.conversation}`));
    expect(own).toHaveLength(1);
  });
});
