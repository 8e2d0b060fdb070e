import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTenant, runCommand, startTestService, type TestService, type TestTenant } from '../../../test/harness.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../../test/peers/fake-openai.js';
import { activate, CHAT_PATHS, chatBody, configureProvider } from '../../../test/support/llm.js';
import { createLlmCalls } from './index.js';

/**
 * A provider base URL that passes the address check answers 307 to an address the service may not reach.
 * The operator allows the host name `localhost` (PROVIDER_ALLOWED_HOSTS), not 127.0.0.1: the provider is reachable
 * by its name, while the redirect target, 127.0.0.1 itself, is not. Every outbound route must refuse the redirect,
 * and the "private" server must never see a request.
 */

describe.each(CHAT_PATHS)('$path', (chatPath) => {
  let t: TestService;
  let provider: FakeOpenAI;
  /** The private server: a working fake provider, so that a followed redirect would succeed. */
  let internal: FakeOpenAI;
  let a: TestTenant;

  const REFUSED = 'The openai provider failed (HTTP 307): answered with a redirect, which this service does not follow';

  beforeAll(async () => {
    internal = await startFakeOpenAI();
    provider = await startFakeOpenAI({ redirectTo: `http://127.0.0.1:${internal.port}` });
    t = await startTestService({ env: { ...chatPath.env, PROVIDER_ALLOWED_HOSTS: 'localhost', PROVIDER_MAX_RETRIES: '2' } });
    a = await createTenant(t, 'Redirected');
    await configureProvider(t, a, `http://localhost:${provider.port}/v1`);
    for (const model of ['gpt-4o-mini', 'text-embedding-3-small', 'dall-e-3', 'whisper-1']) await activate(t, a, model);
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
    await internal?.close();
  });
  beforeEach(() => {
    provider.reset();
    internal.reset();
    provider.setMode('redirect');
  });

  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: a.auth(), payload });

  /** The provider was asked once (a refused redirect is not retried) and answered 307; nothing reached the private server. */
  function expectRefusedOnce(path: string) {
    expect(provider.requests.map((r) => [r.path, r.status])).toEqual([[path, 307]]);
    expect(internal.requests).toEqual([]);
  }

  describe('a provider that redirects to an address the service may not reach', () => {
    it('chat: 502, the redirect is not followed', async () => {
      const res = await post('/api/v1/llm/chat', chatBody('gpt-4o-mini'));
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ code: 'provider_error', detail: REFUSED });
      expectRefusedOnce('/v1/chat/completions');
    });

    it('chat as a stream: 502 before any event', async () => {
      const res = await post('/api/v1/llm/chat', chatBody('gpt-4o-mini', 'hello', { stream: true }));
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ code: 'provider_error', detail: REFUSED });
      expectRefusedOnce('/v1/chat/completions');
    });

    it('image generation: 502', async () => {
      const res = await post('/api/v1/llm/images/generate', { model: 'dall-e-3', prompt: 'a cat' });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ code: 'provider_error', detail: REFUSED });
      expectRefusedOnce('/v1/images/generations');
    });

    it('transcription (a multipart upload): 502, and the audio never reaches the private server', async () => {
      const audio = Buffer.alloc(16_000, 7).toString('base64');
      const res = await post('/api/v1/llm/audio/transcriptions', { model: 'whisper-1', audio_base64: audio, filename: 'speech.wav' });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ code: 'provider_error', detail: REFUSED });
      expectRefusedOnce('/v1/audio/transcriptions');
    });

    it('model test: reported as a failed test', async () => {
      const res = await post('/api/v1/llm/models/gpt-4o-mini/test', {});
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: false, error: { code: 'provider_error', detail: REFUSED, status_code: 307 } });
      expectRefusedOnce('/v1/chat/completions');
    });

    it('gateway chat completions: 502 in the OpenAI error shape', async () => {
      const res = await post('/v1/chat/completions', chatBody('gpt-4o-mini'));
      expect(res.statusCode).toBe(502);
      expect(res.json().error).toMatchObject({ message: REFUSED });
      expectRefusedOnce('/v1/chat/completions');
    });

    it('gateway embeddings: 502', async () => {
      const res = await post('/v1/embeddings', { model: 'text-embedding-3-small', input: 'hello' });
      expect(res.statusCode).toBe(502);
      expect(res.json().error).toMatchObject({ message: REFUSED });
      expectRefusedOnce('/v1/embeddings');
    });

    it('ingestion embeddings (the documents port): a 502 error', async () => {
      const llm = createLlmCalls(t.service.ctx);
      try {
        await activate(t, a, 'text-embedding-3-small', true);
        const embedder = await llm.embeddings.forTenant(a.tenantId);
        const error = await embedder.embed(['hello']).catch((e: unknown) => e);
        expect(error).toMatchObject({ statusCode: 502, code: 'provider_error', detail: REFUSED });
        expectRefusedOnce('/v1/embeddings');
      } finally {
        await llm.usage.stop();
      }
    });

    it('provider health probe: the status is error, naming the refused redirect', async () => {
      // A tenant with no call behind it yet, so that the listing probes.
      const fresh = await createTenant(t, 'Probed');
      await configureProvider(t, fresh, `http://localhost:${provider.port}/v1`);
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/llm/providers/health', headers: fresh.auth() });
      const openai = res.json().providers.find((p: { provider: string }) => p.provider === 'openai');
      expect(openai).toMatchObject({
        status: 'error',
        last_error: `probe: localhost:${provider.port} answered HTTP 307 (a redirect), which is not followed`,
      });
      expectRefusedOnce('/v1/models');
    });
  });

  describe('catalog sync --url', () => {
    let redirector: Server;
    let port: number;
    beforeAll(async () => {
      redirector = createServer((_req, res) => res.writeHead(307, { location: `http://127.0.0.1:${internal.port}/catalog.json` }).end());
      await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
      port = (redirector.address() as AddressInfo).port;
    });
    afterAll(() => new Promise<void>((resolve) => redirector.close(() => resolve())));

    it('does not follow a redirect of the catalog URL', async () => {
      const error = await runCommand(t, ['catalog', 'sync', '--url', `http://localhost:${port}/catalog.json`]).catch((e: unknown) => e);
      expect((error as Error).message).toBe(
        `command catalog sync --url http://localhost:${port}/catalog.json exited 1: ` +
          `Error: CATALOG_URL http://localhost:${port}/catalog.json could not be fetched: localhost:${port} answered HTTP 307 (a redirect), which is not followed`,
      );
      expect(internal.requests).toEqual([]);
    });
  });
});
