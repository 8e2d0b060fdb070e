import * as oidc from 'openid-client';
import type { Clock } from '../../platform/clock.js';
import type { Config } from '../../platform/config.js';
import { createGuardedFetch } from '../../platform/net/guarded-fetch.js';
import { assertIssuerUrl, issuerPolicy, UnsafeUrlError } from './issuer-url.js';

/**
 * The relying-party side of SSO, on openid-client v6: discovery, the authorization URL, and the code exchange with
 * every check (state, iss, PKCE, ID token signature, iss, aud, exp, nonce). Every request to the IdP (discovery,
 * JWKS, token, userinfo) goes through the guarded fetch, so an issuer cannot point the service at its own network,
 * and no redirect is followed.
 */

export interface IdpClientDeps {
  config: Pick<Config, 'provider' | 'sso'>;
  clock: Clock;
}

/** Who the IdP says signed in. */
export interface IdpPerson {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean | null;
  name: string | null;
}

export interface DiscoveryReport {
  ok: boolean;
  issuer: string | null;
  authorization_endpoint: string | null;
  token_endpoint: string | null;
  errors: string[];
}

/** The IdP could not be reached, or answered something that is not an IdP's answer. */
export class IdpUnreachableError extends Error {
  override name = 'IdpUnreachableError';
}
/** The IdP's answer failed a check (state, nonce, issuer, audience, signature, expiry, PKCE, a refused code). */
export class IdpRejectedError extends Error {
  override name = 'IdpRejectedError';
}

export interface ClientSettings {
  /** Cache key part that changes whenever the provider does (its id and updated_at). */
  version: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
}

const TIMEOUT_SEC = 10;
/** Discovery documents and keys change rarely; a provider's edit changes `version` and so misses the cache at once. */
const CACHE_MS = 10 * 60_000;
const CACHE_MAX = 500;

