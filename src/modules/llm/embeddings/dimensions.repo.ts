import { and, eq, sql } from 'drizzle-orm';
import type { TenantTx } from '../../../platform/db/tenant-db.js';
import { llmEmbeddingDimensions } from '../calls/calls.table.js';

export async function findDimensions({ tx, tenantId }: TenantTx, provider: string, model: string): Promise<number | null> {
  const [row] = await tx
    .select({ dimensions: llmEmbeddingDimensions.dimensions })
    .from(llmEmbeddingDimensions)
    .where(and(eq(llmEmbeddingDimensions.tenantId, tenantId), eq(llmEmbeddingDimensions.provider, provider), eq(llmEmbeddingDimensions.model, model)));
  return row?.dimensions ?? null;
}

export async function saveDimensions({ tx, tenantId }: TenantTx, provider: string, model: string, dimensions: number): Promise<void> {
  await tx
    .insert(llmEmbeddingDimensions)
    .values({ tenantId, provider, model, dimensions })
    .onConflictDoUpdate({
      target: [llmEmbeddingDimensions.tenantId, llmEmbeddingDimensions.provider, llmEmbeddingDimensions.model],
      set: { dimensions, discoveredAt: sql`now()` },
    });
}
