import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../platform/db/database.js';
import type { TenantDb, TenantTx } from '../../platform/db/tenant-db.js';
import { AUTH_CHANNEL, type Authenticator } from '../../platform/auth/authenticator.js';
import { hashOpaqueToken, opaqueTokenKind } from '../../platform/auth/opaque-token.js';
import type { Clock } from '../../platform/clock.js';
import type { EventBus } from '../../platform/events/bus.js';
import { AppError, unprocessable } from '../../platform/http/errors.js';
import type { Principal } from '../../platform/auth/principal.js';
import { audit, type AuditActor } from '../audit/index.js';
import { checkRedirectUris } from './redirect-uris.js';
import { DEFAULT_ALLOWED_SCOPES, KNOWN_SCOPES } from './scopes.js';
import { OAuthError } from './oauth-errors.js';
import {
  deleteTenantClient,
  findClientAnywhere,
  findTenantClient,
  insertClient,
  listPlatformClients,
  listTenantClients,
  updateTenantClient,
  type NewClient,
} from './clients.repo.js';
import { grantIdsOfClient } from './grants.repo.js';
import type { OAuthClientRow } from './oauth.table.js';

export interface ClientsDeps {
  db: Database;
  clock: Clock;
  bus: EventBus;
  authenticator: Pick<Authenticator, 'forgetGrant'>;
}

export interface ClientInput {
  name: string;
  redirect_uris: string[];
  post_logout_redirect_uris?: string[];
  confidential?: boolean;
  logo_url?: string | null;
  scopes?: string[];
}

/** `cl_` + 16 random bytes: public, but unguessable, so that a tenant's client is not found by walking ids. */
const CLIENT_ID = /^cl_[A-Za-z0-9_-]{22}$/;
const SECRET = opaqueTokenKind('cs');

export const isClientIdShape = (value: string) => CLIENT_ID.test(value);

function checkName(name: string): string {
  const clean = name.trim();
  if (!clean || clean.length > 200) throw unprocessable(['body', 'name'], 'name must be 1 to 200 characters');
  return clean;
}

function checkLogo(url: string | null | undefined): string | null {
  if (url === undefined || url === null || url === '') return null;
  let parsed: URL | null;
  try {
    parsed = new URL(url);
  } catch {
    parsed = null;
  }
  if (!parsed || parsed.protocol !== 'https:' || parsed.username || parsed.password || url.length > 2000) {
    throw unprocessable(['body', 'logo_url'], 'logo_url must be an https URL without user-info, at most 2000 characters');
  }
  return url;
}

function checkScopes(scopes: string[] | undefined): string[] {
  if (scopes === undefined) return [...DEFAULT_ALLOWED_SCOPES];
  const unknown = scopes.filter((s) => !KNOWN_SCOPES.includes(s));
  if (unknown.length) throw unprocessable(['body', 'scopes'], `unknown scope ${unknown[0]}; known: ${KNOWN_SCOPES.join(', ')}`);
  if (!scopes.includes('openid')) throw unprocessable(['body', 'scopes'], 'scopes must include openid');
  return [...new Set(scopes)];
}

/** The secret equals the stored hash, compared in constant time. */
function secretMatches(client: OAuthClientRow, secret: string): boolean {
  if (!client.secretHash || !SECRET.pattern.test(secret)) return false;
  const presented = Buffer.from(hashOpaqueToken(secret));
  const stored = Buffer.from(client.secretHash);
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}

/** `Basic base64(urlencode(id):urlencode(secret))` (RFC 6749 §2.3.1), or null when the header is not Basic. */
function basicCredentials(header: string | undefined): { id: string; secret: string } | null | 'malformed' {
  if (!header || !/^basic /i.test(header)) return null;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 1) return 'malformed';
  try {
    const unescape = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
    return { id: unescape(decoded.slice(0, colon)), secret: unescape(decoded.slice(colon + 1)) };
  } catch {
    return 'malformed';
  }
}

