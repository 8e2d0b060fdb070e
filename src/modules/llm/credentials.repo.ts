import { and, asc, eq, sql } from 'drizzle-orm';
import type { TenantTx } from '../../platform/db/tenant-db.js';
import { llmProviderCredentials, type ProviderCredentialRow } from './llm.table.js';

/** Provider keys of one tenant (ciphertext only; decryption happens in the service). Always filtered by tenant_id. */

export async function findCredential({ tx, tenantId }: TenantTx, provider: string): Promise<ProviderCredentialRow | null> {
  const [row] = await tx
    .select()
    .from(llmProviderCredentials)
    .where(and(eq(llmProviderCredentials.tenantId, tenantId), eq(llmProviderCredentials.provider, provider)));
  return row ?? null;
}

/** Every key row of the tenant (ciphertext), for the service that removes keys from stored messages. */
export async function listCredentials({ tx, tenantId }: TenantTx): Promise<ProviderCredentialRow[]> {
  return tx.select().from(llmProviderCredentials).where(eq(llmProviderCredentials.tenantId, tenantId));
}

/** What listings may show: which providers are configured, with the hint and base URL, never the ciphertext. */
export async function listCredentialSummaries({ tx, tenantId }: TenantTx) {
  return tx
    .select({
      provider: llmProviderCredentials.provider,
      keyHint: llmProviderCredentials.keyHint,
      baseUrl: llmProviderCredentials.baseUrl,
      organization: llmProviderCredentials.organization,
      updatedAt: llmProviderCredentials.updatedAt,
    })
    .from(llmProviderCredentials)
    .where(eq(llmProviderCredentials.tenantId, tenantId))
    .orderBy(asc(llmProviderCredentials.provider));
}

export type CredentialValues = Omit<typeof llmProviderCredentials.$inferInsert, 'id' | 'tenantId' | 'createdAt' | 'updatedAt'>;

export async function upsertCredential({ tx, tenantId }: TenantTx, values: CredentialValues): Promise<ProviderCredentialRow> {
  const { provider: _p, ...changes } = values;
  const [row] = await tx
    .insert(llmProviderCredentials)
    .values({ ...values, tenantId })
    .onConflictDoUpdate({
      target: [llmProviderCredentials.tenantId, llmProviderCredentials.provider],
      set: { ...changes, updatedAt: sql`now()` },
    })
    .returning();
  return row;
}

export async function deleteCredential({ tx, tenantId }: TenantTx, provider: string): Promise<boolean> {
  const deleted = await tx
    .delete(llmProviderCredentials)
    .where(and(eq(llmProviderCredentials.tenantId, tenantId), eq(llmProviderCredentials.provider, provider)))
    .returning({ id: llmProviderCredentials.id });
  return deleted.length > 0;
}
