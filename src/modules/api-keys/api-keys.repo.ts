import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.js';
import type { TenantTx } from '../../platform/db/tenant-db.js';
import type { StoredApiKey } from '../../platform/auth/authenticator.js';
import { apiKeys, type ApiKeyRow } from './api-keys.table.js';

export async function insertApiKey(t: TenantTx, values: Omit<typeof apiKeys.$inferInsert, 'tenantId'>): Promise<ApiKeyRow> {
  const [row] = await t.tx.insert(apiKeys).values({ ...values, tenantId: t.tenantId }).returning();
  return row;
}

/** One query for the page and the total (a window count); a second only for a page past the end. */
export async function listApiKeys(t: TenantTx, skip: number, limit: number) {
  const page = await t.tx
    .select({ key: apiKeys, total: sql<number>`count(*) OVER ()`.mapWith(Number) })
    .from(apiKeys)
    .where(eq(apiKeys.tenantId, t.tenantId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
    .offset(skip)
    .limit(limit);
  if (page.length > 0) return { rows: page.map((r) => r.key), total: page[0].total };
  const [{ total }] = await t.tx.select({ total: count() }).from(apiKeys).where(eq(apiKeys.tenantId, t.tenantId));
  return { rows: [], total };
}

export async function findApiKey(t: TenantTx, id: string): Promise<ApiKeyRow | null> {
  const [row] = await t.tx.select().from(apiKeys).where(and(eq(apiKeys.tenantId, t.tenantId), eq(apiKeys.id, id)));
  return row ?? null;
}

export async function deleteApiKey(t: TenantTx, id: string): Promise<ApiKeyRow | null> {
  const [row] = await t.tx.delete(apiKeys).where(and(eq(apiKeys.tenantId, t.tenantId), eq(apiKeys.id, id))).returning();
  return row ?? null;
}

/**
 * The key with this hash in any tenant: authentication runs before a tenant is known, so it goes
 * through a SECURITY DEFINER function (0001_core.sql) rather than around row-level security.
 */
export async function findApiKeyByHash(db: Pick<Database, 'query'>, hash: string): Promise<StoredApiKey | null> {
  const [row] = await db.query<{ id: string; tenant_id: string; scopes: string[]; expires_at: Date | null }>(
    sql`SELECT id, tenant_id, scopes, expires_at FROM auth_find_api_key(${hash})`,
  );
  return row ? { id: row.id, tenantId: row.tenant_id, scopes: row.scopes, expiresAt: row.expires_at ? new Date(row.expires_at) : null } : null;
}

export async function touchApiKeys(db: Pick<Database, 'query'>, ids: string[], at: Date): Promise<void> {
  await db.query(sql`SELECT auth_touch_api_keys(${`{${ids.join(',')}}`}::uuid[], ${at.toISOString()}::timestamptz)`);
}

