import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTenant, startTestService, type TestService, type TestTenant } from '../../../test/harness.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../../test/peers/fake-openai.js';
import { activate, configureProvider } from '../../../test/support/llm.js';
import { allChunks } from '../../../test/support/documents.js';
import { ask, citing, isCondensing, seedDocuments, sourcesOf } from '../../../test/support/chat.js';
import { ANSWER_INSTRUCTIONS, NO_SOURCES_INSTRUCTIONS } from './query/prompt.js';

/**
 * POST /api/v1/chat/query in mode answer and retrieve, against the loopback OpenAI-compatible peer: grounded answers
 * whose citations map to the chunks that hold the facts, renumbering, the no-source answer, filters, condensing with
 * history. Reranking has its own file (rerank.test.ts), streams theirs (stream.test.ts).
 */
let t: TestService;
let fake: FakeOpenAI;
let a: TestTenant;
let europe: string;
let empty: string;
let folder: string;
let ids: Record<string, string>;

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: a.auth(), payload });

beforeAll(async () => {
  fake = await startFakeOpenAI();
  t = await startTestService({ env: { PROVIDER_ALLOW_PRIVATE_URLS: 'true' } });
  a = await createTenant(t, 'Acme');
  await configureProvider(t, a, fake.url);
  await activate(t, a, 'gpt-4o-mini', true);
  await activate(t, a, 'text-embedding-3-small');
  europe = (await post('/api/v1/memories', { name: 'Europe' })).json().id;
  empty = (await post('/api/v1/memories', { name: 'Nothing yet' })).json().id;
  folder = (await post('/api/v1/folders', { name: 'Germany' })).json().id;
  ids = await seedDocuments(t, a, [
    {
      name: 'paris.md',
      text: '# France\n\nThe capital of France is Paris. Paris hosts the Louvre museum, the largest art museum in the world.',
      options: { fields: { memory_id: europe, tags: 'eu,fr' } },
    },
    {
      name: 'rome.md',
      text: '# Italy\n\nThe capital of Italy is Rome. The Colosseum, an ancient amphitheatre, stands in the centre of Rome.',
      options: { fields: { memory_id: europe, tags: 'eu,it' } },
    },
    { name: 'tokyo.md', text: '# Japan\n\nThe capital of Japan is Tokyo. The Tokyo Skytree is a broadcasting tower in Tokyo.', options: { fields: { tags: 'asia' } } },
    { name: 'berlin.md', text: '# Germany\n\nThe capital of Germany is Berlin. The Brandenburg Gate is a monument in Berlin.', options: { fields: { folder_id: folder, tags: 'eu' } } },
  ]);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => fake.reset());

const chatRequests = () => fake.requests.filter((r) => r.path === '/v1/chat/completions');

describe('an answer', () => {
  it('cites the chunks that hold the facts, renumbered in order of first use, without markers naming no source', async () => {
    // The reply states the fact of whichever of the two sources the model was given last first, so the numbers it
    // cites ([3] then [1], say) must be renumbered ([1] then [2]).
    fake.setReply((request) => {
      const given = sourcesOf(request);
      const rome = given.find((x) => x.text.includes('Colosseum'))!;
      const paris = given.find((x) => x.text.includes('Louvre'))!;
      const facts = [`The Colosseum is in Rome [${rome.id}].`, `The Louvre is in Paris [${paris.id}].`];
      return `${(rome.id > paris.id ? facts : facts.reverse()).join(' ')} Tokyo is elsewhere [42].`;
    });
    const res = await ask(t, a, { query: 'Which museum is in Paris, the capital of France? And the Colosseum?' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();

    const [request] = chatRequests();
    const given = sourcesOf({ lastUser: (request.body as any).messages.at(-1).content });
    const romeGiven = given.find((s) => s.document === 'rome.md')!;
    const parisGiven = given.find((s) => s.document === 'paris.md')!;
    const [firstDoc, secondDoc] = romeGiven.id > parisGiven.id ? ['rome.md', 'paris.md'] : ['paris.md', 'rome.md'];
    const sentence: Record<string, string> = { 'rome.md': 'The Colosseum is in Rome', 'paris.md': 'The Louvre is in Paris' };
    expect(body.answer).toBe(`${sentence[firstDoc]} [1]. ${sentence[secondDoc]} [2]. Tokyo is elsewhere.`);

    const romeChunks = (await allChunks(t, a, ids['rome.md'])).map((c) => c.chunk_id);
    const parisChunks = (await allChunks(t, a, ids['paris.md'])).map((c) => c.chunk_id);
    expect(body.citations).toHaveLength(2);
    const cited = Object.fromEntries(body.citations.map((c: any) => [c.filename, c]));
    expect(cited[firstDoc].n).toBe(1);
    expect(cited[secondDoc].n).toBe(2);
    expect(cited['rome.md']).toMatchObject({ document_id: ids['rome.md'], section: 'Italy', page: null });
    expect(romeChunks).toContain(cited['rome.md'].chunk_id);
    expect(cited['rome.md'].snippet).toContain('The Colosseum, an ancient amphitheatre');
    expect(cited['paris.md']).toMatchObject({ document_id: ids['paris.md'], section: 'France' });
    expect(parisChunks).toContain(cited['paris.md'].chunk_id);

    // Sources: everything retrieved, numbered as the model saw them.
    const bySource = new Map(body.sources.map((s: any) => [s.filename, s]));
    expect(bySource.get('rome.md')).toMatchObject({ n: romeGiven.id, chunk_id: cited['rome.md'].chunk_id });
    expect(bySource.get('paris.md')).toMatchObject({ n: parisGiven.id, chunk_id: cited['paris.md'].chunk_id });
    expect(body.sources.map((s: any) => s.n)).toEqual(body.sources.map((_: unknown, i: number) => i + 1));

    expect(body).toMatchObject({ model: 'gpt-4o-mini', status: 'complete', reranked_by: null });
    expect(body.usage.prompt_tokens).toBeGreaterThan(50);
    // gpt-4o-mini: 1.5e-7 per input token, 6e-7 per output token.
    expect(body.usage.cost).toBeCloseTo(body.usage.prompt_tokens * 1.5e-7 + body.usage.completion_tokens * 6e-7, 12);
    expect(Number.isInteger(body.latency_ms)).toBe(true);
    expect(body.timings.generation_ms).toBeLessThanOrEqual(body.latency_ms);
    expect(body).not.toHaveProperty('condensed_query');

    // The prompt: instructions, then the numbered sources and the question.
    const messages = (request.body as any).messages;
    expect(messages.map((m: any) => m.role)).toEqual(['system', 'user']);
    expect(messages[0].content).toBe(ANSWER_INSTRUCTIONS);
    expect(messages[1].content).toMatch(/^<sources>\n<source id="1" document="\w+\.md" section="\w+">\n/);
    expect(messages[1].content.endsWith('</sources>\n\nQuestion: Which museum is in Paris, the capital of France? And the Colosseum?')).toBe(true);

    // Stored: the question and the answer, with the same citations.
    const conversation = (await t.app.inject({ method: 'GET', url: `/api/v1/conversations/${body.conversation_id}`, headers: a.auth() })).json();
    expect(conversation.title).toBe('Which museum is in Paris, the capital of France? And the Colosseum?');
    expect(conversation.messages.map((m: any) => [m.role, m.status])).toEqual([
      ['user', 'complete'],
      ['assistant', 'complete'],
    ]);
    expect(conversation.messages[1]).toMatchObject({ message_id: body.message_id, content: body.answer, citations: body.citations, model: 'gpt-4o-mini', usage: body.usage });
  });

  it('with nothing retrieved, asks the model with no sources to say so, and invents no citation', async () => {
    fake.setReply('The documents do not say [1].');
    const res = await ask(t, a, { query: 'What is the capital of France?', memory_ids: [empty] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ answer: 'The documents do not say.', citations: [], sources: [] });
    const messages = (chatRequests()[0].body as any).messages;
    expect(messages[0].content).toBe(NO_SOURCES_INSTRUCTIONS);
    expect(messages.at(-1).content).toBe('Question: What is the capital of France?');
  });

  it('passes temperature and max_tokens to the model', async () => {
    const res = await ask(t, a, { query: 'capital of Japan', temperature: 0.2, max_tokens: 300 });
    expect(res.statusCode, res.body).toBe(200);
    expect(chatRequests()[0].body).toMatchObject({ model: 'gpt-4o-mini', temperature: 0.2, max_tokens: 300 });
  });

  it('uses the model named in the request instead of the default', async () => {
    await activate(t, a, 'gpt-4o');
    const res = await ask(t, a, { query: 'capital of Japan', model: 'gpt-4o' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().model).toBe('gpt-4o');
    expect(chatRequests()[0].body).toMatchObject({ model: 'gpt-4o' });
  });
});

describe('filters', () => {
  const retrieved = async (payload: Record<string, unknown>) => {
    const res = await ask(t, a, { mode: 'retrieve', top_k: 50, ...payload });
    expect(res.statusCode, res.body).toBe(200);
    return new Set<string>(res.json().sources.map((s: any) => s.filename));
  };

  it('a chunk outside the memories, tags, documents or folder asked for is never a source', async () => {
    const query = 'capital monument museum tower Tokyo Berlin Paris Rome';
    expect(await retrieved({ query })).toEqual(new Set(['paris.md', 'rome.md', 'tokyo.md', 'berlin.md']));
    expect(await retrieved({ query, memory_ids: [europe] })).toEqual(new Set(['paris.md', 'rome.md']));
    expect(await retrieved({ query, filters: { tags: { any: ['asia', 'it'] } } })).toEqual(new Set(['tokyo.md', 'rome.md']));
    expect(await retrieved({ query, filters: { tags: { all: ['eu', 'fr'] } } })).toEqual(new Set(['paris.md']));
    expect(await retrieved({ query, filters: { document_ids: [ids['tokyo.md']] } })).toEqual(new Set(['tokyo.md']));
    expect(await retrieved({ query, filters: { folder_id: folder } })).toEqual(new Set(['berlin.md']));
    expect(await retrieved({ query, filters: { folder_id: null }, memory_ids: [europe] })).toEqual(new Set(['paris.md', 'rome.md']));
  });

  it('an answer over a memory is given only that memory\'s sources, and the conversation remembers the memory', async () => {
    fake.setReply(citing([['Tokyo', 'Tokyo']]));
    const res = await ask(t, a, { query: 'What is the capital of Japan?', memory_ids: [europe] });
    expect(res.statusCode, res.body).toBe(200);
    const given = sourcesOf({ lastUser: (chatRequests()[0].body as any).messages.at(-1).content });
    expect(new Set(given.map((s) => s.document))).toEqual(new Set(['paris.md', 'rome.md']));
    expect(res.json().citations).toEqual([]);
    const list = (await t.app.inject({ method: 'GET', url: `/api/v1/conversations/?memory_id=${europe}`, headers: a.auth() })).json();
    expect(list.items.map((c: any) => c.conversation_id)).toContain(res.json().conversation_id);
    expect(list.items.find((c: any) => c.conversation_id === res.json().conversation_id).memory_ids).toEqual([europe]);
  });
});

describe('mode retrieve', () => {
  it('returns numbered sources with no model call, for a tenant with no provider at all', async () => {
    const b = await createTenant(t, 'No provider');
    await seedDocuments(t, b, [{ name: 'notes.txt', text: 'The quarterly report is due on the first Monday of April.' }]);
    const res = await ask(t, b, { query: 'When is the quarterly report due?', mode: 'retrieve' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.sources).toHaveLength(1);
    expect(body.sources[0]).toMatchObject({ n: 1, filename: 'notes.txt', snippet: 'The quarterly report is due on the first Monday of April.' });
    expect(body).toMatchObject({ reranked_by: null });
    expect(body).not.toHaveProperty('conversation_id');
    expect(fake.requests).toEqual([]);
    // Nothing is stored in retrieve mode.
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/conversations/', headers: b.auth() })).json().total).toBe(0);
  });
});

describe('with no usable chat model', () => {
  it('mode answer is a 400 naming what to configure; nothing stored, no provider called', async () => {
    const b = await createTenant(t, 'Unconfigured');
    await seedDocuments(t, b, [{ name: 'notes.txt', text: 'The quarterly report is due on the first Monday of April.' }]);
    const res = await ask(t, b, { query: 'When is the quarterly report due?' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('chat_model_not_configured');
    expect(res.json().detail).toContain('/api/v2/llm/providers/{provider}/credentials');
    expect(res.json().detail).toContain('is_default: true');

    // A default model whose provider has no key: the gate names the provider.
    await activate(t, b, 'gpt-4o-mini', true);
    const noKey = await ask(t, b, { query: 'When is the quarterly report due?' });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json()).toMatchObject({ code: 'provider_not_configured', detail: 'Provider openai has no API key configured for this tenant' });

    expect((await t.app.inject({ method: 'GET', url: '/api/v1/conversations/', headers: b.auth() })).json().total).toBe(0);
    expect(fake.requests).toEqual([]);
  });
});

describe('a follow-up in a conversation', () => {
  it('is condensed with the recent turns into a standalone query, stored, and answered with history and sources', async () => {
    fake.setReply(citing([['Skytree', 'The capital of Japan is Tokyo']]));
    const first = (await ask(t, a, { query: 'What is the capital of Japan?' })).json();
    expect(first.answer).toBe('The capital of Japan is Tokyo [1].');
    fake.reset();

    // Asked as it stands, the follow-up finds Berlin's monument; condensed, it finds Tokyo's tower.
    const followUp = 'Which monument does its capital have?';
    const standalone = 'Which tower stands in Tokyo, the capital of Japan?';
    const raw = (await ask(t, a, { query: followUp, mode: 'retrieve' })).json();
    expect(raw.sources[0].filename).toBe('berlin.md');

    fake.setReply((request) => (isCondensing(request) ? `Standalone question: "${standalone}"` : citing([['Skytree', 'The Tokyo Skytree']])(request)));
    const res = await ask(t, a, { query: followUp, conversation_id: first.conversation_id });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ conversation_id: first.conversation_id, condensed_query: standalone, answer: 'The Tokyo Skytree [1].' });
    expect(body.sources[0].filename).toBe('tokyo.md');
    expect(body.citations[0]).toMatchObject({ filename: 'tokyo.md' });

    const [condense, answer] = chatRequests().map((r) => (r.body as any).messages);
    expect(chatRequests()).toHaveLength(2);
    // The condensing call sees the transcript, the earlier answer without its markers.
    expect(condense.at(-1).content).toContain('User: What is the capital of Japan?');
    expect(condense.at(-1).content).toContain('Assistant: The capital of Japan is Tokyo.');
    expect(condense.at(-1).content).toContain(`Follow-up question: ${followUp}`);
    expect(condense.at(-1).content).not.toContain('[1]');
    // The answer is written with the history, then the sources retrieved for the standalone query.
    expect(answer.map((m: any) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(answer[1].content).toBe('What is the capital of Japan?');
    expect(answer[2].content).toBe('The capital of Japan is Tokyo.');
    expect(answer[3].content.endsWith(`Question: ${followUp}`)).toBe(true);
    expect(sourcesOf({ lastUser: answer[3].content })[0].document).toBe('tokyo.md');

    // Both calls are paid for by the question (the peer counts a token per word).
    const words = (messages: { content: string }[]) => messages.reduce((n, m) => n + m.content.trim().split(/\s+/).length, 0);
    expect(body.usage.prompt_tokens).toBe(words(condense) + words(answer));
    expect(body.usage.completion_tokens).toBe(words([{ content: `Standalone question: "${standalone}"` }, { content: 'The Tokyo Skytree [1].' }]));

    const stored = (await t.app.inject({ method: 'GET', url: `/api/v1/conversations/${first.conversation_id}`, headers: a.auth() })).json();
    expect(stored.message_count).toBe(4);
    expect(stored.messages.map((m: any) => m.condensed_query)).toEqual([null, null, standalone, null]);
    expect(stored.messages[3].reply_to).toBe(stored.messages[2].message_id);
  });
});
