import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTenant, startTestService, type TestService, type TestTenant } from '../../../test/harness.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../../test/peers/fake-openai.js';
import { activate, configureProvider } from '../../../test/support/llm.js';
import { eventually } from '../../../test/support/eventually.js';
import { citing, parseEvents, QUERY, seedDocuments } from '../../../test/support/chat.js';

/**
 * Streamed answers over a real socket: the order of the events, heartbeats, an upstream failure mid-answer, and a
 * client that leaves mid-answer (the upstream call is aborted, what was generated is stored as incomplete).
 */
let t: TestService;
let fake: FakeOpenAI;
let a: TestTenant;

beforeAll(async () => {
  fake = await startFakeOpenAI();
  t = await startTestService({ listen: true, env: { PROVIDER_ALLOW_PRIVATE_URLS: 'true', SSE_HEARTBEAT_MS: '40', PROVIDER_MAX_RETRIES: '0' } });
  a = await createTenant(t, 'Streams');
  await configureProvider(t, a, fake.url);
  await activate(t, a, 'gpt-4o-mini', true);
  await seedDocuments(t, a, [
    { name: 'paris.md', text: '# France\n\nThe capital of France is Paris. Paris hosts the Louvre museum.' },
    { name: 'rome.md', text: '# Italy\n\nThe capital of Italy is Rome. The Colosseum stands in Rome.' },
  ]);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => fake.reset());

const streamQuery = (payload: object, signal?: AbortSignal) =>
  fetch(new URL(QUERY, t.url), { method: 'POST', headers: { ...a.auth(), 'content-type': 'application/json' }, body: JSON.stringify({ stream: true, ...payload }), signal });

const conversation = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/v1/conversations/${id}`, headers: a.auth() })).json();

describe('stream: true', () => {
  it('sends retrieval, deltas with citations as their markers complete, then done: the blocking answer', async () => {
    fake.setReply(citing([['Colosseum', 'Rome has the Colosseum'], ['Louvre', 'Paris has the Louvre']], ' And [9] nothing.'));
    const res = await streamQuery({ query: 'Which museum does Paris have, and what stands in Rome?' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = parseEvents(await res.text());
    const kinds = events.map((e) => e.event);
    expect(kinds[0]).toBe('retrieval');
    expect(kinds.at(-1)).toBe('done');
    expect(kinds.filter((k) => k === 'citation')).toHaveLength(2);
    expect(new Set(kinds)).toEqual(new Set(['retrieval', 'delta', 'citation', 'done']));

    const [retrieval] = events;
    const done = events.at(-1)!.data;
    expect(retrieval.data).toMatchObject({ conversation_id: done.conversation_id, message_id: done.message_id, sources: done.sources });
    const text = events.filter((e) => e.event === 'delta').map((e) => e.data.text).join('');
    expect(text).toBe(done.answer);
    expect(done.answer).toBe('Rome has the Colosseum [1]. Paris has the Louvre [2]. And nothing.');
    expect(events.filter((e) => e.event === 'citation').map((e) => e.data)).toEqual(done.citations);
    // Each citation comes after the delta that completes its marker, and before any later text.
    for (const citation of done.citations) {
      const at = events.findIndex((e) => e.event === 'citation' && e.data.n === citation.n);
      const shown = events.slice(0, at).filter((e) => e.event === 'delta').map((e) => e.data.text).join('');
      expect(shown).toContain(`[${citation.n}]`);
    }
    expect(done).toMatchObject({ status: 'complete', model: 'gpt-4o-mini' });
    expect(done.usage.completion_tokens).toBeGreaterThan(0);
    expect(fake.requests[0].body).toMatchObject({ stream: true });
    expect((await conversation(done.conversation_id)).messages[1]).toMatchObject({ content: done.answer, citations: done.citations, status: 'complete' });
  });

  it('keeps a quiet stream alive with heartbeats', async () => {
    fake.setMode({ mode: 'slow_stream', delayMs: 300 });
    const res = await streamQuery({ query: 'What is the capital of Italy?' });
    const body = await res.text();
    expect(body).toContain(': ping\n\n');
    expect(parseEvents(body).at(-1)!.event).toBe('done');
  });

  it('aborts the upstream call when the client leaves, and stores what was generated as incomplete', async () => {
    fake.setMode({ mode: 'slow_stream', delayMs: 60_000 });
    const controller = new AbortController();
    const res = await streamQuery({ query: 'one two three four five six seven eight' }, controller.signal);
    const reader = res.body!.getReader();
    let seen = '';
    while (!parseEvents(seen).some((e) => e.event === 'delta')) seen += new TextDecoder().decode((await reader.read()).value);
    const retrieval = parseEvents(seen)[0].data;
    const firstPiece = parseEvents(seen).find((e) => e.event === 'delta')!.data.text;
    controller.abort();

    await fake.waitFor((requests) => requests[0]?.aborted === true, 10_000);
    const stored = await eventually(
      'the incomplete answer to be stored',
      () => t.app.inject({ method: 'GET', url: `/api/v1/conversations/${retrieval.conversation_id}`, headers: a.auth() }),
      (r) => r.statusCode === 200,
      10_000,
      25,
    );
    const messages = stored.json().messages;
    expect(messages.map((m: any) => m.role)).toEqual(['user', 'assistant']);
    // What was generated: the piece the client saw (and the white space held back after it, in case a marker followed).
    expect(messages[1]).toMatchObject({ message_id: retrieval.message_id, status: 'incomplete' });
    expect(messages[1].content.trimEnd()).toBe(firstPiece.trimEnd());
    expect(messages[1].content.length).toBeGreaterThan(0);
    // A client leaving is not a provider failure.
    const log = (await t.app.inject({ method: 'GET', url: '/api/v1/llm/errors', headers: a.auth() })).json();
    expect(log.total).toBe(0);
  });

  it('reports a provider failure mid-answer as an error event, and stores the partial answer with status error', async () => {
    fake.setMode('stream_cut');
    const res = await streamQuery({ query: 'one two three four five six seven eight' });
    const events = parseEvents(await res.text());
    const kinds = events.map((e) => e.event);
    expect(kinds[0]).toBe('retrieval');
    expect(kinds.at(-1)).toBe('error');
    expect(new Set(kinds.slice(1, -1))).toEqual(new Set(['delta']));
    expect(events.at(-1)!.data).toMatchObject({ code: 'provider_stream_interrupted' });
    const partial = events.filter((e) => e.event === 'delta').map((e) => e.data.text).join('');
    const stored = await conversation(events[0].data.conversation_id);
    expect(stored.messages[1]).toMatchObject({ status: 'error', error_code: 'provider_stream_interrupted', content: partial });
  });

  it('refuses bad input before the stream starts, as plain JSON', async () => {
    const res = await streamQuery({ query: 'What is the capital of Italy?', memory_ids: [randomUUID()] });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toMatchObject({ code: 'memory_not_found' });
    expect(fake.requests).toEqual([]);
  });

  it('in mode retrieve, sends the sources then done, with no model call', async () => {
    const res = await streamQuery({ query: 'What is the capital of Italy?', mode: 'retrieve' });
    const events = parseEvents(await res.text());
    expect(events.map((e) => e.event)).toEqual(['retrieval', 'done']);
    expect(events[1].data.sources).toEqual(events[0].data.sources);
    expect(events[1].data.sources.length).toBeGreaterThan(0);
    expect(fake.requests).toEqual([]);
  });
});
