import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Principal, PrincipalKind } from '../auth/principal.js';
import type { Scope } from '../auth/scopes.js';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/**
 * What a route requires of its caller. Every route must declare one (checked when it is registered
 * and by a test over all routes), so nothing is public by accident.
 */
export type AuthRequirement =
  | { kind: 'public'; why: string }
  | { kind: 'principal'; scopes: readonly Scope[]; principals: readonly PrincipalKind[] }
  /** The handler checks a credential of its own (viewer token, app token); bearers are not accepted. */
  | { kind: 'custom'; credential: string };

export const auth = {
  public: (why: string): AuthRequirement => ({ kind: 'public', why }),
  /** Any user or API key of the tenant holding every listed scope (`admin`/`*` hold all). */
  scopes: (...scopes: Scope[]): AuthRequirement => ({ kind: 'principal', scopes, principals: ['user', 'api_key'] }),
  /** A signed-in user (JWT), with the listed scopes. */
  user: (...scopes: Scope[]): AuthRequirement => ({ kind: 'principal', scopes, principals: ['user'] }),
  custom: (credential: string): AuthRequirement => ({ kind: 'custom', credential }),
};

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthRequirement;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}
