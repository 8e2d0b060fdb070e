import { Type } from 'typebox';

export const CreateSessionRequest = Type.Object({
  access_token: Type.String({ minLength: 1, maxLength: 4096, description: "The user's own access token (from login, a sign-in code or SSO)" }),
});

const SessionUser = Type.Object({ id: Type.String(), email: Type.String(), name: Type.String(), role: Type.String() });
const SessionTenant = Type.Object({ id: Type.String(), slug: Type.String(), name: Type.String() });

export const SessionResponse = Type.Object({
  user: SessionUser,
  tenant: SessionTenant,
  expires_at: Type.String({ format: 'date-time', description: 'When the session ends unless used: the earlier of the idle and the absolute expiry' }),
});

export const CheckSessionRequest = Type.Object({
  client_id: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Answer for this OAuth client: authenticated only when it may serve the user' })),
});

export const CheckSessionResponse = Type.Object({
  authenticated: Type.Boolean(),
  user: Type.Optional(SessionUser),
  tenant: Type.Optional(SessionTenant),
  expires_at: Type.Optional(Type.String({ format: 'date-time' })),
});

export const DestroySessionResponse = Type.Object({
  signed_out: Type.Boolean({ description: 'Whether a live session was ended (the cookie is cleared either way)' }),
});
