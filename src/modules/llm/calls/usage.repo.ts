import { sql } from 'drizzle-orm';
import { rows } from '../../../platform/db/database.js';
import type { TenantTx } from '../../../platform/db/tenant-db.js';
import type { UsageInsert } from './calls.table.js';

export type UsageRecord = Omit<UsageInsert, 'id'> & { tenantId: string; createdAt: Date };

/**
 * All rows belong to `tenantId` (the caller groups them). One statement with one JSON parameter: on the embedded
 * database every bound parameter costs, and a batch of hundreds of rows as 12 parameters each was the slow part.
 * The tenant is checked once for the batch, not per row (migration 0019 replaced the foreign key): its row is locked
 * against deletion until the transaction ends, and a tenant deleted meanwhile gets no rows.
 */
export async function insertUsage({ tx, tenantId }: TenantTx, records: UsageRecord[]): Promise<void> {
  const payload = JSON.stringify(
    records.map((r) => ({
      model: r.model,
      provider: r.provider,
      mode: r.mode,
      prompt_tokens: r.promptTokens ?? 0,
      completion_tokens: r.completionTokens ?? 0,
      cost_usd: r.costUsd ?? null,
      latency_ms: r.latencyMs,
      user_id: r.userId ?? null,
      api_key_id: r.apiKeyId ?? null,
      request_id: r.requestId ?? null,
      created_at: r.createdAt.toISOString(),
    })),
  );
  await tx.execute(sql`
    WITH tenant AS (SELECT id FROM tenants WHERE id = ${tenantId}::uuid FOR KEY SHARE)
    INSERT INTO llm_usage (tenant_id, model, provider, mode, prompt_tokens, completion_tokens, cost_usd, latency_ms, user_id, api_key_id, request_id, created_at)
    SELECT tenant.id, model, provider, mode, prompt_tokens, completion_tokens, cost_usd, latency_ms, user_id, api_key_id, request_id, created_at
    FROM tenant, jsonb_to_recordset(${payload}::jsonb) AS r(model text, provider text, mode text, prompt_tokens integer, completion_tokens integer,
      cost_usd double precision, latency_ms integer, user_id uuid, api_key_id uuid, request_id text, created_at timestamptz)`);
}

export interface DailyUsageRow {
  day: string;
  provider: string;
  model: string;
  calls: number;
  promptTokens: number;
  completionTokens: number;
  /** Null when no call of the group had a known price. */
  costUsd: number | null;
}

/** The tenant's calls since `since`, per UTC day, provider and model (one scan of llm_usage_tenant_created). */
export async function dailyUsage({ tx, tenantId }: TenantTx, since: Date): Promise<DailyUsageRow[]> {
  const found = await rows<{ day: string; provider: string; model: string; calls: string | number; prompt: string | number; completion: string | number; cost: number | null }>(
    tx,
    sql`SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, provider, model, count(*) AS calls,
               sum(prompt_tokens) AS prompt, sum(completion_tokens) AS completion, sum(cost_usd) AS cost
        FROM llm_usage
        WHERE tenant_id = ${tenantId} AND created_at >= ${since.toISOString()}::timestamptz
        GROUP BY 1, 2, 3
        ORDER BY 1, 2, 3`,
  );
  return found.map((r) => ({
    day: r.day,
    provider: r.provider,
    model: r.model,
    calls: Number(r.calls),
    promptTokens: Number(r.prompt),
    completionTokens: Number(r.completion),
    costUsd: r.cost === null ? null : Number(r.cost),
  }));
}
