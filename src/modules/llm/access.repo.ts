import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { rows } from '../../platform/db/database.js';
import type { TenantTx } from '../../platform/db/tenant-db.js';
import { llmModelAccessRules, type AccessPrincipalType, type AccessRuleRow } from './llm.table.js';

/** Access rules of one tenant on one model. Every query filters by tenant_id explicitly (RLS is the floor). */

export async function listAccessRules({ tx, tenantId }: TenantTx, modelId: string): Promise<AccessRuleRow[]> {
  return tx
    .select()
    .from(llmModelAccessRules)
    .where(and(eq(llmModelAccessRules.tenantId, tenantId), eq(llmModelAccessRules.modelId, modelId)))
    .orderBy(asc(llmModelAccessRules.principalType), asc(llmModelAccessRules.principalId));
}

export async function deleteAccessRules({ tx, tenantId }: TenantTx, modelId: string): Promise<number> {
  const deleted = await tx
    .delete(llmModelAccessRules)
    .where(and(eq(llmModelAccessRules.tenantId, tenantId), eq(llmModelAccessRules.modelId, modelId)))
    .returning({ id: llmModelAccessRules.id });
  return deleted.length;
}

export async function insertAccessRules({ tx, tenantId }: TenantTx,
  modelId: string,
  rules: { principalType: AccessPrincipalType; principalId: string }[],
): Promise<void> {
  if (rules.length === 0) return;
  await tx.insert(llmModelAccessRules).values(rules.map((r) => ({ tenantId, modelId, ...r })));
}

/**
 * Serialises rule replacement for one (tenant, model): two concurrent PUTs each delete-then-insert, and without the
 * lock the second could collide with the first's rows on the unique constraint.
 */
export async function lockModelRules({ tx, tenantId }: TenantTx, modelId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`llm-access:${tenantId}:${modelId}`}, 0))`);
}

/** Which of `ids` are users of the tenant. */
export async function existingUserIds({ tx, tenantId }: TenantTx, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const found = await rows<{ id: string }>(
    tx,
    sql`SELECT id FROM users WHERE tenant_id = ${tenantId} AND id = ANY(${sql.param(ids)}::uuid[])`,
  );
  return new Set(found.map((r) => r.id));
}

/** Which of `ids` are API keys of the tenant. */
export async function existingApiKeyIds({ tx, tenantId }: TenantTx, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const found = await rows<{ id: string }>(
    tx,
    sql`SELECT id FROM api_keys WHERE tenant_id = ${tenantId} AND id = ANY(${sql.param(ids)}::uuid[])`,
  );
  return new Set(found.map((r) => r.id));
}

/** Model ids among `modelIds` that carry at least one rule for the tenant. */
export async function restrictedModelIds({ tx, tenantId }: TenantTx, modelIds: string[]): Promise<Set<string>> {
  if (modelIds.length === 0) return new Set();
  const found = await tx
    .selectDistinct({ modelId: llmModelAccessRules.modelId })
    .from(llmModelAccessRules)
    .where(and(eq(llmModelAccessRules.tenantId, tenantId), inArray(llmModelAccessRules.modelId, modelIds)));
  return new Set(found.map((r) => r.modelId));
}
