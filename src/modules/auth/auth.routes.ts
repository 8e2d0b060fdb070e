import { Type } from 'typebox';
import { auth, type App } from '../../platform/http/types.js';
import { principalOf } from '../../platform/auth/plugin.js';
import { ErrorBody, authErrors } from '../../platform/http/pagination.js';
import { unauthorized } from '../../platform/http/errors.js';
import type { RateLimits } from '../../platform/rate-limit/limiter.js';
import type { AuthService } from './auth.service.js';

const LoginRequest = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 320 }),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
  tenant_id: Type.String({ minLength: 1, maxLength: 100, description: 'Tenant UUID or its slug (customer-space identifier)' }),
});
const RefreshRequest = Type.Object({ refresh_token: Type.String({ minLength: 1, maxLength: 4096 }) });
const TokenPair = Type.Object({
  access_token: Type.String(),
  refresh_token: Type.String(),
  expires_in: Type.Integer(),
  token_type: Type.Literal('bearer'),
});
const UserResponse = Type.Object({
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
const VerifyResponse = Type.Object({
  valid: Type.Boolean(),
  kind: Type.String(),
  user_id: Type.Union([Type.String(), Type.Null()]),
  api_key_id: Type.Union([Type.String(), Type.Null()]),
  tenant_id: Type.String(),
  role: Type.Union([Type.String(), Type.Null()]),
  scopes: Type.Array(Type.String()),
  expires_at: Type.Union([Type.String(), Type.Null()]),
});
const sensitive = { 401: ErrorBody, 422: ErrorBody, 429: ErrorBody };

export function authRoutes(service: AuthService, limits: RateLimits) {
  return (app: App) => {
    app.post(
      '/api/auth/login',
      {
        schema: { tags: ['auth'], summary: 'Log in with email, password and tenant', body: LoginRequest, response: { 200: TokenPair, ...sensitive } },
        config: { auth: auth.public('login'), rateLimit: 'sensitive' },
      },
      async (request) => {
        const { email, password, tenant_id } = request.body;
        await limits.enforce('sensitive_account', await service.loginBucket({ email, tenant: tenant_id }));
        return service.login({ email, password, tenant: tenant_id });
      },
    );

    for (const url of ['/api/auth/refresh', '/api/auth/token/refresh']) {
      app.post(
        url,
        {
          schema: { tags: ['auth'], summary: 'Exchange a refresh token for a new token pair (rotation)', body: RefreshRequest, response: { 200: TokenPair, ...sensitive } },
          config: { auth: auth.public('refresh tokens are their own credential'), rateLimit: 'sensitive' },
        },
        async (request) => service.refresh(request.body.refresh_token),
      );
    }

    app.get(
      '/api/auth/me',
      {
        schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: UserResponse, ...authErrors } },
        config: { auth: auth.user() },
      },
      async (request) => {
        const principal = principalOf(request);
        if (principal.kind !== 'user') throw unauthorized();
        return service.me(principal);
      },
    );

    app.get(
      '/api/auth/verify',
      {
        schema: { tags: ['auth'], summary: 'Validate the presented bearer (JWT or API key)', response: { 200: VerifyResponse, ...authErrors } },
        config: { auth: auth.scopes() },
      },
      async (request) => service.verify(principalOf(request)),
    );
  };
}
