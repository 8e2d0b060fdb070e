import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { TenantTx } from '../../platform/db/tenant-db.js';
import { webhookEndpoints, type WebhookEndpointRow } from './webhooks.table.js';

/** The SQL of the tenant's webhook endpoints; every statement is scoped to the transaction's tenant. */

export async function insertEndpoint(
  t: TenantTx,
  values: Omit<typeof webhookEndpoints.$inferInsert, 'tenantId'> & { id: string },
): Promise<WebhookEndpointRow> {
  const [row] = await t.tx.insert(webhookEndpoints).values({ ...values, tenantId: t.tenantId }).returning();
  return row;
}

/** One query for the page and the total (a window count); a second only for a page past the end. */
export async function listEndpoints(t: TenantTx, skip: number, limit: number): Promise<{ rows: WebhookEndpointRow[]; total: number }> {
  const page = await t.tx
    .select({ endpoint: webhookEndpoints, total: sql<number>`count(*) OVER ()`.mapWith(Number) })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.tenantId, t.tenantId))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id))
    .offset(skip)
    .limit(limit);
  if (page.length > 0) return { rows: page.map((r) => r.endpoint), total: page[0].total };
  return { rows: [], total: await countEndpoints(t) };
}

export async function countEndpoints(t: TenantTx): Promise<number> {
  const [{ total }] = await t.tx.select({ total: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.tenantId, t.tenantId));
  return total;
}

/** The endpoint, or null; `forUpdate` locks its row for the rest of the transaction. */
export async function findEndpoint(t: TenantTx, id: string, options: { forUpdate?: boolean } = {}): Promise<WebhookEndpointRow | null> {
  const query = t.tx.select().from(webhookEndpoints).where(and(eq(webhookEndpoints.tenantId, t.tenantId), eq(webhookEndpoints.id, id)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function updateEndpoint(
  t: TenantTx,
  id: string,
  values: Partial<Omit<typeof webhookEndpoints.$inferInsert, 'id' | 'tenantId' | 'createdAt'>>,
): Promise<WebhookEndpointRow | null> {
  const [row] = await t.tx
    .update(webhookEndpoints)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(webhookEndpoints.tenantId, t.tenantId), eq(webhookEndpoints.id, id)))
    .returning();
  return row ?? null;
}

/** Deletes the endpoint and, by cascade, its deliveries. */
export async function deleteEndpoint(t: TenantTx, id: string): Promise<boolean> {
  const gone = await t.tx
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.tenantId, t.tenantId), eq(webhookEndpoints.id, id)))
    .returning({ id: webhookEndpoints.id });
  return gone.length > 0;
}

/** Serialises the tenant's endpoint creations for the rest of the transaction, so two at once cannot both pass the cap. */
export async function lockTenantEndpoints(t: TenantTx): Promise<void> {
  await t.tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`webhook-endpoints:${t.tenantId}`}, 0))`);
}
