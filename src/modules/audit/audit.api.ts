import { Type } from 'typebox';
import { SkipLimitQuery, defaultsOptional, Uuid } from '../../platform/http/pagination.js';
import { AUDIT_TYPES } from './audit.js';

export const AuditQuery = defaultsOptional(Type.Object({
  ...SkipLimitQuery.properties,
  type: Type.Optional(Type.Union(AUDIT_TYPES.map((t) => Type.Literal(t)))),
  actor_id: Type.Optional(Uuid),
}));

export const AuditEvent = Type.Object({
  id: Type.String({ format: 'uuid' }),
  type: Type.String(),
  actor_kind: Type.String({ description: 'user, api_key, operator or anonymous (login, invitation accept)' }),
  actor_id: Type.Union([Type.String(), Type.Null()]),
  target_id: Type.Union([Type.String(), Type.Null()]),
  details: Type.Record(Type.String(), Type.Unknown()),
  ip: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
});
