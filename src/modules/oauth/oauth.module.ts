import type { CoreContext } from '../../platform/context.js';
import { mountRoutes } from '../../platform/http/route.js';
import type { Module } from '../module.js';
import type { SessionsService } from '../sessions/index.js';
import { createAuthorizationService } from './authorization.service.js';
import { authorizeRoute } from './authorize.js';
import { clientCommands } from './clients.commands.js';
import { clientsRoutes } from './clients.routes.js';
import { createClientsService } from './clients.service.js';
import { consentRoute } from './consent.js';
import { discoveryRoutes } from './discovery.js';
import { createIssuer } from './issue.js';
import { createLogout, logoutRoute } from './logout.js';
import { createGrantRevoker } from './revocation.js';
import { createRevokeEndpoint, revokeRoute } from './revoke.js';
import { createSigningKeys } from './signing-keys.js';
import { silentAuthorizeRoute } from './silent-authorize.js';
import { createTokenEndpoint, tokenRoute } from './token.js';
import { createUserInfo, userInfoRoute } from './userinfo.js';

export interface OAuthModuleDeps {
  /** The browser session the authorization and logout endpoints read and end. */
  sessions: SessionsService;
}

/** The OAuth 2.0 / OpenID Connect authorization server, one file per protocol endpoint. */
export function createOAuth(ctx: CoreContext, deps: OAuthModuleDeps) {
  const { sessions } = deps;
  const clients = createClientsService(ctx);
  const revoker = createGrantRevoker(ctx);
  const keys = createSigningKeys(ctx.db, ctx.secrets);
  const issuer = createIssuer({ tokens: ctx.tokens, keys, config: ctx.config });
  const authorization = createAuthorizationService({ ...ctx, sessions, clients });
  const token = createTokenEndpoint({ ...ctx, clients, issuer, revoker });
  const revoke = createRevokeEndpoint({ ...ctx, clients, revoker });
  const logout = createLogout({ ...ctx, sessions, clients, revoker });
  const userInfo = createUserInfo(ctx);

  const module: Module = {
    name: 'oauth',
    commands: clientCommands(ctx.db, clients),
    routes: (app) =>
      mountRoutes(app, [
        ...clientsRoutes(clients),
        authorizeRoute(authorization),
        consentRoute(authorization),
        silentAuthorizeRoute(authorization),
        tokenRoute(token),
        revokeRoute(revoke),
        userInfoRoute(userInfo),
        logoutRoute(logout),
        ...discoveryRoutes(ctx.config, keys),
      ]),
  };
  return { module, revoker };
}
