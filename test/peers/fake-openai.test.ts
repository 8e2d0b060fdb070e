import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { APICallError, embedMany, generateText, streamText } from 'ai';
import OpenAI, { toFile } from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from './fake-openai.js';

let fake: FakeOpenAI;
let client: OpenAI;

beforeAll(async () => {
  fake = await startFakeOpenAI({ slowMs: 100 });
  client = new OpenAI({ baseURL: fake.url, apiKey: 'sk-tenant-a', maxRetries: 0 });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const norm = (v: ArrayLike<number>) => Math.sqrt(Array.from(v).reduce((s, x) => s + x * x, 0));

describe('with the official openai client', () => {
  it('answers a chat completion deterministically and records the tenant key', async () => {
    const answer = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [
        { role: 'system', content: 'be brief' },
        { role: 'user', content: 'hello there world' },
      ],
    });
    expect(fake.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(answer.model).toBe('gpt-4o-mini');
    expect(answer.choices[0].message.content).toBe('echo: hello there world');
    expect(answer.choices[0].finish_reason).toBe('stop');
    expect(answer.usage).toEqual({ prompt_tokens: 5, completion_tokens: 4, total_tokens: 9 });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({
      method: 'POST',
      path: '/v1/chat/completions',
      status: 200,
      aborted: false,
      body: { model: 'gpt-4o-mini' },
    });
    expect(fake.requests[0].headers.authorization).toBe('Bearer sk-tenant-a');
  });

  it('streams a chat completion in several chunks with a final usage chunk', async () => {
    const stream = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'one two three four five six seven' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    const deltas: string[] = [];
    let usage: OpenAI.CompletionUsage | null | undefined;
    let finish: string | null = null;
    for await (const chunk of stream) {
      if (chunk.choices[0]?.delta.content) deltas.push(chunk.choices[0].delta.content);
      if (chunk.choices[0]?.finish_reason) finish = chunk.choices[0].finish_reason;
      if (chunk.usage) usage = chunk.usage;
    }
    expect(deltas).toEqual(['echo: one ', 'two three ', 'four five ', 'six seven']);
    expect(deltas.join('')).toBe('echo: one two three four five six seven');
    expect(finish).toBe('stop');
    expect(usage).toEqual({ prompt_tokens: 7, completion_tokens: 8, total_tokens: 15 });
  });

  it('embeds with the client’s default base64 encoding and with floats, identically', async () => {
    const b64 = await client.embeddings.create({ model: 'text-embedding-3-small', input: ['alpha', 'beta'] });
    expect(fake.requests[0].body).toMatchObject({ encoding_format: 'base64' });
    expect(b64.data).toHaveLength(2);
    expect(b64.data[0].embedding).toHaveLength(16);
    expect(norm(b64.data[0].embedding)).toBeCloseTo(1, 5);
    expect(b64.usage.prompt_tokens).toBe(2);

    const floats = await client.embeddings.create({
      model: 'text-embedding-3-small',
      input: 'alpha',
      encoding_format: 'float',
    });
    expect(Array.from(floats.data[0].embedding)).toEqual(Array.from(b64.data[0].embedding));
    expect(b64.data[1].embedding).not.toEqual(b64.data[0].embedding);

    const wide = await client.embeddings.create({ model: 'text-embedding-3-small', input: 'alpha', dimensions: 256 });
    expect(wide.data[0].embedding).toHaveLength(256);
  });

  it('generates n images', async () => {
    const images = await client.images.generate({ model: 'dall-e-3', prompt: 'a cat', n: 2 });
    expect(images.data).toHaveLength(2);
    expect(Buffer.from(images.data![0].b64_json!, 'base64').subarray(1, 4).toString()).toBe('PNG');
    const urls = await client.images.generate({ model: 'dall-e-2', prompt: 'a dog', response_format: 'url' });
    expect(urls.data![0].url).toMatch(/^https:\/\//);
  });

  it('transcribes an uploaded file (multipart) in json and verbose_json', async () => {
    const audio = await toFile(Buffer.alloc(32_000, 1), 'speech.wav', { type: 'audio/wav' });
    const plain = await client.audio.transcriptions.create({ model: 'whisper-1', file: audio, language: 'fr' });
    expect(plain.text).toBe('transcribed 32000 bytes');
    expect(fake.requests[0].body).toMatchObject({
      fields: { model: 'whisper-1', language: 'fr' },
      files: [{ field: 'file', filename: 'speech.wav', size: 32_000 }],
    });
    const verbose = await client.audio.transcriptions.create({
      model: 'whisper-1',
      file: await toFile(Buffer.alloc(16_000), 'a.mp3'),
      response_format: 'verbose_json',
    });
    expect(verbose).toMatchObject({ text: 'transcribed 16000 bytes', language: 'en', duration: 1 });
  });

  it('lists models', async () => {
    const ids: string[] = [];
    for await (const model of client.models.list()) ids.push(model.id);
    expect(ids).toContain('gpt-4o-mini');
  });
});

describe('with the Vercel AI SDK', () => {
  const provider = () => createOpenAI({ baseURL: fake.url, apiKey: 'sk-tenant-b' });

  it('generateText through .chat()', async () => {
    const result = await generateText({ model: provider().chat('gpt-4o-mini'), prompt: 'hi there', maxRetries: 0 });
    expect(result.text).toBe('echo: hi there');
    expect(result.finishReason).toBe('stop');
    expect(result.usage).toMatchObject({ inputTokens: 2, outputTokens: 3 });
    expect(fake.requests[0].headers.authorization).toBe('Bearer sk-tenant-b');
  });

  it('streamText with usage', async () => {
    const result = streamText({ model: provider().chat('gpt-4o-mini'), prompt: 'stream me please', maxRetries: 0 });
    let text = '';
    for await (const delta of result.textStream) text += delta;
    expect(text).toBe('echo: stream me please');
    expect((await result.usage).outputTokens).toBe(4);
    expect(fake.requests[0].body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
  });

  it('embedMany', async () => {
    const { embeddings, usage } = await embedMany({
      model: provider().embedding('text-embedding-3-small'),
      values: ['a b', 'c'],
      maxRetries: 0,
    });
    expect(embeddings).toHaveLength(2);
    expect(norm(embeddings[1])).toBeCloseTo(1, 5);
    expect(usage.tokens).toBe(3);
    expect(fake.requests[0].body).toMatchObject({ encoding_format: 'float' });
  });

  it('works through @ai-sdk/openai-compatible as well', async () => {
    const compat = createOpenAICompatible({ name: 'fake', baseURL: fake.url, apiKey: 'sk-c' });
    const result = await generateText({ model: compat.chatModel('any-model'), prompt: 'compat', maxRetries: 0 });
    expect(result.text).toBe('echo: compat');
  });

  it('surfaces statuses as APICallError with the right retryability', async () => {
    fake.setMode('rate_limit');
    const rateLimited = await generateText({ model: provider().chat('gpt-4o-mini'), prompt: 'x', maxRetries: 0 }).catch(
      (e: unknown) => e,
    );
    expect(APICallError.isInstance(rateLimited)).toBe(true);
    expect(rateLimited).toMatchObject({ statusCode: 429, isRetryable: true });

    fake.setMode('unauthorized');
    const denied = await generateText({ model: provider().chat('gpt-4o-mini'), prompt: 'x', maxRetries: 0 }).catch(
      (e: unknown) => e,
    );
    expect(denied).toMatchObject({ statusCode: 401, isRetryable: false });
  });

  it('records the call as aborted when the caller gives up on a hanging provider', async () => {
    fake.setMode('hang');
    const controller = new AbortController();
    const result = streamText({
      model: provider().chat('gpt-4o-mini'),
      prompt: 'wait',
      abortSignal: controller.signal,
      maxRetries: 0,
    });
    await fake.waitFor((r) => r.length === 1);
    controller.abort();
    await expect(result.text).rejects.toThrow();
    await fake.waitFor((r) => r[0].aborted);
    expect(fake.requests[0]).toMatchObject({ mode: 'hang', status: null, aborted: true });
  });
});

describe('failure modes', () => {
  const chat = (headers?: Record<string, string>) =>
    client.chat.completions.create(
      { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'x' }] },
      headers ? { headers } : undefined,
    );

  it('rate_limit: 429 with the OpenAI error body and a configurable Retry-After', async () => {
    fake.setMode({ mode: 'rate_limit', retryAfter: 7 });
    const err = (await chat().catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
    expect(err).toBeInstanceOf(OpenAI.RateLimitError);
    expect(err).toMatchObject({ status: 429, type: 'requests', code: 'rate_limit_exceeded' });
    expect(err.headers?.get('retry-after')).toBe('7');
  });

  it('rate_limit N times, then success: the client’s own retry gets through', async () => {
    fake.setMode({ mode: 'rate_limit', times: 1, retryAfter: 0 });
    const retrying = new OpenAI({ baseURL: fake.url, apiKey: 'sk-tenant-a', maxRetries: 1 });
    const answer = await retrying.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'again' }],
    });
    expect(answer.choices[0].message.content).toBe('echo: again');
    expect(fake.requests.map((r) => [r.mode, r.status])).toEqual([
      ['rate_limit', 429],
      ['ok', 200],
    ]);
  });

  it('quota, unauthorized and server_error give 429, 401 and 500', async () => {
    fake.setMode('quota');
    await expect(chat()).rejects.toMatchObject({ status: 429, code: 'insufficient_quota', type: 'insufficient_quota' });
    fake.setMode('unauthorized');
    await expect(chat()).rejects.toMatchObject({ status: 401, code: 'invalid_api_key' });
    fake.setMode('server_error');
    await expect(chat()).rejects.toMatchObject({ status: 500 });
    expect(fake.requests.map((r) => r.status)).toEqual([429, 401, 500]);
  });

  it('the x-fake-mode header overrides the runtime mode for one request', async () => {
    await expect(chat({ 'x-fake-mode': 'server_error' })).rejects.toMatchObject({ status: 500 });
    await expect(chat()).resolves.toMatchObject({ object: 'chat.completion' });
  });

  it('checks the API key when one is configured', async () => {
    const strict = await startFakeOpenAI({ apiKey: 'sk-right' });
    try {
      const wrong = new OpenAI({ baseURL: strict.url, apiKey: 'sk-wrong', maxRetries: 0 });
      await expect(wrong.models.list()).rejects.toMatchObject({ status: 401, code: 'invalid_api_key' });
      const right = new OpenAI({ baseURL: strict.url, apiKey: 'sk-right', maxRetries: 0 });
      await expect(right.models.list()).resolves.toBeDefined();
    } finally {
      await strict.close();
    }
  });

  it('malformed: 200 with a body that is not JSON', async () => {
    fake.setMode('malformed');
    await expect(chat()).rejects.toThrow();
    expect(fake.requests[0].status).toBe(200);
    const ai = createOpenAI({ baseURL: fake.url, apiKey: 'k' }).chat('gpt-4o-mini');
    await expect(generateText({ model: ai, prompt: 'x', maxRetries: 0 })).rejects.toThrow();
  });

  it('stream_cut: two chunks arrive, then the connection drops (not recorded as a client abort)', async () => {
    fake.setMode('stream_cut');
    const stream = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'a long answer that will be cut' }],
      stream: true,
    });
    const seen: string[] = [];
    const consume = async () => {
      for await (const chunk of stream) seen.push(chunk.choices[0]?.delta.content ?? '');
    };
    await expect(consume()).rejects.toThrow();
    expect(seen).toHaveLength(2);
    expect(fake.requests[0].aborted).toBe(false);
  });

  it('slow: holds the answer back for the configured delay, then answers normally', async () => {
    fake.setMode({ mode: 'slow', delayMs: 1_000 });
    const pending = chat();
    await fake.waitFor((r) => r.length === 1);
    // Received, and not answered yet: the answer waits for the delay.
    expect(fake.requests[0]).toMatchObject({ mode: 'slow', status: null });
    await expect(pending).resolves.toMatchObject({ object: 'chat.completion' });
    expect(fake.requests[0]).toMatchObject({ mode: 'slow', status: 200 });
  });

  it('hold: no answer until release(), then the normal one; the mode counts down like the others', async () => {
    fake.setMode({ mode: 'hold', times: 1 });
    const pending = chat();
    await fake.waitFor((r) => r.length === 1);
    const second = await chat(); // the setting went back to 'ok' after one request
    expect(second).toMatchObject({ object: 'chat.completion' });
    expect(fake.requests[0]).toMatchObject({ mode: 'hold', status: null });
    fake.release();
    await expect(pending).resolves.toMatchObject({ object: 'chat.completion' });
    expect(fake.requests[0]).toMatchObject({ mode: 'hold', status: 200 });
  });

  it('hang: the client’s timeout ends the call, and close() does not wait for hanging calls', async () => {
    const own = await startFakeOpenAI();
    own.setMode('hang');
    const c = new OpenAI({ baseURL: own.url, apiKey: 'k', maxRetries: 0, timeout: 100 });
    await expect(c.models.list()).rejects.toBeInstanceOf(OpenAI.APIConnectionTimeoutError);
    await own.waitFor((r) => r[0]?.aborted === true);

    const pending = new OpenAI({ baseURL: own.url, apiKey: 'k', maxRetries: 0 }).models.list();
    const settled = pending.then(
      () => 'resolved',
      () => 'rejected',
    );
    await own.waitFor((r) => r.length === 2);
    // close() returning at all is the proof: a close that waited for the hanging call would never return.
    await own.close();
    expect(await settled).toBe('rejected');
  });

  it('reset() clears the record and the mode', async () => {
    fake.setMode('server_error');
    await expect(chat()).rejects.toMatchObject({ status: 500 });
    fake.reset();
    expect(fake.requests).toEqual([]);
    await expect(chat()).resolves.toMatchObject({ object: 'chat.completion' });
  });

  it('refuses an unknown mode', () => {
    expect(() => fake.setMode('nope' as never)).toThrow(/unknown fake mode/);
  });
});

