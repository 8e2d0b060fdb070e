import { Type } from 'typebox';
import { auth } from '../../platform/http/types.js';
import { ErrorBody, IdParams } from '../../platform/http/schemas.js';
import { ListOf, SkipLimitQuery } from '../../platform/http/pagination.js';
import { created, noContent, route } from '../../platform/http/route.js';
import { ApiKey, CreateApiKey, CreatedApiKey } from './api-keys.api.js';
import type { ApiKeysService } from './api-keys.service.js';

const tags = ['api-keys'];

export function apiKeysRoutes(service: ApiKeysService) {
  return [
    route({
      method: 'POST',
      url: '/api/v1/api-keys/',
      tags,
      summary: 'Create an API key (the key is shown once)',
      auth: auth.scopes('admin'),
      body: CreateApiKey,
      responses: { 201: CreatedApiKey },
      // Per tenant, so that one office's admins do not share a budget with everyone behind their address.
      rateLimit: { policy: 'key_creation', key: ({ principal }) => `tenant:${principal.tenantId}` },
      handler: async ({ tenant, principal, body }) => created(await service.create(tenant, principal, body)),
    }),
    route({
      method: 'GET',
      url: '/api/v1/api-keys/',
      tags,
      summary: 'List API keys (masked)',
      auth: auth.scopes('admin'),
      query: SkipLimitQuery,
      responses: { 200: ListOf(ApiKey) },
      handler: ({ tenant, query }) => service.list(tenant, query.skip, query.limit),
    }),
    route({
      method: 'GET',
      url: '/api/v1/api-keys/:id',
      tags,
      summary: 'One API key (masked)',
      auth: auth.scopes('admin'),
      params: IdParams,
      responses: { 200: ApiKey, 404: ErrorBody },
      handler: ({ tenant, params }) => service.get(tenant, params.id),
    }),
    route({
      method: 'DELETE',
      url: '/api/v1/api-keys/:id',
      tags,
      summary: 'Delete an API key; it stops working at once',
      auth: auth.scopes('admin'),
      params: IdParams,
      responses: { 204: Type.Null(), 404: ErrorBody },
      handler: async ({ tenant, principal, params }) => {
        await service.remove(tenant, principal, params.id);
        return noContent();
      },
    }),
  ];
}
