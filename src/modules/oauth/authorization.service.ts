import type { IncomingHttpHeaders } from 'node:http';
import type { Database } from '../../platform/db/database.js';
import { tenantDb } from '../../platform/db/tenant-db.js';
import type { Authenticator } from '../../platform/auth/authenticator.js';
import { hashOpaqueToken, opaqueTokenKind } from '../../platform/auth/opaque-token.js';
import type { TokenService } from '../../platform/auth/tokens.js';
import type { Clock } from '../../platform/clock.js';
import type { Config } from '../../platform/config.js';
import { AppError } from '../../platform/http/errors.js';
import type { SessionsService } from '../sessions/index.js';
import type { ClientsService } from './clients.service.js';
import { findConsent, grantConsent, insertCode } from './grants.repo.js';
import type { OAuthClientRow } from './oauth.table.js';
import { isS256Challenge } from './pkce.js';
import { withQuery } from './redirect-uris.js';
import { OAuthError } from './oauth-errors.js';
import { covers, DEFAULT_SCOPE, joinScope, parseScope } from './scopes.js';

/** The authorization request: the query of `GET /api/auth/authorize`, or the body of consent and silent-authorize. */
export interface AuthorizationRequest {
  client_id: string;
  redirect_uri: string;
  response_type?: string;
  scope?: string;
  state?: string;
  code_challenge?: string;
  code_challenge_method?: string;
  nonce?: string;
  user_id?: string;
  tenant_id?: string;
}

export type AuthorizationAnswer =
  | { status: 'ok'; redirect_to: string; code: string; state: string | null; expires_in: number }
  | { status: 'error'; redirect_to: string }
  | { status: 'login_required'; login_url?: string }
  | { status: 'consent_required'; client: { client_id: string; name: string; logo_url: string | null }; scopes: string[] };

/** 400 `{error, error_description}` (never a redirect): the client or its redirect URI cannot be trusted. */
const untrusted = (error: 'invalid_client' | 'invalid_request', description: string) => new OAuthError(error, description, {}, 400);

/** Who asks: the session's user (cookie) or a user presenting their own access token. */
interface Caller {
  tenantId: string;
  tenantSlug: string;
  userId: string;
  sessionId: string | null;
  authTime: Date;
}

export interface AuthorizationDeps {
  db: Database;
  clock: Clock;
  config: Pick<Config, 'publicBaseUrl' | 'firstPartyOrigins' | 'oauth'>;
  tokens: Pick<TokenService, 'verify'>;
  authenticator: Pick<Authenticator, 'resolve' | 'profile'>;
  sessions: Pick<SessionsService, 'current' | 'assertFirstParty'>;
  clients: Pick<ClientsService, 'find'>;
}

/** `ac_` + 32 random bytes, stored as SHA-256. */
export const AUTHORIZATION_CODE = opaqueTokenKind('ac');
/** RFC 9700 asks for short-lived codes; a minute is enough for any client to redeem one. */
const CODE_TTL_SEC = 60;

type Mode =
  /** GET /api/auth/authorize: cookie or bearer, answers `login_required` with a login page. */
  | 'interactive'
  /** POST /api/auth/authorize/consent: records the user's consent, then continues as authorize. */
  | 'consent'
  /** POST /api/auth/silent-authorize: cookie only, `prompt=none` (no login page). */
  | 'silent';

/**
 * The authorization endpoint's decision, shared by authorize, consent and silent-authorize: the client and its
 * redirect URI first (a 400, never a redirect), then the request's own errors (an error redirect), then who asks,
 * then consent, then a code bound to all of it.
 */
