import { iso } from '../../platform/http/schemas.js';
import type { WebhookDeliveryRow } from './webhooks.table.js';

/** A delivery as its endpoint's admins see it; `next_attempt_at` only while it is pending. */
export function presentDelivery(row: WebhookDeliveryRow & { eventType: string }) {
  return {
    id: row.id,
    event_id: row.eventId,
    event_type: row.eventType,
    status: row.status,
    attempts: row.attempts,
    response_status: row.responseStatus,
    latency_ms: row.latencyMs,
    response_body: row.responseBody,
    error: row.error,
    next_attempt_at: row.status === 'pending' ? iso(row.nextAttemptAt) : null,
    last_attempt_at: iso(row.lastAttemptAt),
    delivered_at: iso(row.deliveredAt),
    created_at: iso(row.createdAt)!,
  };
}
