import type { TenantDb } from '../../platform/db/tenant-db.js';
import type { EventBus } from '../../platform/events/bus.js';
import { SENT, type HttpExchange } from '../../platform/http/route.js';
import { streamFollower } from '../../platform/http/sse.js';
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
  streamFollower(http.reply, follower, { heartbeatMs: deps.heartbeatMs, onReconcileError: (err) => http.request.log.warn({ err }, 'connector run stream reconcile failed') });
  return SENT;
}
