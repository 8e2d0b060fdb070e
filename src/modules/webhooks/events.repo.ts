import { sql } from 'drizzle-orm';
import { rows } from '../../platform/db/database.js';
import type { TenantTx } from '../../platform/db/tenant-db.js';

/**
 * Inserts the event and, in the same statement, one pending delivery per enabled endpoint of the tenant that takes
 * the type (or `*`), or only for `onlyEndpoint`; answers those endpoints' ids.
 */
export async function insertEventWithDeliveries(
  t: TenantTx,
  event: { id: string; type: string; data: Record<string, unknown>; onlyEndpoint: string | null },
): Promise<string[]> {
  const found = await rows<{ endpoint_id: string }>(t.tx, sql`
    WITH ev AS (
      INSERT INTO events (id, tenant_id, type, data) VALUES (${event.id}, ${t.tenantId}, ${event.type}, ${JSON.stringify(event.data)}::jsonb)
      RETURNING id, seq
    ), d AS (
      INSERT INTO webhook_deliveries (tenant_id, endpoint_id, event_id, event_seq)
      SELECT ${t.tenantId}, e.id, ev.id, ev.seq FROM webhook_endpoints e, ev
      WHERE e.tenant_id = ${t.tenantId} AND e.enabled
        AND ${event.onlyEndpoint === null
          ? sql`(${event.type} = ANY (e.event_types) OR '*' = ANY (e.event_types))`
          : sql`e.id = ${event.onlyEndpoint}`}
      ORDER BY e.id
      RETURNING endpoint_id
    )
    SELECT endpoint_id FROM d`);
  return found.map((r) => r.endpoint_id);
}

/**
 * The batch form of `insertEventWithDeliveries` (the same endpoints, chosen by the same rule): several events of
 * one type in one statement, in list order (their `seq` follows it), with one pending delivery per event and
 * subscribed endpoint; answers those endpoints' ids, each once. For a change that touches many rows at once (a
 * folder's or memory's documents deleted), so the log costs one statement rather than one per row.
 */
export async function insertEventsWithDeliveries(t: TenantTx, type: string, events: { id: string; data: Record<string, unknown> }[]): Promise<string[]> {
  if (events.length === 0) return [];
  const found = await rows<{ endpoint_id: string }>(t.tx, sql`
    WITH input AS (
      SELECT x->>'id' AS id, x->'data' AS data, ord
      FROM jsonb_array_elements(${JSON.stringify(events)}::jsonb) WITH ORDINALITY AS a(x, ord)
    ), ev AS (
      INSERT INTO events (id, tenant_id, type, data)
      SELECT id, ${t.tenantId}, ${type}, data FROM input ORDER BY ord
      RETURNING id, seq
    ), d AS (
      INSERT INTO webhook_deliveries (tenant_id, endpoint_id, event_id, event_seq)
      SELECT ${t.tenantId}, e.id, ev.id, ev.seq FROM webhook_endpoints e, ev
      WHERE e.tenant_id = ${t.tenantId} AND e.enabled AND (${type} = ANY (e.event_types) OR '*' = ANY (e.event_types))
      ORDER BY ev.seq, e.id
      RETURNING endpoint_id
    )
    SELECT DISTINCT endpoint_id FROM d`);
  return found.map((r) => r.endpoint_id);
}

/** Of these endpoints, those with no pump job waiting that is already due (a queued one will see the new delivery). */
export async function endpointsWithoutQueuedPump(t: TenantTx, pumpQueue: string, endpointIds: string[]): Promise<string[]> {
  if (endpointIds.length === 0) return [];
  const found = await rows<{ id: string }>(t.tx, sql`
    SELECT u.id::text AS id FROM unnest(${`{${endpointIds.join(',')}}`}::uuid[]) AS u(id)
    WHERE NOT EXISTS (SELECT 1 FROM job_queue j WHERE j.queue = ${pumpQueue} AND j.status = 'queued'
                      AND j.tenant_id = ${t.tenantId} AND j.payload->>'endpointId' = u.id::text AND j.run_after <= now())`);
  return found.map((r) => r.id);
}
