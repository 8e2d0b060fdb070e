import { Type } from 'typebox';
import { auth } from '../../platform/http/types.js';
import { ErrorBody, IdParams } from '../../platform/http/schemas.js';
import { ListOf, SkipLimitQuery } from '../../platform/http/pagination.js';
import { created, noContent, route } from '../../platform/http/route.js';
import type { MemoriesService } from './memories.service.js';
import { CreateMemory, DeleteQuery, Memory, UpdateMemory } from './memories.api.js';

const tags = ['memories'];
const read = auth.platform('knowledge_bases:read');
const write = auth.scopes('knowledge_bases:write');

export function memoriesRoutes(service: MemoriesService) {
  return [
    route({
      method: 'POST',
      url: '/api/v1/memories',
      tags,
      summary: 'Create a memory (knowledge base)',
      auth: write,
      body: CreateMemory,
      responses: { 201: Memory },
      handler: async ({ tenant, body }) => created(await service.create(tenant, body)),
    }),
    route({
      method: 'GET',
      url: '/api/v1/memories',
      tags,
      summary: 'List memories with their document counts',
      auth: read,
      query: SkipLimitQuery,
      responses: { 200: ListOf(Memory) },
      handler: ({ tenant, query }) => service.list(tenant, query.skip, query.limit),
    }),
    route({
      method: 'GET',
      url: '/api/v1/memories/:id',
      tags,
      summary: 'One memory',
      auth: read,
      params: IdParams,
      responses: { 200: Memory, 404: ErrorBody },
      handler: ({ tenant, params }) => service.get(tenant, params.id),
    }),
    route({
      method: 'PATCH',
      url: '/api/v1/memories/:id',
      tags,
      summary: 'Rename or describe a memory',
      auth: write,
      params: IdParams,
      body: UpdateMemory,
      responses: { 200: Memory, 404: ErrorBody },
      handler: ({ tenant, params, body }) => service.update(tenant, params.id, body),
    }),
    route({
      method: 'DELETE',
      url: '/api/v1/memories/:id',
      tags,
      summary: 'Delete a memory; its documents are detached, or deleted with ?cascade=true',
      auth: write,
      params: IdParams,
      query: DeleteQuery,
      responses: { 204: Type.Null(), 404: ErrorBody },
      handler: async ({ tenant, principal, params, query }) => {
        await service.remove(tenant, principal, params.id, query.cascade ?? false);
        return noContent();
      },
    }),
  ];
}
