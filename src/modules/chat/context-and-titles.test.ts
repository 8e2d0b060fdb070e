import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTenant, startTestService, type TestService, type TestTenant } from '../../../test/harness.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../../test/peers/fake-openai.js';
import { activate, configureProvider } from '../../../test/support/llm.js';
import { eventually } from '../../../test/support/eventually.js';
import { ask, seedDocuments, sourcesOf } from '../../../test/support/chat.js';

/**
 * With a catalog holding a chat model of a small context window: the sources are packed into the model's
 * max_input_tokens (room left for the answer), and a question that cannot fit is refused. With CHAT_TITLES=model,
 * a new conversation is titled by the chat model after the answer.
 */
let t: TestService;
let fake: FakeOpenAI;
let a: TestTenant;
let dir: string;

const CATALOG = {
  'tiny-chat': { litellm_provider: 'openai', mode: 'chat', max_input_tokens: 700, max_output_tokens: 100, input_cost_per_token: 1e-7, output_cost_per_token: 2e-7 },
  'gpt-4o-mini': { litellm_provider: 'openai', mode: 'chat', max_input_tokens: 128000, max_output_tokens: 16384, input_cost_per_token: 1.5e-7, output_cost_per_token: 6e-7 },
};
// Four documents of about 120 tokens each: the tiny model's window holds two of them.
const paragraph = (topic: string) => `# ${topic}\n\n${`The ${topic.toLowerCase()} department keeps its records in the archive. `.repeat(10)}`;
const isTitleCall = (system: string) => system.startsWith('Write a short title');
/** Requests other than title calls (those of earlier conversations may arrive late: they are written off the response path). */
const answerCalls = () => fake.requests.filter((r) => !isTitleCall((r.body as any).messages[0].content));

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'kb-chat-catalog-'));
  const file = path.join(dir, 'catalog.json');
  await writeFile(file, JSON.stringify(CATALOG));
  fake = await startFakeOpenAI();
  t = await startTestService({ env: { PROVIDER_ALLOW_PRIVATE_URLS: 'true', CATALOG_FILE: file, CHAT_TITLES: 'model', PROVIDER_MAX_RETRIES: '0' } });
  a = await createTenant(t, 'Small windows');
  await configureProvider(t, a, fake.url);
  await activate(t, a, 'tiny-chat', true);
  await activate(t, a, 'gpt-4o-mini');
  await seedDocuments(t, a, ['Finance', 'Legal', 'Sales', 'Support'].map((topic) => ({ name: `${topic.toLowerCase()}.md`, text: paragraph(topic) })));
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => fake.reset());

describe("the model's context window", () => {
  it('holds the best sources that fit, numbered from 1; the others are listed with n null', async () => {
    fake.setReply((request) => (isTitleCall(request.system) ? 'Records' : 'From the sources.'));
    const res = await ask(t, a, { query: 'Where do the departments keep their records?' });
    expect(res.statusCode, res.body).toBe(200);
    const sources = res.json().sources;
    expect(sources).toHaveLength(4);
    const packed = sources.filter((s: any) => s.n !== null);
    expect(packed.map((s: any) => s.n)).toEqual([1, 2]);
    expect(sources.slice(2).map((s: any) => s.n)).toEqual([null, null]);
    const [answerCall] = answerCalls();
    const given = sourcesOf({ lastUser: (answerCall.body as any).messages.at(-1).content });
    expect(given.map((g) => g.document)).toEqual(packed.map((s: any) => s.filename));
    // The same question to a model with a large window gets every source.
    const large = (await ask(t, a, { query: 'Where do the departments keep their records?', model: 'gpt-4o-mini' })).json();
    expect(large.sources.map((s: any) => s.n)).toEqual([1, 2, 3, 4]);
  });

  it('leaves the room asked for the answer: a larger max_tokens fits fewer sources', async () => {
    const res = await ask(t, a, { query: 'Where do the departments keep their records?', max_tokens: 100, model: 'gpt-4o-mini' });
    expect(res.json().sources.every((s: any) => s.n !== null)).toBe(true);
    const tight = await ask(t, a, { query: 'Where do the departments keep their records?', max_tokens: 100 });
    const roomy = await ask(t, a, { query: 'Where do the departments keep their records?', max_tokens: 20 });
    const count = (r: typeof tight) => r.json().sources.filter((s: any) => s.n !== null).length;
    expect(count(roomy)).toBeGreaterThan(count(tight));
  });

  it('refuses a question that does not fit the window, before any provider call or storage', async () => {
    const res = await ask(t, a, { query: `Where are the records? ${'really '.repeat(700)}` });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0].msg).toBe('The question does not fit the context window of model tiny-chat (700 tokens)');
    expect(answerCalls()).toEqual([]);
  });
});

describe('CHAT_TITLES=model', () => {
  const title = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/v1/conversations/${id}`, headers: a.auth() })).json().title;

  it("titles a new conversation with the chat model's words after the answer", async () => {
    fake.setReply((request) => (isTitleCall(request.system) ? 'Title: "Where records are kept."' : 'In the archive.'));
    const res = await ask(t, a, { query: 'Where do the departments keep their records, and who may read them?' });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().conversation_id;
    expect(await eventually('the model-written title', () => title(id), (x) => x === 'Where records are kept', 10_000, 25)).toBe('Where records are kept');
    const titleCalls = () => fake.requests.filter((r) => isTitleCall((r.body as any).messages[0].content)).map((r) => (r.body as any).messages[1].content);
    expect(titleCalls()).toContain('Where do the departments keep their records, and who may read them?');
    // A follow-up is not retitled.
    // (Condensed first, within the tiny model's 100 output tokens.)
    const followUp = await ask(t, a, { query: 'And the legal department?', conversation_id: id });
    expect(followUp.statusCode, followUp.body).toBe(200);
    expect(fake.requests.some((r) => (r.body as any).max_tokens === 100)).toBe(true);
    expect(titleCalls()).not.toContain('And the legal department?');
    expect(await title(id)).toBe('Where records are kept');
  });

  it('keeps the first question as the title when the title call fails', async () => {
    fake.setReply((request) => {
      if (isTitleCall(request.system)) throw new Error('the peer answers 500');
      return 'In the archive.';
    });
    const res = await ask(t, a, { query: 'Who keeps the sales records?' });
    expect(res.statusCode, res.body).toBe(200);
    await eventually(
      'the failed title call in the error log',
      async () => (await t.app.inject({ method: 'GET', url: '/api/v1/llm/errors', headers: a.auth() })).json().total,
      (n) => n > 0,
      10_000,
      25,
    );
    expect(await title(res.json().conversation_id)).toBe('Who keeps the sales records?');
  });
});
