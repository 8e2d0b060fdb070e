import { api, call } from '../api/client';

/** The router's base: the service serves the console under it, and the API sees full paths. */
export const BASE = '/admin';
/** The console's callback page; the service allows it as an SSO redirect_uri (src/modules/sso/return-urls.ts). */
const SSO_CALLBACK_PATH = '/sso/callback';
/** The state of the SSO sign-in this tab started: the callback page accepts only that one (login CSRF). */
export const SSO_STATE_KEY = 'console.sso_state';

/** Only a path inside the console may follow sign-in: never another origin (no open redirect). */
export function safeNext(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : '/documents';
}

/**
 * Where to go once signed in. The OAuth authorization endpoint sends a browser without a session here with
 * `return_to=/api/auth/authorize?…` (its `login_url`): that request continues on the console's authorization page.
 */
export function destination(params: URLSearchParams): string {
  const returnTo = params.get('return_to');
  const authorize = '/api/auth/authorize?';
  if (returnTo?.startsWith(authorize)) return `/authorize?${returnTo.slice(authorize.length)}`;
  return safeNext(params.get('next'));
}

/**
 * Starts a sign-in at an SSO provider: the service answers the IdP's URL (and sets its `sso_binding` cookie), the
 * browser goes there, and the IdP sends it back to the console's callback page, then to `next`.
 */
export async function startSso(providerId: string, tenant: string, next: string): Promise<void> {
  const started = await call(
    api.GET('/api/auth/sso/idp/authorize', {
      params: { query: { provider_id: providerId, tenant_id: tenant, redirect_uri: `${window.location.origin}${BASE}${SSO_CALLBACK_PATH}`, next_url: `${BASE}${next}` } },
    }),
  );
  sessionStorage.setItem(SSO_STATE_KEY, started.state);
  window.location.assign(started.authorization_url);
}
