import { and, count, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database.js';
import { apiKeys, type ApiKeyRow } from './api-keys.schema.js';

export async function insertApiKey(tx: Tx, values: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
  const [row] = await tx.insert(apiKeys).values(values).returning();
  return row;
}

export async function listApiKeys(tx: Tx, tenantId: string, skip: number, limit: number) {
  const rows = await tx
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.tenantId, tenantId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
    .offset(skip)
    .limit(limit);
  const [{ total }] = await tx.select({ total: count() }).from(apiKeys).where(eq(apiKeys.tenantId, tenantId));
  return { rows, total };
}

export async function findApiKey(tx: Tx, tenantId: string, id: string): Promise<ApiKeyRow | null> {
  const [row] = await tx.select().from(apiKeys).where(and(eq(apiKeys.tenantId, tenantId), eq(apiKeys.id, id)));
  return row ?? null;
}

export async function deleteApiKey(tx: Tx, tenantId: string, id: string): Promise<ApiKeyRow | null> {
  const [row] = await tx.delete(apiKeys).where(and(eq(apiKeys.tenantId, tenantId), eq(apiKeys.id, id))).returning();
  return row ?? null;
}
