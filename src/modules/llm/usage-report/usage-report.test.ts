import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestService, type TestService, type TestTenant } from '../../../../test/harness.js';
import { UsageRecorder } from '../calls/usage.js';
import type { UsageRecord } from '../calls/usage.repo.js';

/** GET /api/v2/llm/usage: calls, tokens and cost per UTC day and model, for the console's usage chart. */
let t: TestService;
let a: TestTenant;
let b: TestTenant;
const DAY = 24 * 3600 * 1000;

beforeAll(async () => {
  t = await startTestService();
  a = await createTenant(t, 'Acme');
  b = await createTenant(t, 'Beta');
});
afterAll(async () => t?.close());

const call = (tenantId: string, model: string, daysAgo: number, cost: number | null): UsageRecord => ({
  tenantId,
  model,
  provider: 'openai',
  mode: 'chat',
  promptTokens: 10,
  completionTokens: 5,
  costUsd: cost,
  latencyMs: 3,
  userId: null,
  apiKeyId: null,
  requestId: null,
  createdAt: new Date(t.service.ctx.clock.now().getTime() - daysAgo * DAY),
});

const usage = (tenant: TestTenant, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/v2/llm/usage${query}`, headers: { authorization: `Bearer ${tenant.token}` } });

describe('GET /api/v2/llm/usage', () => {
  it("sums the tenant's calls per day and per model, lists quiet days as zeros, and never another tenant's", async () => {
    const recorder = new UsageRecorder(t.service.ctx.db, t.service.ctx.log);
    recorder.record(call(a.tenantId, 'gpt-4o-mini', 0, 0.001));
    recorder.record(call(a.tenantId, 'gpt-4o-mini', 0, 0.002));
    recorder.record(call(a.tenantId, 'gpt-4o', 2, 0.01));
    recorder.record(call(a.tenantId, 'local-model', 2, null));
    recorder.record(call(a.tenantId, 'gpt-4o', 20, 5)); // outside a 7-day window
    recorder.record(call(b.tenantId, 'gpt-4o', 0, 7));
    await recorder.stop();

    const res = await usage(a, '?days=7');
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report.days).toBe(7);
    expect(report.by_day).toHaveLength(7);
    const today = report.by_day[6];
    expect(today).toMatchObject({ date: t.service.ctx.clock.now().toISOString().slice(0, 10), calls: 2, prompt_tokens: 20, completion_tokens: 10 });
    expect(today.cost_usd).toBeCloseTo(0.003, 9);
    expect(report.by_day[4]).toMatchObject({ calls: 2, cost_usd: 0.01 });
    expect(report.by_day.filter((d: { calls: number }) => d.calls === 0)).toHaveLength(5);
    expect(report.totals).toMatchObject({ calls: 4, prompt_tokens: 40, completion_tokens: 20 });
    expect(report.totals.cost_usd).toBeCloseTo(0.013, 9);
    expect(report.by_model.map((m: { model: string }) => m.model)).toEqual(['gpt-4o', 'gpt-4o-mini', 'local-model']);

    const beta = (await usage(b, '?days=7')).json();
    expect(beta.totals).toMatchObject({ calls: 1, cost_usd: 7 });
  });

  it("follows the service's clock: a day later, today's calls are yesterday's", async () => {
    const before = (await usage(a, '?days=2')).json();
    t.service.ctx.clock.advance(DAY);
    const after = (await usage(a, '?days=2')).json();
    expect(after.by_day[0]).toMatchObject({ date: before.by_day[1].date, calls: before.by_day[1].calls });
    expect(after.by_day[1].calls).toBe(0);
  });

  it('refuses a window out of range, and a caller without a key', async () => {
    expect((await usage(a, '?days=0')).statusCode).toBe(422);
    expect((await usage(a, '?days=91')).statusCode).toBe(422);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/llm/usage' })).statusCode).toBe(401);
  });

  it('answers the same report at the deprecated /api/v1/llm/usage, marked deprecated there only', async () => {
    const v1 = await t.app.inject({ method: 'GET', url: '/api/v1/llm/usage?days=3', headers: { authorization: `Bearer ${a.token}` } });
    expect(v1.statusCode).toBe(200);
    expect(v1.json()).toEqual((await usage(a, '?days=3')).json());
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(doc.paths['/api/v1/llm/usage'].get.deprecated).toBe(true);
    expect(doc.paths['/api/v2/llm/usage'].get.deprecated).toBeUndefined();
  });
});
