import { Type } from 'typebox';
import { mailIpKey } from '../../platform/rate-limit/budgets.js';
import { auth } from '../../platform/http/types.js';
import { ErrorBody, IdParams } from '../../platform/http/schemas.js';
import { ListOf, SkipLimitQuery } from '../../platform/http/pagination.js';
import { created, noContent, route } from '../../platform/http/route.js';
import { CreateInvitation, CreateUser, Invitation, InvitationLink, PatchUser, User, UserListQuery } from './users.api.js';
import { presentInvitation, presentUser } from './users.present.js';
import type { UsersService } from './users.service.js';
import type { InvitationsService } from './invitations.service.js';

const tags = ['users'];

/** Administration of the tenant's users and invitations (admins and owners, or keys with the admin scope). */
export function usersRoutes(service: UsersService, invitations: InvitationsService) {
  return [
    route({
      method: 'GET',
      url: '/api/v1/users/',
      tags,
      summary: 'List the users of the tenant',
      description: '`search` matches part of the e-mail or name; `role` and `status` filter exactly.',
      auth: auth.scopes('admin'),
      query: UserListQuery,
      responses: { 200: ListOf(User) },
      handler: async ({ tenant, query: { skip, limit, search, role, status } }) => {
        const { rows, total } = await service.listUsers(tenant, { skip, limit, search, role, status });
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
      url: '/api/v1/users/invitations',
      tags,
      summary: 'List the invitations of the tenant (newest first)',
      auth: auth.scopes('admin'),
      query: SkipLimitQuery,
      responses: { 200: ListOf(Invitation) },
      handler: async ({ tenant, query: { skip, limit } }) => {
        const { rows, total } = await invitations.list(tenant, skip, limit);
        return { items: rows.map((r) => presentInvitation(r, invitations.status(r))), total, skip, limit };
      },
    }),
    route({
      method: 'POST',
      url: '/api/v1/users/invitations',
      tags,
      summary: 'Invite someone by e-mail',
      description:
        'Mails a single-use link (`PUBLIC_BASE_URL/accept-invitation?token=…`). A role above the inviter\'s is 403; an e-mail that ' +
        'already has an account is 409; a second invitation to the same e-mail replaces the first. The mail budgets per address and per ' +
        'client IP apply (429, docs/configuration.md).',
      auth: auth.scopes('admin'),
      body: CreateInvitation,
      responses: { 201: Invitation, 403: ErrorBody, 409: ErrorBody },
      rateLimit: { policy: 'mail_per_ip', key: ({ ip }) => mailIpKey(ip) },
      handler: async ({ tenant, principal, body }) => {
        const row = await invitations.invite(tenant, principal, body);
        return created({ ...presentInvitation(row, invitations.status(row)), delivery: invitations.delivery() });
      },
    }),
    route({
      method: 'DELETE',
      url: '/api/v1/users/invitations/:id',
      tags,
      summary: 'Revoke an invitation (its link stops working)',
      auth: auth.scopes('admin'),
      params: IdParams,
      responses: { 204: Type.Null(), 404: ErrorBody, 409: ErrorBody },
      handler: async ({ tenant, principal, params }) => {
        await invitations.revoke(tenant, principal, params.id);
        return noContent();
      },
    }),
    route({
      method: 'POST',
      url: '/api/v1/users/invitations/:id/resend',
      tags,
      summary: 'Send an invitation again (a new link and lifetime; the old link stops working)',
      auth: auth.scopes('admin'),
      params: IdParams,
      responses: { 201: Invitation, 404: ErrorBody, 409: ErrorBody },
      rateLimit: { policy: 'mail_per_ip', key: ({ ip }) => mailIpKey(ip) },
      handler: async ({ tenant, principal, params }) => {
        const row = await invitations.resend(tenant, principal, params.id);
        return created({ ...presentInvitation(row, invitations.status(row)), delivery: invitations.delivery() });
      },
    }),
    route({
      method: 'POST',
      url: '/api/v1/users/invitations/:id/link',
      tags,
      summary: 'Get a pending invitation\'s link to pass on yourself (only while mail is not configured)',
      description:
        'For an invitation whose mail waits in the outbox (no SMTP_URL). Only the token\'s hash is stored, so each call issues a ' +
        'new link for the same invitation (same role and expiry) and the previous link stops working; audited as ' +
        '`user.invitation_link_issued`. 409 `invitation_link_unavailable` when mail is configured, 409 `invitation_not_pending` ' +
        'for an accepted, revoked or expired invitation.',
      auth: auth.scopes('admin'),
      params: IdParams,
      responses: { 200: InvitationLink, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      handler: async ({ tenant, principal, params }) => ({ url: (await invitations.link(tenant, principal, params.id)).url }),
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
      description:
        'Only an owner changes an owner or grants `owner`; the last active owner cannot be demoted or disabled (409 `last_owner`). ' +
        "Disabling ends the user's sessions and refuses its access tokens at once.",
      auth: auth.scopes('admin'),
      params: IdParams,
      body: PatchUser,
      responses: { 200: User, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      handler: async ({ tenant, principal, params, body }) => presentUser(await service.changeUser(tenant, principal, params.id, body)),
    }),
    route({
      method: 'DELETE',
      url: '/api/v1/users/:id',
      tags,
      summary: 'Delete a user',
      description: 'Only an owner removes an owner; the last active owner cannot be deleted (409 `last_owner`).',
      auth: auth.scopes('admin'),
      params: IdParams,
      responses: { 204: Type.Null(), 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      handler: async ({ tenant, principal, params }) => {
        await service.removeUser(tenant, principal, params.id);
        return noContent();
      },
    }),
  ];
}
