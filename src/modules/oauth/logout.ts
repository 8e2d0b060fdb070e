import type { IncomingHttpHeaders } from 'node:http';
import type { Static } from 'typebox';
import type { Database } from '../../platform/db/database.js';
import { tenantDb } from '../../platform/db/tenant-db.js';
import type { Clock } from '../../platform/clock.js';
import { auth } from '../../platform/http/types.js';
import { ErrorBody } from '../../platform/http/schemas.js';
import { respond, route, type Route } from '../../platform/http/route.js';
import type { SessionsService } from '../sessions/index.js';
import type { ClientsService } from './clients.service.js';
import { LogoutQuery, LogoutResponse } from './oauth.api.js';
import { withQuery } from './redirect-uris.js';
import type { GrantRevoker } from './revocation.js';

export interface LogoutDeps {
  db: Database;
  clock: Clock;
  sessions: Pick<SessionsService, 'endPresented' | 'assertFirstParty' | 'clearedCookie'>;
  clients: Pick<ClientsService, 'find'>;
  revoker: GrantRevoker;
}

/**
 * GET /api/auth/logout: ends the browser session and every grant made from it (their refresh and access tokens),
 * clears the cookie, and names where to go next only when that is one of the client's registered post-logout URIs
 * (no open redirect).
 */
export function createLogout(deps: LogoutDeps) {
  async function logout(headers: IncomingHttpHeaders, query: Static<typeof LogoutQuery>) {
    deps.sessions.assertFirstParty(headers); // it signs out: a page of another site may not make the browser do it
    const ended = await deps.sessions.endPresented(headers);
    if (ended) {
      const revoked = await tenantDb(deps.db, ended.tenantId).run((t) => deps.revoker.revoke(t, { sessionId: ended.id }, deps.clock.now()));
      deps.revoker.forget(revoked);
    }
    const target = query.redirect_uri ?? query.post_logout_redirect_uri;
    const client = query.client_id !== undefined && target !== undefined ? await deps.clients.find(query.client_id) : null;
    const allowed = client !== null && target !== undefined && client.postLogoutRedirectUris.includes(target);
    return {
      body: { redirect_to: allowed ? (query.state !== undefined ? withQuery(target, { state: query.state }) : target) : null, signed_out: ended !== null },
      setCookie: deps.sessions.clearedCookie(),
    };
  }
  return { logout };
}
export type Logout = ReturnType<typeof createLogout>;

export function logoutRoute(endpoint: Logout): Route {
  return route({
    method: 'GET',
    url: '/api/auth/logout',
    tags: ['oauth'],
    summary: 'Sign out (RP-initiated logout): ends the session and its grants; redirect_to only for a registered post-logout URI',
    description:
      'Reads the `service_session` cookie. `redirect_to` is `redirect_uri` (alias `post_logout_redirect_uri`, with `state` appended) when it is one of ' +
      "`client_id`'s registered post-logout URIs, else null. A request from another origin (or a cross-site navigation) is 403 `cross_origin_refused`.",
    auth: auth.custom('service_session cookie (checked by the handler)'),
    query: LogoutQuery,
    responses: { 200: LogoutResponse, 403: ErrorBody, 422: ErrorBody },
    handler: async ({ headers, query }) => {
      const { body, setCookie } = await endpoint.logout(headers, query);
      return respond(200, body, { 'cache-control': 'no-store', 'set-cookie': setCookie });
    },
  });
}
