import { Type } from 'typebox';
import { auth, type App } from '../../platform/http/types.js';
import { principalOf } from '../../platform/auth/plugin.js';
import { ErrorBody, IdParams, ListOf, SkipLimitQuery, authErrors } from '../../platform/http/pagination.js';
import { ROLES, type UserRow } from './users.schema.js';
import type { UsersService } from './users.service.js';

const RoleName = Type.Union(ROLES.map((r) => Type.Literal(r)));
const User = Type.Object({
  id: Type.String({ format: 'uuid' }),
  email: Type.String(),
  name: Type.String(),
  role: Type.String(),
  status: Type.String(),
  created_at: Type.String(),
  last_login_at: Type.Union([Type.String(), Type.Null()]),
});
const CreateUser = Type.Object({
  email: Type.String({ minLength: 3, maxLength: 320 }),
  password: Type.String({ minLength: 8, maxLength: 256 }),
  role: RoleName,
  name: Type.Optional(Type.String({ maxLength: 200 })),
});
const PatchUser = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 200 })),
  role: Type.Optional(RoleName),
  status: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('disabled')])),
});

const present = (u: UserRow) => ({
  id: u.id,
  email: u.email,
  name: u.name,
  role: u.role,
  status: u.status,
  created_at: u.createdAt.toISOString(),
  last_login_at: u.lastLoginAt?.toISOString() ?? null,
});

/** Administration of the tenant's users (admins and owners, or keys with the admin scope). */
export function usersRoutes(service: UsersService) {
  return (app: App) => {
    app.get(
      '/api/v1/users/',
      {
        schema: { tags: ['auth'], summary: 'List the users of the tenant', querystring: SkipLimitQuery, response: { 200: ListOf(User), ...authErrors } },
        config: { auth: auth.scopes('admin') },
      },
      async (request) => {
        const { skip, limit } = request.query;
        const { rows, total } = await service.listUsers(principalOf(request).tenantId, skip, limit);
        return { items: rows.map(present), total, skip, limit };
      },
    );
    app.post(
      '/api/v1/users/',
      {
        schema: { tags: ['auth'], summary: 'Create a user in the tenant', body: CreateUser, response: { 201: User, 409: ErrorBody, ...authErrors } },
        config: { auth: auth.scopes('admin') },
      },
      async (request, reply) => reply.code(201).send(present(await service.createUser(principalOf(request).tenantId, request.body))),
    );
    app.get(
      '/api/v1/users/:id',
      {
        schema: { tags: ['auth'], summary: 'One user of the tenant', params: IdParams, response: { 200: User, 404: ErrorBody, ...authErrors } },
        config: { auth: auth.scopes('admin') },
      },
      async (request) => present(await service.getUser(principalOf(request).tenantId, request.params.id)),
    );
    app.patch(
      '/api/v1/users/:id',
      {
        schema: { tags: ['auth'], summary: 'Rename, change the role of, disable or enable a user', params: IdParams, body: PatchUser, response: { 200: User, 404: ErrorBody, ...authErrors } },
        config: { auth: auth.scopes('admin') },
      },
      async (request) => {
        const principal = principalOf(request);
        const actor = { role: principal.kind === 'user' ? principal.role : null };
        return present(await service.changeUser(principal.tenantId, actor, request.params.id, request.body));
      },
    );
  };
}
