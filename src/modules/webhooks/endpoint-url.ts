import type { Config } from '../../platform/config.js';
import { unprocessable } from '../../platform/http/errors.js';
import { assertPublicBaseUrl, isLoopbackHost, UnsafeUrlError } from '../../platform/net/address-policy.js';

/**
 * Which URLs an endpoint may have. The service sends the tenant's events there, so the URL is a tenant-configured
 * outbound address like a provider's base URL: it passes the same address policy (PROVIDER_ALLOW_PRIVATE_URLS,
 * PROVIDER_ALLOWED_HOSTS) when saved, and delivery checks the address it connects to again. Events are sent over TLS
 * only; plain http only to a loopback host, when the operator allows it (WEBHOOK_ALLOW_HTTP_LOOPBACK: development).
 */

export const ENDPOINT_URL_MAX = 2048;

/** Why the URL's shape is refused, or null: absolute, https (or allowed loopback http), no user name or password. */
function endpointUrlProblem(raw: string, allowHttpLoopback: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'url must be an absolute URL';
  }
  const loopbackHttp = url.protocol === 'http:' && isLoopbackHost(url.hostname);
  if (url.protocol !== 'https:' && !(loopbackHttp && allowHttpLoopback)) {
    if (loopbackHttp) return 'url must use https (http is allowed for a loopback host only when the operator sets WEBHOOK_ALLOW_HTTP_LOOPBACK)';
    return 'url must use https';
  }
  // Credentials in the URL would be sent along and shown wherever the endpoint is listed.
  if (url.username || url.password) return 'url must not contain a user name or password';
  if (url.href.length > ENDPOINT_URL_MAX) return `url must be at most ${ENDPOINT_URL_MAX} characters once encoded`;
  return null;
}

/** The URL as stored (normalised), or a 422 naming `url` with a reason fit for the admin (never a resolved address). */
export async function checkEndpointUrl(raw: string, config: Pick<Config, 'webhooks' | 'provider'>): Promise<string> {
  const problem = endpointUrlProblem(raw, config.webhooks.allowHttpLoopback);
  if (problem) throw unprocessable(['body', 'url'], problem);
  try {
    const url = await assertPublicBaseUrl(raw, { allowPrivate: config.provider.allowPrivateUrls, allowedHosts: config.provider.allowedHosts });
    return url.href;
  } catch (error) {
    if (!(error instanceof UnsafeUrlError)) throw error;
    const reason = error.message.replace(/^base_url/, 'url');
    const hint = /could not be resolved/.test(reason) ? '' : ' (an operator can allow it with PROVIDER_ALLOW_PRIVATE_URLS or PROVIDER_ALLOWED_HOSTS)';
    throw unprocessable(['body', 'url'], `${reason}${hint}`);
  }
}