export function createAuthorizationService(deps: AuthorizationDeps) {
  const { db, clock, config } = deps;

  /** The session of the cookie (cookie-carrying writes and foreign origins refused), else a user's own bearer token. */
  async function caller(headers: IncomingHttpHeaders, mode: Mode): Promise<Caller | null> {
    const hasCookie = typeof headers.cookie === 'string' && headers.cookie.includes('service_session=');
    if (mode !== 'interactive') deps.sessions.assertFirstParty(headers);
    else if (hasCookie && typeof headers.origin === 'string' && !config.firstPartyOrigins.includes(headers.origin)) {
      throw new AppError('cross_origin_refused');
    }
    const session = await deps.sessions.current(headers);
    if (session) {
      return { tenantId: session.tenantId, tenantSlug: session.user.tenantSlug, userId: session.userId, sessionId: session.id, authTime: session.createdAt };
    }
    const header = headers.authorization;
    if (mode === 'silent' || typeof header !== 'string' || !/^bearer /i.test(header)) return null;
    const token = header.slice(7).trim();
    const principal = token.startsWith('sk-') ? null : await deps.authenticator.resolve(token);
    // Only the user's own token: an API key, or a token an app got from us, never mints codes for another app.
    if (!principal || principal.kind !== 'user' || principal.clientId !== undefined) return null;
    const claims = await deps.tokens.verify('access', token);
    const profile = await deps.authenticator.profile(principal.tenantId, principal.userId);
    if (!claims || !profile) return null;
    // No sign-in time in a bearer: the token's issue time is the latest the user can have signed in.
    const authTime = new Date((claims.iat ?? claims.exp) * 1000);
    return { tenantId: principal.tenantId, tenantSlug: profile.tenantSlug, userId: principal.userId, sessionId: null, authTime };
  }

  function loginUrl(request: AuthorizationRequest): string {
    const query = new URLSearchParams(Object.entries(request).filter(([, v]) => typeof v === 'string') as [string, string][]);
    const returnTo = `/api/auth/authorize?${query.toString()}`;
    return withQuery(config.oauth.loginPageUrl, { return_to: returnTo });
  }

  function errorRedirect(request: AuthorizationRequest, error: string, description: string): AuthorizationAnswer {
    return {
      status: 'error',
      redirect_to: withQuery(request.redirect_uri, { error, error_description: description, state: request.state, iss: config.publicBaseUrl }),
    };
  }

  /** The request's own errors, reported to the client by redirect (RFC 6749 §4.1.2.1); null when it is sound. */
  function requestError(client: OAuthClientRow, request: AuthorizationRequest, scopes: string[] | null): AuthorizationAnswer | null {
    const responseType = request.response_type ?? 'code';
    if (responseType !== 'code') return errorRedirect(request, 'unsupported_response_type', 'response_type must be code');
    if (!scopes) return errorRedirect(request, 'invalid_scope', 'The scope holds an unknown scope');
    const notAllowed = scopes.filter((s) => !client.allowedScopes.includes(s));
    if (notAllowed.length) return errorRedirect(request, 'invalid_scope', `This client may not ask for ${notAllowed.join(' ')}`);
    const { code_challenge: challenge, code_challenge_method: method } = request;
    if (challenge === undefined) {
      if (method !== undefined) return errorRedirect(request, 'invalid_request', 'code_challenge_method without code_challenge');
      if (!client.confidential) return errorRedirect(request, 'invalid_request', 'A public client must send a PKCE code_challenge (S256)');
      return null;
    }
    // RFC 7636 §4.3: an absent method means `plain`, which this server refuses like an explicit one.
    if (method !== 'S256') return errorRedirect(request, 'invalid_request', 'code_challenge_method must be S256 (plain is not supported)');
    if (!isS256Challenge(challenge)) return errorRedirect(request, 'invalid_request', 'code_challenge must be the 43-character base64url S256 of the verifier');
    return null;
  }

  /** user_id / tenant_id never authenticate: when given they must name the caller, else the caller must sign in again. */
  function namesAnother(request: AuthorizationRequest, who: Caller): boolean {
    if (request.user_id !== undefined && request.user_id !== who.userId) return true;
    if (request.tenant_id !== undefined && request.tenant_id !== who.tenantId && request.tenant_id !== who.tenantSlug) return true;
    return false;
  }

  async function decide(request: AuthorizationRequest, headers: IncomingHttpHeaders, mode: Mode, approve = true): Promise<AuthorizationAnswer> {
    const client = await deps.clients.find(request.client_id);
    if (!client) throw untrusted('invalid_client', 'Unknown client_id');
    if (!client.redirectUris.includes(request.redirect_uri)) {
      throw untrusted('invalid_request', 'redirect_uri is not one this client registered (exact match required)');
    }
    const scopes = parseScope(request.scope ?? DEFAULT_SCOPE);
    const problem = requestError(client, request, scopes);
    if (problem) return problem;

    const who = await caller(headers, mode);
    const loginRequired: AuthorizationAnswer = mode === 'silent' ? { status: 'login_required' } : { status: 'login_required', login_url: loginUrl(request) };
    if (!who || namesAnother(request, who)) return loginRequired;
    // A tenant's own client serves its users only: another tenant's user must sign in with an account there.
    if (client.tenantId !== null && client.tenantId !== who.tenantId) return loginRequired;

    const tdb = tenantDb(db, who.tenantId);
    if (mode === 'consent' && !approve) return errorRedirect(request, 'access_denied', 'The user denied the request');
    if (!client.firstParty) {
      if (mode === 'consent') await tdb.run((t) => grantConsent(t, who.userId, client.clientId, scopes!, clock.now()));
      const consented = await tdb.run((t) => findConsent(t, who.userId, client.clientId));
      if (!covers(consented, scopes!)) {
        return { status: 'consent_required', client: { client_id: client.clientId, name: client.name, logo_url: client.logoUrl }, scopes: scopes! };
      }
    }

    const code = AUTHORIZATION_CODE.create();
    const now = clock.now();
    await tdb.run((t) =>
      insertCode(t, {
        codeHash: hashOpaqueToken(code),
        clientId: client.clientId,
        userId: who.userId,
        sessionId: who.sessionId,
        redirectUri: request.redirect_uri,
        scope: joinScope(scopes!),
        codeChallenge: request.code_challenge ?? null,
        nonce: request.nonce ?? null,
        authTime: who.authTime,
        createdAt: now,
        expiresAt: new Date(now.getTime() + CODE_TTL_SEC * 1000),
      }),
    );
    return {
      status: 'ok',
      redirect_to: withQuery(request.redirect_uri, { code, state: request.state, iss: config.publicBaseUrl }),
      code,
      state: request.state ?? null,
      expires_in: CODE_TTL_SEC,
    };
  }

  return { decide };
}
export type AuthorizationService = ReturnType<typeof createAuthorizationService>;
