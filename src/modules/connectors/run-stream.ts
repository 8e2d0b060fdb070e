import type { TenantDb } from '../../platform/db/tenant-db.js';
import type { EventBus } from '../../platform/events/bus.js';
import { AppError } from '../../platform/http/errors.js';
import type { EventStream, StreamFollower } from '../../platform/http/sse.js';
import { DOCUMENT_EVENTS_CHANNEL, type DocumentStatusEvent } from '../documents/index.js';
import { isTerminalRun, type PresentedRun } from './connectors.present.js';
import type { ConnectorsService } from './connectors.service.js';
import { RUN_EVENTS_CHANNEL, type RunEvent } from './sync/run-events.js';

/**
 * Following one connector run: `item` for each item the run records (from the moment the stream opens), `document`
 * for status changes of the documents those items touched, and `end` with the run once it has ended, then the sink
 * closes. Subscribed before the first read, so an end between the two is not missed. Another tenant's run is a 404
 * before the stream opens.
 */
export async function followConnectorRun(
  deps: { bus: EventBus; runs: Pick<ConnectorsService, 'findRunOf'> },
  tenant: TenantDb,
  connectorId: string,
  runId: string,
): Promise<StreamFollower> {
  let sink: EventStream | null = null;
  let finished = false;
  const documents = new Set<string>();
  const early: { event: string; data: unknown }[] = [];
  let reading = Promise.resolve();

  const send = (event: string, data: unknown) => {
    if (finished) return;
    if (sink) sink.send(event, data);
    else early.push({ event, data });
  };
  const offRun = await deps.bus.subscribe(RUN_EVENTS_CHANNEL, (event: RunEvent) => {
    if (finished || event?.tenant_id !== tenant.tenantId || event.run_id !== runId) return;
    if (event.type === 'item') {
      if (event.item.document_id) documents.add(event.item.document_id);
      send('item', event.item);
    } else void refresh();
  });
  const offDocuments = await deps.bus.subscribe(DOCUMENT_EVENTS_CHANNEL, (event: DocumentStatusEvent) => {
    if (finished || event?.tenant_id !== tenant.tenantId || !documents.has(event.document_id)) return;
    send('document', { document_id: event.document_id, filename: event.filename, status: event.status, error: event.error });
  });
  const stop = () => {
    if (finished) return;
    finished = true;
    offRun();
    offDocuments();
  };

  const first = await deps.runs.findRunOf(tenant, connectorId, runId).catch((error) => {
    stop();
    throw error;
  });
  if (!first) {
    stop();
    throw new AppError('connector_run_not_found');
  }

  function end(run: PresentedRun): void {
    if (finished || !sink || !isTerminalRun(run.status)) return;
    sink.send('end', run);
    stop();
    sink.close();
  }

  function refresh(): Promise<void> {
    reading = reading.then(async () => {
      if (finished || !sink) return;
      const run = await deps.runs.findRunOf(tenant, connectorId, runId);
      if (run) end(run);
    });
    return reading;
  }

  return {
    attach(target) {
      sink = target;
      target.onClose(stop);
      for (const e of early.splice(0)) target.send(e.event, e.data);
      end(first);
      void refresh().catch(() => {});
    },
    reconcile: () => refresh(),
    cancel: stop,
  };
}
