import { Type, type TSchema } from 'typebox';
import { auth } from '../../../platform/http/types.js';
import { defaultsOptional, Uuid } from '../../../platform/http/schemas.js';
import { ListOf } from '../../../platform/http/pagination.js';
import { route } from '../../../platform/http/route.js';
import type { ErrorLog } from './errors.service.js';

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

const ErrorItem = Type.Object({
  id: Uuid,
  provider: Type.String(),
  model: Nullable(Type.String()),
  error_code: Type.String({ description: 'rate_limited, quota_exceeded, invalid_key, bad_request, provider_error, timeout, malformed_response, stream_interrupted, connection_error' }),
  status_code: Nullable(Type.Integer({ description: "The provider's HTTP status; null when it never answered" })),
  message: Type.String(),
  user_id: Nullable(Type.String()),
  api_key_id: Nullable(Type.String()),
  request_id: Nullable(Type.String()),
  document_id: Nullable(Type.String({ format: 'uuid', description: 'Background work: the document being described' })),
  job_id: Nullable(Type.String({ format: 'uuid', description: 'Background work: the indexing job of that document' })),
  created_at: Type.String({ format: 'date-time' }),
});

const ErrorsQuery = defaultsOptional(Type.Object({
  provider: Type.Optional(Type.String({ maxLength: 100 })),
  error_code: Type.Optional(Type.String({ maxLength: 100 })),
  document_id: Type.Optional(Type.String({ format: 'uuid', description: "Only the errors of this document's background work" })),
  skip: Type.Integer({ minimum: 0, default: 0 }),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
}));

const StatsQuery = defaultsOptional(Type.Object({ days: Type.Integer({ minimum: 1, maximum: 90, default: 7 }) }));

const Counts = Type.Record(Type.String(), Type.Integer());
const ErrorStats = Type.Object({
  days: Type.Integer(),
  since: Type.String({ format: 'date-time', description: 'Start of the window: midnight UTC, days - 1 days ago' }),
  total: Type.Integer(),
  by_provider: Counts,
  by_error_code: Counts,
  by_day: Type.Array(Type.Object({ date: Type.String({ format: 'date' }), count: Type.Integer() })),
});

const tags = ['llm'];
const deprecated = { openapi: { deprecated: true } };

export function errorLogRoutes(errors: ErrorLog) {
  return [
    route({
      ...deprecated,
      method: 'GET',
      url: '/api/v1/llm/errors',
      tags,
      summary: "The tenant's failed provider calls, newest first",
      auth: auth.scopes('llm:read'),
      query: ErrorsQuery,
      responses: { 200: ListOf(ErrorItem) },
      handler: ({ tenant, query }) =>
        errors.list(tenant, { provider: query.provider, errorCode: query.error_code, documentId: query.document_id }, query.skip, query.limit),
    }),
    route({
      ...deprecated,
      method: 'GET',
      url: '/api/v1/llm/errors/stats',
      tags,
      summary: "Counts of the tenant's failed provider calls per provider, error code and day",
      auth: auth.scopes('llm:read'),
      query: StatsQuery,
      responses: { 200: ErrorStats },
      handler: ({ tenant, query }) => errors.stats(tenant, query.days),
    }),
  ];
}
