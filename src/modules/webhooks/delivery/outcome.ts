import type { Clock } from '../../../platform/clock.js';
import type { TenantTx } from '../../../platform/db/tenant-db.js';
import { queueNow } from '../../../platform/jobs/queue.repo.js';
import type { Mailer } from '../../mail/index.js';
import { emitEvent } from '../events.js';
import { cancelPendingOfDisabled, disableEndpoint, endpointFailed, endpointSucceeded, recordAttempt } from './pump.repo.js';
import { DISABLE_AFTER_MS, retryDelayMs } from './schedule.js';
import type { AttemptResult } from './send.js';

export interface OutcomeDeps {
  clock: Pick<Clock, 'advancedMs'>;
  mailer: Pick<Mailer, 'enqueue'>;
  /** The addresses of the tenant's active owners and admins (told when an endpoint is disabled). */
  tenantAdmins(t: TenantTx): Promise<string[]>;
}

/**
 * Records an attempt and what it means for the endpoint, in the caller's one transaction: a success clears the
 * endpoint's `failing_since`; a failure schedules the next attempt (or ends the delivery as `failed`) and, when the
 * endpoint has failed for five days without a success, disables it. 'stale' when the delivery changed since the pump
 * read it (a manual retry, a cancel): nothing is recorded.
 */
export async function recordOutcome(
  deps: OutcomeDeps,
  t: TenantTx,
  endpoint: { id: string; failing: boolean },
  delivery: { id: string; attempts: number },
  result: AttemptResult,
): Promise<'recorded' | 'stale' | 'disabled'> {
  const endpointId = endpoint.id;
  const now = queueNow(deps.clock.advancedMs);
  const succeeded = result.kind === 'succeeded';
  const nextAttemptInMs = succeeded ? null : retryDelayMs(delivery.attempts + 1);
  const recorded = await recordAttempt(t, delivery, { ...result, succeeded, nextAttemptInMs }, now);
  if (!recorded) return 'stale';
  if (succeeded) {
    // Only the pump holding the lease writes `failing_since` (a re-enable clears it), so what it read is current.
    if (endpoint.failing) await endpointSucceeded(t, endpointId);
    return 'recorded';
  }
  const failing = await endpointFailed(t, endpointId, now, DISABLE_AFTER_MS);
  if (!failing?.overdue) return 'recorded';
  return (await disableFailingEndpoint(deps, t, endpointId, failing.failingSince, result.error ?? 'unknown')) ? 'disabled' : 'recorded';
}

/**
 * Disables an endpoint that failed for five days: its pending deliveries are cancelled, `endpoint.disabled` goes to
 * the tenant's other endpoints that take it, and its owners and admins get a mail, all in this transaction. The
 * conditional update makes one transaction do it, so one mail goes out however many pumps saw the failure.
 */
async function disableFailingEndpoint(deps: OutcomeDeps, t: TenantTx, endpointId: string, failingSince: Date, lastError: string): Promise<boolean> {
  const since = failingSince.toISOString();
  const reason = `Every delivery failed for 5 days (since ${since}). Last error: ${lastError}`;
  const disabled = await disableEndpoint(t, endpointId, reason);
  if (!disabled) return false;
  await cancelPendingOfDisabled(t, endpointId);
  await emitEvent(t, 'endpoint.disabled', { endpoint_id: endpointId, url: disabled.url, reason, failing_since: since });
  for (const to of await deps.tenantAdmins(t)) {
    await deps.mailer.enqueue(t, 'webhook_endpoint_disabled', to, { url: disabled.url, reason });
  }
  return true;
}
