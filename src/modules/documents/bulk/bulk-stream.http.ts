import { openEventStream } from '../../../platform/http/sse.js';
import { SENT, type HttpExchange } from '../../../platform/http/route.js';
import type { BatchFollower } from './bulk-stream.js';

/**
 * The HTTP adapter of a batch's event stream: the follower was subscribed and snapshotted before this
 * (so a missing batch is still a plain JSON 404); here the response becomes the SSE stream it writes to,
 * and each heartbeat re-reads the batch for what notifications missed.
 */
export function sendBatchEvents({ request, reply }: HttpExchange, follower: BatchFollower, heartbeatMs: number): typeof SENT {
  try {
    const stream = openEventStream(reply, {
      heartbeatMs,
      onHeartbeat: () => void follower.reconcile().catch((err) => request.log.warn({ err }, 'batch stream reconcile failed')),
    });
    follower.attach(stream);
  } catch (error) {
    follower.cancel();
    throw error;
  }
  return SENT;
}
