import { Type } from 'typebox';
import { auth, type App } from '../../platform/http/types.js';
import { principalOf } from '../../platform/auth/plugin.js';
import { ErrorBody, IdParams, ListOf, Uuid, authErrors } from '../../platform/http/pagination.js';
import type { FoldersService } from './folders.service.js';

const Folder = Type.Object({
  id: Type.String({ format: 'uuid' }),
  folder_id: Type.String({ format: 'uuid', description: 'Same as id' }),
  name: Type.String(),
  parent_id: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]),
  document_count: Type.Integer({ description: 'Documents directly in this folder' }),
  subfolder_count: Type.Integer({ description: 'Folders directly below this one' }),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});
const Name = Type.String({ minLength: 1, maxLength: 200 });
const CreateFolder = Type.Object({
  name: Name,
  parent_id: Type.Optional(Type.Union([Uuid, Type.Null()], { description: 'Parent folder; omitted or null for a root folder' })),
});
const UpdateFolder = Type.Object({
  name: Type.Optional(Name),
  parent_id: Type.Optional(Type.Union([Uuid, Type.Null()], { description: 'Moves the folder; null moves it to the root' })),
});
const ListQuery = Type.Object({
  parent_id: Type.Optional(
    Type.Union([Uuid, Type.Literal('null')], { description: 'Only the children of this folder; `null` for root folders; omitted for all' }),
  ),
  skip: Type.Integer({ minimum: 0, default: 0 }),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
});
const DeleteQuery = Type.Object({
  cascade: Type.Boolean({ default: false, description: 'Delete a non-empty folder with its subfolders and (hard) their documents' }),
});

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
      async (request) => service.list(principalOf(request).tenantId, request.query),
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
        await service.remove(principalOf(request).tenantId, request.params.id, request.query.cascade);
        return reply.code(204).send(null);
      },
    );
  };
}
