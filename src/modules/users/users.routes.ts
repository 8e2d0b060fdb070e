import { auth } from '../../platform/http/types.js';
import { ErrorBody, IdParams, ListOf, SkipLimitQuery } from '../../platform/http/pagination.js';
import { created, route } from '../../platform/http/route.js';
import { CreateUser, PatchUser, User } from './users.api.js';
import { presentUser } from './users.present.js';
import type { UsersService } from './users.service.js';

const tags = ['auth'];

/** Administration of the tenant's users (admins and owners, or keys with the admin scope). */
export function usersRoutes(service: UsersService) {
  return [
    route({
      method: 'GET',
      url: '/api/v1/users/',
      tags,
      summary: 'List the users of the tenant',
      auth: auth.scopes('admin'),
      query: SkipLimitQuery,
      responses: { 200: ListOf(User) },
      handler: async ({ tenant, query: { skip, limit } }) => {
        const { rows, total } = await service.listUsers(tenant, skip, limit);
        return { items: rows.map(presentUser), total, skip, limit };
      },
    }),
    route({
      method: 'POST',
      url: '/api/v1/users/',
      tags,
      summary: 'Create a user in the tenant',
      auth: auth.scopes('admin'),
      body: CreateUser,
      responses: { 201: User, 409: ErrorBody },
      handler: async ({ tenant, principal, body }) => created(presentUser(await service.createUser(tenant, principal, body))),
    }),
    route({
      method: 'GET',
      url: '/api/v1/users/:id',
      tags,
      summary: 'One user of the tenant',
      auth: auth.scopes('admin'),
      params: IdParams,
      responses: { 200: User, 404: ErrorBody },
      handler: async ({ tenant, params }) => presentUser(await service.getUser(tenant, params.id)),
    }),
    route({
      method: 'PATCH',
      url: '/api/v1/users/:id',
      tags,
      summary: 'Rename, change the role of, disable or enable a user',
      auth: auth.scopes('admin'),
      params: IdParams,
      body: PatchUser,
      responses: { 200: User, 404: ErrorBody },
      handler: async ({ tenant, principal, params, body }) => presentUser(await service.changeUser(tenant, principal, params.id, body)),
    }),
  ];
}
