import type { TenantDb } from '../../../platform/db/tenant-db.js';
import type { EventBus } from '../../../platform/events/bus.js';
import { SENT, type HttpExchange } from '../../../platform/http/route.js';
import { streamFollower } from '../../../platform/http/sse.js';
import { followRun } from './reindex-stream.js';
import type { ReindexService } from './reindex.service.js';

/**
 * The HTTP adapter of a run's event stream: subscribed and read before the response starts (a 404 is still a
 * plain JSON error), then an SSE stream of `progress` events and a final `done`, after which the server closes it.
 */
export async function sendRunEvents(
  http: HttpExchange,
  deps: { bus: EventBus; runs: ReindexService; heartbeatMs: number },
  tenant: TenantDb,
  runId: string,
): Promise<typeof SENT> {
  const follower = await followRun(deps, tenant, runId);
  streamFollower(http.reply, follower, { heartbeatMs: deps.heartbeatMs, onReconcileError: (err) => http.request.log.warn({ err }, 'reindex run stream reconcile failed') });
  return SENT;
}
