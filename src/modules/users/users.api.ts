import { Type } from 'typebox';
import { ROLES } from '../../platform/auth/roles.js';
import { defaultsOptional, Uuid } from '../../platform/http/schemas.js';
import { SkipLimitQuery } from '../../platform/http/pagination.js';
import { Secret } from '../../platform/http/secret.js';

const RoleName = Type.Union(ROLES.map((r) => Type.Literal(r)));
const Status = Type.Union([Type.Literal('active'), Type.Literal('disabled')]);
const Name = Type.String({ maxLength: 200 });

export const User = Type.Object({
  id: Uuid,
  email: Type.String(),
  name: Type.String(),
  role: Type.String({ description: 'owner, admin, member or viewer' }),
  status: Type.String({ description: 'active or disabled' }),
  created_at: Type.String(),
  last_login_at: Type.Union([Type.String(), Type.Null()]),
});

export const UserListQuery = defaultsOptional(Type.Object({
  ...SkipLimitQuery.properties,
  search: Type.Optional(Type.String({ maxLength: 200, description: 'Part of the e-mail or name (case-insensitive); empty matches everyone' })),
  role: Type.Optional(RoleName),
  status: Type.Optional(Status),
}));


export const CreateUser = Type.Object({
  email: Type.String({ minLength: 3, maxLength: 320 }),
  password: Type.String({ minLength: 10, maxLength: 256, description: 'The password policy applies (docs/permissions.md)' }),
  role: RoleName,
  name: Type.Optional(Name),
});

export const PatchUser = Type.Object({
  name: Type.Optional(Name),
  role: Type.Optional(RoleName),
  status: Type.Optional(Status),
});

export const CreateInvitation = Type.Object({
  email: Type.String({ minLength: 3, maxLength: 320 }),
  role: RoleName,
  name: Type.Optional(Name),
});

export const Invitation = Type.Object({
  id: Uuid,
  email: Type.String(),
  role: Type.String({ description: 'owner, admin, member or viewer' }),
  name: Type.String(),
  status: Type.String({ description: 'pending, accepted, revoked or expired' }),
  inviter_name: Type.String(),
  created_at: Type.String(),
  expires_at: Type.String(),
  accepted_at: Type.Union([Type.String(), Type.Null()]),
  delivery: Type.Optional(
    Type.Union([Type.Literal('queued'), Type.Literal('outbox')], {
      description:
        'On create and resend: `queued` (SMTP sends the mail shortly) or `outbox` (mail is not configured: nothing was sent; ' +
        'get the link with POST /api/v1/users/invitations/{id}/link and pass it on yourself)',
    }),
  ),
});

export const InvitationLink = Type.Object({
  url: Secret(Type.String({ description: 'The single-use accept link; a new one each call (the previous link stops working)' })),
});
