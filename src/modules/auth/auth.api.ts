import { Type } from 'typebox';
import { Secret } from '../../platform/http/secret.js';
import { Uuid } from '../../platform/http/schemas.js';

export const LoginRequest = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 320 }),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
  tenant_id: Type.String({ minLength: 1, maxLength: 100, description: 'Tenant UUID or its slug (customer-space identifier)' }),
});
export const RefreshRequest = Type.Object({ refresh_token: Type.String({ minLength: 1, maxLength: 4096 }) });
export const TokenPair = Type.Object({
  access_token: Secret(Type.String()),
  refresh_token: Secret(Type.String()),
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
  tenant_id: Uuid,
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
  access_token: Secret(Type.String()),
  refresh_token: Secret(Type.String()),
  expires_in: Type.Integer(),
  token_type: Type.Literal('bearer'),
  user: Type.Object({
    id: Uuid,
    email: Type.String(),
    name: Type.String(),
    role: Type.String(),
    status: Type.String(),
    created_at: Type.String(),
    last_login_at: Type.Union([Type.String(), Type.Null()]),
  }),
});

const Email = Type.String({ minLength: 3, maxLength: 320 });
const TenantRef = Type.String({ minLength: 1, maxLength: 100, description: 'Tenant UUID or its slug (customer-space identifier)' });

export const CodeRequest = Type.Object({ email: Email, tenant_id: TenantRef });
export const CodeRequested = Type.Object({
  detail: Type.String(),
  expires_in: Type.Integer({ description: 'Seconds a code sent now stays valid' }),
});
export const CodeVerify = Type.Object({
  email: Email,
  tenant_id: TenantRef,
  code: Type.String({ pattern: '^[0-9]{6}$', description: 'The 6 digits of the mail' }),
});
export const DesktopCodeVerify = Type.Object({
  email: Email,
  tenant_id: TenantRef,
  code: Type.String({ pattern: '^[0-9]{6}$', description: 'The 6 digits of the mail' }),
  device_name: Type.Optional(Type.String({ maxLength: 200, description: 'Recorded on the refresh-token family of this sign-in' })),
});

export const ResetRequest = Type.Object({ email: Email, tenant_id: TenantRef });
export const ResetConfirm = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 4096, description: 'The token of the reset link' }),
  new_password: Type.String({ minLength: 1, maxLength: 1024, description: 'The password policy applies (docs/permissions.md)' }),
});
export const Detail = Type.Object({ detail: Type.String() });
