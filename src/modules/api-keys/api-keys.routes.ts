import { Type } from 'typebox';
import { auth, type App } from '../../platform/http/types.js';
import { principalOf } from '../../platform/auth/plugin.js';
import { ErrorBody, IdParams, ListOf, SkipLimitQuery, authErrors } from '../../platform/http/pagination.js';
import { SCOPES } from '../../platform/auth/scopes.js';
import type { ApiKeysService } from './api-keys.service.js';

const ScopeName = Type.Union(SCOPES.map((s) => Type.Literal(s)));
const ApiKey = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  prefix: Type.String(),
  masked_key: Type.String(),
  scopes: Type.Array(Type.String()),
  created_at: Type.String(),
  expires_at: Type.Union([Type.String(), Type.Null()]),
  last_used_at: Type.Union([Type.String(), Type.Null()]),
});
const CreatedApiKey = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  prefix: Type.String(),
  scopes: Type.Array(Type.String()),
  key: Type.String({ description: 'The secret key, shown this once' }),
  created_at: Type.String(),
  expires_at: Type.Union([Type.String(), Type.Null()]),
});
const CreateApiKey = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 200 }),
  scopes: Type.Array(ScopeName, { minItems: 1, maxItems: SCOPES.length }),
  expires_at: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()])),
});

export function apiKeysRoutes(service: ApiKeysService) {
  return (app: App) => {
    app.post(
      '/api/v1/api-keys/',
      {
        schema: { tags: ['api-keys'], summary: 'Create an API key (the key is shown once)', body: CreateApiKey, response: { 201: CreatedApiKey, ...authErrors } },
        config: { auth: auth.scopes('admin'), rateLimit: 'sensitive' },
      },
      async (request, reply) => reply.code(201).send(await service.create(principalOf(request), request.body)),
    );
    app.get(
      '/api/v1/api-keys/',
      {
        schema: { tags: ['api-keys'], summary: 'List API keys (masked)', querystring: SkipLimitQuery, response: { 200: ListOf(ApiKey), ...authErrors } },
        config: { auth: auth.scopes('admin') },
      },
      async (request) => service.list(principalOf(request).tenantId, request.query.skip, request.query.limit),
    );
    app.get(
      '/api/v1/api-keys/:id',
      {
        schema: { tags: ['api-keys'], summary: 'One API key (masked)', params: IdParams, response: { 200: ApiKey, 404: ErrorBody, ...authErrors } },
        config: { auth: auth.scopes('admin') },
      },
      async (request) => service.get(principalOf(request).tenantId, request.params.id),
    );
    app.delete(
      '/api/v1/api-keys/:id',
      {
        schema: { tags: ['api-keys'], summary: 'Delete an API key; it stops working at once', params: IdParams, response: { 204: Type.Null(), 404: ErrorBody, ...authErrors } },
        config: { auth: auth.scopes('admin') },
      },
      async (request, reply) => {
        await service.remove(principalOf(request).tenantId, request.params.id);
        return reply.code(204).send(null);
      },
    );
  };
}
