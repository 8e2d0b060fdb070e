import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import * as oidc from 'openid-client';
import type { Database } from '../../platform/db/database.js';
import { tenantDb, type TenantTx } from '../../platform/db/tenant-db.js';
import type { Clock } from '../../platform/clock.js';
import type { KeyRing } from '../../platform/sealing.js';
import { AUTH_CHANNEL, type Authenticator } from '../../platform/auth/authenticator.js';
import type { EventBus } from '../../platform/events/bus.js';
import { AppError, unprocessable } from '../../platform/http/errors.js';
import { audit } from '../audit/index.js';
import { updateUser, type UserRow } from '../users/index.js';
import { resolveAccount } from './accounts.js';
import { carriesBinding, clearedBinding, hashBinding, newBinding } from './browser-binding.js';
import { IdpRejectedError, IdpUnreachableError, type IdpClient } from './idp-client.js';
import { effectiveIssuer } from './issuer-url.js';
import { findProvider } from './providers.repo.js';
import { checkNextUrl, checkRedirectUri, type ReturnUrlPolicy } from './return-urls.js';
import { openClientSecret, openVerifier, sealVerifier } from './sealed.js';
import type { SsoProviderRow, SsoStateRow, StatePurpose } from './sso.table.js';
import { consumeState, findStateTenant, insertState, purgeStates } from './states.repo.js';
import { findTenantByRef } from './tenant-match.js';

/** A pending redirect lives 10 minutes, measured on the service clock. */
const STATE_TTL_MS = 10 * 60_000;
/** Ended states are kept a day for the audit of a late callback, then purged when the tenant stores a new one. */
const KEEP_ENDED_MS = 24 * 3600_000;

const hashState = (state: string) => createHash('sha256').update(state).digest('hex');

/** The token pair of a sign-in, as the password login issues it (auth's issueFor in a new family). */
export type IssueTokens = (t: TenantTx, user: UserRow) => Promise<{ access_token: string; refresh_token: string; expires_in: number; token_type: string }>;
/** Starts the browser session (cookie `service_session`) of a signed-in user; answers the Set-Cookie value. */
export type StartSession = (tenantId: string, userId: string, options: { replacing?: IncomingHttpHeaders }) => Promise<{ setCookie: string }>;

export interface SignInDeps {
  db: Database;
  clock: Clock;
  secrets: KeyRing;
  bus: EventBus;
  authenticator: Pick<Authenticator, 'forgetUser'>;
  idp: IdpClient;
  urls: ReturnUrlPolicy;
  issueTokens: IssueTokens;
  startSession: StartSession | null;
}

/**
 * Sign-in through a tenant's IdP: `authorize` stores PKCE verifier, state and nonce server-side and answers the IdP
 * URL; `callback` spends the state once, lets openid-client check the IdP's answer, finds or creates the user
 * (accounts.ts), and answers the login token pair with the session cookie.
 */
