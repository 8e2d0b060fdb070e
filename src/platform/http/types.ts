import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Principal, PrincipalKind } from '../auth/principal.js';
import type { OidcScope, Scope } from '../auth/scopes.js';
import type { AppPermission, AppPlatformScope } from '../auth/app-permissions.js';

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
  | {
      kind: 'principal';
      /** What a user or API key must hold; for an app token, the platform scopes it must have been granted. */
      scopes: readonly Scope[];
      /** Who may call. An app token is refused unless `app` is listed (auth.platform / auth.app / auth.appOrTenant). */
      principals: readonly PrincipalKind[];
      /** An app API: what an app token must have been granted (then `scopes` apply to users and keys only). */
      appPermissions?: readonly AppPermission[];
      /**
       * Opens a route that needs no API scope to tokens issued to OAuth clients granted every listed OpenID Connect
       * scope (`auth.oidc`). Without it such a token passes only where `scopes` are non-empty and all granted to it.
       */
      oauth?: readonly OidcScope[];
    }
  /** The handler checks a credential of its own (viewer token, app token); bearers are not accepted. */
  | { kind: 'custom'; credential: string };

export const auth = {
  public: (why: string): AuthRequirement => ({ kind: 'public', why }),
  /**
   * Any user or API key of the tenant holding every listed scope (`admin`/`*` hold all). A token issued to an OAuth
   * client needs them granted, and is refused when none is listed (fail closed; see `oidc`).
   */
  scopes: (...scopes: Scope[]): AuthRequirement => ({ kind: 'principal', scopes, principals: ['user', 'api_key'] }),
  /** A signed-in user (JWT), with the listed scopes. */
  user: (...scopes: Scope[]): AuthRequirement => ({ kind: 'principal', scopes, principals: ['user'] }),
  /**
   * A signed-in user (JWT) with no API scope needed, which a token issued to an OAuth client may call too when it was
   * granted every listed OpenID Connect scope (userinfo: `openid`). Routes of `auth.user()` are closed to such tokens.
   */
  oidc: (...scopes: [OidcScope, ...OidcScope[]]): AuthRequirement => ({ kind: 'principal', scopes: [], principals: ['user'], oauth: scopes }),
  custom: (credential: string): AuthRequirement => ({ kind: 'custom', credential }),
  /**
   * A platform route an installed app may also call, when its installation was granted every listed
   * scope (only `documents:read`, `knowledge_bases:read` and `chat:query` can be: checked at registration).
   */
  platform: (...scopes: [AppPlatformScope, ...AppPlatformScope[]]): AuthRequirement => ({
    kind: 'principal',
    scopes,
    principals: ['user', 'api_key', 'app'],
  }),
  /** An app API: app access tokens only, granted every listed permission. */
  app: (...permissions: [AppPermission, ...AppPermission[]]): AuthRequirement => ({
    kind: 'principal',
    scopes: [],
    principals: ['app'],
    appPermissions: permissions,
  }),
  /** An app API users of the tenant may call too: an app token with `permissions`, or a user or key with `scopes`. */
  appOrTenant: (permissions: [AppPermission, ...AppPermission[]], ...scopes: Scope[]): AuthRequirement => ({
    kind: 'principal',
    scopes,
    principals: ['user', 'api_key', 'app'],
    appPermissions: permissions,
  }),
};

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthRequirement;
    /** The route spends the default budget itself, in its caller's name, once the body is read (`RouteSpec.caller`). */
    callerInBody?: boolean;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}
