import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTenant, startTestService, type TestService, type TestTenant } from '../../../../test/harness.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../../../test/peers/fake-openai.js';
import { activate, configureProvider, usageRows } from '../../../../test/support/llm.js';

let t: TestService;
let fake: FakeOpenAI;
let a: TestTenant;

beforeAll(async () => {
  fake = await startFakeOpenAI();
  t = await startTestService({ env: { PROVIDER_ALLOW_PRIVATE_URLS: 'true', PROVIDER_MAX_RETRIES: '0' } });
  a = await createTenant(t, 'Acme');
  await configureProvider(t, a, fake.url);
  for (const model of ['gpt-4o-mini', 'text-embedding-3-small', 'dall-e-3', 'whisper-1']) await activate(t, a, model);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => fake.reset());

const post = (url: string, payload: object, token?: string) => t.app.inject({ method: 'POST', url, headers: a.auth(token), payload });

describe('POST /api/v1/llm/images/generate', () => {
  it('returns the images as base64 with the cost of each image', async () => {
    const res = await post('/api/v1/llm/images/generate', { model: 'dall-e-3', prompt: 'a cat', n: 2, size: '1024x1024' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ model: 'dall-e-3', provider: 'openai' });
    expect(body.images).toHaveLength(2);
    expect(body.images[0].media_type).toBe('image/png');
    expect(Buffer.from(body.images[0].b64_json, 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect(body.cost_usd).toBeCloseTo(0.08, 10);
    expect(fake.requests[0].body).toMatchObject({ model: 'dall-e-3', prompt: 'a cat', size: '1024x1024' });
    const usage = await usageRows(t, a.tenantId, (rows) => rows.some((r) => r.mode === 'image_generation'));
    expect(usage.find((r) => r.mode === 'image_generation')).toMatchObject({ model: 'dall-e-3', provider: 'openai' });
  });

  it.each([
    [{ model: 'dall-e-3', prompt: 'a cat', n: 11 }, 'n'],
    [{ model: 'dall-e-3', prompt: 'a cat', size: 'huge' }, 'size'],
    [{ model: 'dall-e-3', prompt: '' }, 'prompt'],
  ])('refuses %j with 422', async (payload, field) => {
    const res = await post('/api/v1/llm/images/generate', payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0].loc).toEqual(['body', field]);
  });

  it('refuses a chat model: 400', async () => {
    const res = await post('/api/v1/llm/images/generate', { model: 'gpt-4o-mini', prompt: 'a cat' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('wrong_model_mode');
  });
});

describe('POST /api/v1/llm/audio/transcriptions', () => {
  const audio = Buffer.alloc(32_000, 7);

  it('transcribes base64 audio, with the language hint and the cost per second', async () => {
    const res = await post('/api/v1/llm/audio/transcriptions', { model: 'whisper-1', audio_base64: audio.toString('base64'), filename: 'speech.wav', language: 'fr' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ text: 'transcribed 32000 bytes', language: 'fr', duration: 2, model: 'whisper-1', provider: 'openai' });
    expect(res.json().cost_usd).toBeCloseTo(0.0002, 10);
    expect(fake.requests[0].body).toMatchObject({ fields: { model: 'whisper-1', language: 'fr' }, files: [{ field: 'file', size: 32_000 }] });
  });

  it('accepts a data: URL', async () => {
    const res = await post('/api/v1/llm/audio/transcriptions', { model: 'whisper-1', audio_base64: `data:audio/wav;base64,${audio.toString('base64')}` });
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['not base64 at all', 'this is *not* base64!'],
    ['a broken length', 'QUJDRA=Q'],
    ['a data: URL that is not base64', 'data:audio/wav,abcd'],
  ])('refuses %s with 422', async (_name, text) => {
    const res = await post('/api/v1/llm/audio/transcriptions', { model: 'whisper-1', audio_base64: text });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0].loc).toEqual(['body', 'audio_base64']);
    expect(fake.requests).toHaveLength(0);
  });

  it('refuses more than 25 MB of audio with 413', async () => {
    const big = Buffer.alloc(25 * 1024 * 1024 + 3, 1).toString('base64');
    const res = await post('/api/v1/llm/audio/transcriptions', { model: 'whisper-1', audio_base64: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().detail).toContain('limit');
    expect(fake.requests).toHaveLength(0);
  });
});

describe('POST /api/v1/llm/models/{model_id}/test', () => {
  it('runs one small chat call and reports it', async () => {
    const res = await post('/api/v1/llm/models/gpt-4o-mini/test', {});
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, model: 'gpt-4o-mini', provider: 'openai', error: null });
    expect(body).toMatchObject({
      response: 'echo: This is a connection test. Reply with the single word OK.',
      usage: { prompt_tokens: 11, completion_tokens: 12, total_tokens: 23 },
    });
    // gpt-4o-mini: 1.5e-7 per input token, 6e-7 per output token.
    expect(body.estimated_cost).toBeCloseTo(11 * 1.5e-7 + 12 * 6e-7, 12);
    expect(Number.isInteger(body.latency_ms)).toBe(true);
  });

  it('tests an embedding model too', async () => {
    const res = await post('/api/v1/llm/models/text-embedding-3-small/test', {});
    expect(res.json()).toMatchObject({ success: true, response: 'an embedding of 16 dimensions' });
  });

  it('reports a provider failure as success: false with the reason, and logs it', async () => {
    fake.setMode('unauthorized');
    const res = await post('/api/v1/llm/models/gpt-4o-mini/test', {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: false, response: null, usage: null, error: { code: 'provider_key_rejected', status_code: 401 } });
    expect(res.json().error.detail).toContain('provider key rejected');
    const log = await t.app.inject({ method: 'GET', url: '/api/v1/llm/errors', headers: a.auth() });
    expect(log.json().items[0]).toMatchObject({ error_code: 'invalid_key' });
  });

  it('refuses what cannot be tested', async () => {
    expect((await post('/api/v1/llm/models/no-such-model/test', {})).statusCode).toBe(404);
    expect((await post('/api/v1/llm/models/gpt-4o/test', {})).json()).toMatchObject({ code: 'model_not_enabled' });
    expect((await post('/api/v1/llm/models/dall-e-3/test', {})).json()).toMatchObject({ code: 'model_test_unsupported' });
    const reader = await a.apiKey(['llm:read']);
    expect((await post('/api/v1/llm/models/gpt-4o-mini/test', {}, reader.key)).statusCode).toBe(403);
  });
});
