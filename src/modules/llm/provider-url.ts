import type { Config } from '../../platform/config.js';
import { assertPublicBaseUrl, UnsafeUrlError, type Resolver, type UrlPolicy } from '../../platform/net/address-policy.js';

/** The operator's policy for provider base URLs (PROVIDER_ALLOW_PRIVATE_URLS, PROVIDER_ALLOWED_HOSTS). */
export function providerUrlPolicy(config: Pick<Config, 'provider'>): UrlPolicy {
  return { allowPrivate: config.provider.allowPrivateUrls, allowedHosts: config.provider.allowedHosts };
}

/**
 * `assertPublicBaseUrl` for a provider base URL; a refusal names the operator's way around it, so that an admin who
 * runs a provider on a private host knows what to ask for.
 */
export async function assertProviderUrl(raw: string, policy: UrlPolicy, resolver?: Resolver): Promise<URL> {
  try {
    return await assertPublicBaseUrl(raw, policy, resolver);
  } catch (error) {
    if (error instanceof UnsafeUrlError && !/could not be resolved|http or https|credentials|not a valid URL/.test(error.message)) {
      throw new UnsafeUrlError(`${error.message} (an operator can allow a host with PROVIDER_ALLOWED_HOSTS)`);
    }
    throw error;
  }
}

export { UnsafeUrlError };
