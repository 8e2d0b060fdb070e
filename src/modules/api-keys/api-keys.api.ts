import { Type } from 'typebox';
import { Secret } from '../../platform/http/secret.js';
import { SCOPES } from '../../platform/auth/scopes.js';
import { Uuid } from '../../platform/http/schemas.js';

const ScopeName = Type.Union(SCOPES.map((s) => Type.Literal(s)));

export const ApiKey = Type.Object({
  id: Uuid,
  name: Type.String(),
  prefix: Type.String(),
  masked_key: Type.String(),
  scopes: Type.Array(Type.String()),
  created_at: Type.String(),
  expires_at: Type.Union([Type.String(), Type.Null()]),
  last_used_at: Type.Union([Type.String(), Type.Null()]),
});

export const CreatedApiKey = Type.Object({
  id: Uuid,
  name: Type.String(),
  prefix: Type.String(),
  scopes: Type.Array(Type.String()),
  key: Secret(Type.String({ description: 'The secret key, shown this once' })),
  created_at: Type.String(),
  expires_at: Type.Union([Type.String(), Type.Null()]),
});

export const CreateApiKey = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 200 }),
  scopes: Type.Array(ScopeName, { minItems: 1, maxItems: SCOPES.length }),
  expires_at: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()])),
});
