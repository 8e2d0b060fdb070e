import type { BaseLogger } from 'pino';
import type { Clock } from '../../../platform/clock.js';
import type { Database } from '../../../platform/db/database.js';
import { tenantDb, type TenantDb } from '../../../platform/db/tenant-db.js';
import { queueNow } from '../../../platform/jobs/queue.repo.js';
import type { JobHandler } from '../../../platform/jobs/worker.js';
import type { GuardedClient } from '../../../platform/net/guarded-fetch.js';
import type { KeyRing } from '../../../platform/sealing.js';
import { enqueuePump, PUMP_QUEUE } from '../events.js';
import { openSigningSecret } from '../signing-secret.js';
import type { DeliverySeries } from './metrics.js';
import { recordOutcome, type OutcomeDeps } from './outcome.js';
import {
  acquirePumpLease,
  pumpLeaseLeftSec,
  cancelPendingOfDisabled,
  dueDeliveries,
  extendPumpLease,
  pendingOutlook,
  pumpQueuedWithin,
  releasePumpLease,
  type DueDelivery,
  type LeasedEndpoint,
} from './pump.repo.js';
import { sendWebhook } from './send.js';

interface PumpSettings {
  /** WEBHOOK_TIMEOUT_MS: a receiver's time to answer. */
  timeoutMs: number;
  /** JOB_LEASE_SEC: how soon the operator wants a dead worker's jobs taken up; the pump's leases are at most this. */
  jobLeaseSec: number;
  /** WEBHOOK_TENANT_IN_FLIGHT: pumps of one tenant running at once, so deliveries it sends at once. */
  tenantInFlight: number;
  /** WEBHOOK_CONCURRENCY: pumps this process runs at once. */
  concurrency: number;
}

export interface PumpDeps extends OutcomeDeps {
  db: Pick<Database, 'tenant'>;
  clock: Pick<Clock, 'advancedMs'>;
  secrets: KeyRing;
  client: Pick<GuardedClient, 'request'>;
  series: DeliverySeries;
  log: Pick<BaseLogger, 'warn'>;
  settings: PumpSettings;
}

/** The job's lease at most (its heartbeat renews it while a pump works), and the endpoint lease's margin at most. */
const MAX_LEASE_SEC = 60;
const MAX_MARGIN_SEC = 30;
/** A pump hands its worker slot back after this long (well inside its job lease) and queues itself again. */
const ROUND_BUDGET_MS = 20_000;
/** Due deliveries read per query: sent one at a time, in event order. */
const BATCH = 10;

/**
 * The `webhook.pump` job: one endpoint's due deliveries, sent one at a time in event order by whoever holds the
 * endpoint's pump lease. Its payload is `{endpointId}`, the job's tenant the endpoint's. See README.md ("Delivery").
 */
export function pumpJob(deps: PumpDeps): JobHandler {
  return {
    queue: PUMP_QUEUE,
    concurrency: deps.settings.concurrency,
    leaseSec: Math.min(MAX_LEASE_SEC, deps.settings.jobLeaseSec),
    // Every pump job, whoever enqueued it (any module's emitEvent), is held to the operator's cap per tenant.
    tenantCap: deps.settings.tenantInFlight,
    handle: (job, { signal }) => pump(deps, tenantDb(deps.db, job.tenantId!), String(job.payload.endpointId), signal),
  };
}

