import type { BaseLogger } from 'pino';
import type { Clock } from '../../../platform/clock.js';
import type { Database } from '../../../platform/db/database.js';
import { tenantDb } from '../../../platform/db/tenant-db.js';
import { queueNow } from '../../../platform/jobs/queue.repo.js';
import type { PeriodicTask } from '../../../platform/jobs/worker.js';
import { claimDueConnectors } from '../connectors.repo.js';
import type { ConnectorsService } from '../connectors.service.js';

/** Connectors started per tick at most; the next tick takes the rest. */
const CLAIM_LIMIT = 100;
/**
 * How long a claim holds a connector: the claiming instance starts its run well within it; if it dies first, the
 * connector is due again afterwards.
 */
const CLAIM_HOLD_SEC = 600;

/**
 * Starts the runs that are due: claims due connectors in the database (across tenants, FOR UPDATE SKIP LOCKED), so
 * that with many instances each connector is started by one, then starts each run in its tenant's transaction (which
 * refuses a second run while one is active). Answers the runs started.
 */
export async function startDueRuns(deps: { db: Pick<Database, 'query' | 'tenant'>; clock: Pick<Clock, 'advancedMs'>; service: Pick<ConnectorsService, 'startScheduled'>; log: Pick<BaseLogger, 'warn'> }): Promise<string[]> {
  const due = await claimDueConnectors(deps.db, queueNow(deps.clock.advancedMs), CLAIM_HOLD_SEC, CLAIM_LIMIT);
  const started: string[] = [];
  for (const { tenant_id: tenantId, connector_id: connectorId } of due) {
    try {
      const runId = await deps.service.startScheduled(tenantDb(deps.db, tenantId), connectorId);
      if (runId) started.push(runId);
    } catch (error) {
      deps.log.warn({ err: error, connectorId }, 'scheduled connector run not started');
    }
  }
  return started;
}

export function scheduleTask(deps: Parameters<typeof startDueRuns>[0]): PeriodicTask {
  return { name: 'connector-schedule', everyMs: 30_000, run: async () => void (await startDueRuns(deps)) };
}
