import type { SsoProviderRow } from './sso.table.js';

/** A provider as its admins see it: everything but the secret. */
export function presentProvider(row: SsoProviderRow, redirectUri: string) {
  return {
    provider_id: row.id,
    name: row.name,
    issuer: row.issuer,
    client_id: row.clientId,
    client_secret_set: true,
    client_secret_hint: row.clientSecretHint,
    scopes: row.scopes,
    allowed_email_domains: row.allowedEmailDomains,
    jit: { enabled: row.jitEnabled, default_role: row.jitDefaultRole },
    link_existing_by_email: row.linkExistingByEmail,
    enabled: row.enabled,
    admin_consent_url: row.adminConsentUrl,
    idp_tenant: row.idpTenant,
    redirect_uri: redirectUri,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
