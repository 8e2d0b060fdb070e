import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestService, type TestService, type TestTenant } from '../../../../test/harness.js';
import { rows } from '../../../platform/db/database.js';
import { UsageRecorder } from './usage.js';
import type { UsageRecord } from './usage.repo.js';

let t: TestService;
let a: TestTenant;
let b: TestTenant;

beforeAll(async () => {
  t = await startTestService();
  a = await createTenant(t, 'Acme');
  b = await createTenant(t, 'Beta');
});
afterAll(async () => t?.close());

const record = (tenantId: string, requestId: string): UsageRecord => ({
  tenantId,
  model: 'gpt-4o-mini',
  provider: 'openai',
  mode: 'chat',
  promptTokens: 5,
  completionTokens: 4,
  costUsd: 0.0000031,
  latencyMs: 3,
  userId: null,
  apiKeyId: null,
  requestId,
  createdAt: new Date(),
});

/** Usage rows of a tenant, read as the tenant (RLS applies). */
const usageOf = (tenantId: string) =>
  t.service.ctx.db.tenant(tenantId, (tx) => rows<{ request_id: string }>(tx, sql`SELECT request_id FROM llm_usage WHERE tenant_id = ${tenantId} ORDER BY request_id`));

describe('usage batches (the tenant checked once per batch, migration 0019)', () => {
  it("writes each tenant's records, and nothing for a tenant that does not exist, without failing the others", async () => {
    const recorder = new UsageRecorder(t.service.ctx.db, t.service.ctx.log, { intervalMs: 60_000 });
    const ghost = randomUUID();
    recorder.record(record(a.tenantId, 'a-1'));
    recorder.record(record(ghost, 'ghost-1'));
    recorder.record(record(b.tenantId, 'b-1'));
    recorder.record(record(a.tenantId, 'a-2'));
    await recorder.stop();
    expect((await usageOf(a.tenantId)).map((r) => r.request_id)).toEqual(['a-1', 'a-2']);
    expect((await usageOf(b.tenantId)).map((r) => r.request_id)).toEqual(['b-1']);
    expect(await usageOf(ghost)).toEqual([]);
  });

  it("a deleted tenant's usage goes with it, as the foreign key's cascade did", async () => {
    const gone = await createTenant(t, 'Gone');
    const recorder = new UsageRecorder(t.service.ctx.db, t.service.ctx.log);
    recorder.record(record(gone.tenantId, 'gone-1'));
    await recorder.stop();
    expect(await usageOf(gone.tenantId)).toHaveLength(1);
    await t.service.ctx.db.system((tx) => tx.execute(sql`DELETE FROM tenants WHERE id = ${gone.tenantId}`));
    expect(await usageOf(gone.tenantId)).toEqual([]);
    // The owner's delete saw every row of the tenant, not only those a session's row security would show.
    const left = await t.service.ctx.db.system((tx) => rows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM llm_usage WHERE tenant_id = ${gone.tenantId}`));
    expect(left[0].n).toBe(0);
  });
});
