import type { Clock } from '../../platform/clock.js';
import type { TenantDb, TenantTx } from '../../platform/db/tenant-db.js';
import { AppError, unprocessable } from '../../platform/http/errors.js';
import { queueNow } from '../../platform/jobs/queue.repo.js';
import { findEndpoint } from './endpoints.repo.js';
import { enqueuePump, PUMP_QUEUE } from './events.js';
import { countReplayable, findDelivery, insertReplayDeliveries, listDeliveries, retryDelivery } from './deliveries.repo.js';
import { presentDelivery } from './deliveries.present.js';
import { pumpQueuedWithin } from './delivery/pump.repo.js';
import type { WebhookDeliveryRow } from './webhooks.table.js';

/** Events one replay may send at most (a larger range is refused: replay it in parts). */
const REPLAY_MAX = 10_000;

export function createDeliveriesService(deps: { clock: Pick<Clock, 'advancedMs'> }) {
  const now = () => queueNow(deps.clock.advancedMs);

  /** The endpoint, or a 404 (another tenant's is one that does not exist). */
  async function endpointOf(t: TenantTx, endpointId: string, options: { enabled?: boolean } = {}) {
    const endpoint = await findEndpoint(t, endpointId, { forUpdate: options.enabled });
    if (!endpoint) throw new AppError('webhook_endpoint_not_found');
    if (options.enabled && !endpoint.enabled) throw new AppError('webhook_endpoint_disabled');
    return endpoint;
  }

  /** Starts the endpoint's pump with the caller's transaction, unless one is queued and due already. */
  async function startPump(t: TenantTx, endpointId: string) {
    if (!(await pumpQueuedWithin(t, PUMP_QUEUE, endpointId, 0, now()))) await enqueuePump(t, endpointId, 0, deps.clock.advancedMs);
  }

  async function list(tenant: TenantDb, endpointId: string, query: { skip: number; limit: number; status?: WebhookDeliveryRow['status'] }) {
    return tenant.run(async (t) => {
      await endpointOf(t, endpointId);
      const { rows, total } = await listDeliveries(t, endpointId, query);
      return { items: rows.map(presentDelivery), total, skip: query.skip, limit: query.limit };
    });
  }

  /** The delivery pending again and due now (its attempts kept); 409 when it already is pending. */
  async function retry(tenant: TenantDb, endpointId: string, deliveryId: string) {
    return tenant.run(async (t) => {
      await endpointOf(t, endpointId, { enabled: true });
      const delivery = await findDelivery(t, endpointId, deliveryId);
      if (!delivery) throw new AppError('webhook_delivery_not_found');
      const retried = await retryDelivery(t, deliveryId, now());
      if (!retried) throw new AppError('delivery_pending');
      await startPump(t, endpointId);
      return presentDelivery({ ...retried, eventType: delivery.eventType });
    });
  }

  /** A new pending delivery for every event since `since` (and until `until`) that the endpoint takes. */
  async function replay(tenant: TenantDb, endpointId: string, body: { since: string; until?: string }) {
    const since = new Date(body.since);
    const until = body.until ? new Date(body.until) : null;
    if (until && until < since) throw unprocessable(['body', 'until'], 'until must not be before since');
    return tenant.run(async (t) => {
      await endpointOf(t, endpointId, { enabled: true });
      if ((await countReplayable(t, endpointId, since, until, REPLAY_MAX)) > REPLAY_MAX) {
        throw unprocessable(['body', 'since'], `more than ${REPLAY_MAX} events match; replay a shorter range (a later since, or an until)`);
      }
      const deliveries = await insertReplayDeliveries(t, endpointId, since, until, now());
      if (deliveries > 0) await startPump(t, endpointId);
      return { deliveries };
    });
  }

  return { list, retry, replay };
}
export type DeliveriesService = ReturnType<typeof createDeliveriesService>;
