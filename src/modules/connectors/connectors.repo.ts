import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.js';
import type { TenantTx } from '../../platform/db/tenant-db.js';
import { connectors, type ConnectorRow } from './connectors.table.js';

/** The SQL of the tenant's connectors; every statement is scoped to the transaction's tenant. */

/** `nextRunAt` may be an SQL time (the queue's clock), so it follows the same clock as the scheduler's claims. */
export type ConnectorValues = Partial<Omit<typeof connectors.$inferInsert, 'id' | 'tenantId' | 'createdAt' | 'nextRunAt'>> & { nextRunAt?: Date | SQL | null };

export async function insertConnector(
  t: TenantTx,
  values: Omit<typeof connectors.$inferInsert, 'tenantId' | 'nextRunAt'> & { id: string; nextRunAt: Date | SQL | null },
): Promise<ConnectorRow> {
  const [row] = await t.tx.insert(connectors).values({ ...values, tenantId: t.tenantId } as typeof connectors.$inferInsert).returning();
  return row;
}

/** One query for the page and the total (a window count); a second only for a page past the end. */
export async function listConnectors(t: TenantTx, skip: number, limit: number): Promise<{ rows: ConnectorRow[]; total: number }> {
  const page = await t.tx
    .select({ connector: connectors, total: sql<number>`count(*) OVER ()`.mapWith(Number) })
    .from(connectors)
    .where(eq(connectors.tenantId, t.tenantId))
    .orderBy(desc(connectors.createdAt), desc(connectors.id))
    .offset(skip)
    .limit(limit);
  if (page.length > 0) return { rows: page.map((r) => r.connector), total: page[0].total };
  return { rows: [], total: await countConnectors(t) };
}

export async function countConnectors(t: TenantTx): Promise<number> {
  const [{ total }] = await t.tx.select({ total: count() }).from(connectors).where(eq(connectors.tenantId, t.tenantId));
  return total;
}

export async function findConnector(t: TenantTx, id: string, options: { forUpdate?: boolean } = {}): Promise<ConnectorRow | null> {
  const query = t.tx.select().from(connectors).where(and(eq(connectors.tenantId, t.tenantId), eq(connectors.id, id)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function updateConnector(t: TenantTx, id: string, values: ConnectorValues): Promise<ConnectorRow | null> {
  const [row] = await t.tx
    .update(connectors)
    .set({ ...(values as Partial<typeof connectors.$inferInsert>), updatedAt: sql`now()` })
    .where(and(eq(connectors.tenantId, t.tenantId), eq(connectors.id, id)))
    .returning();
  return row ?? null;
}

/** `minutes` after the SQL time `now` (the queue's clock). */
export const minutesAfter = (now: SQL, minutes: number): SQL => sql`${now} + make_interval(mins => ${minutes})`;

/** Deletes the connector and, by cascade, its runs and items. */
export async function deleteConnector(t: TenantTx, id: string): Promise<boolean> {
  const gone = await t.tx
    .delete(connectors)
    .where(and(eq(connectors.tenantId, t.tenantId), eq(connectors.id, id)))
    .returning({ id: connectors.id });
  return gone.length > 0;
}

/** Documents of each connector, for the connector's `documents_count`. */
export async function documentCounts(t: TenantTx, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const found = await t.tx.execute(sql`
    SELECT connector_id::text AS id, count(*)::int AS n FROM documents
    WHERE tenant_id = ${t.tenantId} AND connector_id IN (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})
    GROUP BY connector_id`);
  const list = (found as unknown as { rows: { id: string; n: number }[] }).rows;
  return new Map(list.map((r) => [r.id, Number(r.n)]));
}

/** Serialises the tenant's connector creations for the rest of the transaction, so two at once cannot both pass the cap. */
export async function lockTenantConnectors(t: TenantTx): Promise<void> {
  await t.tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`connectors:${t.tenantId}`}, 0))`);
}

/**
 * Across tenants (connectors_claim_due is SECURITY DEFINER): the connectors whose run is due at `now`, each held until
 * `holdSec` later so that no other instance claims it while this one starts its run. Rows being claimed elsewhere
 * are skipped (SKIP LOCKED), so two schedulers never claim one connector.
 */
export function claimDueConnectors(db: Pick<Database, 'query'>, now: SQL, holdSec: number, limit: number): Promise<{ tenant_id: string; connector_id: string }[]> {
  return db.query(sql`SELECT tenant_id::text, connector_id::text FROM connectors_claim_due(${now}, ${now} + make_interval(secs => ${holdSec}), ${limit})`);
}
