import type { TenantDb } from '../../platform/db/tenant-db.js';
import type { EventBus } from '../../platform/events/bus.js';
import { SENT, type HttpExchange } from '../../platform/http/route.js';
import { openEventStream } from '../../platform/http/sse.js';
import type { ConnectorsService } from './connectors.service.js';
import { followConnectorRun } from './run-stream.js';

/**
 * The HTTP adapter of a run's event stream: subscribed and read before the response starts (a 404 is still a plain
 * JSON error), then an SSE stream that the server closes after `end`.
 */
export async function sendConnectorRunEvents(
  http: HttpExchange,
  deps: { bus: EventBus; runs: Pick<ConnectorsService, 'findRunOf'>; heartbeatMs: number },
  tenant: TenantDb,
  connectorId: string,
  runId: string,
): Promise<typeof SENT> {
  const follower = await followConnectorRun(deps, tenant, connectorId, runId);
  try {
    const stream = openEventStream(http.reply, {
      heartbeatMs: deps.heartbeatMs,
      onHeartbeat: () => void follower.reconcile().catch((err) => http.request.log.warn({ err }, 'connector run stream reconcile failed')),
    });
    follower.attach(stream);
  } catch (error) {
    follower.cancel();
    throw error;
  }
  return SENT;
}
