import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestService, type TestService, type TestTenant } from '../../../../test/harness.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../../../test/peers/fake-openai.js';
import { activate, CHAT_PATHS, chatBody, configureProvider } from '../../../../test/support/llm.js';

/**
 * A provider that echoes the key in its error message, with a key no pattern recognises. Neither the
 * error log nor provider health may hand it (or a long piece of it) to a reader with llm:read.
 */

const KEY = 'tenant0key7Qx9LmNpRsTuVw';
const ECHOED = 'Invalid API key: [redacted] is not a key of this account (key prefix [redacted])';

describe.each(CHAT_PATHS)('$path', (chatPath) => {
  let t: TestService;
  let fake: FakeOpenAI;
  let a: TestTenant;

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    t = await startTestService({ env: { ...chatPath.env, PROVIDER_ALLOW_PRIVATE_URLS: 'true', PROVIDER_MAX_RETRIES: '0' } });
    a = await createTenant(t, 'Echo');
    await configureProvider(t, a, fake.url, KEY);
    await activate(t, a, 'gpt-4o-mini');
    fake.setMode('echo_key');
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/llm/chat', headers: a.auth(), payload: chatBody('gpt-4o-mini') });
    fake.setMode('ok');
    if (res.statusCode !== 502) throw new Error(`expected 502, got ${res.statusCode} ${res.body}`);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  describe('a provider that echoes the key in its error message', () => {
    it('the provider did echo it (the test would see a leak)', () => {
      expect(fake.requests[0].headers.authorization).toBe(`Bearer ${KEY}`);
      expect(fake.requests[0].status).toBe(401);
    });

    it('GET /api/v1/llm/errors shows the message without the key', async () => {
      const viewer = await a.userToken('viewer');
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/llm/errors', headers: a.auth(viewer.token) });
      expect(res.statusCode).toBe(200);
      expect(res.json().items.map((e: { error_code: string; message: string }) => [e.error_code, e.message])).toEqual([['invalid_key', ECHOED]]);
      expect(res.body).not.toContain(KEY.slice(0, 8));
    });

    it('GET /api/v1/llm/providers/health shows the last error without the key', async () => {
      const viewer = await a.userToken('viewer');
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/llm/providers/health', headers: a.auth(viewer.token) });
      expect(res.statusCode).toBe(200);
      const openai = res.json().providers.find((p: { provider: string }) => p.provider === 'openai');
      expect(openai).toMatchObject({ status: 'invalid_key', last_error: `invalid_key: ${ECHOED}` });
      expect(res.body).not.toContain(KEY.slice(-8));
    });

    it('rows written before messages were cleaned are cleaned as they are read', async () => {
      const leaked = `Invalid API key: ${KEY}`;
      await t.service.ctx.db.tenant(a.tenantId, async (tx) => {
        await tx.execute(sql`INSERT INTO llm_errors (tenant_id, provider, model, error_code, status_code, message)
        VALUES (${a.tenantId}, 'openai', 'gpt-4o-mini', 'invalid_key', 401, ${leaked})`);
        await tx.execute(sql`UPDATE llm_provider_health SET last_error = ${`invalid_key: ${leaked}`} WHERE tenant_id = ${a.tenantId}`);
      });
      const errors = await t.app.inject({ method: 'GET', url: '/api/v1/llm/errors', headers: a.auth() });
      expect(errors.json().items.map((e: { message: string }) => e.message).sort()).toEqual(['Invalid API key: [redacted]', ECHOED]);
      const health = await t.app.inject({ method: 'GET', url: '/api/v1/llm/providers/health', headers: a.auth() });
      expect(health.json().providers.find((p: { provider: string }) => p.provider === 'openai').last_error).toBe('invalid_key: Invalid API key: [redacted]');
    });
  });
});
