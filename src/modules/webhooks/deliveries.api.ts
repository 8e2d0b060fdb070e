import { Type, type TSchema } from 'typebox';
import { defaultsOptional, Uuid } from '../../platform/http/schemas.js';
import { SkipLimitQuery } from '../../platform/http/pagination.js';

const Timestamp = Type.String({ format: 'date-time' });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

const DeliveryStatus = Type.Union([Type.Literal('pending'), Type.Literal('succeeded'), Type.Literal('failed'), Type.Literal('cancelled')]);

export const EndpointParams = Type.Object({ id: Uuid });
export const DeliveryParams = Type.Object({ id: Uuid, delivery_id: Uuid });

export const DeliveriesQuery = defaultsOptional(
  Type.Object({
    ...SkipLimitQuery.properties,
    status: Type.Optional(DeliveryStatus),
  }),
);

export const Delivery = Type.Object({
  id: Uuid,
  event_id: Type.String(),
  event_type: Type.String(),
  status: DeliveryStatus,
  attempts: Type.Integer({ description: 'Attempts made so far (nine at most, then `failed`; a manual retry adds one)' }),
  response_status: Nullable(Type.Integer({ description: "The receiver's HTTP status at the last attempt" })),
  latency_ms: Nullable(Type.Integer()),
  response_body: Nullable(Type.String({ description: 'The first 2 KB of the last answer' })),
  error: Nullable(Type.String({ description: 'Why the last attempt failed' })),
  next_attempt_at: Nullable(Timestamp),
  last_attempt_at: Nullable(Timestamp),
  delivered_at: Nullable(Timestamp),
  created_at: Timestamp,
});

export const ReplayBody = Type.Object({
  since: Type.String({ format: 'date-time', description: 'Events created at or after this time (the log keeps 30 days)' }),
  until: Type.Optional(Type.String({ format: 'date-time', description: 'Events created at or before this time; now when left out' })),
});

export const ReplayResult = Type.Object({ deliveries: Type.Integer({ description: 'New pending deliveries, one per event' }) });
