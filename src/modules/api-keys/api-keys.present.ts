import type { ApiKeyRow } from './api-keys.table.js';

/** A stored key as the API shows it: never the secret, only its prefix. */
export function presentApiKey(row: ApiKeyRow) {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    masked_key: `${row.prefix}${'*'.repeat(8)}`,
    scopes: row.scopes,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt?.toISOString() ?? null,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}
