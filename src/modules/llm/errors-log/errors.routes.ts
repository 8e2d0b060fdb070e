import { Type, type TSchema } from 'typebox';
import { auth, type App } from '../../../platform/http/types.js';
import { principalOf } from '../../../platform/auth/plugin.js';
import { ListOf, authErrors } from '../../../platform/http/pagination.js';
import type { ErrorLog } from './errors.service.js';

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

const ErrorItem = Type.Object({
  id: Type.String({ format: 'uuid' }),
  provider: Type.String(),
  model: Nullable(Type.String()),
  error_code: Type.String({ description: 'rate_limited, quota_exceeded, invalid_key, bad_request, provider_error, timeout, malformed_response, stream_interrupted, connection_error' }),
  status_code: Nullable(Type.Integer({ description: "The provider's HTTP status; null when it never answered" })),
  message: Type.String(),
  user_id: Nullable(Type.String()),
  api_key_id: Nullable(Type.String()),
  request_id: Nullable(Type.String()),
  created_at: Type.String({ format: 'date-time' }),
});

const ErrorsQuery = Type.Object({
  provider: Type.Optional(Type.String({ maxLength: 100 })),
  error_code: Type.Optional(Type.String({ maxLength: 100 })),
  skip: Type.Integer({ minimum: 0, default: 0 }),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
});

const Counts = Type.Record(Type.String(), Type.Integer());
const ErrorStats = Type.Object({
  days: Type.Integer(),
  since: Type.String({ format: 'date-time', description: 'Start of the window: midnight UTC, days - 1 days ago' }),
  total: Type.Integer(),
  by_provider: Counts,
  by_error_code: Counts,
  by_day: Type.Array(Type.Object({ date: Type.String({ format: 'date' }), count: Type.Integer() })),
});

export function errorLogRoutes(errors: ErrorLog) {
  return (app: App) => {
    app.get(
      '/api/v1/llm/errors',
      {
        schema: {
          tags: ['llm'],
          summary: "The tenant's failed provider calls, newest first",
          deprecated: true,
          querystring: ErrorsQuery,
          response: { 200: ListOf(ErrorItem), ...authErrors },
        },
        config: { auth: auth.scopes('llm:read') },
      },
      async (request) => {
        const { provider, error_code: errorCode, skip, limit } = request.query;
        return errors.list(principalOf(request).tenantId, { provider, errorCode }, skip, limit);
      },
    );
    app.get(
      '/api/v1/llm/errors/stats',
      {
        schema: {
          tags: ['llm'],
          summary: "Counts of the tenant's failed provider calls per provider, error code and day",
          deprecated: true,
          querystring: Type.Object({ days: Type.Integer({ minimum: 1, maximum: 90, default: 7 }) }),
          response: { 200: ErrorStats, ...authErrors },
        },
        config: { auth: auth.scopes('llm:read') },
      },
      async (request) => errors.stats(principalOf(request).tenantId, request.query.days),
    );
  };
}
