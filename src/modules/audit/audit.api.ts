import { Type } from 'typebox';
import { defaultsOptional, Uuid } from '../../platform/http/schemas.js';
import { SkipLimitQuery } from '../../platform/http/pagination.js';
import { AUDIT_TYPES } from './audit.js';

export const AuditQuery = defaultsOptional(Type.Object({
  ...SkipLimitQuery.properties,
  type: Type.Optional(Type.Union(AUDIT_TYPES.map((t) => Type.Literal(t)))),
  actor_id: Type.Optional(Uuid),
}));

export const AuditEvent = Type.Object({
  id: Uuid,
  type: Type.String(),
  actor_kind: Type.String({ description: 'user, api_key, operator or anonymous (login, invitation accept)' }),
  actor_id: Type.Union([Type.String(), Type.Null()]),
  actor_name: Type.Union([Type.String(), Type.Null()], {
    description: "The actor's e-mail (a user), or its name (an API key, an app) when the event was written; null for the operator or an unknown e-mail",
  }),
  target_id: Type.Union([Type.String(), Type.Null()]),
  target_name: Type.Union([Type.String(), Type.Null()], {
    description: "The target's e-mail or name when the event was written (a user's e-mail, a key's, provider's, client's, app's, model's, memory's or folder's name)",
  }),
  details: Type.Record(Type.String(), Type.Unknown()),
  ip: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
});
