import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTenant, startTestService, type TestService, type TestTenant } from '../../../test/harness.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../../test/peers/fake-openai.js';
import { activate, configureProvider } from '../../../test/support/llm.js';
import { ask, citing, seedDocuments } from '../../../test/support/chat.js';

/**
 * Feedback on answers: one rating per answer and principal (a second one updates it), listed with the question,
 * answer and citations, counted per day and per model; principals see their own, admins the tenant's.
 */
let t: TestService;
let fake: FakeOpenAI;
let a: TestTenant;
let b: TestTenant;
let m1: { userId: string; token: string };
let m2: { userId: string; token: string };
let viewer: { userId: string; token: string };

const send = (token: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/v1/feedback', headers: { authorization: `Bearer ${token}` }, payload });
const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

async function answerFor(token: string, query: string, model?: string) {
  const res = await ask(t, a, { query, ...(model ? { model } : {}) }, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { conversation_id: string; message_id: string; answer: string; citations: any[] };
}

beforeAll(async () => {
  fake = await startFakeOpenAI();
  t = await startTestService({ env: { PROVIDER_ALLOW_PRIVATE_URLS: 'true' } });
  [a, b] = await Promise.all([createTenant(t, 'Acme'), createTenant(t, 'Globex')]);
  await configureProvider(t, a, fake.url);
  await activate(t, a, 'gpt-4o-mini', true);
  await activate(t, a, 'gpt-4o');
  m1 = await a.userToken('member');
  m2 = await a.userToken('member');
  viewer = await a.userToken('viewer');
  await seedDocuments(t, a, [{ name: 'rome.md', text: '# Italy\n\nThe capital of Italy is Rome. The Colosseum stands in Rome.' }]);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.reset();
  fake.setReply(citing([['Colosseum', 'The Colosseum stands in Rome']]));
});

describe('POST /api/v1/feedback', () => {
  it('rates an answer (201); rating it again updates the same feedback (200)', async () => {
    const answer = await answerFor(m1.token, 'What stands in Rome?');
    const first = await send(m1.token, { message_id: answer.message_id, rating: 'down', comment: ' wrong monument ', tags: ['wrong', 'wrong', ' source '] });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      message_id: answer.message_id,
      conversation_id: answer.conversation_id,
      rating: 'down',
      comment: 'wrong monument',
      tags: ['wrong', 'source'],
      model: 'gpt-4o-mini',
      principal: { kind: 'user', id: m1.userId },
    });
    const again = await send(m1.token, { message_id: answer.message_id, rating: 'up' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ feedback_id: first.json().feedback_id, rating: 'up', comment: null, tags: [], created_at: first.json().created_at });
    const mine = (await get(m1.token, `/api/v1/feedback/?conversation_id=${answer.conversation_id}`)).json();
    expect(mine.total).toBe(1);
  });

  it('rates only answers the caller may read; a question, an unknown or a foreign message is refused and nothing is stored', async () => {
    const answer = await answerFor(m1.token, 'What stands in Rome?');
    const conversation = (await get(m1.token, `/api/v1/conversations/${answer.conversation_id}`)).json();
    const question = conversation.messages[0].message_id;

    const missing = await send(m2.token, { message_id: randomUUID(), rating: 'up' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('message_not_found');
    for (const [token, who] of [
      [m2.token, 'another member'],
      [b.token, "another tenant's owner"],
    ]) {
      const res = await send(token, { message_id: answer.message_id, rating: 'down' });
      expect(res.statusCode, who).toBe(404);
      expect(res.body, who).toBe(missing.body);
    }
    const onQuestion = await send(m1.token, { message_id: question, rating: 'up' });
    expect(onQuestion.statusCode).toBe(422);
    expect(onQuestion.json().detail[0]).toMatchObject({ loc: ['body', 'message_id'] });
    expect((await send(m1.token, { message_id: answer.message_id, rating: 'meh' })).statusCode).toBe(422);
    expect((await send(m1.token, { message_id: 'nope', rating: 'up' })).statusCode).toBe(422);
    // A viewer holds feedback:read but not feedback:write.
    expect((await send(viewer.token, { message_id: answer.message_id, rating: 'up' })).statusCode).toBe(403);

    expect((await get(a.token, `/api/v1/feedback/?conversation_id=${answer.conversation_id}`)).json().total).toBe(0);
  });

  it('an admin may rate any answer of the tenant, beside the owner’s own rating', async () => {
    const answer = await answerFor(m1.token, 'What stands in Rome?');
    expect((await send(m1.token, { message_id: answer.message_id, rating: 'up' })).statusCode).toBe(201);
    expect((await send(a.token, { message_id: answer.message_id, rating: 'down', tags: ['review'] })).statusCode).toBe(201);
    const all = (await get(a.token, `/api/v1/feedback/?conversation_id=${answer.conversation_id}`)).json();
    expect(all.items.map((f: any) => [f.principal.kind, f.rating])).toEqual([
      ['user', 'down'],
      ['user', 'up'],
    ]);
    // The member sees only their own.
    expect((await get(m1.token, `/api/v1/feedback/?conversation_id=${answer.conversation_id}`)).json().items.map((f: any) => f.rating)).toEqual(['up']);
  });
});

describe('GET /api/v1/feedback/', () => {
  it('lists feedback newest first with the question, the answer and its citations, filtered by rating, conversation and time', async () => {
    const one = await answerFor(m2.token, 'What stands in Rome?');
    const two = await answerFor(m2.token, 'Which monument is in the capital of Italy?');
    await send(m2.token, { message_id: one.message_id, rating: 'down', comment: 'too short' });
    t.service.ctx.clock.advance(60_000);
    await send(m2.token, { message_id: two.message_id, rating: 'up' });

    const list = (await get(m2.token, '/api/v1/feedback/')).json();
    expect(list).toMatchObject({ total: 2, skip: 0, limit: 50 });
    expect(list.items.map((f: any) => f.message_id)).toEqual([two.message_id, one.message_id]);
    expect(list.items[1]).toMatchObject({
      rating: 'down',
      comment: 'too short',
      question: 'What stands in Rome?',
      answer: one.answer,
      answer_status: 'complete',
      citations: one.citations,
      model: 'gpt-4o-mini',
    });
    expect(list.items[1].citations[0]).toMatchObject({ n: 1, filename: 'rome.md' });

    expect((await get(m2.token, '/api/v1/feedback/?rating=down')).json().items.map((f: any) => f.message_id)).toEqual([one.message_id]);
    expect((await get(m2.token, `/api/v1/feedback/?conversation_id=${two.conversation_id}`)).json().items.map((f: any) => f.message_id)).toEqual([two.message_id]);
    const since = list.items[0].updated_at;
    expect((await get(m2.token, `/api/v1/feedback/?since=${encodeURIComponent(since)}`)).json().items.map((f: any) => f.message_id)).toEqual([two.message_id]);
    expect((await get(m2.token, '/api/v1/feedback/?skip=1&limit=1')).json().items.map((f: any) => f.message_id)).toEqual([one.message_id]);

    // Another member's conversation as a filter is a 404; bad filters are 422.
    expect((await get(m1.token, `/api/v1/feedback/?conversation_id=${two.conversation_id}`)).statusCode).toBe(404);
    expect((await get(m2.token, '/api/v1/feedback/?rating=sideways')).statusCode).toBe(422);
    expect((await get(m2.token, '/api/v1/feedback/?since=yesterday')).statusCode).toBe(422);
    // Another tenant sees none of it.
    expect((await get(b.token, '/api/v1/feedback/')).json()).toMatchObject({ items: [], total: 0 });
  });
});

describe('GET /api/v1/feedback/stats', () => {
  it('counts up and down per UTC day and per model, every day listed; members count their own, admins the tenant', async () => {
    const s = await createTenant(t, 'Stats');
    await configureProvider(t, s, fake.url);
    await activate(t, s, 'gpt-4o-mini', true);
    await activate(t, s, 'gpt-4o');
    await seedDocuments(t, s, [{ name: 'rome.md', text: 'The Colosseum stands in Rome.' }]);
    const member = await s.userToken('member');
    const answer = async (token: string, model?: string) => (await ask(t, s, { query: 'What stands in Rome?', ...(model ? { model } : {}) }, token)).json().message_id;
    const rate = (token: string, id: string, rating: string) => send(token, { message_id: id, rating });

    const clock = t.service.ctx.clock;
    await rate(member.token, await answer(member.token), 'up');
    await rate(member.token, await answer(member.token, 'gpt-4o'), 'down');
    await rate(s.token, await answer(s.token, 'gpt-4o'), 'down');
    clock.advance(24 * 3600 * 1000); // the next day
    await rate(member.token, await answer(member.token), 'down');

    const today = clock.now().toISOString().slice(0, 10);
    const yesterday = new Date(clock.now().getTime() - 24 * 3600 * 1000).toISOString().slice(0, 10);
    const admin = (await get(s.token, '/api/v1/feedback/stats?days=3')).json();
    expect(admin).toMatchObject({ days: 3, total: { up: 1, down: 3 } });
    expect(admin.by_day).toHaveLength(3);
    expect(admin.by_day.at(-1)).toEqual({ date: today, up: 0, down: 1 });
    expect(admin.by_day.at(-2)).toEqual({ date: yesterday, up: 1, down: 2 });
    expect(admin.by_day[0]).toMatchObject({ up: 0, down: 0 });
    // Most rated first; a tie by name.
    expect(admin.by_model).toEqual([
      { model: 'gpt-4o', up: 0, down: 2 },
      { model: 'gpt-4o-mini', up: 1, down: 1 },
    ]);
    expect(admin.since).toBe(`${admin.by_day[0].date}T00:00:00.000Z`);

    const own = (await get(member.token, '/api/v1/feedback/stats?days=1')).json();
    expect(own).toMatchObject({ days: 1, total: { up: 0, down: 1 }, by_model: [{ model: 'gpt-4o-mini', up: 0, down: 1 }] });
    expect((await get(member.token, '/api/v1/feedback/stats')).json().days).toBe(7);
    expect((await get(member.token, '/api/v1/feedback/stats?days=0')).statusCode).toBe(422);
    expect((await get(member.token, '/api/v1/feedback/stats?days=91')).statusCode).toBe(422);
  });
});
