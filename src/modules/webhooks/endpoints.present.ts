import type { WebhookEndpointRow } from './webhooks.table.js';

/** A stored endpoint as the API shows it: never a secret, only whether a rotated-out one still signs at `now`. */
export function presentEndpoint(row: WebhookEndpointRow, now: Date) {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    event_types: row.eventTypes,
    enabled: row.enabled,
    disabled_reason: row.disabledReason,
    failing_since: row.failingSince?.toISOString() ?? null,
    has_previous_secret: row.previousSecretSealed !== null && row.previousSecretUntil !== null && row.previousSecretUntil > now,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
