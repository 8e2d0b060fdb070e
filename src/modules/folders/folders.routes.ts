import { Type } from 'typebox';
import { auth, type App } from '../../platform/http/types.js';
import { principalOf } from '../../platform/auth/plugin.js';
import { ErrorBody, IdParams, ListOf, authErrors } from '../../platform/http/pagination.js';
import type { FoldersService } from './folders.service.js';
import { CreateFolder, DeleteQuery, Folder, ListQuery, UpdateFolder } from './folders.api.js';

export function foldersRoutes(service: FoldersService) {
  return (app: App) => {
    app.post(
      '/api/v1/folders',
      {
        schema: { tags: ['folders'], summary: 'Create a folder', body: CreateFolder, response: { 201: Folder, 404: ErrorBody, ...authErrors } },
        config: { auth: auth.scopes('documents:ingest') },
      },
      async (request, reply) => reply.code(201).send(await service.create(principalOf(request).tenantId, request.body)),
    );
    app.get(
      '/api/v1/folders',
      {
        schema: { tags: ['folders'], summary: 'List folders', querystring: ListQuery, response: { 200: ListOf(Folder), 404: ErrorBody, ...authErrors } },
        config: { auth: auth.scopes('documents:read') },
      },
      async (request) => service.list(principalOf(request).tenantId, { ...request.query, skip: request.query.skip ?? 0, limit: request.query.limit ?? 50 }),
    );
    app.get(
      '/api/v1/folders/:id',
      {
        schema: { tags: ['folders'], summary: 'One folder', params: IdParams, response: { 200: Folder, 404: ErrorBody, ...authErrors } },
        config: { auth: auth.scopes('documents:read') },
      },
      async (request) => service.get(principalOf(request).tenantId, request.params.id),
    );
    app.patch(
      '/api/v1/folders/:id',
      {
        schema: {
          tags: ['folders'],
          summary: 'Rename or move a folder (a move into its own subtree is refused with 422)',
          params: IdParams,
          body: UpdateFolder,
          response: { 200: Folder, 404: ErrorBody, ...authErrors },
        },
        config: { auth: auth.scopes('documents:ingest') },
      },
      async (request) => service.update(principalOf(request).tenantId, request.params.id, request.body),
    );
    app.delete(
      '/api/v1/folders/:id',
      {
        schema: {
          tags: ['folders'],
          summary: 'Delete a folder; a non-empty one needs ?cascade=true (409 otherwise)',
          params: IdParams,
          querystring: DeleteQuery,
          response: { 204: Type.Null(), 404: ErrorBody, 409: ErrorBody, ...authErrors },
        },
        config: { auth: auth.scopes('documents:ingest') },
      },
      async (request, reply) => {
        await service.remove(principalOf(request).tenantId, request.params.id, request.query.cascade ?? false);
        return reply.code(204).send(null);
      },
    );
  };
}
