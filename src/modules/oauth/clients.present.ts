import type { OAuthClientRow } from './oauth.table.js';

/** A client as its owner sees it: never the secret (shown once at creation) nor its hash. */
export function presentClient(row: OAuthClientRow) {
  return {
    client_id: row.clientId,
    name: row.name,
    logo_url: row.logoUrl,
    redirect_uris: row.redirectUris,
    post_logout_redirect_uris: row.postLogoutRedirectUris,
    confidential: row.confidential,
    first_party: row.firstParty,
    scopes: row.allowedScopes,
    tenant_id: row.tenantId,
    token_endpoint_auth_method: row.confidential ? 'client_secret_basic' : 'none',
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export const presentCreatedClient = (row: OAuthClientRow, secret: string | null) => ({ ...presentClient(row), client_secret: secret });

/** What the login page may show of a platform-wide client: no secret, no redirect URI. */
export const presentPublicClient = (row: OAuthClientRow) => ({ client_id: row.clientId, name: row.name, logo_url: row.logoUrl, first_party: row.firstParty });
