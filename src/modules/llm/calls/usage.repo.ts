import { sql } from 'drizzle-orm';
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
