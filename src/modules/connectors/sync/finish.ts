import type { queueNow } from '../../../platform/jobs/queue.repo.js';
import type { TenantTx } from '../../../platform/db/tenant-db.js';
import type { EventBus } from '../../../platform/events/bus.js';
import { emitEvent } from '../../webhooks/index.js';
import { findConnector, minutesAfter, updateConnector } from '../connectors.repo.js';
import type { ConnectorRow, ConnectorRunRow } from '../connectors.table.js';
import { findRun, updateRun } from '../runs.repo.js';
import { publishRunChanged } from './run-events.js';

/** A time in SQL on the queue's clock (`queueNow`). */
type SQL = ReturnType<typeof queueNow>;

/** Failed runs in a row after which the connector is put in `error`: nothing is scheduled until it is resumed. */
const MAX_CONSECUTIVE_FAILURES = 5;

/** A failed run is retried after 1, 2, 4, 8 minutes… (at most an hour), the connector's schedule notwithstanding. */
const retryDelayMinutes = (failures: number) => Math.min(60, 2 ** Math.max(0, failures - 1));

const counts = (run: ConnectorRunRow) => ({ seen: run.seen, added: run.added, updated: run.updated, unchanged: run.unchanged, deleted: run.deleted, failed: run.failed });

const after = minutesAfter;

/** When the schedule runs the connector next, counted from `now`; null without a schedule. */
export const nextScheduled = (connector: Pick<ConnectorRow, 'scheduleEveryMinutes'>, now: SQL) =>
  connector.scheduleEveryMinutes ? after(now, connector.scheduleEveryMinutes) : null;

export type RunEnd =
  | { status: 'succeeded'; listingComplete: boolean; error: string | null; cursor?: unknown }
  | { status: 'failed'; error: string }
  | { status: 'cancelled' };

/**
 * The run's final transaction: the run's status, the connector's (idle; `error` after MAX_CONSECUTIVE_FAILURES
 * failed runs in a row; paused stays paused), its failure streak, cursor and next run, and the event-log entry.
 * A run already ended (cancelled meanwhile) keeps its status; the connector is still released. Answers the run.
 */
export async function finishRun(t: TenantTx, deps: { bus: EventBus; now: SQL }, runId: string, end: RunEnd): Promise<ConnectorRunRow | null> {
  const run = await findRun(t, runId, { forUpdate: true });
  if (!run) return null;
  const connector = await findConnector(t, run.connectorId, { forUpdate: true });
  if (!connector) return run;
  const live = run.status === 'queued' || run.status === 'running';
  const outcome: RunEnd = live ? end : { status: 'cancelled' };
  let ended = run;
  if (live) {
    ended = (await updateRun(t, runId, {
      status: outcome.status,
      listingComplete: outcome.status === 'succeeded' ? outcome.listingComplete : false,
      error: outcome.status === 'cancelled' ? null : outcome.error,
      finishedAt: deps.now,
    }))!;
  }
  const paused = !connector.enabled || connector.status === 'paused';
  const values: Parameters<typeof updateConnector>[2] = { lastRunId: runId };
  if (outcome.status === 'failed') {
    const failures = connector.consecutiveFailures + 1;
    const broken = failures >= MAX_CONSECUTIVE_FAILURES;
    Object.assign(values, {
      consecutiveFailures: failures,
      status: paused ? 'paused' : broken ? 'error' : 'idle',
      nextRunAt: paused || broken ? null : after(deps.now, retryDelayMinutes(failures)),
    });
    await emitEvent(t, 'connector.run.failed', {
      connector_id: connector.id,
      connector_name: connector.name,
      run_id: runId,
      trigger: run.trigger,
      error: outcome.error.slice(0, 1000),
      consecutive_failures: failures,
      connector_status: values.status,
      counts: counts(ended),
    });
  } else {
    Object.assign(values, {
      status: paused ? 'paused' : 'idle',
      nextRunAt: paused ? null : nextScheduled(connector, deps.now),
      ...(outcome.status === 'succeeded' ? { consecutiveFailures: 0 } : {}),
      ...(outcome.status === 'succeeded' && outcome.listingComplete && outcome.cursor !== undefined ? { cursor: outcome.cursor } : {}),
    });
    if (outcome.status === 'succeeded') {
      await emitEvent(t, 'connector.run.completed', {
        connector_id: connector.id,
        connector_name: connector.name,
        run_id: runId,
        trigger: run.trigger,
        listing_complete: outcome.listingComplete,
        counts: counts(ended),
      });
    }
  }
  await updateConnector(t, connector.id, values);
  await publishRunChanged(deps.bus, t, runId);
  return ended;
}
