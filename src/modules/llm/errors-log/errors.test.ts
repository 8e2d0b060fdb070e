import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestService, type TestService, type TestTenant } from '../../../../test/harness.js';
import { startFakeOpenAI, type FakeMode, type FakeOpenAI } from '../../../../test/peers/fake-openai.js';
import { rows } from '../../../platform/db/database.js';
import { activate, CHAT_PATHS, chatBody, configureProvider, usageRows } from '../../../../test/support/llm.js';

describe.each(CHAT_PATHS)('$path', (chatPath) => {
  let t: TestService;
  let fake: FakeOpenAI;
  let a: TestTenant;
  let b: TestTenant;

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    t = await startTestService({ env: { ...chatPath.env, PROVIDER_ALLOW_PRIVATE_URLS: 'true', PROVIDER_MAX_RETRIES: '0' } });
    a = await createTenant(t, 'Acme');
    b = await createTenant(t, 'Beta');
    for (const tenant of [a, b]) {
      await configureProvider(t, tenant, fake.url);
      await activate(t, tenant, 'gpt-4o-mini');
    }
    // Acme: 3 rate limits, 2 server errors, 1 rejected key; Beta: one success and nothing else.
    const failures: [FakeMode, number][] = [['rate_limit', 429], ['rate_limit', 429], ['rate_limit', 429], ['server_error', 502], ['server_error', 502], ['unauthorized', 502]];
    for (const [i, [mode, status]] of failures.entries()) {
      fake.setMode({ mode, retryAfter: 30 });
      const headers = { ...a.auth(), 'x-request-id': `failing-call-${i}` };
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/llm/chat', headers, payload: chatBody('gpt-4o-mini') });
      if (res.statusCode !== status) throw new Error(`expected ${status} for ${mode}, got ${res.statusCode}`);
    }
    fake.setMode('ok');
    await t.app.inject({ method: 'POST', url: '/api/v1/llm/chat', headers: a.auth(), payload: chatBody('gpt-4o-mini') });
    await t.app.inject({ method: 'POST', url: '/api/v1/llm/chat', headers: b.auth(), payload: chatBody('gpt-4o-mini') });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const get = (tenant: TestTenant, url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: tenant.auth(token) });

  describe('GET /api/v1/llm/errors', () => {
    it('lists the failed calls newest first, with skip, limit and total', async () => {
      const res = await get(a, '/api/v1/llm/errors');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ total: 6, skip: 0, limit: 50 });
      expect(body.items.map((e: { error_code: string }) => e.error_code)).toEqual([
        'invalid_key',
        'provider_error',
        'provider_error',
        'rate_limited',
        'rate_limited',
        'rate_limited',
      ]);
      expect(body.items[0]).toMatchObject({ provider: 'openai', model: 'gpt-4o-mini', status_code: 401, user_id: a.ownerId, api_key_id: null });
      expect(body.items[0]).toMatchObject({
        message: 'Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.',
        request_id: 'failing-call-5',
      });
      expect(Date.parse(body.items[0].created_at)).not.toBeNaN();

      const page = (await get(a, '/api/v1/llm/errors?skip=1&limit=2')).json();
      expect(page).toMatchObject({ total: 6, skip: 1, limit: 2 });
      expect(page.items.map((e: { id: string }) => e.id)).toEqual(body.items.slice(1, 3).map((e: { id: string }) => e.id));
    });

    it('filters by provider and error code', async () => {
      expect((await get(a, '/api/v1/llm/errors?error_code=rate_limited')).json()).toMatchObject({ total: 3 });
      expect((await get(a, '/api/v1/llm/errors?provider=openai&error_code=provider_error')).json()).toMatchObject({ total: 2 });
      expect((await get(a, '/api/v1/llm/errors?provider=anthropic')).json()).toMatchObject({ total: 0, items: [] });
    });

    it.each(['limit=0', 'limit=101', 'skip=-1', 'limit=abc'])('refuses %s with 422', async (query) => {
      expect((await get(a, `/api/v1/llm/errors?${query}`)).statusCode).toBe(422);
    });

    it('needs llm:read', async () => {
      const reader = await a.apiKey(['llm:read']);
      expect((await get(a, '/api/v1/llm/errors', reader.key)).statusCode).toBe(200);
      const chatter = await a.apiKey(['chat:query']);
      expect((await get(a, '/api/v1/llm/errors', chatter.key)).statusCode).toBe(403);
    });
  });

  describe('GET /api/v1/llm/errors/stats', () => {
    it('counts per provider, error code and day over the last 7 days by default', async () => {
      const res = await get(a, '/api/v1/llm/errors/stats');
      expect(res.statusCode).toBe(200);
      const stats = res.json();
      expect(stats).toMatchObject({ days: 7, total: 6, by_provider: { openai: 6 }, by_error_code: { rate_limited: 3, provider_error: 2, invalid_key: 1 } });
      expect(stats.by_day).toHaveLength(7);
      expect(stats.by_day.at(-1)).toEqual({ date: new Date().toISOString().slice(0, 10), count: 6 });
      expect(stats.by_day.slice(0, -1).every((d: { count: number }) => d.count === 0)).toBe(true);
    });

    it('leaves out errors older than the window', async () => {
      await t.service.ctx.db.tenant(a.tenantId, (tx) =>
        tx.execute(sql`UPDATE llm_errors SET created_at = created_at - interval '10 days'
                     WHERE id = (SELECT id FROM llm_errors WHERE tenant_id = ${a.tenantId} AND error_code = 'invalid_key')`),
      );
      expect((await get(a, '/api/v1/llm/errors/stats?days=7')).json()).toMatchObject({ total: 5, by_error_code: { rate_limited: 3, provider_error: 2 } });
      const month = (await get(a, '/api/v1/llm/errors/stats?days=30')).json();
      expect(month).toMatchObject({ days: 30, total: 6 });
      expect(month.by_day.filter((d: { count: number }) => d.count > 0)).toHaveLength(2);
    });

    it.each(['days=0', 'days=91'])('refuses %s with 422', async (query) => {
      expect((await get(a, `/api/v1/llm/errors/stats?${query}`)).statusCode).toBe(422);
    });
  });

  describe('tenant isolation', () => {
    it("B sees none of A's errors", async () => {
      expect((await get(b, '/api/v1/llm/errors')).json()).toMatchObject({ total: 0, items: [] });
      expect((await get(b, '/api/v1/llm/errors/stats')).json()).toMatchObject({ total: 0, by_provider: {}, by_error_code: {} });
      expect((await get(b, '/api/v1/llm/errors?provider=openai')).json()).toMatchObject({ total: 0 });
    });

    it("B's transactions cannot read A's usage or errors, even when asking by A's id", async () => {
      await usageRows(t, a.tenantId);
      await usageRows(t, b.tenantId);
      const seen = await t.service.ctx.db.tenant(b.tenantId, async (tx) => ({
        usage: await rows(tx, sql`SELECT * FROM llm_usage WHERE tenant_id = ${a.tenantId}`),
        errors: await rows(tx, sql`SELECT * FROM llm_errors WHERE tenant_id = ${a.tenantId}`),
        all: await rows<{ tenant_id: string }>(tx, sql`SELECT tenant_id FROM llm_usage`),
      }));
      expect(seen.usage).toHaveLength(0);
      expect(seen.errors).toHaveLength(0);
      expect(seen.all).toHaveLength(1); // B's one successful call
      expect(seen.all.every((r) => r.tenant_id === b.tenantId)).toBe(true);
    });
  });
});