export function createIdpClient(deps: IdpClientDeps) {
  const policy = issuerPolicy(deps.config);
  const allowHttp = deps.config.sso.allowHttpIssuers;
  const guardedFetch = createGuardedFetch({ policy });
  const cache = new Map<string, { at: number; config: oidc.Configuration }>();

  /** The provider's configuration, discovered at most once per CACHE_MS (and again whenever the provider changes). */
  async function discover(settings: ClientSettings): Promise<oidc.Configuration> {
    const key = `${settings.version}\0${settings.issuer}`;
    const now = deps.clock.now().getTime();
    const hit = cache.get(key);
    if (hit && now - hit.at < CACHE_MS) return hit.config;
    const config = await load(settings);
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
    cache.set(key, { at: now, config });
    return config;
  }

  async function load(settings: Omit<ClientSettings, 'version'>): Promise<oidc.Configuration> {
    let server: URL;
    try {
      server = await assertIssuerUrl(settings.issuer, policy, allowHttp);
    } catch (error) {
      throw new IdpUnreachableError(error instanceof Error ? error.message : String(error));
    }
    const insecure = server.protocol === 'http:';
    let config: oidc.Configuration;
    try {
      // Without a secret (a test of an issuer before the provider is saved) only discovery and the JWKS are used.
      const auth = settings.clientSecret ? oidc.ClientSecretBasic(settings.clientSecret) : oidc.None();
      config = await oidc.discovery(server, settings.clientId || 'unregistered', settings.clientSecret || undefined, auth, {
        [oidc.customFetch]: guardedFetch as oidc.CustomFetch,
        timeout: TIMEOUT_SEC,
        execute: insecure ? [oidc.allowInsecureRequests] : [],
      });
    } catch (error) {
      throw new IdpUnreachableError(`discovery at ${settings.issuer} failed: ${describe(error)}`);
    }
    const metadata = config.serverMetadata();
    const methods = metadata.token_endpoint_auth_methods_supported;
    // client_secret_basic is the OIDC default; an IdP that only takes the secret in the body gets it there.
    if (settings.clientSecret && methods && !methods.includes('client_secret_basic') && methods.includes('client_secret_post')) {
      config = new oidc.Configuration(metadata, settings.clientId, settings.clientSecret, oidc.ClientSecretPost(settings.clientSecret));
      config[oidc.customFetch] = guardedFetch as oidc.CustomFetch;
      config.timeout = TIMEOUT_SEC;
      if (insecure) oidc.allowInsecureRequests(config);
    }
    // ID tokens from the token endpoint are verified against the IdP's JWKS too, not only trusted for arriving over TLS.
    oidc.enableNonRepudiationChecks(config);
    return config;
  }

  /** Discovery and the JWKS, as `test` and `test-config` report them: never throws for what the IdP does. */
  async function check(issuer: string, clientId: string): Promise<DiscoveryReport> {
    const report: DiscoveryReport = { ok: false, issuer: null, authorization_endpoint: null, token_endpoint: null, errors: [] };
    let config: oidc.Configuration;
    try {
      config = await load({ issuer, clientId, clientSecret: '' });
    } catch (error) {
      report.errors.push(error instanceof Error ? error.message : String(error));
      return report;
    }
    const metadata = config.serverMetadata();
    report.issuer = metadata.issuer;
    report.authorization_endpoint = metadata.authorization_endpoint ?? null;
    report.token_endpoint = metadata.token_endpoint ?? null;
    if (!metadata.authorization_endpoint) report.errors.push('the discovery document has no authorization_endpoint');
    if (!metadata.token_endpoint) report.errors.push('the discovery document has no token_endpoint');
    if (!metadata.jwks_uri) report.errors.push('the discovery document has no jwks_uri');
    else report.errors.push(...(await checkJwks(metadata.jwks_uri)));
    const methods = metadata.code_challenge_methods_supported;
    if (methods && !methods.includes('S256')) report.errors.push('the IdP does not advertise PKCE with S256');
    report.ok = report.errors.length === 0;
    return report;
  }

  async function checkJwks(jwksUri: string): Promise<string[]> {
    try {
      await assertIssuerUrl(jwksUri, policy, allowHttp);
    } catch (error) {
      return [`jwks_uri: ${(error as Error).message.replace(/^issuer/, 'jwks_uri')}`];
    }
    try {
      const response = await guardedFetch(jwksUri, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(TIMEOUT_SEC * 1000) });
      if (!response.ok) return [`the JWKS at ${jwksUri} answered HTTP ${response.status}`];
      const body = (await response.json()) as { keys?: unknown };
      if (!Array.isArray(body.keys) || body.keys.length === 0) return [`the JWKS at ${jwksUri} holds no keys`];
      return [];
    } catch (error) {
      return [`the JWKS at ${jwksUri} could not be fetched: ${describe(error)}`];
    }
  }

  function authorizationUrl(config: oidc.Configuration, p: { redirectUri: string; scopes: string[]; state: string; nonce: string; codeChallenge: string }): string {
    return oidc
      .buildAuthorizationUrl(config, {
        redirect_uri: p.redirectUri,
        scope: p.scopes.join(' '),
        state: p.state,
        nonce: p.nonce,
        code_challenge: p.codeChallenge,
        code_challenge_method: 'S256',
      })
      .toString();
  }

  /**
   * Redeems the code and validates everything openid-client validates. `callbackUrl` is the redirect URI with the
   * parameters the IdP sent (code, state, iss). The e-mail comes from the ID token, else from userinfo.
   */
  async function redeem(config: oidc.Configuration, callbackUrl: URL, checks: { state: string; nonce: string; codeVerifier: string }): Promise<IdpPerson> {
    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        pkceCodeVerifier: checks.codeVerifier,
        idTokenExpected: true,
      });
    } catch (error) {
      throw classify(error);
    }
    const claims = tokens.claims();
    if (!claims) throw new IdpRejectedError('the IdP sent no ID token');
    let profile: Record<string, unknown> = claims;
    if (typeof claims.email !== 'string' && config.serverMetadata().userinfo_endpoint) {
      try {
        profile = { ...(await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)), ...claims };
      } catch (error) {
        throw classify(error);
      }
    }
    return {
      issuer: claims.iss,
      subject: claims.sub,
      email: typeof profile.email === 'string' ? profile.email : null,
      emailVerified: typeof profile.email_verified === 'boolean' ? profile.email_verified : profile.email_verified === 'true' ? true : null,
      name: typeof profile.name === 'string' ? profile.name : null,
    };
  }

  return { discover, check, authorizationUrl, redeem };
}
export type IdpClient = ReturnType<typeof createIdpClient>;

/** A failed exchange: the IdP was not reachable (502) or its answer failed a check (401). */
function classify(error: unknown): Error {
  if (error instanceof UnsafeUrlError || isNetworkError(error)) return new IdpUnreachableError(`the IdP could not be reached: ${describe(error)}`);
  return new IdpRejectedError(describe(error));
}

function isNetworkError(error: unknown): boolean {
  const name = (error as { name?: string })?.name;
  if (name === 'TimeoutError' || name === 'AbortError' || name === 'RedirectRefusedError') return true;
  const code = (error as { code?: string; cause?: { code?: string } })?.cause?.code ?? (error as { code?: string })?.code;
  return typeof code === 'string' && /^(E[A-Z]+|UND_ERR.*)$/.test(code) && !code.startsWith('ERR_JW');
}

/** A message fit for an admin or a log line: openid-client's own, with the IdP's error code when it sent one. */
function describe(error: unknown): string {
  if (error instanceof oidc.ResponseBodyError || error instanceof oidc.AuthorizationResponseError) {
    return `the IdP answered ${error.error}${error.error_description ? `: ${error.error_description}` : ''}`;
  }
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
    return `${error.message}${cause}`.slice(0, 500);
  }
  return String(error).slice(0, 500);
}
