import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTenant, startTestService, type TestService, type TestTenant } from '../../../../test/harness.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../../../test/peers/fake-openai.js';
import { activate, CHAT_PATHS, chatBody, configureProvider, sseData } from '../../../../test/support/llm.js';

describe.each(CHAT_PATHS)('$path', (chatPath) => {
  let t: TestService;
  let fake: FakeOpenAI;
  let a: TestTenant;

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    t = await startTestService({ env: { ...chatPath.env, PROVIDER_ALLOW_PRIVATE_URLS: 'true' }, listen: true });
    a = await createTenant(t, 'Acme');
    await configureProvider(t, a, fake.url);
    await activate(t, a, 'gpt-4o-mini');
    await activate(t, a, 'text-embedding-3-small');
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => fake.reset());

  const chat = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/v1/llm/chat', headers: a.auth(), payload: payload as object });

  async function errorLog(query = '') {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/llm/errors${query}`, headers: a.auth() });
    expect(res.statusCode).toBe(200);
    return res.json() as { items: Record<string, any>[]; total: number };
  }

  describe('refused before any provider call', () => {
    it('unknown model: 404', async () => {
      const res = await chat(chatBody('no-such-model'));
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toContain('no-such-model');
      expect(fake.requests).toHaveLength(0);
    });

    it('a model the tenant has not enabled: 400', async () => {
      const res = await chat(chatBody('gpt-4o'));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'model_not_enabled' });
      expect(res.json().detail).toContain('not enabled');
    });

    it('a model of the wrong mode: 400', async () => {
      const res = await chat(chatBody('text-embedding-3-small'));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'wrong_model_mode' });
      expect(res.json().detail).toContain('embedding');
    });

    it.each([
      ['an unknown role', { model: 'gpt-4o-mini', messages: [{ role: 'robot', content: 'x' }] }, ['body', 'messages', 0, 'role']],
      ['content that is not a string', { model: 'gpt-4o-mini', messages: [{ role: 'user', content: { text: 'x' } }] }, ['body', 'messages', 0, 'content']],
      ['no content', { model: 'gpt-4o-mini', messages: [{ role: 'user' }] }, ['body', 'messages', 0, 'content']],
      ['no messages', { model: 'gpt-4o-mini', messages: [] }, ['body', 'messages']],
      // JSON bodies are never coerced: a string where a list belongs is a type error on the field itself.
      ['messages not a list', { model: 'gpt-4o-mini', messages: 'hello' }, ['body', 'messages']],
      ['too many messages', { model: 'gpt-4o-mini', messages: Array.from({ length: 501 }, () => ({ role: 'user', content: 'x' })) }, ['body', 'messages']],
      ['a temperature out of range', { ...chatBody('gpt-4o-mini'), temperature: 3 }, ['body', 'temperature']],
      ['max_tokens of zero', { ...chatBody('gpt-4o-mini'), max_tokens: 0 }, ['body', 'max_tokens']],
    ])('messages of the wrong shape (%s): 422 naming the field', async (_name, payload, loc) => {
      const res = await chat(payload);
      expect(res.statusCode).toBe(422);
      expect(res.json().detail[0].loc).toEqual(loc);
      expect(fake.requests).toHaveLength(0);
    });

    it('max_tokens above what the model can write: 422', async () => {
      const res = await chat({ ...chatBody('gpt-4o-mini'), max_tokens: 100_000 });
      expect(res.statusCode).toBe(422);
      expect(res.json().detail[0]).toMatchObject({ loc: ['body', 'max_tokens'] });
      expect(res.json().detail[0].msg).toContain('16384');
    });

    it('an enormous prompt: 413 with the size and the limit', async () => {
      const res = await chat(chatBody('gpt-4o-mini', 'x'.repeat(1_000_001)));
      expect(res.statusCode).toBe(413);
      expect(res.json().detail).toContain('1,000,000');
      expect(fake.requests).toHaveLength(0);
    });
  });

  describe('provider failures: status, readable detail, error log', () => {
    it('429 with a Retry-After longer than we wait: 429 with that Retry-After, logged once', async () => {
      fake.setMode({ mode: 'rate_limit', retryAfter: 30 });
      const res = await chat(chatBody('gpt-4o-mini'));
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBe('30');
      expect(res.json()).toMatchObject({ code: 'provider_rate_limited' });
      expect(res.json().detail).toContain('rate limiting');
      expect(fake.requests).toHaveLength(1);
      const [latest] = (await errorLog()).items;
      expect(latest).toMatchObject({ provider: 'openai', model: 'gpt-4o-mini', error_code: 'rate_limited', status_code: 429, user_id: a.ownerId });
    });

    it('429 then success: retried after the Retry-After, the failure still logged', async () => {
      const before = (await errorLog('?error_code=rate_limited')).total;
      fake.setMode({ mode: 'rate_limit', times: 1, retryAfter: 0 });
      const res = await chat(chatBody('gpt-4o-mini'));
      expect(res.statusCode).toBe(200);
      expect(fake.requests.map((r) => r.status)).toEqual([429, 200]);
      expect((await errorLog('?error_code=rate_limited')).total).toBe(before + 1);
    });

    it('quota exhausted: 429, not retried, logged as quota_exceeded', async () => {
      fake.setMode('quota');
      const res = await chat(chatBody('gpt-4o-mini'));
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBeDefined();
      expect(res.json()).toMatchObject({ code: 'provider_quota_exceeded' });
      expect(res.json().detail).toContain('quota');
      expect(fake.requests).toHaveLength(1);
      expect((await errorLog()).items[0]).toMatchObject({ error_code: 'quota_exceeded', status_code: 429 });
    });

    it('key rejected (401): 502 "provider key rejected", not retried', async () => {
      fake.setMode('unauthorized');
      const res = await chat(chatBody('gpt-4o-mini'));
      expect(res.statusCode).toBe(502);
      expect(res.json().detail).toMatch(/^provider key rejected/);
      expect(res.json().detail).not.toContain('sk-');
      expect(fake.requests).toHaveLength(1);
      expect((await errorLog()).items[0]).toMatchObject({ error_code: 'invalid_key', status_code: 401 });
    });

    it('5xx on every attempt: 502 after the retries, each attempt logged', async () => {
      const before = (await errorLog('?error_code=provider_error')).total;
      fake.setMode('server_error');
      const res = await chat(chatBody('gpt-4o-mini'));
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ code: 'provider_error' });
      expect(res.json().detail).toContain('HTTP 500');
      expect(fake.requests).toHaveLength(3); // PROVIDER_MAX_RETRIES defaults to 2
      expect((await errorLog('?error_code=provider_error')).total).toBe(before + 3);
    });

    it('malformed JSON: 502', async () => {
      fake.setMode('malformed');
      const res = await chat(chatBody('gpt-4o-mini'));
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ code: 'provider_malformed_response' });
      expect(res.json().detail).toContain('malformed');
      expect((await errorLog()).items[0]).toMatchObject({ error_code: 'malformed_response' });
    });

    it('malformed stream: 502 before any event', async () => {
      fake.setMode('malformed');
      const res = await chat(chatBody('gpt-4o-mini', 'x', { stream: true }));
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ code: 'provider_malformed_response' });
    });

    it('connection closed mid-answer: 502', async () => {
      fake.setMode('stream_cut');
      const res = await chat(chatBody('gpt-4o-mini'));
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ code: 'provider_stream_interrupted' });
      expect((await errorLog()).items[0]).toMatchObject({ error_code: 'stream_interrupted' });
    });

    it('stream closed early: the events sent so far, then an error event and [DONE]', async () => {
      fake.setMode('stream_cut');
      const res = await chat(chatBody('gpt-4o-mini', 'one two three four five six seven eight', { stream: true }));
      expect(res.statusCode).toBe(200);
      const events = sseData(res.body);
      expect(events.at(-1)).toBe('[DONE]');
      const last = JSON.parse(events.at(-2)!);
      expect(last.error).toMatchObject({ code: 'provider_stream_interrupted', status_code: 502 });
      expect(last.error.detail).toContain('closed the connection');
      expect(JSON.parse(events[0])).toHaveProperty('delta');
      expect((await errorLog()).items[0]).toMatchObject({ error_code: 'stream_interrupted' });
    });

    it('keeps serving after all of that', async () => {
      const res = await chat(chatBody('gpt-4o-mini', 'still here'));
      expect(res.statusCode).toBe(200);
      expect(res.json().content).toBe('echo: still here');
    });
  });

  describe('a client that disconnects', () => {
    it('aborts the upstream call, and nothing is logged as a provider failure', async () => {
      const before = (await errorLog()).total;
      fake.setMode('hang');
      const body = JSON.stringify(chatBody('gpt-4o-mini', 'wait for me'));
      const url = new URL('/api/v1/llm/chat', t.url);
      const req = httpRequest(url, { method: 'POST', headers: { ...a.auth(), 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } });
      req.on('error', () => {});
      req.end(body);
      await fake.waitFor((r) => r.length === 1, 10_000);
      req.destroy();
      await fake.waitFor((r) => r[0].aborted, 10_000);
      expect(fake.requests[0]).toMatchObject({ mode: 'hang', aborted: true });
      fake.setMode('ok');
      expect((await errorLog()).total).toBe(before);
    });

    it('aborts a stream in progress too, and nothing is logged as a provider failure', async () => {
      const before = (await errorLog()).total;
      fake.setMode({ mode: 'slow', delayMs: 60_000 });
      const body = JSON.stringify(chatBody('gpt-4o-mini', 'stream then leave', { stream: true }));
      const req = httpRequest(new URL('/api/v1/llm/chat', t.url), {
        method: 'POST',
        headers: { ...a.auth(), 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      });
      req.on('error', () => {});
      req.end(body);
      await fake.waitFor((r) => r.length === 1, 10_000);
      req.destroy();
      await fake.waitFor((r) => r[0].aborted, 10_000);
      // The upstream request was cut before the provider answered: never answered, recorded as aborted.
      expect(fake.requests[0]).toMatchObject({ mode: 'slow', aborted: true, status: null });
      fake.setMode('ok');
      expect((await errorLog()).total).toBe(before);
    });
  });

  describe('a provider that hangs', () => {
    let quick: TestService;
    let q: TestTenant;
    beforeAll(async () => {
      quick = await startTestService({ env: { ...chatPath.env, PROVIDER_ALLOW_PRIVATE_URLS: 'true', PROVIDER_TIMEOUT_MS: '300', PROVIDER_MAX_RETRIES: '0' } });
      q = await createTenant(quick, 'Quick');
      await configureProvider(quick, q, fake.url);
      await activate(quick, q, 'gpt-4o-mini');
    });
    afterAll(async () => quick?.close());

    it('times out with 504 and a detail naming the limit, and the upstream request is abandoned', async () => {
      fake.setMode('hang');
      const res = await quick.app.inject({ method: 'POST', url: '/api/v1/llm/chat', headers: q.auth(), payload: chatBody('gpt-4o-mini') });
      expect(res.statusCode).toBe(504);
      expect(res.json()).toMatchObject({ code: 'provider_timeout' });
      expect(res.json().detail).toBe('The openai provider did not answer within 300 ms');
      await fake.waitFor((r) => r[0]?.aborted === true);
      const log = await quick.app.inject({ method: 'GET', url: '/api/v1/llm/errors', headers: q.auth() });
      expect(log.json().items[0]).toMatchObject({ error_code: 'timeout', status_code: null });
      fake.setMode('ok');
      const after = await quick.app.inject({ method: 'POST', url: '/api/v1/llm/chat', headers: q.auth(), payload: chatBody('gpt-4o-mini') });
      expect(after.statusCode).toBe(200);
    });
  });
});
