import { Type } from 'typebox';

export const LoginRequest = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 320 }),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
  tenant_id: Type.String({ minLength: 1, maxLength: 100, description: 'Tenant UUID or its slug (customer-space identifier)' }),
});
export const RefreshRequest = Type.Object({ refresh_token: Type.String({ minLength: 1, maxLength: 4096 }) });
export const TokenPair = Type.Object({
  access_token: Type.String(),
  refresh_token: Type.String(),
  expires_in: Type.Integer(),
  token_type: Type.Literal('bearer'),
});
export const UserResponse = Type.Object({
  id: Type.String(),
  email: Type.String(),
  name: Type.String(),
  role: Type.String(),
  status: Type.String(),
  tenant_id: Type.String(),
  tenant_slug: Type.String(),
  tenant_name: Type.String(),
  permissions: Type.Array(Type.String()),
  created_at: Type.String(),
  last_login_at: Type.Union([Type.String(), Type.Null()]),
});
export const VerifyResponse = Type.Object({
  valid: Type.Boolean(),
  kind: Type.String(),
  user_id: Type.Union([Type.String(), Type.Null()]),
  api_key_id: Type.Union([Type.String(), Type.Null()]),
  tenant_id: Type.String(),
  role: Type.Union([Type.String(), Type.Null()]),
  scopes: Type.Array(Type.String()),
  expires_at: Type.Union([Type.String(), Type.Null()]),
});

export const PatchMe = Type.Object({ name: Type.String({ maxLength: 200 }) });

export const ChangePassword = Type.Object({
  current_password: Type.String({ minLength: 1, maxLength: 1024 }),
  new_password: Type.String({ minLength: 1, maxLength: 1024, description: 'The password policy applies (docs/permissions.md)' }),
});

export const InvitationInfoQuery = Type.Object({ token: Type.String({ minLength: 1, maxLength: 4096 }) });

export const InvitationInfo = Type.Object({
  tenant_id: Type.String({ format: 'uuid' }),
  tenant_slug: Type.String(),
  tenant_name: Type.String(),
  email: Type.String(),
  role: Type.String(),
  inviter_name: Type.String(),
  expires_at: Type.String(),
});

export const AcceptInvitation = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 4096 }),
  name: Type.String({ maxLength: 200 }),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
});

export const AcceptedInvitation = Type.Object({
  access_token: Type.String(),
  refresh_token: Type.String(),
  expires_in: Type.Integer(),
  token_type: Type.Literal('bearer'),
  user: Type.Object({
    id: Type.String({ format: 'uuid' }),
    email: Type.String(),
    name: Type.String(),
    role: Type.String(),
    status: Type.String(),
    created_at: Type.String(),
    last_login_at: Type.Union([Type.String(), Type.Null()]),
  }),
});
