import { auth } from '../../platform/http/types.js';
import { ErrorBody } from '../../platform/http/pagination.js';
import { notAuthenticated } from '../../platform/http/errors.js';
import { route, type Route } from '../../platform/http/route.js';
import { LoginRequest, RefreshRequest, TokenPair, UserResponse, VerifyResponse } from './auth.api.js';
import type { AuthService } from './auth.service.js';

const tags = ['auth'];
const credentialErrors = { 401: ErrorBody, 422: ErrorBody, 429: ErrorBody };

export function authRoutes(service: AuthService): Route[] {
  return [
    route({
      method: 'POST',
      url: '/api/auth/login',
      tags,
      summary: 'Log in with email, password and tenant',
      auth: auth.public('login'),
      body: LoginRequest,
      responses: { 200: TokenPair, ...credentialErrors },
      handler: ({ body, ip }) => service.login({ email: body.email, password: body.password, tenant: body.tenant_id }, ip),
    }),
    ...['/api/auth/refresh', '/api/auth/token/refresh'].map((url) =>
      route({
        method: 'POST',
        url,
        tags,
        summary: 'Exchange a refresh token for a new token pair (rotation)',
        auth: auth.public('refresh tokens are their own credential'),
        body: RefreshRequest,
        responses: { 200: TokenPair, ...credentialErrors },
        handler: ({ body }) => service.refresh(body.refresh_token),
      }),
    ),
    route({
      method: 'GET',
      url: '/api/auth/me',
      tags,
      summary: 'The signed-in user',
      auth: auth.user(),
      responses: { 200: UserResponse },
      handler: async ({ principal }) => {
        if (principal.kind !== 'user') throw notAuthenticated();
        return service.me(principal);
      },
    }),
    route({
      method: 'GET',
      url: '/api/auth/verify',
      tags,
      summary: 'Validate the presented bearer (JWT or API key)',
      auth: auth.scopes(),
      responses: { 200: VerifyResponse },
      handler: async ({ principal }) => service.verify(principal),
    }),
  ];
}