export function createSignInService(deps: SignInDeps) {
  const { db, clock } = deps;
  const secureCookies = deps.urls.publicBaseUrl.startsWith('https:');

  function settingsOf(t: { tenantId: string }, provider: SsoProviderRow, issuer: string) {
    return { version: `${provider.id}:${provider.updatedAt.getTime()}`, issuer, clientId: provider.clientId, clientSecret: openClientSecret(deps.secrets, t.tenantId, provider.id, provider.clientSecretSealed) };
  }

  async function configFor(tenantId: string, provider: SsoProviderRow, issuer: string) {
    try {
      return await deps.idp.discover(settingsOf({ tenantId }, provider, issuer));
    } catch (error) {
      if (error instanceof IdpUnreachableError) throw new AppError('sso_provider_unreachable', error.message);
      throw error;
    }
  }

  /** Stores one pending redirect (sign-in or admin consent) and answers its state. */
  async function rememberState(
    t: TenantTx,
    values: { providerId: string; purpose: StatePurpose; issuer: string; redirectUri: string; nextUrl?: string | null; nonce?: string; codeVerifier?: string; createdByUserId?: string | null; browserBinding?: string; idpTenant?: string | null },
  ) {
    const state = oidc.randomState();
    const stateHash = hashState(state);
    const now = clock.now();
    await purgeStates(t, new Date(now.getTime() - KEEP_ENDED_MS));
    await insertState(t, {
      providerId: values.providerId,
      purpose: values.purpose,
      stateHash,
      nonce: values.nonce ?? null,
      codeVerifierSealed: values.codeVerifier ? sealVerifier(deps.secrets, t.tenantId, stateHash, values.codeVerifier) : null,
      redirectUri: values.redirectUri,
      nextUrl: values.nextUrl ?? null,
      issuer: values.issuer,
      createdByUserId: values.createdByUserId ?? null,
      browserBindingHash: values.browserBinding ? hashBinding(values.browserBinding) : null,
      idpTenant: values.idpTenant ?? null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + STATE_TTL_MS),
    });
    return state;
  }

  /**
   * Spends a state of `purpose` (single use: marked used in its own transaction, so a failed exchange does not leave
   * it usable). Unknown, used, expired and other-purpose states are one 400.
   */
  async function spendState(state: string, purpose: StatePurpose): Promise<SsoStateRow> {
    const stateHash = hashState(state);
    const tenantId = await findStateTenant(db, stateHash);
    const row = tenantId ? await tenantDb(db, tenantId).run((t) => consumeState(t, stateHash, clock.now())) : null;
    if (!row || row.purpose !== purpose) throw new AppError('sso_invalid_state');
    return row;
  }

  async function enabledProvider(tenantId: string, providerId: string): Promise<SsoProviderRow> {
    const provider = await tenantDb(db, tenantId).run((t) => findProvider(t, providerId));
    if (!provider || !provider.enabled) throw new AppError('sso_provider_not_found');
    return provider;
  }

  async function authorize(query: { provider_id: string; tenant_id: string; redirect_uri: string; next_url?: string }) {
    const redirectUri = checkRedirectUri(query.redirect_uri, deps.urls);
    const nextUrl = checkNextUrl(query.next_url, deps.urls);
    const tenant = await findTenantByRef(db, query.tenant_id);
    if (!tenant) throw new AppError('sso_provider_not_found');
    const provider = await enabledProvider(tenant.id, query.provider_id);
    const issuer = effectiveIssuer(provider.issuer, provider.idpTenant);
    if (!issuer) throw new AppError('sso_admin_consent_required');
    const config = await configFor(tenant.id, provider, issuer);
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const codeChallenge = await oidc.calculatePKCECodeChallenge(codeVerifier);
    const binding = newBinding(STATE_TTL_MS / 1000, secureCookies);
    const state = await tenantDb(db, tenant.id).run((t) =>
      rememberState(t, { providerId: provider.id, purpose: 'sign_in', issuer, redirectUri, nextUrl, nonce, codeVerifier, browserBinding: binding.value }),
    );
    return {
      body: { authorization_url: deps.idp.authorizationUrl(config, { redirectUri, scopes: provider.scopes, state, nonce, codeChallenge }), state },
      setCookie: binding.setCookie,
    };
  }

  async function callback(query: { state: string; code?: string; iss?: string; error?: string; error_description?: string }, request: { ip: string; headers: IncomingHttpHeaders }) {
    if (query.code === undefined && query.error === undefined) throw unprocessable(['query', 'code'], 'the IdP answers either code or error');
    if (query.code !== undefined && query.error !== undefined) throw unprocessable(['query', 'error'], 'code and error together are not an IdP answer');
    const row = await spendState(query.state, 'sign_in');
    if (query.error !== undefined) {
      throw new AppError('sso_idp_error', `The identity provider refused the sign-in: ${query.error}${query.error_description ? ` (${query.error_description.slice(0, 300)})` : ''}`);
    }
    const tenantId = row.tenantId;
    const provider = await enabledProvider(tenantId, row.providerId);
    const issuer = effectiveIssuer(provider.issuer, provider.idpTenant);
    // The provider now points elsewhere than the redirect did: this answer is not for it.
    if (issuer !== row.issuer) throw new AppError('sso_invalid_state');
    const config = await configFor(tenantId, provider, issuer);
    const answer = new URL(row.redirectUri);
    answer.searchParams.set('code', query.code!);
    answer.searchParams.set('state', query.state);
    if (query.iss !== undefined) answer.searchParams.set('iss', query.iss);
    let person;
    try {
      person = await deps.idp.redeem(config, answer, { state: query.state, nonce: row.nonce!, codeVerifier: openVerifier(deps.secrets, tenantId, row.stateHash, row.codeVerifierSealed!) });
    } catch (error) {
      if (error instanceof IdpUnreachableError) throw new AppError('sso_provider_unreachable', error.message);
      if (error instanceof IdpRejectedError) throw new AppError('sso_authentication_failed', `The identity provider's answer was refused: ${error.message}`);
      throw error;
    }
    const { tokens, userId } = await signIn(tenantId, provider, person, request.ip);
    // Only the browser that started this sign-in is signed in by cookie (browser-binding.ts).
    const bound = carriesBinding(request.headers, row.browserBindingHash);
    const session = deps.startSession && bound ? await deps.startSession(tenantId, userId, { replacing: request.headers }) : null;
    const cookies = session ? [session.setCookie, clearedBinding(secureCookies)] : [];
    return { body: { ...tokens, next_url: row.nextUrl ?? '/' }, setCookies: cookies };
  }

  async function signIn(tenantId: string, provider: SsoProviderRow, person: Awaited<ReturnType<IdpClient['redeem']>>, ip: string) {
    const attempt = () =>
      tenantDb(db, tenantId).run(async (t) => {
        const user = await resolveAccount(t, provider, person, clock, ip);
        const fresh = (await updateUser(t, user.id, { lastLoginAt: clock.now() }))!;
        await deps.bus.publish(AUTH_CHANNEL, { kind: 'user', id: user.id }, t.tx); // cached profiles show the new login time
        await audit(t, 'sso.sign_in', { anonymous: true, userId: user.id }, { targetId: user.id, details: { provider_id: provider.id, issuer: person.issuer }, ip });
        return { tokens: await deps.issueTokens(t, fresh), userId: user.id };
      });
    let outcome;
    try {
      outcome = await attempt();
    } catch (error) {
      // Two first sign-ins of one person at once: the loser's insert collides; on retry it finds the winner's link.
      if (!isUniqueViolation(error)) throw error;
      outcome = await attempt();
    }
    deps.authenticator.forgetUser(outcome.userId);
    return outcome;
  }

  return { authorize, callback, rememberState, spendState };
}
export type SignInService = ReturnType<typeof createSignInService>;

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}
