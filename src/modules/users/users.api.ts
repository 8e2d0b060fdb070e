import { Type } from 'typebox';
import { ROLES } from '../../platform/auth/roles.js';

const RoleName = Type.Union(ROLES.map((r) => Type.Literal(r)));

export const User = Type.Object({
  id: Type.String({ format: 'uuid' }),
  email: Type.String(),
  name: Type.String(),
  role: Type.String(),
  status: Type.String(),
  created_at: Type.String(),
  last_login_at: Type.Union([Type.String(), Type.Null()]),
});

export const CreateUser = Type.Object({
  email: Type.String({ minLength: 3, maxLength: 320 }),
  password: Type.String({ minLength: 8, maxLength: 256 }),
  role: RoleName,
  name: Type.Optional(Type.String({ maxLength: 200 })),
});

export const PatchUser = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 200 })),
  role: Type.Optional(RoleName),
  status: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('disabled')])),
});
