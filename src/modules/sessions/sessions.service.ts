import type { IncomingHttpHeaders } from 'node:http';
import type { Database } from '../../platform/db/database.js';
import { tenantDb, type TenantTx } from '../../platform/db/tenant-db.js';
import type { Authenticator, UserProfile } from '../../platform/auth/authenticator.js';
import { hashOpaqueToken, opaqueTokenKind } from '../../platform/auth/opaque-token.js';
import type { Clock } from '../../platform/clock.js';
import type { Config } from '../../platform/config.js';
import { isFirstPartyRequest } from '../../platform/http/cors.js';
import { AppError } from '../../platform/http/errors.js';
import { clearedSessionCookie, sessionCookie, sessionCookieValues } from './cookie.js';
import { endSession, findSessionByHash, findSessionTenant, insertSession, touchSession } from './sessions.repo.js';
import type { BrowserSessionRow } from './sessions.table.js';

export interface SessionsDeps {
  db: Database;
  clock: Clock;
  authenticator: Pick<Authenticator, 'resolve' | 'profile'>;
  config: Pick<Config, 'session' | 'publicBaseUrl' | 'firstPartyOrigins'>;
}

/** Whether an OAuth client may serve users of a tenant (session/check with `client_id`); wired by the composition root. */
type ClientServes = (clientId: string, tenantId: string) => Promise<boolean>;

/**
 * Refuses (throws) a session for a user whose access token no SSO sign-in issued, e.g. a non-owner of a tenant that
 * enforces SSO (the auth module's sign-in gate); wired by the composition root.
 */
type SessionSignInGate = (t: TenantTx, user: { role: string }) => Promise<void>;

/** What sessions ask other modules (oauth, sso), handed over at construction. */
export interface SessionHooks {
  clientServes: ClientServes;
  signInGate: SessionSignInGate;
}

/** A live session and the user it signs in. */
export interface ActiveSession {
  id: string;
  tenantId: string;
  userId: string;
  /** When the user signed in (OIDC `auth_time`). */
  createdAt: Date;
  /** The earlier of the idle and the absolute expiry. */
  expiresAt: Date;
  user: UserProfile;
}

/** What session/create and session/check show of a session. */
export interface SessionView {
  user: { id: string; email: string; name: string; role: string };
  tenant: { id: string; slug: string; name: string };
  expires_at: string;
}

/** A started session: its view, and the Set-Cookie value the caller puts on its reply. */
export interface StartedSession {
  session: ActiveSession;
  view: SessionView;
  setCookie: string;
}

/** `ss_` and 43 base64url characters (32 random bytes); anything else is no session, before any lookup. */
const SESSION_ID = opaqueTokenKind('ss');
/** last_seen_at is written at most this often per session: the idle clock need not be exact to the second. */
const TOUCH_EVERY_MS = 60_000;

function presentSession(session: ActiveSession): SessionView {
  const { user } = session;
  return {
    user: { id: user.id, email: user.email, name: user.name, role: user.role },
    tenant: { id: user.tenantId, slug: user.tenantSlug, name: user.tenantName },
    expires_at: session.expiresAt.toISOString(),
  };
}

/**
 * The browser session behind the `service_session` cookie: created from a user's own access token (or by SSO through
 * `start`), checked by the authorization endpoints, ended by sign-out, by disabling the user or by a password reset.
 */
