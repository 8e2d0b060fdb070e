import type { CoreContext } from '../../platform/context.js';
import { mountRoutes } from '../../platform/http/route.js';
import type { Module } from '../module.js';
import { createAdminConsentService } from './admin-consent.service.js';
import { createIdpClient } from './idp-client.js';
import { createProvidersService } from './providers.service.js';
import { createSignInService, type IssueTokens, type StartSession } from './sign-in.service.js';
import { ssoRoutes } from './sso.routes.js';

export interface SsoPorts {
  /** The login's token pair for a user (auth). */
  issueTokens: IssueTokens;
  /** The browser session cookie (sessions); null leaves the callback with tokens only. */
  startSession: StartSession | null;
  /** Origins of our own front-ends, PUBLIC_BASE_URL's included: where next_url may point. */
  firstPartyOrigins: readonly string[];
}

/** The SSO module, wired: its services and its routes. */
export function createSso(ctx: CoreContext, ports: SsoPorts): { module: Module } {
  const idp = createIdpClient(ctx);
  const providers = createProvidersService({ db: ctx.db, secrets: ctx.secrets, config: ctx.config, idp });
  const signIn = createSignInService({
    db: ctx.db,
    clock: ctx.clock,
    secrets: ctx.secrets,
    bus: ctx.bus,
    authenticator: ctx.authenticator,
    idp,
    urls: { publicBaseUrl: ctx.config.publicBaseUrl, registeredRedirectUris: ctx.config.sso.redirectUris, firstPartyOrigins: ports.firstPartyOrigins },
    issueTokens: ports.issueTokens,
    startSession: ports.startSession,
  });
  const adminConsent = createAdminConsentService({ db: ctx.db, publicBaseUrl: ctx.config.publicBaseUrl, states: signIn });
  return {
    module: { name: 'sso', routes: (app) => mountRoutes(app, ssoRoutes({ db: ctx.db, providers, signIn, adminConsent })) },
  };
}
