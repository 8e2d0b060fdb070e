import { randomBytes } from 'node:crypto';
import type { Database } from '../../platform/db/database.js';
import type { EventBus } from '../../platform/events/bus.js';
import { AUTH_CHANNEL, hashApiKey, type Authenticator } from '../../platform/auth/authenticator.js';
import type { Principal } from '../../platform/auth/principal.js';
import { hasScopes, type Scope } from '../../platform/auth/scopes.js';
import { forbidden, notFound, unprocessable } from '../../platform/http/errors.js';
import { deleteApiKey, findApiKey, insertApiKey, listApiKeys } from './api-keys.repo.js';
import type { ApiKeyRow } from './api-keys.schema.js';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const PREFIX_LENGTH = 11; // "sk-" and 8 characters: enough to tell keys apart, useless to guess them

/** `sk-` and 43 base62 characters (≈ 256 bits), unbiased by rejection sampling. */
export function generateApiKey(): string {
  let out = 'sk-';
  while (out.length < 46) {
    for (const byte of randomBytes(64)) {
      if (byte < 248 && out.length < 46) out += ALPHABET[byte % 62];
    }
  }
  return out;
}

export interface ApiKeysDeps {
  db: Database;
  bus: EventBus;
  authenticator: Pick<Authenticator, 'forgetApiKey'>;
}

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

export function createApiKeysService(deps: ApiKeysDeps) {
  const { db, bus } = deps;

  async function create(principal: Principal, input: { name: string; scopes: Scope[]; expires_at?: string | null }) {
    const name = input.name.trim();
    if (!name) throw unprocessable(['body', 'name'], 'name must not be empty');
    const scopes = [...new Set(input.scopes)];
    if (scopes.length === 0) throw unprocessable(['body', 'scopes'], 'at least one scope is required');
    // A caller can only hand out what it holds itself.
    if (!hasScopes(principal.scopes, scopes)) throw forbidden('A key cannot be given scopes its creator does not hold', 'scope_escalation');
    const expiresAt = input.expires_at ? new Date(input.expires_at) : null;
    if (expiresAt && expiresAt.getTime() <= Date.now()) throw unprocessable(['body', 'expires_at'], 'expires_at must be in the future');
    const key = generateApiKey();
    const row = await db.tenant(principal.tenantId, (tx) =>
      insertApiKey(tx, {
        tenantId: principal.tenantId,
        name,
        prefix: key.slice(0, PREFIX_LENGTH),
        keyHash: hashApiKey(key),
        scopes,
        expiresAt,
        createdByUserId: principal.kind === 'user' ? principal.userId : null,
        createdByApiKeyId: principal.kind === 'api_key' ? principal.apiKeyId : null,
      }),
    );
    const { masked_key: _masked, last_used_at: _lastUsed, ...shown } = presentApiKey(row);
    return { ...shown, key };
  }

  async function list(tenantId: string, skip: number, limit: number) {
    const { rows, total } = await db.tenant(tenantId, (tx) => listApiKeys(tx, tenantId, skip, limit));
    return { items: rows.map(presentApiKey), total, skip, limit };
  }

  async function get(tenantId: string, id: string) {
    const row = await db.tenant(tenantId, (tx) => findApiKey(tx, tenantId, id));
    if (!row) throw notFound('API key not found');
    return presentApiKey(row);
  }

  /** Deletes the key; every instance drops it from its cache when the transaction commits. */
  async function remove(tenantId: string, id: string): Promise<void> {
    const row = await db.tenant(tenantId, async (tx) => {
      const deleted = await deleteApiKey(tx, tenantId, id);
      if (deleted) await bus.publish(AUTH_CHANNEL, { kind: 'api_key', hash: deleted.keyHash }, tx);
      return deleted;
    });
    if (!row) throw notFound('API key not found');
    deps.authenticator.forgetApiKey(row.keyHash);
  }

  return { create, list, get, remove };
}
export type ApiKeysService = ReturnType<typeof createApiKeysService>;
