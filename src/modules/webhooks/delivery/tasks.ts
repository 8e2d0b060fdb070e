import type { BaseLogger } from 'pino';
import type { Clock } from '../../../platform/clock.js';
import type { Database } from '../../../platform/db/database.js';
import { tenantDb } from '../../../platform/db/tenant-db.js';
import { queueNow } from '../../../platform/jobs/queue.repo.js';
import type { PeriodicTask } from '../../../platform/jobs/worker.js';
import { enqueuePump, PUMP_QUEUE } from '../events.js';
import { endpointsDueWithoutPump, purgeEventsOlderThan } from './pump.repo.js';

/** Endpoints restarted per sweep at most; the next sweep takes the rest. */
const SWEEP_LIMIT = 1000;
/** The event log keeps 30 days (a replay reaches that far back). */
const EVENT_RETENTION_DAYS = 30;

interface TaskDeps {
  db: Pick<Database, 'query' | 'tenant'>;
  clock: Pick<Clock, 'advancedMs'>;
  log: Pick<BaseLogger, 'info'>;
}

/**
 * Queues a pump for every endpoint with a delivery due and neither a pump holding it nor one queued: a pump that died
 * (its process killed), or one that finished at once beside a pump about to stop, leaves its deliveries pending; the
 * sweep starts them again (at-least-once). Answers how many pumps it queued.
 */
async function sweepDueEndpoints(deps: TaskDeps): Promise<number> {
  const due = await endpointsDueWithoutPump(deps.db, PUMP_QUEUE, queueNow(deps.clock.advancedMs), SWEEP_LIMIT);
  for (const { tenant_id: tenantId, endpoint_id: endpointId } of due) {
    await tenantDb(deps.db, tenantId).run((t) => enqueuePump(t, endpointId, 0, deps.clock.advancedMs));
  }
  return due.length;
}

/** Deletes events older than the retention, and their deliveries with them. Answers how many. */
function purgeOldEvents(deps: TaskDeps): Promise<number> {
  return purgeEventsOlderThan(deps.db, EVENT_RETENTION_DAYS, queueNow(deps.clock.advancedMs));
}

export function deliveryTasks(deps: TaskDeps): PeriodicTask[] {
  return [
    { name: 'webhook-sweep', everyMs: 30_000, run: async () => void (await sweepDueEndpoints(deps)) },
    {
      name: 'events-purge',
      everyMs: 3600_000,
      run: async () => {
        const purged = await purgeOldEvents(deps);
        if (purged > 0) deps.log.info({ purged }, 'events past their retention purged');
      },
    },
  ];
}
