import { sql, type SQL } from 'drizzle-orm';
import { rows, type Database } from '../../../platform/db/database.js';
import type { TenantTx } from '../../../platform/db/tenant-db.js';

/**
 * The delivery pump's SQL. `now` is the queue's clock (`queueNow`: the database's time, moved by what tests advanced
 * the service clock), so leases, due times and the schedule all follow one clock.
 */

/**
 * The endpoint as a pump that holds its lease sees it. `lease` is the lease's expiry in microseconds since the epoch:
 * the pump's fencing token. Only the holder knows it, and each acquisition or extension writes a later one, so a
 * pump whose lease expired and was taken over changes nothing afterwards.
 */
export interface LeasedEndpoint {
  id: string;
  url: string;
  enabled: boolean;
  secret_sealed: string;
  /** Sealed, and only while the rotation overlap lasts (`previous_secret_until` after now). */
  previous_secret_sealed: string | null;
  /** Whether an attempt failed since the last success (`failing_since` set). */
  failing: boolean;
  lease: string;
}

const LEASED_COLUMNS = sql`id::text, url, enabled, secret_sealed, failing_since IS NOT NULL AS failing,
  CASE WHEN previous_secret_until > now_at THEN previous_secret_sealed END AS previous_secret_sealed,
  (extract(epoch FROM pump_lease_until) * 1000000)::bigint::text AS lease`;

const leaseUntil = (now: SQL, leaseSec: number) => sql`${now} + make_interval(secs => ${leaseSec})`;

/** Takes the endpoint's pump lease when no live pump holds it (and the endpoint is enabled); null otherwise. */
export async function acquirePumpLease(t: TenantTx, endpointId: string, leaseSec: number, now: SQL): Promise<LeasedEndpoint | null> {
  const [row] = await rows<LeasedEndpoint>(t.tx, sql`
    WITH clock AS (SELECT ${now} AS now_at)
    UPDATE webhook_endpoints SET pump_lease_until = ${leaseUntil(sql`clock.now_at`, leaseSec)}
    FROM clock
    WHERE tenant_id = ${t.tenantId} AND id = ${endpointId} AND enabled
      AND (pump_lease_until IS NULL OR pump_lease_until < clock.now_at)
    RETURNING ${LEASED_COLUMNS}`);
  return row ?? null;
}

/** Extends a lease this pump holds and reads the endpoint afresh (a rotation, a new URL, a disable); null when lost. */
export async function extendPumpLease(t: TenantTx, endpointId: string, lease: string, leaseSec: number, now: SQL): Promise<LeasedEndpoint | null> {
  const [row] = await rows<LeasedEndpoint>(t.tx, sql`
    WITH clock AS (SELECT ${now} AS now_at)
    UPDATE webhook_endpoints SET pump_lease_until = ${leaseUntil(sql`clock.now_at`, leaseSec)}
    FROM clock
    WHERE tenant_id = ${t.tenantId} AND id = ${endpointId} AND ${heldBy(lease)}
    RETURNING ${LEASED_COLUMNS}`);
  return row ?? null;
}

export async function releasePumpLease(t: TenantTx, endpointId: string, lease: string): Promise<void> {
  await t.tx.execute(sql`
    UPDATE webhook_endpoints SET pump_lease_until = NULL WHERE tenant_id = ${t.tenantId} AND id = ${endpointId} AND ${heldBy(lease)}`);
}

const heldBy = (lease: string) => sql`(extract(epoch FROM pump_lease_until) * 1000000)::bigint = ${lease}::bigint`;

export interface DueDelivery {
  id: string;
  attempts: number;
  event_id: string;
  type: string;
  data: Record<string, unknown> | string;
  created_at: Date | string;
}

/** The endpoint's next due deliveries, in event order. */
export function dueDeliveries(t: TenantTx, endpointId: string, now: SQL, limit: number): Promise<DueDelivery[]> {
  return rows<DueDelivery>(t.tx, sql`
    SELECT d.id::text, d.attempts, d.event_id, e.type, e.data, e.created_at
    FROM webhook_deliveries d JOIN events e ON e.id = d.event_id
    WHERE d.tenant_id = ${t.tenantId} AND d.endpoint_id = ${endpointId} AND d.status = 'pending' AND d.next_attempt_at <= ${now}
    ORDER BY d.event_seq, d.id
    LIMIT ${limit}`);
}

/** Whether a pending delivery is due now, and else how many seconds until the earliest one (null: none pending). */
export async function pendingOutlook(t: TenantTx, endpointId: string, now: SQL): Promise<{ due: boolean; waitSec: number | null }> {
  const [row] = await rows<{ due: boolean | null; wait_sec: string | number | null }>(t.tx, sql`
    SELECT bool_or(next_attempt_at <= ${now}) AS due, extract(epoch FROM min(next_attempt_at) - ${now}) AS wait_sec
    FROM webhook_deliveries WHERE tenant_id = ${t.tenantId} AND endpoint_id = ${endpointId} AND status = 'pending'`);
  return { due: row?.due === true, waitSec: row?.wait_sec == null ? null : Number(row.wait_sec) };
}

/** Seconds until the endpoint's pump lease runs out (0 when none is held), or null when it is disabled or gone. */
export async function pumpLeaseLeftSec(t: TenantTx, endpointId: string, now: SQL): Promise<number | null> {
  const [row] = await rows<{ left_sec: string | number }>(t.tx, sql`
    SELECT greatest(0, coalesce(extract(epoch FROM pump_lease_until - ${now}), 0)) AS left_sec
    FROM webhook_endpoints WHERE tenant_id = ${t.tenantId} AND id = ${endpointId} AND enabled`);
  return row ? Number(row.left_sec) : null;
}

