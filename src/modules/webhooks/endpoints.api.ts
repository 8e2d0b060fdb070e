import { Type } from 'typebox';
import { Secret } from '../../platform/http/secret.js';
import { Uuid } from '../../platform/http/schemas.js';
import { EVENT_TYPES } from './events.js';
import { ENDPOINT_URL_MAX } from './endpoint-url.js';

const Subscribable = Type.Union([...EVENT_TYPES, '*'].map((t) => Type.Literal(t)));

const Url = Type.String({
  minLength: 1,
  maxLength: ENDPOINT_URL_MAX,
  description: 'https (http only to a loopback host, when the operator allows it); no user name or password; a public address',
});
const EventTypes = Type.Array(Subscribable, {
  minItems: 1,
  maxItems: EVENT_TYPES.length,
  description: 'The event types sent to the endpoint, or ["*"] for every type (then alone)',
});
const Description = Type.Union([Type.String({ maxLength: 500 }), Type.Null()]);

export const Endpoint = Type.Object({
  id: Uuid,
  url: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  event_types: Type.Array(Type.String()),
  enabled: Type.Boolean(),
  disabled_reason: Type.Union([Type.String(), Type.Null()], { description: 'Why the service disabled the endpoint; null when enabled or disabled by an admin' }),
  failing_since: Type.Union([Type.String(), Type.Null()], { description: 'The first failed attempt since the last success' }),
  has_previous_secret: Type.Boolean({ description: 'A rotated-out secret still signs beside the current one' }),
  created_at: Type.String(),
  updated_at: Type.String(),
});

const SigningSecret = Secret(Type.String({ description: 'whsec_ and the base64 key (Standard Webhooks); shown this once' }));

export const CreatedEndpoint = Type.Object({ ...Endpoint.properties, secret: SigningSecret });

export const CreateEndpoint = Type.Object({
  url: Url,
  description: Type.Optional(Description),
  event_types: EventTypes,
  enabled: Type.Optional(Type.Boolean({ description: 'Default true' })),
});

export const UpdateEndpoint = Type.Object({
  url: Type.Optional(Url),
  description: Type.Optional(Description),
  event_types: Type.Optional(EventTypes),
  enabled: Type.Optional(Type.Boolean({ description: 'true re-enables a disabled endpoint (clearing disabled_reason and failing_since)' })),
});

export const RotatedSecret = Type.Object({
  secret: SigningSecret,
  previous_secret_expires_at: Type.String({ description: 'Until then deliveries are signed with the previous secret too' }),
});

export const TestSent = Type.Object({ event_id: Type.String() });
