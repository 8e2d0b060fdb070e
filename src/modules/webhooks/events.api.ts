import { Type } from 'typebox';
import { defaultsOptional, Uuid } from '../../platform/http/schemas.js';
import { SkipLimitQuery } from '../../platform/http/pagination.js';
import { EVENT_TYPES } from './events.js';

/** The types a listing may be filtered by: every type the log holds, the test event included. */
const LOGGED_TYPES = [...EVENT_TYPES, 'webhook.test'] as const;

export const EventQuery = defaultsOptional(Type.Object({
  ...SkipLimitQuery.properties,
  type: Type.Optional(Type.Union(LOGGED_TYPES.map((t) => Type.Literal(t)))),
  since: Type.Optional(Type.String({ format: 'date-time', description: 'Only events created at or after this time (within the last 30 days)' })),
}));

export const EventParams = Type.Object({ id: Type.String({ pattern: '^evt_[0-9a-z]{26}$', description: 'evt_ and 26 base32 characters' }) });

export const Event = Type.Object({
  id: Type.String({ description: 'evt_ and 26 base32 characters; the webhook-id header of its deliveries' }),
  type: Type.String(),
  created_at: Type.String(),
  tenant_id: Uuid,
  data: Type.Record(Type.String(), Type.Unknown(), { description: "The type's payload: ids, names, statuses and counts, never a secret or a document's text" }),
});
