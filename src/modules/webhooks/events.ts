import { randomBytes } from 'node:crypto';
import type { TenantTx } from '../../platform/db/tenant-db.js';
import { enqueueJob } from '../../platform/jobs/queue.js';
import { endpointsWithoutQueuedPump, insertEventsWithDeliveries, insertEventWithDeliveries } from './events.repo.js';

/**
 * Every event type the log holds, in one place (and in docs/webhooks.md with each payload). An endpoint subscribes
 * to some of them or to all (`*`); `webhook.test` goes only to the endpoint it tests and is never listed.
 */
export const EVENT_TYPES = [
  'document.indexed',
  'document.failed',
  'document.deleted',
  'batch.completed',
  'reindex.completed',
  'feedback.created',
  'app.installed',
  'app.uninstalled',
  'user.invited',
  'user.joined',
  'api_key.created',
  'api_key.revoked',
  'llm.provider.health_changed',
  'endpoint.disabled',
  'connector.run.completed',
  'connector.run.failed',
] as const;
export type EventType = (typeof EVENT_TYPES)[number] | 'webhook.test';

/** The job that works through one endpoint's due deliveries (delivery/pump.ts). */
export const PUMP_QUEUE = 'webhook.pump';
const PUMP_MAX_ATTEMPTS = 5;

const CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz';

/** `evt_` and 26 base32 characters: 48 bits of time (so ids sort roughly by creation) and 80 random bits. */
export function newEventId(nowMs = Date.now()): string {
  const bytes = Buffer.concat([Buffer.alloc(6), randomBytes(10)]);
  bytes.writeUIntBE(nowMs, 0, 6);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += CROCKFORD[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += CROCKFORD[(value << (5 - bits)) & 31];
  return `evt_${out}`;
}

/**
 * Records an event in the caller's transaction (the outbox): it commits with the change it describes, or not at all.
 * In the same transaction it creates one delivery for each enabled endpoint of the tenant that subscribes to the
 * type, and a pump job for each such endpoint that has none waiting, so delivery starts when the change commits.
 * `data` is the type's documented payload: ids, names, statuses and counts, never a secret or a document's text.
 * `onlyEndpoint` restricts the deliveries to one endpoint (the test event).
 */
export async function emitEvent(
  t: TenantTx,
  type: EventType,
  data: Record<string, unknown>,
  options: { onlyEndpoint?: string } = {},
): Promise<{ id: string; endpointIds: string[] }> {
  const id = newEventId();
  const endpointIds = await insertEventWithDeliveries(t, { id, type, data, onlyEndpoint: options.onlyEndpoint ?? null });
  for (const endpointId of await endpointsWithoutQueuedPump(t, PUMP_QUEUE, endpointIds)) await enqueuePump(t, endpointId);
  return { id, endpointIds };
}

/**
 * `emitEvent` for many events of one type at once (one per document of a deleted folder, say): the same outbox rows,
 * deliveries and pump jobs as that many calls, in two statements whatever the count. Answers the events' ids, in
 * list order.
 */
export async function emitEvents(t: TenantTx, type: EventType, dataList: readonly Record<string, unknown>[]): Promise<string[]> {
  if (dataList.length === 0) return [];
  const events = dataList.map((data) => ({ id: newEventId(), data }));
  const endpointIds = await insertEventsWithDeliveries(t, type, events);
  for (const endpointId of await endpointsWithoutQueuedPump(t, PUMP_QUEUE, endpointIds)) await enqueuePump(t, endpointId);
  return events.map((e) => e.id);
}

/** Queues a pump for the endpoint in the caller's transaction (after a delay, for a retry that is not due yet). */
export function enqueuePump(t: TenantTx, endpointId: string, delaySec = 0, shiftMs = 0): Promise<string> {
  return enqueueJob(t.tx, PUMP_QUEUE, t.tenantId, { endpointId }, { maxAttempts: PUMP_MAX_ATTEMPTS, delaySec }, shiftMs);
}
