import { Type } from 'typebox';
import { auth, type App } from '../../platform/http/types.js';
import { principalOf } from '../../platform/auth/plugin.js';
import { ErrorBody, IdParams, ListOf, SkipLimitQuery, authErrors } from '../../platform/http/pagination.js';
import type { MemoriesService } from './memories.service.js';
import { CreateMemory, DeleteQuery, Memory, UpdateMemory } from './memories.api.js';

export function memoriesRoutes(service: MemoriesService) {
  return (app: App) => {
    app.post(
      '/api/v1/memories',
      {
        schema: { tags: ['memories'], summary: 'Create a memory (knowledge base)', body: CreateMemory, response: { 201: Memory, ...authErrors } },
        config: { auth: auth.scopes('knowledge_bases:write') },
      },
      async (request, reply) => reply.code(201).send(await service.create(principalOf(request).tenantId, request.body)),
    );
    app.get(
      '/api/v1/memories',
      {
        schema: { tags: ['memories'], summary: 'List memories with their document counts', querystring: SkipLimitQuery, response: { 200: ListOf(Memory), ...authErrors } },
        config: { auth: auth.scopes('knowledge_bases:read') },
      },
      async (request) => service.list(principalOf(request).tenantId, request.query.skip, request.query.limit),
    );
    app.get(
      '/api/v1/memories/:id',
      {
        schema: { tags: ['memories'], summary: 'One memory', params: IdParams, response: { 200: Memory, 404: ErrorBody, ...authErrors } },
        config: { auth: auth.scopes('knowledge_bases:read') },
      },
      async (request) => service.get(principalOf(request).tenantId, request.params.id),
    );
    app.patch(
      '/api/v1/memories/:id',
      {
        schema: { tags: ['memories'], summary: 'Rename or describe a memory', params: IdParams, body: UpdateMemory, response: { 200: Memory, 404: ErrorBody, ...authErrors } },
        config: { auth: auth.scopes('knowledge_bases:write') },
      },
      async (request) => service.update(principalOf(request).tenantId, request.params.id, request.body),
    );
    app.delete(
      '/api/v1/memories/:id',
      {
        schema: {
          tags: ['memories'],
          summary: 'Delete a memory; its documents are detached, or deleted with ?cascade=true',
          params: IdParams,
          querystring: DeleteQuery,
          response: { 204: Type.Null(), 404: ErrorBody, ...authErrors },
        },
        config: { auth: auth.scopes('knowledge_bases:write') },
      },
      async (request, reply) => {
        await service.remove(principalOf(request), request.params.id, request.query.cascade ?? false);
        return reply.code(204).send(null);
      },
    );
  };
}
