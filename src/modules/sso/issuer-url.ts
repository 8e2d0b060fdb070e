import type { Config } from '../../platform/config.js';
import { assertPublicBaseUrl, UnsafeUrlError, type Resolver, type UrlPolicy } from '../../platform/net/address-policy.js';

/**
 * Which issuer URLs a tenant may configure. The service fetches the issuer's discovery document and JWKS, so the
 * issuer is a tenant-configured outbound URL like a provider base URL: it passes the same address policy
 * (PROVIDER_ALLOW_PRIVATE_URLS, PROVIDER_ALLOWED_HOSTS), and https unless the operator allows http
 * (SSO_ALLOW_HTTP_ISSUERS, for development on loopback).
 */

/** An Entra-style multi-tenant issuer names the IdP tenant with this placeholder; an admin consent supplies it. */
const TENANT_PLACEHOLDER = '{tenantid}';
const IDP_TENANT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

export function issuerPolicy(config: Pick<Config, 'provider'>): UrlPolicy {
  return { allowPrivate: config.provider.allowPrivateUrls, allowedHosts: config.provider.allowedHosts };
}

export function isIdpTenant(value: string): boolean {
  return IDP_TENANT.test(value);
}

/** The issuer to talk to: the configured one, with the recorded IdP tenant in place of the placeholder. */
export function effectiveIssuer(issuer: string, idpTenant: string | null): string | null {
  if (!issuer.includes(TENANT_PLACEHOLDER)) return issuer;
  return idpTenant && isIdpTenant(idpTenant) ? issuer.split(TENANT_PLACEHOLDER).join(idpTenant) : null;
}

/**
 * The reason an issuer cannot be used, or null. Shape only: absolute http(s) (http only when allowed), no
 * credentials, query or fragment (an issuer identifier has none), not a discovery document URL (openid-client
 * skips its issuer check for those).
 */
export function issuerShapeProblem(raw: string, allowHttp: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw.split(TENANT_PLACEHOLDER).join('tenant'));
  } catch {
    return 'issuer must be an absolute URL';
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowHttp)) {
    return allowHttp ? 'issuer must use http or https' : 'issuer must use https (an operator can allow http with SSO_ALLOW_HTTP_ISSUERS)';
  }
  if (url.username || url.password) return 'issuer must not contain credentials';
  if (url.search || url.hash || raw.includes('?') || raw.includes('#')) return 'issuer must not contain a query or fragment';
  if (url.pathname.includes('/.well-known/')) return 'issuer is the issuer identifier, not the URL of its discovery document';
  return null;
}

/** Shape and address of an issuer (or JWKS) URL; throws UnsafeUrlError with a reason fit for the admin. */
export async function assertIssuerUrl(raw: string, policy: UrlPolicy, allowHttp: boolean, resolver?: Resolver): Promise<URL> {
  const problem = issuerShapeProblem(raw, allowHttp);
  if (problem) throw new UnsafeUrlError(problem);
  try {
    return await assertPublicBaseUrl(raw.split(TENANT_PLACEHOLDER).join('tenant'), policy, resolver);
  } catch (error) {
    if (error instanceof UnsafeUrlError) {
      const reason = error.message.replace(/^base_url/, 'issuer');
      throw new UnsafeUrlError(/could not be resolved/.test(reason) ? reason : `${reason} (an operator can allow a host with PROVIDER_ALLOWED_HOSTS)`);
    }
    throw error;
  }
}

export { UnsafeUrlError };