/** OAuth clients: registration (operator CLI, tenant admins), lookup, and client authentication at the token endpoint. */
export function createClientsService(deps: ClientsDeps) {
  const { db, clock, bus } = deps;

  function newClient(input: ClientInput, owner: { tenantId: string | null; firstParty: boolean }): { values: NewClient; secret: string | null } {
    const confidential = input.confidential ?? false;
    const secret = confidential ? SECRET.create() : null;
    return {
      secret,
      values: {
        clientId: `cl_${randomBytes(16).toString('base64url')}`,
        tenantId: owner.tenantId,
        name: checkName(input.name),
        logoUrl: checkLogo(input.logo_url),
        redirectUris: checkRedirectUris(input.redirect_uris, 'redirect_uris', 1),
        postLogoutRedirectUris: checkRedirectUris(input.post_logout_redirect_uris ?? [], 'post_logout_redirect_uris', 0),
        confidential,
        firstParty: owner.firstParty,
        secretHash: secret ? hashOpaqueToken(secret) : null,
        allowedScopes: checkScopes(input.scopes),
      },
    };
  }

  /** The public client_id and the settings only: the secret (and its hash) never enter the trail. */
  async function auditCreated(t: TenantTx, actor: AuditActor, row: OAuthClientRow) {
    await audit(t, 'oauth.client_created', actor, {
      targetId: row.id,
      targetName: row.name,
      details: { client_id: row.clientId, confidential: row.confidential, redirect_uris: row.redirectUris, scopes: row.allowedScopes },
    });
  }

  /** The operator registers a client: platform-wide, or owned by `tenant` (a TenantDb) when given. */
  async function registerAsOperator(input: ClientInput & { first_party?: boolean }, tenant: TenantDb | null) {
    const { values, secret } = newClient(input, { tenantId: tenant?.tenantId ?? null, firstParty: input.first_party ?? false });
    const row = tenant
      ? await tenant.run(async (t) => {
        const inserted = await insertClient(t.tx, values);
        await auditCreated(t, 'operator', inserted);
        return inserted;
      })
      : await db.system((tx) => insertClient(tx, values));
    return { row, secret };
  }

  /** A tenant admin registers a third-party client of the tenant (first-party clients are the operator's alone). */
  async function register(tenant: TenantDb, actor: Principal, input: ClientInput) {
    const { values, secret } = newClient(input, { tenantId: tenant.tenantId, firstParty: false });
    const row = await tenant.run(async (t) => {
      const inserted = await insertClient(t.tx, values);
      await auditCreated(t, actor, inserted);
      return inserted;
    });
    return { row, secret };
  }

  async function get(tenant: TenantDb, clientId: string): Promise<OAuthClientRow> {
    const row = isClientIdShape(clientId) ? await tenant.run((t) => findTenantClient(t, clientId)) : null;
    if (!row) throw new AppError('oauth_client_not_found');
    return row;
  }

  async function update(tenant: TenantDb, actor: Principal, clientId: string, patch: Partial<ClientInput>): Promise<OAuthClientRow> {
    const changes = {
      ...(patch.name !== undefined ? { name: checkName(patch.name) } : {}),
      ...(patch.logo_url !== undefined ? { logoUrl: checkLogo(patch.logo_url) } : {}),
      ...(patch.redirect_uris !== undefined ? { redirectUris: checkRedirectUris(patch.redirect_uris, 'redirect_uris', 1) } : {}),
      ...(patch.post_logout_redirect_uris !== undefined ? { postLogoutRedirectUris: checkRedirectUris(patch.post_logout_redirect_uris, 'post_logout_redirect_uris', 0) } : {}),
      ...(patch.scopes !== undefined ? { allowedScopes: checkScopes(patch.scopes) } : {}),
    };
    const row = isClientIdShape(clientId)
      ? await tenant.run(async (t) => {
        const updated = await updateTenantClient(t, clientId, changes, clock.now());
        if (updated) {
          await audit(t, 'oauth.client_updated', actor, {
            targetId: updated.id, targetName: updated.name, details: { client_id: clientId, changed: Object.keys(patch).sort() },
          });
        }
        return updated;
      })
      : null;
    if (!row) throw new AppError('oauth_client_not_found');
    return row;
  }

  /** Deletes a tenant's client: every token issued to it stops working at once (its grants go with it). */
  async function remove(tenant: TenantDb, actor: Principal, clientId: string): Promise<void> {
    const grants = isClientIdShape(clientId)
      ? await tenant.run(async (t) => {
        const client = await findTenantClient(t, clientId);
        const ids = await grantIdsOfClient(t, clientId);
        if (!client || !(await deleteTenantClient(t, clientId))) return null;
        await audit(t, 'oauth.client_deleted', actor, {
          targetId: client.id, targetName: client.name, details: { client_id: clientId, grants_ended: ids.length },
        });
        for (const id of ids) await bus.publish(AUTH_CHANNEL, { kind: 'grant', id }, t.tx);
        return ids;
      })
      : null;
    if (!grants) throw new AppError('oauth_client_not_found');
    for (const id of grants) deps.authenticator.forgetGrant(id);
  }

  /** A client by its public id, whatever its tenant (null for anything that is not a registered client id). */
  async function find(clientId: string): Promise<OAuthClientRow | null> {
    return isClientIdShape(clientId) ? findClientAnywhere(db, clientId) : null;
  }

  /**
   * Client authentication at the token and revocation endpoints: `client_secret_basic` or `client_secret_post` for
   * confidential clients, `client_id` alone for public ones (which then must prove PKCE). One method per request.
   */
  async function authenticate(authorization: string | undefined, body: { client_id?: string; client_secret?: string }): Promise<OAuthClientRow> {
    const basic = basicCredentials(authorization);
    const challenge: Record<string, string> = basic ? { 'www-authenticate': 'Basic realm="oauth"' } : {};
    const invalid = (why: string) => new OAuthError('invalid_client', why, challenge);
    if (basic === 'malformed') throw invalid('The Authorization header is not valid client_secret_basic');
    if (basic && body.client_secret !== undefined) throw new OAuthError('invalid_request', 'Use one client authentication method, not both client_secret_basic and client_secret_post');
    if (basic && body.client_id !== undefined && body.client_id !== basic.id) throw new OAuthError('invalid_request', 'client_id in the body differs from the one in the Authorization header');
    const clientId = basic?.id ?? body.client_id;
    if (clientId === undefined) throw invalid('Client authentication is required (client_id, and a secret for a confidential client)');
    const secret = basic?.secret ?? body.client_secret;
    const client = await find(clientId);
    if (!client) throw invalid('Unknown client');
    if (client.confidential) {
      if (secret === undefined || !secretMatches(client, secret)) throw invalid('The client secret is missing or wrong');
    } else if (secret !== undefined && secret !== '') {
      throw invalid('A public client has no secret');
    }
    return client;
  }

  return {
    registerAsOperator,
    register,
    get,
    update,
    remove,
    find,
    authenticate,
    list: (tenant: TenantDb, skip: number, limit: number) => tenant.run((t) => listTenantClients(t, skip, limit)),
    listPlatform: () => db.system((tx) => listPlatformClients(tx)),
  };
}
export type ClientsService = ReturnType<typeof createClientsService>;
