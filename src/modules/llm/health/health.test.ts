import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTenant, startTestService, type TestService, type TestTenant } from '../../../../test/harness.js';
import { startFakeOpenAI, type FakeMode, type FakeOpenAI } from '../../../../test/peers/fake-openai.js';
import { PROVIDERS } from '../catalog/loader.js';
import { activate, CHAT_PATHS, chatBody, configureProvider } from '../../../../test/support/llm.js';

// The default path only: the health record a call leaves is the chat engine core's work, shared by both adapters (the wire-level
// files, such as calls/chat.test.ts, run both paths).
describe.each(CHAT_PATHS.filter((p) => p.passthrough))('$path', (chatPath) => {
  let t: TestService;
  let fake: FakeOpenAI;
  let a: TestTenant;
  let b: TestTenant;

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    t = await startTestService({ env: { ...chatPath.env, PROVIDER_ALLOW_PRIVATE_URLS: 'true', PROVIDER_MAX_RETRIES: '0' } });
    a = await createTenant(t, 'Acme');
    b = await createTenant(t, 'Beta');
    await configureProvider(t, a, fake.url, 'sk-health-key');
    await activate(t, a, 'gpt-4o-mini');
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => fake.reset());

  type Entry = { provider: string; configured: boolean; status: string; checked_at: string | null; last_error: string | null; latency_ms: number | null };

  async function health(tenant: TestTenant, token?: string): Promise<Entry[]> {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/llm/providers/health', headers: tenant.auth(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().providers;
  }
  const openai = async (tenant = a) => (await health(tenant)).find((e) => e.provider === 'openai')!;
  const probes = () => fake.requests.filter((r) => r.method === 'GET' && r.path === '/v1/models');

  /** Ages the tenant's cached statuses (and its keys, which are older than any status), as time passing would. */
  async function age(tenant: TestTenant, minutes: number) {
    await t.service.ctx.db.tenant(tenant.tenantId, async (tx) => {
      await tx.execute(sql`UPDATE llm_provider_health SET checked_at = checked_at - make_interval(mins => ${minutes}) WHERE tenant_id = ${tenant.tenantId}`);
      await tx.execute(sql`UPDATE llm_provider_credentials SET updated_at = updated_at - make_interval(mins => ${minutes}) WHERE tenant_id = ${tenant.tenantId}`);
    });
  }

  /** What our client gets for each failure mode of the fake provider. */
  const STATUS_OF: Partial<Record<FakeMode, number>> = { rate_limit: 429, quota: 429, unauthorized: 502, server_error: 502, malformed: 502 };

  async function failingChat(mode: FakeMode) {
    fake.setMode(mode);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/llm/chat', headers: a.auth(), payload: chatBody('gpt-4o-mini') });
    fake.setMode('ok');
    expect(res.statusCode).toBe(STATUS_OF[mode]);
  }

  describe('GET /api/v1/llm/providers/health', () => {
    it('lists the seven catalog providers; unconfigured ones are unknown', async () => {
      const entries = await health(b);
      expect(entries.map((e) => e.provider)).toEqual([...PROVIDERS]);
      for (const entry of entries) expect(entry).toMatchObject({ configured: false, status: 'unknown', checked_at: null, last_error: null, latency_ms: null });
      expect(probes()).toHaveLength(0);
    });

    it("probes a configured provider with the tenant's key, then serves the cached status for 5 minutes", async () => {
      const first = await openai();
      expect(first).toMatchObject({ configured: true, status: 'ok', last_error: null, latency_ms: expect.any(Number) });
      expect(Number.isInteger(first.latency_ms)).toBe(true);
      expect(Date.parse(first.checked_at!)).not.toBeNaN();
      expect(probes()).toHaveLength(1);
      expect(probes()[0].headers.authorization).toBe('Bearer sk-health-key');

      await health(a);
      await health(a);
      expect(probes()).toHaveLength(1);

      await age(a, 4);
      await health(a);
      expect(probes()).toHaveLength(1);
    });

    it('probes again once the status is older than 5 minutes', async () => {
      await age(a, 6);
      fake.setMode('unauthorized');
      const entry = await openai();
      expect(probes()).toHaveLength(1);
      expect(entry).toMatchObject({ status: 'invalid_key', last_error: 'probe: HTTP 401, key rejected' });
      fake.setMode('ok');
      await age(a, 6);
      // Back to ok: the old error no longer describes the provider.
      expect(await openai()).toMatchObject({ status: 'ok', last_error: null });
      expect(probes()).toHaveLength(2);
    });

    it.each([
      ['rate_limit', 'rate_limited', 'rate_limited: Rate limit reached for requests. Please try again in 1s.'],
      ['quota', 'quota_exceeded', 'quota_exceeded: You exceeded your current quota, please check your plan and billing details.'],
      ['unauthorized', 'invalid_key', 'invalid_key: Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.'],
      ['server_error', 'error', 'provider_error: The server had an error while processing your request. Sorry about that!'],
      ['malformed', 'error', 'malformed_response: the response body is not the JSON the provider API promises'],
    ] as const)('a real call failing with %s sets %s at once, and the next success sets ok and clears the error', async (mode, status, lastError) => {
      await failingChat(mode);
      const failed = await openai();
      expect(failed).toMatchObject({ status, last_error: lastError });
      expect(probes()).toHaveLength(0); // fresh: the failure itself was the check

      const ok = await t.app.inject({ method: 'POST', url: '/api/v1/llm/chat', headers: a.auth(), payload: chatBody('gpt-4o-mini') });
      expect(ok.statusCode).toBe(200);
      expect(await openai()).toMatchObject({ status: 'ok', last_error: null });
      expect(probes()).toHaveLength(0);
    });

    it('a new key makes the status stale at once', async () => {
      await failingChat('unauthorized');
      expect((await openai()).status).toBe('invalid_key');
      await configureProvider(t, a, fake.url, 'sk-health-key');
      expect((await openai()).status).toBe('ok');
      expect(probes()).toHaveLength(1);
    });

    it("one tenant's provider status is not another's", async () => {
      await failingChat('unauthorized');
      expect((await openai(a)).status).toBe('invalid_key');
      expect(await openai(b)).toMatchObject({ status: 'unknown', configured: false });
      await configureProvider(t, b, fake.url, 'sk-beta');
      expect((await openai(b)).status).toBe('ok');
      expect((await openai(a)).status).toBe('invalid_key');
    });

    it('is readable with llm:read (a viewer), not without it', async () => {
      const viewer = await a.userToken('viewer');
      expect(await health(a, viewer.token)).toHaveLength(PROVIDERS.length);
      const key = await a.apiKey(['chat:query']);
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/llm/providers/health', headers: { authorization: `Bearer ${key.key}` } });
      expect(res.statusCode).toBe(403);
    });
  });
});
