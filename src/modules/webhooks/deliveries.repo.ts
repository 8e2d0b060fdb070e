import { and, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { rows } from '../../platform/db/database.js';
import type { TenantTx } from '../../platform/db/tenant-db.js';
import { events, webhookDeliveries, type WebhookDeliveryRow } from './webhooks.table.js';

/** The SQL of an endpoint's deliveries as its admins list, retry and replay them (the pump's is in delivery/). */

export type DeliveryWithType = WebhookDeliveryRow & { eventType: string };

const withType = { ...getTableColumns(webhookDeliveries), eventType: events.type };

/** Newest first; one query for the page and the total (a window count), a second only for a page past the end. */
export async function listDeliveries(
  t: TenantTx,
  endpointId: string,
  filter: { skip: number; limit: number; status?: WebhookDeliveryRow['status'] },
): Promise<{ rows: DeliveryWithType[]; total: number }> {
  const where = and(
    eq(webhookDeliveries.tenantId, t.tenantId),
    eq(webhookDeliveries.endpointId, endpointId),
    filter.status ? eq(webhookDeliveries.status, filter.status) : undefined,
  );
  const page = await t.tx
    .select({ ...withType, total: sql<number>`count(*) OVER ()`.mapWith(Number) })
    .from(webhookDeliveries)
    .innerJoin(events, eq(events.id, webhookDeliveries.eventId))
    .where(where)
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.eventSeq), desc(webhookDeliveries.id))
    .offset(filter.skip)
    .limit(filter.limit);
  if (page.length > 0) return { rows: page.map(({ total: _total, ...row }) => row), total: page[0].total };
  const [{ total }] = await t.tx.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(webhookDeliveries).where(where);
  return { rows: [], total };
}

export async function findDelivery(t: TenantTx, endpointId: string, id: string): Promise<DeliveryWithType | null> {
  const [row] = await t.tx
    .select(withType)
    .from(webhookDeliveries)
    .innerJoin(events, eq(events.id, webhookDeliveries.eventId))
    .where(and(eq(webhookDeliveries.tenantId, t.tenantId), eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.id, id)));
  return row ?? null;
}

/** Pending again and due `now`, unless it already is pending (null then). Its attempts so far are kept. */
export async function retryDelivery(t: TenantTx, id: string, now: SQL): Promise<WebhookDeliveryRow | null> {
  const [row] = await t.tx
    .update(webhookDeliveries)
    .set({ status: 'pending', nextAttemptAt: sql`${now}` })
    .where(and(eq(webhookDeliveries.tenantId, t.tenantId), eq(webhookDeliveries.id, id), sql`${webhookDeliveries.status} <> 'pending'`))
    .returning();
  return row ?? null;
}

/**
 * The events a replay sends to the endpoint: created in [since, until], of a type it takes now (or any, for `*`),
 * never a test event (those went to the endpoint they tested).
 */
const replayable = (t: TenantTx, endpointId: string, since: Date, until: Date | null) => sql`
  FROM events e
  WHERE e.tenant_id = ${t.tenantId} AND e.created_at >= ${since.toISOString()}::timestamptz
    AND ${until ? sql`e.created_at <= ${until.toISOString()}::timestamptz` : sql`true`}
    AND e.type <> 'webhook.test'
    AND EXISTS (SELECT 1 FROM webhook_endpoints w WHERE w.tenant_id = e.tenant_id AND w.id = ${endpointId}
                AND (e.type = ANY (w.event_types) OR '*' = ANY (w.event_types)))`;

/** How many events a replay would send, counting no further than `cap + 1`. */
export async function countReplayable(t: TenantTx, endpointId: string, since: Date, until: Date | null, cap: number): Promise<number> {
  const [{ n }] = await rows<{ n: number }>(t.tx, sql`
    SELECT count(*)::int AS n FROM (SELECT 1 ${replayable(t, endpointId, since, until)} LIMIT ${cap + 1}) capped`);
  return n;
}

/** One new pending delivery, due now, per replayable event; answers how many. */
export async function insertReplayDeliveries(t: TenantTx, endpointId: string, since: Date, until: Date | null, now: SQL): Promise<number> {
  const inserted = await rows<{ id: string }>(t.tx, sql`
    INSERT INTO webhook_deliveries (tenant_id, endpoint_id, event_id, event_seq, next_attempt_at)
    SELECT ${t.tenantId}, ${endpointId}, e.id, e.seq, ${now} ${replayable(t, endpointId, since, until)}
    ORDER BY e.seq
    RETURNING id`);
  return inserted.length;
}
