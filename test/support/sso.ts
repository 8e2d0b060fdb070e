import type { LightMyRequestResponse } from 'fastify';
import { startTestService, type TestService, type TestServiceOptions, type TestTenant } from '../harness.js';
import { startOidcIdp, type IdpAccount, type OidcIdp, type OidcIdpOptions } from '../peers/oidc-idp.js';

/** What SSO tests share: the service set up as docs/sso.md says, an IdP on loopback, and the sign-in walk. */

export const PUBLIC_BASE_URL = 'https://kb.example.test';
export const CALLBACK = `${PUBLIC_BASE_URL}/api/auth/sso/idp/callback`;
export const CLIENT = { client_id: 'kb-sso-client', client_secret: 'kb-sso-client-secret-0123456789' };

/** A service that may reach an IdP on loopback over http (the operator settings of docs/sso.md "Trying it locally"). */
export function startSsoService(options: TestServiceOptions = {}): Promise<TestService> {
  return startTestService({
    ...options,
    env: { PUBLIC_BASE_URL, SSO_ALLOW_HTTP_ISSUERS: 'true', PROVIDER_ALLOWED_HOSTS: '127.0.0.1,localhost', ...options.env },
  });
}

/** An IdP with our client registered for our callback (and `extraRedirectUris`). */
export function startIdp(accounts: IdpAccount[], options: Omit<Partial<OidcIdpOptions>, 'clients' | 'accounts'> & { extraRedirectUris?: string[] } = {}): Promise<OidcIdp> {
  const { extraRedirectUris = [], ...rest } = options;
  return startOidcIdp({ ...rest, accounts, clients: [{ ...CLIENT, redirect_uris: [CALLBACK, ...extraRedirectUris] }] });
}

export interface ProviderOptions {
  provider_id?: string;
  name?: string;
  issuer?: string;
  allowed_email_domains?: string[];
  jit?: { enabled: boolean; default_role?: 'admin' | 'member' | 'viewer' };
  link_existing_by_email?: boolean;
  enabled?: boolean;
  admin_consent_url?: string | null;
  scopes?: string[];
}

/** Saves a provider for the IdP as the tenant's owner; returns its JSON. */
export async function saveProvider(t: TestService, tenant: TestTenant, idp: OidcIdp, options: ProviderOptions = {}, token = tenant.token) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sso/providers',
    headers: tenant.auth(token),
    payload: { name: 'Company IdP', issuer: idp.issuer, ...CLIENT, ...options },
  });
  if (res.statusCode !== 200) throw new Error(`provider save failed: ${res.statusCode} ${res.body}`);
  return res.json() as { provider_id: string; [key: string]: unknown };
}

export interface Walk {
  authorize: { authorization_url: string; state: string };
  /** Where the IdP sent the browser back (our callback with code, state, iss). */
  returned: URL;
  callback: LightMyRequestResponse;
}

/** The browser's part: authorize, sign in at the IdP as `sub`, then our callback with the IdP's answer. */
export async function walkSignIn(
  t: TestService,
  tenant: { slug: string },
  providerId: string,
  idp: OidcIdp,
  sub: string,
  options: { nextUrl?: string; tamper?: (authorizationUrl: URL) => void; deny?: boolean; headers?: Record<string, string>; keepBinding?: boolean } = {},
): Promise<Walk> {
  const query = new URLSearchParams({ provider_id: providerId, tenant_id: tenant.slug, redirect_uri: CALLBACK, ...(options.nextUrl ? { next_url: options.nextUrl } : {}) });
  const started = await t.app.inject({ method: 'GET', url: `/api/auth/sso/idp/authorize?${query}` });
  if (started.statusCode !== 200) throw new Error(`authorize failed: ${started.statusCode} ${started.body}`);
  const authorize = started.json() as Walk['authorize'];
  // The browser keeps the binding cookie authorize set and brings it to the callback (browser-binding.ts).
  const binding = String(started.headers['set-cookie'] ?? '').split(';')[0];
  const url = new URL(authorize.authorization_url);
  options.tamper?.(url);
  const returned = await idp.signIn(url.toString(), sub, { deny: options.deny });
  const headers = options.headers ?? (options.keepBinding === false ? {} : { cookie: binding });
  const callback = await t.app.inject({ method: 'GET', url: `/api/auth/sso/idp/callback${returned.search}`, headers });
  return { authorize, returned, callback };
}
