import { unprocessable } from '../../platform/http/errors.js';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);
/** Schemes that run code or read local data in a browser: never a place to send a code. */
const DANGEROUS_SCHEMES = new Set(['javascript:', 'data:', 'vbscript:', 'file:', 'blob:', 'about:', 'filesystem:', 'view-source:']);
const MAX_URI_LENGTH = 2000;

/**
 * Checks a redirect (or post-logout) URI as it is registered; it is then compared as an exact string (RFC 9700 §4.1.3).
 * Accepted: https; http only on a loopback host (RFC 8252 §7.3); a private-use scheme in reverse-domain form
 * (`com.example.app:/cb`, RFC 8252 §7.1). Refused: fragments, user-info, and script-running schemes.
 */
function checkRedirectUri(value: string, field: string): string {
  const fail = (msg: string) => unprocessable(['body', field], `${value.slice(0, 200)}: ${msg}`, 'value_error.redirect_uri');
  if (value.length === 0 || value.length > MAX_URI_LENGTH) throw fail(`must be 1 to ${MAX_URI_LENGTH} characters`);
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\s\u0000-\u001f\u007f]/.test(value)) throw fail('must not contain spaces or control characters');
  if (value.includes('#')) throw fail('must not contain a fragment');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw fail('must be an absolute URL');
  }
  if (DANGEROUS_SCHEMES.has(url.protocol)) throw fail(`the scheme ${url.protocol} is not allowed`);
  if (url.username || url.password || /^[a-z][a-z0-9+.-]*:\/\/[^/]*@/i.test(value)) throw fail('must not contain user-info');
  if (url.protocol === 'https:') return value;
  if (url.protocol === 'http:') {
    if (LOOPBACK_HOSTS.has(url.hostname)) return value;
    throw fail('http is allowed only on a loopback host (127.0.0.1, [::1], localhost); use https');
  }
  if (/^[a-z][a-z0-9-]*(\.[a-z0-9-]+)+:$/.test(url.protocol)) return value; // private-use scheme, reverse-domain form
  throw fail('must be https, http on a loopback host, or a private-use scheme like com.example.app:/callback');
}

export function checkRedirectUris(values: readonly string[], field: string, min: number): string[] {
  if (values.length < min) throw unprocessable(['body', field], `at least ${min} URI${min === 1 ? '' : 's'} required`);
  if (values.length > 20) throw unprocessable(['body', field], 'at most 20 URIs');
  return [...new Set(values.map((v) => checkRedirectUri(v, field)))];
}

/** A redirect URI with the authorization response's parameters appended to its query. */
export function withQuery(uri: string, params: Record<string, string | undefined>): string {
  const query = Object.entries(params)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
  return `${uri}${uri.includes('?') ? '&' : '?'}${query}`;
}