describe('scripted replies, rerank and trickling streams', () => {
  it('setReply: a text or a function of the request, streamed or not, until reset()', async () => {
    fake.setReply((request) => `${request.model} saw ${request.messages.length} messages; system: ${request.system}; last: ${request.lastUser}`);
    const ai = createOpenAI({ baseURL: fake.url, apiKey: 'k' }).chat('gpt-4o-mini');
    const { text } = await generateText({ model: ai, system: 'be brief', prompt: 'cite [2]', maxRetries: 0 });
    expect(text).toBe('gpt-4o-mini saw 2 messages; system: be brief; last: cite [2]');
    fake.setReply('Paris [1].');
    const streamed = streamText({ model: ai, prompt: 'x', maxRetries: 0 });
    expect(await streamed.text).toBe('Paris [1].');
    fake.reset();
    expect((await generateText({ model: ai, prompt: 'hi', maxRetries: 0 })).text).toBe('echo: hi');
  });

  it("answers Cohere's /rerank with the lexical cross-scorer's scores, best first, cut at top_n", async () => {
    const documents = ['The office is closed on holidays.', 'A late payment fee applies to an unpaid invoice.', { text: 'An invoice lists the amount.' }];
    const res = await fetch(`${fake.url}/rerank`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer co-key' },
      body: JSON.stringify({ model: 'rerank-v3.5', query: 'late fee on an unpaid invoice', documents, top_n: 2 }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as any;
    expect(body.results.map((r: any) => r.index)).toEqual([1, 2]);
    expect(body.results[0].relevance_score).toBeGreaterThan(body.results[1].relevance_score);
    expect(body.meta.billed_units).toEqual({ search_units: 1 });
    expect(fake.requests[0]).toMatchObject({ path: '/v1/rerank', status: 200 });

    const bad = await fetch(`${fake.url}/rerank`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: 'x' }) });
    expect(bad.status).toBe(400);
    fake.setMode({ mode: 'server_error', times: 1 });
    expect((await fetch(`${fake.url}/rerank`, { method: 'POST', body: JSON.stringify({ query: 'x', documents: ['y'] }) })).status).toBe(500);
  });

  it('slow_stream: the first piece at once, the next ones a delay apart; a client that leaves is recorded as aborted', async () => {
    fake.setMode({ mode: 'slow_stream', delayMs: 60_000 });
    const controller = new AbortController();
    const stream = await client.chat.completions.create(
      { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'one two three four five six seven eight' }], stream: true },
      { signal: controller.signal },
    );
    const seen: string[] = [];
    for await (const chunk of stream) {
      const piece = chunk.choices[0]?.delta.content;
      if (piece) {
        seen.push(piece);
        break; // the next piece is a minute away: leave
      }
    }
    expect(seen).toEqual(['echo: one two ']);
    await fake.waitFor((r) => r[0]?.aborted === true);
    expect(fake.requests[0]).toMatchObject({ mode: 'slow_stream', status: 200, aborted: true });
  });
});
