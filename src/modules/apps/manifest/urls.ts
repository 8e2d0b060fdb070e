import { isLoopbackHost } from '../../../platform/net/address-policy.js';

export interface UrlPolicy {
  /** http:// is accepted for loopback hosts (APPS_ALLOW_HTTP_LOOPBACK, development only). */
  allowHttpLoopback: boolean;
}

/**
 * Why a URL of the manifest is refused, or null. The platform never fetches these URLs (the user's browser
 * opens them), so the rule is about what a browser would do with them: https only (no javascript:, data:,
 * file: …), no credentials in the URL; http only for loopback development when the operator allows it.
 */
export function urlProblem(value: string, policy: UrlPolicy): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an absolute URL';
  }
  const loopbackHttp = url.protocol === 'http:' && isLoopbackHost(url.hostname);
  if (url.protocol !== 'https:' && !(loopbackHttp && policy.allowHttpLoopback)) {
    if (loopbackHttp) return 'must be an https URL (http is allowed for loopback hosts only when the operator sets APPS_ALLOW_HTTP_LOOPBACK)';
    return `must be an https URL (the ${url.protocol.replace(/:$/, '')} scheme is not allowed)`;
  }
  if (url.username || url.password) return 'must not carry a user name or password';
  if (!url.hostname) return 'must name a host';
  return null;
}

/** The origin of an accepted URL (scheme, host and port), the one CORS answers for. */
export const originOf = (value: string) => new URL(value).origin;
