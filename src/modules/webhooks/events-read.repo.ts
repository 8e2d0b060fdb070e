import { and, count, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { TenantTx } from '../../platform/db/tenant-db.js';
import { events } from './webhooks.table.js';

export type EventRow = typeof events.$inferSelect;

/** Reading the tenant's event log; writing it is events.repo.ts's (the outbox). */

function visible(t: TenantTx, since: Date): SQL[] {
  return [eq(events.tenantId, t.tenantId), gte(events.createdAt, since)];
}

/**
 * Events created at or after `since`, newest first (by `seq`, the order they were written in), with the total: one
 * query for the page and the total (a window count), a second only for a page past the end.
 */
export async function listEvents(
  t: TenantTx,
  filter: { since: Date; type?: string; skip: number; limit: number },
): Promise<{ rows: EventRow[]; total: number }> {
  const where = and(...visible(t, filter.since), ...(filter.type ? [eq(events.type, filter.type)] : []));
  const page = await t.tx
    .select({ event: events, total: sql<number>`count(*) OVER ()`.mapWith(Number) })
    .from(events)
    .where(where)
    .orderBy(desc(events.seq))
    .offset(filter.skip)
    .limit(filter.limit);
  if (page.length > 0) return { rows: page.map((r) => r.event), total: page[0].total };
  const [{ total }] = await t.tx.select({ total: count() }).from(events).where(where);
  return { rows: [], total };
}

export async function findEvent(t: TenantTx, id: string, since: Date): Promise<EventRow | null> {
  const [row] = await t.tx.select().from(events).where(and(...visible(t, since), eq(events.id, id)));
  return row ?? null;
}