export function createSessionsService(deps: SessionsDeps, hooks: SessionHooks) {
  const { db, clock, config } = deps;
  const cookieOptions = { secure: config.publicBaseUrl.startsWith('https:') };

  /** A cookie-authenticated write from a page of another origin is refused (403), whatever the cookie. */
  function assertFirstParty(headers: IncomingHttpHeaders): void {
    if (!isFirstPartyRequest(headers, config.firstPartyOrigins)) throw new AppError('cross_origin_refused');
  }

  function expiryOf(row: BrowserSessionRow): Date {
    const idle = row.lastSeenAt.getTime() + config.session.idleTtlSec * 1000;
    return new Date(Math.min(idle, row.expiresAt.getTime()));
  }

  async function lookup(value: string): Promise<ActiveSession | null> {
    if (!SESSION_ID.pattern.test(value)) return null;
    const hash = hashOpaqueToken(value);
    const tenantId = await findSessionTenant(db, hash);
    if (!tenantId) return null;
    const tdb = tenantDb(db, tenantId);
    const row = await tdb.run((t) => findSessionByHash(t, hash));
    const now = clock.now();
    if (!row || row.endedAt || expiryOf(row).getTime() <= now.getTime()) return null;
    const user = await deps.authenticator.profile(tenantId, row.userId);
    if (!user || user.status !== 'active' || user.tenantId !== tenantId) return null;
    let lastSeenAt = row.lastSeenAt;
    if (now.getTime() - row.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
      await tdb.run((t) => touchSession(t, row.id, now));
      lastSeenAt = now;
    }
    return { id: row.id, tenantId, userId: row.userId, createdAt: row.createdAt, expiresAt: expiryOf({ ...row, lastSeenAt }), user };
  }

  /** The live session of the request's cookie, or null (no cookie, unknown, ended, expired, user disabled). */
  async function current(headers: IncomingHttpHeaders): Promise<ActiveSession | null> {
    for (const value of sessionCookieValues(headers)) {
      const session = await lookup(value);
      if (session) return session;
    }
    return null;
  }

  /** Ends the sessions of the request's cookies (rotation at sign-in, sign-out). */
  async function endPresented(headers: IncomingHttpHeaders): Promise<ActiveSession | null> {
    const session = await current(headers);
    if (session) await tenantDb(db, session.tenantId).run((t) => endSession(t, session.id, clock.now()));
    return session;
  }

  /**
   * Starts a session for a user of a tenant and returns the Set-Cookie value for the reply. A session the request
   * already carries is ended first (a fresh id at every sign-in: no session fixation). For SSO's callback too.
   */
  async function start(tenantId: string, userId: string, options: { replacing?: IncomingHttpHeaders } = {}): Promise<StartedSession> {
    if (options.replacing) await endPresented(options.replacing);
    const user = await deps.authenticator.profile(tenantId, userId);
    if (!user || user.status !== 'active' || user.tenantId !== tenantId) throw new AppError('invalid_access_token', 'The user cannot sign in');
    const value = SESSION_ID.create();
    const now = clock.now();
    const row = await tenantDb(db, tenantId).run((t) =>
      insertSession(t, { userId, tokenHash: hashOpaqueToken(value), createdAt: now, lastSeenAt: now, expiresAt: new Date(now.getTime() + config.session.absoluteTtlSec * 1000) }),
    );
    const session: ActiveSession = { id: row.id, tenantId, userId, createdAt: row.createdAt, expiresAt: expiryOf(row), user };
    return { session, view: presentSession(session), setCookie: sessionCookie(value, config.session.absoluteTtlSec, cookieOptions) };
  }

  /**
   * POST /api/auth/session/create: the user's own access token (from login, a code or SSO; never an API key nor a
   * token issued to an OAuth client) becomes a session cookie. A token no SSO sign-in issued asks the sign-in gate,
   * so a password token from before the tenant enforced SSO does not become a long-lived session.
   */
  async function create(headers: IncomingHttpHeaders, accessToken: string): Promise<StartedSession> {
    assertFirstParty(headers);
    const principal = accessToken.startsWith('sk-') ? null : await deps.authenticator.resolve(accessToken);
    if (!principal || principal.kind !== 'user' || principal.clientId !== undefined) throw new AppError('invalid_access_token');
    if (principal.via !== 'sso') await tenantDb(db, principal.tenantId).run((t) => hooks.signInGate(t, principal));
    return start(principal.tenantId, principal.userId, { replacing: headers });
  }

  /** POST /api/auth/session/check: never a 401; with `client_id`, authenticated only where that client serves the user. */
  async function check(headers: IncomingHttpHeaders, clientId?: string): Promise<{ authenticated: boolean } & Partial<SessionView>> {
    assertFirstParty(headers);
    const session = await current(headers);
    if (!session) return { authenticated: false };
    if (clientId !== undefined && !(await hooks.clientServes(clientId, session.tenantId))) {
      return { authenticated: false };
    }
    return { authenticated: true, ...presentSession(session) };
  }

  /** POST /api/auth/session/destroy: ends the session (if any) and clears the cookie either way. */
  async function destroy(headers: IncomingHttpHeaders): Promise<{ ended: ActiveSession | null; setCookie: string }> {
    assertFirstParty(headers);
    return { ended: await endPresented(headers), setCookie: clearedSessionCookie(cookieOptions) };
  }

  return {
    start,
    create,
    check,
    destroy,
    current,
    endPresented,
    assertFirstParty,
    clearedCookie: () => clearedSessionCookie(cookieOptions),
  };
}
export type SessionsService = ReturnType<typeof createSessionsService>;
