import { AppError } from '../../platform/http/errors.js';

/**
 * Where the browser may be sent: the redirect URI the IdP answers to, and the page the front-end opens after
 * sign-in. Both are allow-listed (RFC 9700 §4.1: no open redirectors): a redirect URI is compared as an exact string
 * with our own callback or one the operator registered, and next_url is a path of ours or a URL on a first-party
 * origin.
 */

const CALLBACK_PATH = '/api/auth/sso/idp/callback';
/**
 * The administration console's own callback page: it passes the IdP's query on to CALLBACK_PATH and keeps the
 * tokens. It is a page of this service on PUBLIC_BASE_URL's origin, so it is allowed like the API's callback.
 */
const CONSOLE_CALLBACK_PATH = '/admin/sso/callback';
export const ADMIN_CONSENT_CALLBACK_PATH = '/api/auth/sso/idp/admin-consent/callback';
/** Control characters and backslashes: browsers drop or rewrite them, which turns a path into another host. */
const hasControlOrBackslash = (s: string) => [...s].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f || c === '\\');

export interface ReturnUrlPolicy {
  publicBaseUrl: string;
  /** SSO_REDIRECT_URIS. */
  registeredRedirectUris: readonly string[];
  /** Origins of our own front-ends (the one of PUBLIC_BASE_URL included). */
  firstPartyOrigins: readonly string[];
}

export function ownCallbackUrl(policy: Pick<ReturnUrlPolicy, 'publicBaseUrl'>): string {
  return `${policy.publicBaseUrl}${CALLBACK_PATH}`;
}

function allowedRedirectUris(policy: ReturnUrlPolicy): string[] {
  return [ownCallbackUrl(policy), `${policy.publicBaseUrl}${CONSOLE_CALLBACK_PATH}`, ...policy.registeredRedirectUris];
}

/** The redirect URI itself when it is allowed; `400 sso_redirect_uri_not_allowed` otherwise. */
export function checkRedirectUri(raw: string, policy: ReturnUrlPolicy): string {
  if (!allowedRedirectUris(policy).includes(raw)) {
    throw new AppError('sso_redirect_uri_not_allowed', `redirect_uri must be exactly ${ownCallbackUrl(policy)}, the console's ${policy.publicBaseUrl}${CONSOLE_CALLBACK_PATH}, or a URL the operator registered in SSO_REDIRECT_URIS`);
  }
  return raw;
}

/** The page to open after sign-in: "/" when none was given; `400 sso_next_url_not_allowed` for anything off-site. */
export function checkNextUrl(raw: string | undefined, policy: ReturnUrlPolicy): string {
  if (raw === undefined || raw === '') return '/';
  const refuse = () => new AppError('sso_next_url_not_allowed', 'next_url must be a path on this site (starting with a single "/") or a URL on a first-party origin');
  if (hasControlOrBackslash(raw) || raw.trim() !== raw) throw refuse();
  const base = new URL(policy.publicBaseUrl);
  if (raw.startsWith('/')) {
    // "//host" and "/\host" are other hosts to a browser; a path resolves on our own origin or it is refused.
    if (raw.startsWith('//')) throw refuse();
    let resolved: URL;
    try {
      resolved = new URL(raw, base.origin);
    } catch {
      throw refuse();
    }
    if (resolved.origin !== base.origin) throw refuse();
    return raw;
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse();
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password) throw refuse();
  if (!policy.firstPartyOrigins.includes(url.origin)) throw refuse();
  return url.href;
}