/** Whether a pump of this endpoint is queued to run within `withinSec` (so another one need not be). */
export async function pumpQueuedWithin(t: TenantTx, queue: string, endpointId: string, withinSec: number, now: SQL): Promise<boolean> {
  const [{ queued }] = await rows<{ queued: boolean }>(t.tx, sql`
    SELECT EXISTS (SELECT 1 FROM job_queue WHERE queue = ${queue} AND status = 'queued' AND tenant_id = ${t.tenantId}
                   AND payload->>'endpointId' = ${endpointId} AND run_after <= ${now} + make_interval(secs => ${withinSec})) AS queued`);
  return queued;
}

/**
 * Records one attempt, if the delivery is still as the pump read it (pending, with that many attempts): a manual
 * retry, a cancel or another pump's record in between wins, and this one changes nothing. `nextAttemptInMs`: null
 * on success or when the attempts are spent (`failed`).
 */
export async function recordAttempt(
  t: TenantTx,
  delivery: { id: string; attempts: number },
  attempt: { succeeded: boolean; status: number | null; latencyMs: number; body: string | null; error: string | null; nextAttemptInMs: number | null },
  now: SQL,
): Promise<boolean> {
  const status = attempt.succeeded ? 'succeeded' : attempt.nextAttemptInMs === null ? 'failed' : 'pending';
  const updated = await rows<{ id: string }>(t.tx, sql`
    UPDATE webhook_deliveries SET
      attempts = attempts + 1, status = ${status}, last_attempt_at = ${now}, response_status = ${attempt.status},
      latency_ms = ${attempt.latencyMs}, response_body = ${attempt.body}, error = ${attempt.error},
      delivered_at = ${attempt.succeeded ? now : null},
      next_attempt_at = ${attempt.nextAttemptInMs === null ? sql`next_attempt_at` : sql`${now} + make_interval(secs => ${attempt.nextAttemptInMs / 1000})`}
    WHERE tenant_id = ${t.tenantId} AND id = ${delivery.id} AND status = 'pending' AND attempts = ${delivery.attempts}
    RETURNING id`);
  return updated.length > 0;
}

export async function endpointSucceeded(t: TenantTx, endpointId: string): Promise<void> {
  await t.tx.execute(sql`
    UPDATE webhook_endpoints SET failing_since = NULL
    WHERE tenant_id = ${t.tenantId} AND id = ${endpointId} AND failing_since IS NOT NULL`);
}

/** Notes the failure (`failing_since` kept from the first); whether the endpoint has failed for `disableAfterMs`. */
export async function endpointFailed(t: TenantTx, endpointId: string, now: SQL, disableAfterMs: number): Promise<{ failingSince: Date; overdue: boolean } | null> {
  const [row] = await rows<{ failing_since: Date | string; overdue: boolean }>(t.tx, sql`
    WITH clock AS (SELECT ${now} AS now_at)
    UPDATE webhook_endpoints SET failing_since = coalesce(failing_since, clock.now_at)
    FROM clock
    WHERE tenant_id = ${t.tenantId} AND id = ${endpointId}
    RETURNING failing_since, failing_since <= clock.now_at - make_interval(secs => ${disableAfterMs / 1000}) AS overdue`);
  return row ? { failingSince: new Date(row.failing_since), overdue: row.overdue } : null;
}

/** Disables the endpoint unless it already is; its row (url, failing_since) when this call did it. */
export async function disableEndpoint(t: TenantTx, endpointId: string, reason: string): Promise<{ url: string } | null> {
  const [row] = await rows<{ url: string }>(t.tx, sql`
    UPDATE webhook_endpoints SET enabled = false, disabled_reason = ${reason}, updated_at = now()
    WHERE tenant_id = ${t.tenantId} AND id = ${endpointId} AND enabled
    RETURNING url`);
  return row ?? null;
}

/** A disabled endpoint's pending deliveries are cancelled (none are sent to it; a replay can send them again). */
export async function cancelPendingOfDisabled(t: TenantTx, endpointId: string): Promise<number> {
  const cancelled = await rows<{ id: string }>(t.tx, sql`
    UPDATE webhook_deliveries d SET status = 'cancelled'
    FROM webhook_endpoints e
    WHERE e.tenant_id = ${t.tenantId} AND e.id = ${endpointId} AND NOT e.enabled
      AND d.tenant_id = e.tenant_id AND d.endpoint_id = e.id AND d.status = 'pending'
    RETURNING d.id`);
  return cancelled.length;
}

/**
 * Across tenants (webhook_endpoints_due is SECURITY DEFINER): enabled endpoints with a delivery due, no live pump
 * lease and no pump queued that is due, at most `limit`.
 */
export function endpointsDueWithoutPump(db: Pick<Database, 'query'>, queue: string, now: SQL, limit: number): Promise<{ tenant_id: string; endpoint_id: string }[]> {
  return db.query(sql`
    SELECT d.tenant_id::text, d.endpoint_id::text FROM webhook_endpoints_due(${now}) d
    WHERE NOT EXISTS (SELECT 1 FROM job_queue j WHERE j.queue = ${queue} AND j.status = 'queued' AND j.tenant_id = d.tenant_id
                      AND j.payload->>'endpointId' = d.endpoint_id::text AND j.run_after <= ${now})
    LIMIT ${limit}`);
}

/** Across tenants (events_purge_before is SECURITY DEFINER): events older than `days` go, with their deliveries. */
export async function purgeEventsOlderThan(db: Pick<Database, 'query'>, days: number, now: SQL): Promise<number> {
  const [row] = await db.query<{ purged: number }>(sql`SELECT events_purge_before(${now} - make_interval(days => ${days})) AS purged`);
  return Number(row?.purged ?? 0);
}
