import { and, count, desc, eq, sql } from 'drizzle-orm';
import { rows } from '../../platform/db/database.js';
import type { TenantTx } from '../../platform/db/tenant-db.js';
import { memories, type MemoryRow } from './memories.table.js';

export type MemoryWithCount = MemoryRow & { documentCount: number };

// Counted per row: a memory page is at most 100 rows and (tenant_id, memory_id) is indexed.
// Written out in full: Drizzle leaves a column unqualified in a template, where it would bind to `d`.
const documentCount = sql<number>`(SELECT count(*) FROM documents d WHERE d.tenant_id = memories.tenant_id AND d.memory_id = memories.id)::int`;

export async function insertMemory({ tx, tenantId }: TenantTx, values: { name: string; description: string }): Promise<MemoryRow> {
  const [row] = await tx.insert(memories).values({ ...values, tenantId }).returning();
  return row;
}

export async function listMemories({ tx, tenantId }: TenantTx, skip: number, limit: number) {
  const found = await tx
    .select({ memory: memories, documentCount })
    .from(memories)
    .where(eq(memories.tenantId, tenantId))
    .orderBy(desc(memories.createdAt), desc(memories.id))
    .offset(skip)
    .limit(limit);
  const [{ total }] = await tx.select({ total: count() }).from(memories).where(eq(memories.tenantId, tenantId));
  return { rows: found.map((r) => ({ ...r.memory, documentCount: Number(r.documentCount) })), total };
}

export async function findMemory({ tx, tenantId }: TenantTx, id: string): Promise<MemoryWithCount | null> {
  const [row] = await tx
    .select({ memory: memories, documentCount })
    .from(memories)
    .where(and(eq(memories.tenantId, tenantId), eq(memories.id, id)));
  return row ? { ...row.memory, documentCount: Number(row.documentCount) } : null;
}

export async function updateMemory({ tx, tenantId }: TenantTx, id: string, patch: { name?: string; description?: string }): Promise<boolean> {
  const updated = await tx
    .update(memories)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(and(eq(memories.tenantId, tenantId), eq(memories.id, id)))
    .returning({ id: memories.id });
  return updated.length > 0;
}

export async function deleteMemory({ tx, tenantId }: TenantTx, id: string): Promise<boolean> {
  const deleted = await tx
    .delete(memories)
    .where(and(eq(memories.tenantId, tenantId), eq(memories.id, id)))
    .returning({ id: memories.id });
  return deleted.length > 0;
}

/** Detaches the memory's documents (they stay, in no memory). */
export async function detachMemoryDocuments({ tx, tenantId }: TenantTx, memoryId: string): Promise<number> {
  const updated = await rows<{ id: string }>(tx, sql`
    UPDATE documents SET memory_id = NULL, updated_at = now()
    WHERE tenant_id = ${tenantId} AND memory_id = ${memoryId}
    RETURNING id`);
  return updated.length;
}

/** The ids of the memory's documents, locked so no upload or move slips in while they are deleted. */
export async function memoryDocumentIds({ tx, tenantId }: TenantTx, memoryId: string): Promise<string[]> {
  const found = await rows<{ id: string }>(tx, sql`
    SELECT id FROM documents WHERE tenant_id = ${tenantId} AND memory_id = ${memoryId} FOR UPDATE`);
  return found.map((r) => r.id);
}
