import { Type } from 'typebox';
import { auth } from '../../platform/http/types.js';
import { ErrorBody, IdParams } from '../../platform/http/schemas.js';
import { ListOf } from '../../platform/http/pagination.js';
import { created, noContent, route } from '../../platform/http/route.js';
import type { FoldersService } from './folders.service.js';
import { CreateFolder, DeleteQuery, Folder, ListQuery, UpdateFolder } from './folders.api.js';

const tags = ['folders'];
const read = auth.platform('documents:read');
const write = auth.scopes('documents:ingest');

export function foldersRoutes(service: FoldersService) {
  return [
    route({
      method: 'POST',
      url: '/api/v1/folders',
      tags,
      summary: 'Create a folder',
      auth: write,
      body: CreateFolder,
      responses: { 201: Folder, 404: ErrorBody },
      handler: async ({ tenant, body }) => created(await service.create(tenant, body)),
    }),
    route({
      method: 'GET',
      url: '/api/v1/folders',
      tags,
      summary: 'List folders',
      auth: read,
      query: ListQuery,
      responses: { 200: ListOf(Folder), 404: ErrorBody },
      handler: ({ tenant, query }) => service.list(tenant, { ...query, skip: query.skip ?? 0, limit: query.limit ?? 50 }),
    }),
    route({
      method: 'GET',
      url: '/api/v1/folders/:id',
      tags,
      summary: 'One folder',
      auth: read,
      params: IdParams,
      responses: { 200: Folder, 404: ErrorBody },
      handler: ({ tenant, params }) => service.get(tenant, params.id),
    }),
    route({
      method: 'PATCH',
      url: '/api/v1/folders/:id',
      tags,
      summary: 'Rename or move a folder (a move into its own subtree is refused with 422)',
      auth: write,
      params: IdParams,
      body: UpdateFolder,
      responses: { 200: Folder, 404: ErrorBody },
      handler: ({ tenant, params, body }) => service.update(tenant, params.id, body),
    }),
    route({
      method: 'DELETE',
      url: '/api/v1/folders/:id',
      tags,
      summary: 'Delete a folder; a non-empty one needs ?cascade=true (409 otherwise)',
      auth: write,
      params: IdParams,
      query: DeleteQuery,
      responses: { 204: Type.Null(), 404: ErrorBody, 409: ErrorBody },
      handler: async ({ tenant, principal, params, query }) => {
        await service.remove(tenant, principal, params.id, query.cascade ?? false);
        return noContent();
      },
    }),
  ];
}
