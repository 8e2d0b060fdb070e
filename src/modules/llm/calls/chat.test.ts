import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTenant, startTestService, type TestService, type TestTenant } from '../../../../test/harness.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../../../test/peers/fake-openai.js';
import { activate, CHAT_PATHS, chatBody, configureProvider, sseData, usageRows } from '../../../../test/support/llm.js';
import { eventually } from '../../../../test/support/eventually.js';

describe.each(CHAT_PATHS)('$path', (chatPath) => {
  let t: TestService;
  let fake: FakeOpenAI;
  let a: TestTenant;

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    t = await startTestService({ env: { ...chatPath.env, PROVIDER_ALLOW_PRIVATE_URLS: 'true' } });
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

  const chat = (payload: unknown, token?: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/llm/chat', headers: a.auth(token), payload: payload as object });

  describe('POST /api/v1/llm/chat', () => {
    it("answers with the tenant's key, usage, cost from the catalog prices and latency", async () => {
      const res = await chat(chatBody('gpt-4o-mini', 'hello there world', { temperature: 0.3, max_tokens: 100 }));
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        model: 'gpt-4o-mini',
        provider: 'openai',
        content: 'echo: hello there world',
        finish_reason: 'stop',
        usage: { prompt_tokens: 5, completion_tokens: 4, total_tokens: 9 },
      });
      expect(body.id).toMatch(/^chatcmpl-/);
      // gpt-4o-mini: 1.5e-7 per input token, 6e-7 per output token.
      expect(body.cost_usd).toBeCloseTo(5 * 1.5e-7 + 4 * 6e-7, 12);
      // Wall-clock time: not a fixed value, but a whole number of milliseconds.
      expect(Number.isInteger(body.latency_ms)).toBe(true);
      expect(fake.requests).toHaveLength(1);
      expect(fake.requests[0].headers.authorization).toBe('Bearer sk-fake-tenant-key');
      expect(fake.requests[0].body).toMatchObject({ model: 'gpt-4o-mini', temperature: 0.3, max_tokens: 100 });
    });

    it('records usage per tenant, with the caller and the request id', async () => {
      const key = await a.apiKey(['chat:query']);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/llm/chat',
        headers: { authorization: `Bearer ${key.key}`, 'x-request-id': 'req-usage-1' },
        payload: chatBody('gpt-4o-mini', 'count me'),
      });
      expect(res.statusCode, res.body).toBe(200);
      const rows = await usageRows(t, a.tenantId, (found) => found.some((r) => r.request_id === 'req-usage-1'));
      const row = rows.find((r) => r.request_id === 'req-usage-1');
      expect(row).toMatchObject({ model: 'gpt-4o-mini', provider: 'openai', mode: 'chat', prompt_tokens: 4, completion_tokens: 3, api_key_id: key.id, user_id: null });
      expect(Number(row!.cost_usd)).toBeCloseTo(4 * 1.5e-7 + 3 * 6e-7, 12);
    });

    it('streams data: {"delta"} events, a final event with usage and cost, then [DONE]', async () => {
      const res = await chat(chatBody('gpt-4o-mini', 'one two three four five six', { stream: true }));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
      const events = sseData(res.body);
      expect(events.at(-1)).toBe('[DONE]');
      const parsed = events.slice(0, -1).map((e) => JSON.parse(e));
      const deltas = parsed.filter((e) => 'delta' in e).map((e) => e.delta);
      expect(deltas).toEqual(['echo: one ', 'two three ', 'four five ', 'six']);
      expect(deltas.join('')).toBe('echo: one two three four five six');
      const done = parsed.at(-1);
      expect(done).toMatchObject({ done: true, model: 'gpt-4o-mini', provider: 'openai', finish_reason: 'stop', content: 'echo: one two three four five six' });
      expect(done.usage).toEqual({ prompt_tokens: 8, completion_tokens: 7, total_tokens: 15 });
      expect(done.cost_usd).toBeCloseTo(8 * 1.5e-7 + 7 * 6e-7, 12);
      expect(fake.requests[0].body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    });

    it('is not replayed by idempotency when streamed, and replayed when not', async () => {
      const key = { 'idempotency-key': `k-${Date.now()}` };
      const first = await t.app.inject({ method: 'POST', url: '/api/v1/llm/chat', headers: { ...a.auth(), ...key }, payload: chatBody('gpt-4o-mini', 'once') });
      const again = await t.app.inject({ method: 'POST', url: '/api/v1/llm/chat', headers: { ...a.auth(), ...key }, payload: chatBody('gpt-4o-mini', 'once') });
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json().id).toBe(first.json().id);
      expect(fake.requests).toHaveLength(1);
    });

    it('goes through the pass-through only for providers that speak OpenAI\'s protocol, and only when it is on', async () => {
      // The AI SDK names itself in the user agent; the pass-through sends none.
      const viaSdk = (i: number) => String(fake.requests[i].headers['user-agent'] ?? '').includes('ai-sdk-provider-utils');
      expect((await chat(chatBody('gpt-4o-mini'))).statusCode).toBe(200);
      expect(viaSdk(0)).toBe(!chatPath.passthrough);
      // Mistral has its own API (the fake answers it alike): the SDK serves it on both paths.
      await configureProvider(t, a, fake.url, 'sk-fake-mistral-key', 'mistral');
      await activate(t, a, 'mistral-small-latest');
      const res = await chat(chatBody('mistral-small-latest', 'bonjour'));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ provider: 'mistral', content: 'echo: bonjour' });
      expect(fake.requests[1].headers.authorization).toBe('Bearer sk-fake-mistral-key');
      expect(viaSdk(1)).toBe(true);
      // Mistral's adapter, not OpenAI's: it sends the user's text as content parts.
      expect(fake.requests[1].body).toMatchObject({ messages: [{ role: 'system' }, { role: 'user', content: [{ type: 'text', text: 'bonjour' }] }] });
    });

    it('needs chat:query', async () => {
      const reader = await a.apiKey(['llm:read']);
      const res = await chat(chatBody('gpt-4o-mini'), reader.key);
      expect(res.statusCode).toBe(403);
      expect(fake.requests).toHaveLength(0);
    });

    it('follows configuration changes at once: a disabled model or a closing access rule stops the next call', async () => {
      // Answers of the model gate are cached; every instance drops them on the NOTIFY the configuration tables raise.
      const key = await a.apiKey(['chat:query']);
      const asKey = (payload: unknown) =>
        t.app.inject({ method: 'POST', url: '/api/v1/llm/chat', headers: { authorization: `Bearer ${key.key}` }, payload: payload as object });
      /** Other instances learn through NOTIFY, which arrives after the commit: poll briefly rather than race it. */
      const answers = (status: number, payload: unknown) => eventually(`a ${status}`, () => asKey(payload), (res) => res.statusCode === status, 10_000, 25);
      await activate(t, a, 'gpt-4o');
      expect((await asKey(chatBody('gpt-4o'))).statusCode).toBe(200);

      const rule = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/llm/models/gpt-4o/access',
        headers: a.auth(),
        payload: { rules: [{ principal_type: 'user', principal_id: a.ownerId }] },
      });
      expect(rule.statusCode, rule.body).toBe(200);
      const denied = await answers(403, chatBody('gpt-4o'));
      expect(denied.statusCode).toBe(403);
      expect(denied.json().code).toBe('model_access_denied');
      expect((await chat(chatBody('gpt-4o'))).statusCode).toBe(200); // the owner is on the list

      await t.app.inject({ method: 'DELETE', url: '/api/v1/llm/models/gpt-4o/access', headers: a.auth() });
      expect((await answers(200, chatBody('gpt-4o'))).statusCode).toBe(200);
      const off = await t.app.inject({ method: 'PATCH', url: '/api/v1/llm/models/gpt-4o/preference', headers: a.auth(), payload: { is_enabled: false } });
      expect(off.statusCode, off.body).toBe(200);
      const disabled = await answers(400, chatBody('gpt-4o'));
      expect(disabled.json().code).toBe('model_not_enabled');
    });
  });
});
