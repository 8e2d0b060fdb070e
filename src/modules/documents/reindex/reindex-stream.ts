import type { TenantDb } from '../../../platform/db/tenant-db.js';
import type { EventBus } from '../../../platform/events/bus.js';
import { AppError } from '../../../platform/http/errors.js';
import type { EventStream, StreamFollower } from '../../../platform/http/sse.js';
import { isTerminalRun, presentRun, type PresentedRun } from './reindex.present.js';
import { REINDEX_EVENTS_CHANNEL, type ReindexRunEvent, type ReindexService } from './reindex.service.js';

/**
 * Following one run. Subscribed before the first read, so no change falls between the two; every notification
 * re-reads the row (a notification only says "it changed"), and an unchanged row is not sent again.
 * Once attached it writes `progress` now and at every change, then `done` with the terminal run, and closes the
 * stream. Another tenant's run, or none, is a 404 before the stream opens.
 */
export async function followRun(deps: { bus: EventBus; runs: Pick<ReindexService, 'find'> }, tenant: TenantDb, runId: string): Promise<StreamFollower> {
  let sink: EventStream | null = null;
  let finished = false;
  let last = '';
  let reading = Promise.resolve();

  const unsubscribe = await deps.bus.subscribe(REINDEX_EVENTS_CHANNEL, (event: ReindexRunEvent) => {
    if (finished || event?.tenant_id !== tenant.tenantId || event.run_id !== runId) return;
    void refresh();
  });
  const stop = () => {
    if (finished) return;
    finished = true;
    unsubscribe();
  };

  const first = await deps.runs.find(tenant, runId).catch((error) => {
    stop();
    throw error;
  });
  if (!first) {
    stop();
    throw new AppError('reindex_run_not_found');
  }

  function emit(run: PresentedRun): void {
    if (finished || !sink) return;
    const { updated_at: _ignored, ...compared } = run;
    const text = JSON.stringify(compared);
    if (text !== last) {
      last = text;
      sink.send('progress', run);
    }
    if (isTerminalRun(run.status)) {
      sink.send('done', run);
      stop();
      sink.close();
    }
  }

  // Reads one at a time, so events go out in the order the rows were read.
  function refresh(): Promise<void> {
    reading = reading.then(async () => {
      if (finished || !sink) return;
      const run = await deps.runs.find(tenant, runId);
      if (run) emit(presentRun(run));
    });
    return reading;
  }

  return {
    attach(target) {
      sink = target;
      target.onClose(stop);
      emit(presentRun(first));
      void refresh().catch(() => {});
    },
    reconcile: () => refresh(),
    cancel: stop,
  };
}