async function pump(deps: PumpDeps, tenant: TenantDb, endpointId: string, signal: AbortSignal): Promise<void> {
  const now = () => queueNow(deps.clock.advancedMs);
  // One attempt and its records, extended with each record; a dead holder's endpoint is free again this soon after.
  const leaseSec = Math.ceil(deps.settings.timeoutMs / 1000) + Math.min(MAX_MARGIN_SEC, deps.settings.jobLeaseSec);
  const started = performance.now();
  let requeue = false;
  let held: LeasedEndpoint | null = await tenant.run((t) => acquirePumpLease(t, endpointId, leaseSec, now()));
  if (!held) {
    // Another pump holds it (and looks again after releasing it), or it is disabled or gone. The holder may have died
    // with its process: a pump queued for when its lease runs out takes over then, rather than the next sweep.
    const leftSec = await tenant.run(async (t) => {
      await cancelPendingOfDisabled(t, endpointId);
      return pumpLeaseLeftSec(t, endpointId, now());
    });
    if (leftSec !== null) await schedulePump(deps, tenant, endpointId, leftSec + 1);
    return;
  }
  try {
    for (;;) {
      const batch = await tenant.run((t) => dueDeliveries(t, endpointId, now(), BATCH));
      if (batch.length === 0) {
        // Release first, then look: a delivery committed after the last read either is seen now, or its emitter's
        // pump job finds the lease free. Looking first could leave it to a pump that saw the lease still held.
        await release(tenant, endpointId, held);
        held = null;
        const outlook = await tenant.run((t) => pendingOutlook(t, endpointId, now()));
        if (outlook.due) {
          held = await tenant.run((t) => acquirePumpLease(t, endpointId, leaseSec, now()));
          if (held) continue;
          return; // another pump took it meanwhile
        }
        if (outlook.waitSec !== null) await schedulePump(deps, tenant, endpointId, outlook.waitSec);
        return;
      }
      for (const delivery of batch) {
        if (signal.aborted) throw signal.reason;
        if (performance.now() - started > ROUND_BUDGET_MS) {
          // Fairness: the worker slot goes back to the queue, which may give it to another tenant's pump first.
          requeue = true;
          return;
        }
        if (!held.enabled) {
          await tenant.run((t) => cancelPendingOfDisabled(t, endpointId));
          return;
        }
        const after = await attempt(deps, tenant, held, delivery, signal, leaseSec);
        if (after === 'disabled') return;
        held = after;
        if (!held) return; // our lease expired and another pump took over, or the endpoint is gone
      }
    }
  } finally {
    if (held) {
      const lease = held;
      // Out of time, or stopped mid-way (shutdown, or the job's lease lost, so the job may not run again): released
      // and queued again in one transaction, so the next pump finds the lease free.
      await tenant
        .run(async (t) => {
          await releasePumpLease(t, endpointId, lease.lease);
          if (requeue || signal.aborted) await enqueuePump(t, endpointId, 0, deps.clock.advancedMs);
        })
        .catch((error) => deps.log.warn({ err: error, endpointId }, 'webhook pump lease not released'));
    }
  }
}

/**
 * Sends one delivery, then records the outcome and extends the lease for the next one in one transaction (the
 * endpoint read afresh: a rotation, a new URL, a disable). The endpoint as leased for the next attempt, null when the
 * lease was lost, 'disabled' when this failure disabled it. Throws the job's abort reason when stopped mid-send.
 */
async function attempt(deps: PumpDeps, tenant: TenantDb, endpoint: LeasedEndpoint, delivery: DueDelivery, signal: AbortSignal, leaseSec: number) {
  const open = (sealed: string) => openSigningSecret(deps.secrets, tenant.tenantId, endpoint.id, sealed);
  const secrets = [open(endpoint.secret_sealed), ...(endpoint.previous_secret_sealed ? [open(endpoint.previous_secret_sealed)] : [])];
  const message = {
    eventId: delivery.event_id,
    type: delivery.type,
    createdAt: new Date(delivery.created_at),
    data: typeof delivery.data === 'string' ? (JSON.parse(delivery.data) as Record<string, unknown>) : delivery.data,
  };
  const result = await sendWebhook(deps.client, { url: endpoint.url, secrets }, message, { timeoutMs: deps.settings.timeoutMs, signal });
  if (result === 'aborted') throw signal.reason;
  deps.series.attempts.inc({ outcome: result.kind });
  deps.series.latency.observe({ result: result.kind === 'succeeded' ? 'succeeded' : 'failed' }, result.latencyMs / 1000);
  return tenant.run(async (t) => {
    const recorded = await recordOutcome(deps, t, endpoint, delivery, result);
    if (recorded === 'disabled') {
      deps.series.disabled.inc();
      return 'disabled' as const;
    }
    return extendPumpLease(t, endpoint.id, endpoint.lease, leaseSec, queueNow(deps.clock.advancedMs));
  });
}

function release(tenant: TenantDb, endpointId: string, held: LeasedEndpoint): Promise<void> {
  return tenant.run((t) => releasePumpLease(t, endpointId, held.lease));
}

/** A pump for the earliest retry, unless one is already queued to run by then. */
async function schedulePump(deps: PumpDeps, tenant: TenantDb, endpointId: string, waitSec: number): Promise<void> {
  const delaySec = Math.max(0, Math.ceil(waitSec * 1000) / 1000);
  const now = queueNow(deps.clock.advancedMs);
  await tenant.run(async (t) => {
    if (!(await pumpQueuedWithin(t, PUMP_QUEUE, endpointId, delaySec, now))) await enqueuePump(t, endpointId, delaySec, deps.clock.advancedMs);
  });
}
