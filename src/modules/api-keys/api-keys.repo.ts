import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database.js';
import { apiKeys, type ApiKeyRow } from './api-keys.schema.js';

export async function insertApiKey(tx: Tx, values: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
  const [row] = await tx.insert(apiKeys).values(values).returning();
  return row;
}

/** One query for the page and the total (a window count); a second only for a page past the end. */
export async function listApiKeys(tx: Tx, tenantId: string, skip: number, limit: number) {
  const page = await tx
    .select({ key: apiKeys, total: sql<number>`count(*) OVER ()`.mapWith(Number) })
    .from(apiKeys)
    .where(eq(apiKeys.tenantId, tenantId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
    .offset(skip)
    .limit(limit);
  if (page.length > 0) return { rows: page.map((r) => r.key), total: page[0].total };
  const [{ total }] = await tx.select({ total: count() }).from(apiKeys).where(eq(apiKeys.tenantId, tenantId));
  return { rows: [], total };
}

export async function findApiKey(tx: Tx, tenantId: string, id: string): Promise<ApiKeyRow | null> {
  const [row] = await tx.select().from(apiKeys).where(and(eq(apiKeys.tenantId, tenantId), eq(apiKeys.id, id)));
  return row ?? null;
}

export async function deleteApiKey(tx: Tx, tenantId: string, id: string): Promise<ApiKeyRow | null> {
  const [row] = await tx.delete(apiKeys).where(and(eq(apiKeys.tenantId, tenantId), eq(apiKeys.id, id))).returning();
  return row ?? null;
}
