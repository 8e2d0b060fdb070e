import { and, eq, sql } from 'drizzle-orm';
import type { TenantTx } from '../../../platform/db/tenant-db.js';
import { llmProviderHealth, type HealthRow } from '../calls/calls.table.js';
import type { HealthStatus } from '../calls/failures.js';

/** Each row with its age in seconds by the database clock (the 5-minute cache compares against one clock). */
export async function listHealth({ tx, tenantId }: TenantTx): Promise<(HealthRow & { ageSec: number })[]> {
  const found = await tx
    .select({ row: llmProviderHealth, age: sql<string | number>`extract(epoch from (now() - ${llmProviderHealth.checkedAt}))` })
    .from(llmProviderHealth)
    .where(eq(llmProviderHealth.tenantId, tenantId));
  return found.map((r) => ({ ...r.row, ageSec: Number(r.age) }));
}

/**
 * Serialises the health writes of one tenant and provider (held until commit), so each write reads the status the
 * previous one left, even when neither row exists yet. The first key (27492) keeps these locks apart from the
 * other advisory locks of the house (27490, 27491).
 */
export async function lockProviderHealth({ tx, tenantId }: TenantTx, provider: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(27492, hashtext(${`${tenantId}:${provider}`}))`);
}

/** The provider's recorded status, or null when none was ever written. */
export async function findHealthStatus({ tx, tenantId }: TenantTx, provider: string): Promise<HealthStatus | null> {
  const [row] = await tx
    .select({ status: llmProviderHealth.status })
    .from(llmProviderHealth)
    .where(and(eq(llmProviderHealth.tenantId, tenantId), eq(llmProviderHealth.provider, provider)));
  return row?.status ?? null;
}

export interface HealthUpdate {
  status: HealthStatus;
  lastError: string | null;
  latencyMs: number | null;
}

/** checked_at is the database's now(), so every instance compares ages against one clock. */
export async function upsertHealth({ tx, tenantId }: TenantTx, provider: string, update: HealthUpdate): Promise<HealthRow> {
  const [row] = await tx
    .insert(llmProviderHealth)
    .values({ tenantId, provider, ...update, checkedAt: sql`now()` })
    .onConflictDoUpdate({
      target: [llmProviderHealth.tenantId, llmProviderHealth.provider],
      // last_error describes the current status: a success clears it (an "ok" beside an old error reads as broken).
      set: { status: update.status, latencyMs: update.latencyMs, checkedAt: sql`now()`, lastError: update.lastError },
    })
    .returning();
  return row;
}
