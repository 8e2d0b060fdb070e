import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTenant, startTestService, type TestService, type TestTenant } from '../../../../test/harness.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../../../test/peers/fake-openai.js';
import { activate, CHAT_PATHS, configureProvider, usageRows } from '../../../../test/support/llm.js';

describe.each(CHAT_PATHS)('$path', (chatPath) => {
  let t: TestService;
  let fake: FakeOpenAI;
  let a: TestTenant;
  let client: OpenAI;
  let keyId: string;

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    t = await startTestService({ env: { ...chatPath.env, PROVIDER_ALLOW_PRIVATE_URLS: 'true', PROVIDER_MAX_RETRIES: '0' }, listen: true });
    a = await createTenant(t, 'Acme');
    await configureProvider(t, a, fake.url);
    await activate(t, a, 'gpt-4o-mini');
    await activate(t, a, 'text-embedding-3-small');
    const key = await a.apiKey(['chat:query', 'llm:read']);
    keyId = key.id;
    client = new OpenAI({ baseURL: `${t.url}/v1`, apiKey: key.key, maxRetries: 0 });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => fake.reset());

  const failure = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error as InstanceType<typeof OpenAI.APIError>);

  describe('the official openai client against /v1', () => {
    it('completes a chat', async () => {
      const answer = await client.chat.completions.create({
        model: 'gpt-4o-mini',
        messages: [
          { role: 'developer', content: 'be brief' },
          { role: 'user', content: [{ type: 'text', text: 'hello there world' }] },
        ],
        max_completion_tokens: 50,
      });
      expect(answer).toMatchObject({ object: 'chat.completion', model: 'gpt-4o-mini' });
      expect(answer.id).toMatch(/^chatcmpl-/);
      expect(answer.choices[0]).toMatchObject({ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: 'echo: hello there world' } });
      expect(answer.usage).toEqual({ prompt_tokens: 5, completion_tokens: 4, total_tokens: 9 });
      // The provider got the tenant's key, never the caller's.
      expect(fake.requests[0].headers.authorization).toBe('Bearer sk-fake-tenant-key');
      // The SDK rebuilds the request (developer turns as system, max_tokens); the pass-through forwards the client's.
      expect(fake.requests[0].body).toMatchObject(
        chatPath.passthrough
          ? { max_completion_tokens: 50, messages: [{ role: 'developer', content: 'be brief' }, { role: 'user', content: [{ type: 'text', text: 'hello there world' }] }] }
          : { max_tokens: 50, messages: [{ role: 'system', content: 'be brief' }, { role: 'user' }] },
      );
      const usage = await usageRows(t, a.tenantId, (rows) => rows.some((r) => r.api_key_id === keyId));
      expect(usage.find((r) => r.api_key_id === keyId)).toMatchObject({ model: 'gpt-4o-mini', mode: 'chat', prompt_tokens: 5 });
    });

    it('streams a chat, with the usage chunk when asked', async () => {
      const stream = await client.chat.completions.create({
        model: 'gpt-4o-mini',
        messages: [{ role: 'user', content: 'one two three four five six seven' }],
        stream: true,
        stream_options: { include_usage: true },
      });
      const deltas: string[] = [];
      let finish: string | null = null;
      let usage: OpenAI.CompletionUsage | null | undefined;
      const ids = new Set<string>();
      for await (const chunk of stream) {
        ids.add(chunk.id);
        expect(chunk.object).toBe('chat.completion.chunk');
        if (chunk.choices[0]?.delta.content) deltas.push(chunk.choices[0].delta.content);
        if (chunk.choices[0]?.finish_reason) finish = chunk.choices[0].finish_reason;
        if (chunk.usage) usage = chunk.usage;
      }
      expect(deltas).toEqual(['echo: one ', 'two three ', 'four five ', 'six seven']);
      expect(deltas.join('')).toBe('echo: one two three four five six seven');
      expect(finish).toBe('stop');
      expect(usage).toEqual({ prompt_tokens: 7, completion_tokens: 8, total_tokens: 15 });
      expect(ids.size).toBe(1);
    });

    it('streams without a usage chunk when not asked, and still records the usage', async () => {
      const stream = await client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], stream: true }, { headers: { 'x-request-id': `no-usage-${chatPath.passthrough}` } });
      const chunks = [];
      for await (const chunk of stream) chunks.push(chunk);
      expect(chunks.every((c) => c.usage === undefined)).toBe(true);
      expect(chunks.at(-1)!.choices[0].finish_reason).toBe('stop');
      // Usage was asked for upstream all the same: it is what the tenant is billed by.
      expect(fake.requests[0].body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
      const rows = await usageRows(t, a.tenantId, (found) => found.some((r) => r.request_id === `no-usage-${chatPath.passthrough}`));
      expect(rows.find((r) => r.request_id === `no-usage-${chatPath.passthrough}`)).toMatchObject({ prompt_tokens: 1, completion_tokens: 2 });
    });

    it('embeds, in the base64 the client asks for by default and in floats, identically', async () => {
      const b64 = await client.embeddings.create({ model: 'text-embedding-3-small', input: ['alpha', 'beta'] });
      expect(b64.object).toBe('list');
      expect(b64.model).toBe('text-embedding-3-small');
      expect(b64.data.map((d) => d.index)).toEqual([0, 1]);
      expect(b64.data[0].embedding).toHaveLength(16);
      expect(b64.usage).toEqual({ prompt_tokens: 2, total_tokens: 2 });
      const floats = await client.embeddings.create({ model: 'text-embedding-3-small', input: 'alpha', encoding_format: 'float' });
      expect(Array.from(floats.data[0].embedding)).toEqual(Array.from(b64.data[0].embedding));
      const wide = await client.embeddings.create({ model: 'text-embedding-3-small', input: 'alpha', dimensions: 64 });
      expect(wide.data[0].embedding).toHaveLength(64);
    });

    it("lists the tenant's enabled models", async () => {
      const ids: string[] = [];
      for await (const model of client.models.list()) {
        ids.push(model.id);
        expect(model).toMatchObject({ object: 'model', owned_by: 'openai' });
      }
      expect(ids.sort()).toEqual(['gpt-4o-mini', 'text-embedding-3-small']);
      expect((await client.models.retrieve('gpt-4o-mini')).id).toBe('gpt-4o-mini');
      expect(await failure(client.models.retrieve('gpt-4o'))).toBeInstanceOf(OpenAI.NotFoundError);
    });

    it('documents the one-model route as /v1/models/{model}, and still takes ids with slashes', async () => {
      const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
      expect(Object.keys(doc.paths).filter((p) => p.startsWith('/v1/models'))).toEqual(['/v1/models', '/v1/models/{model}']);
      expect(doc.paths['/v1/models/{model}'].get.parameters.map((p: { in: string; name: string; required: boolean }) => [p.in, p.name, p.required])).toEqual([
        ['path', 'model', true],
      ]);
      const res = await t.app.inject({ method: 'GET', url: '/v1/models/openai/gpt-oss-120b', headers: a.auth() });
      // A slash-holding id reaches the handler whole: not enabled here, so the gateway's own 404 names it.
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toMatchObject({ code: 'model_not_found', message: "The model 'openai/gpt-oss-120b' does not exist or you do not have access to it." });
    });

    it('accepts an access token (JWT) as the bearer too', async () => {
      const viaJwt = new OpenAI({ baseURL: `${t.url}/v1`, apiKey: a.token, maxRetries: 0 });
      const answer = await viaJwt.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'jwt' }] });
      expect(answer.choices[0].message.content).toBe('echo: jwt');
    });
  });

  describe('errors in OpenAI shape', () => {
    it('unknown model: 404 model_not_found', async () => {
      const err = await failure(client.chat.completions.create({ model: 'no-such-model', messages: [{ role: 'user', content: 'x' }] }));
      expect(err).toBeInstanceOf(OpenAI.NotFoundError);
      expect(err).toMatchObject({ status: 404, code: 'model_not_found', type: 'invalid_request_error' });
      expect(err!.message).toContain('no-such-model');
    });

    it('a model of the wrong mode: 400', async () => {
      const err = await failure(client.embeddings.create({ model: 'gpt-4o-mini', input: 'x' }));
      expect(err).toBeInstanceOf(OpenAI.BadRequestError);
      expect(err).toMatchObject({ code: 'wrong_model_mode' });
    });

    it('a malformed body: 400 naming the parameter', async () => {
      const err = await failure(client.chat.completions.create({ model: 'gpt-4o-mini', messages: [] }));
      expect(err).toBeInstanceOf(OpenAI.BadRequestError);
      expect(err).toMatchObject({ type: 'invalid_request_error', param: 'messages' });
      const role = await failure(client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'tool', content: 'x', tool_call_id: '1' }] }));
      expect(role).toMatchObject({ status: 400, param: 'messages[0].role' });
    });

    it('a wrong key: 401; a key without the scope: 403', async () => {
      const wrong = new OpenAI({ baseURL: `${t.url}/v1`, apiKey: 'sk-not-a-real-key-000000000000000000000', maxRetries: 0 });
      const unauthenticated = await failure(wrong.models.list());
      expect(unauthenticated).toBeInstanceOf(OpenAI.AuthenticationError);
      expect(unauthenticated).toMatchObject({ code: 'invalid_api_key' });
      const readOnly = new OpenAI({ baseURL: `${t.url}/v1`, apiKey: (await a.apiKey(['llm:read'])).key, maxRetries: 0 });
      const denied = await failure(readOnly.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'x' }] }));
      expect(denied).toBeInstanceOf(OpenAI.PermissionDeniedError);
      expect(fake.requests).toHaveLength(0);
    });

    it('the provider rate limits: 429 with its Retry-After', async () => {
      fake.setMode({ mode: 'rate_limit', retryAfter: 30 });
      const err = await failure(client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'x' }] }));
      expect(err).toBeInstanceOf(OpenAI.RateLimitError);
      expect(err!.headers?.get('retry-after')).toBe('30');
    });

    it('the provider rejects the key: 502 "provider key rejected"', async () => {
      fake.setMode('unauthorized');
      const err = await failure(client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'x' }] }));
      expect(err).toBeInstanceOf(OpenAI.InternalServerError);
      expect(err).toMatchObject({ status: 502, type: 'server_error', code: 'provider_key_rejected' });
      expect(err!.message).toContain('provider key rejected');
    });

    it('a stream cut short ends in an error the client raises', async () => {
      fake.setMode('stream_cut');
      const stream = await client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'a b c d e f g h' }], stream: true });
      const consumed = (async () => {
        for await (const _chunk of stream) {
          /* drain */
        }
      })();
      await expect(consumed).rejects.toThrow(/closed the connection/);
    });

    it('an unknown path under /v1: 404 in OpenAI shape', async () => {
      const res = await fetch(`${t.url}/v1/completions-of-the-future`, { headers: a.auth() });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ error: { type: 'invalid_request_error', code: 'unknown_url' } });
    });
  });
});
