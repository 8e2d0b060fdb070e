import { randomBytes } from 'node:crypto';
import type { TenantDb } from '../../platform/db/tenant-db.js';
import type { EventBus } from '../../platform/events/bus.js';
import { AUTH_CHANNEL, hashApiKey, type Authenticator } from '../../platform/auth/authenticator.js';
import type { Principal } from '../../platform/auth/principal.js';
import { hasScopes, type Scope } from '../../platform/auth/scopes.js';
import { AppError, unprocessable } from '../../platform/http/errors.js';
import { audit } from '../audit/index.js';
import { emitEvent } from '../webhooks/index.js';
import { deleteApiKey, findApiKey, insertApiKey, listApiKeys } from './api-keys.repo.js';
import { presentApiKey } from './api-keys.present.js';
import type { ApiKeyRow } from './api-keys.table.js';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const INVALIDATION_ECHO_MS = 2_000; // past this the other instances still learn it, only not before the answer
const PREFIX_LENGTH = 11; // "sk-" and 8 characters: enough to tell keys apart, useless to guess them

/** `sk-` and 43 base62 characters (≈ 256 bits), unbiased by rejection sampling. */
function generateApiKey(): string {
  let out = 'sk-';
  while (out.length < 46) {
    for (const byte of randomBytes(64)) {
      if (byte < 248 && out.length < 46) out += ALPHABET[byte % 62];
    }
  }
  return out;
}

/** A key as the event log names it: the prefix identifies it, the key and its hash never enter the log. */
const keyEvent = (row: Pick<ApiKeyRow, 'id' | 'name' | 'prefix' | 'scopes'>) => ({ api_key_id: row.id, name: row.name, prefix: row.prefix, scopes: row.scopes });

export interface ApiKeysDeps {
  bus: EventBus;
  authenticator: Pick<Authenticator, 'forgetApiKey'>;
}

export function createApiKeysService(deps: ApiKeysDeps) {
  const { bus } = deps;

  /** `tenant` is the principal's own tenant (the route builder binds it). */
  async function create(tenant: TenantDb, principal: Principal, input: { name: string; scopes: Scope[]; expires_at?: string | null }) {
    const name = input.name.trim();
    if (!name) throw unprocessable(['body', 'name'], 'name must not be empty');
    const scopes = [...new Set(input.scopes)];
    if (scopes.length === 0) throw unprocessable(['body', 'scopes'], 'at least one scope is required');
    // A caller can only hand out what it holds itself.
    if (!hasScopes(principal.scopes, scopes)) throw new AppError('scope_escalation');
    const expiresAt = input.expires_at ? new Date(input.expires_at) : null;
    if (expiresAt && expiresAt.getTime() <= Date.now()) throw unprocessable(['body', 'expires_at'], 'expires_at must be in the future');
    const key = generateApiKey();
    const row = await tenant.run(async (t) => {
      const inserted = await insertApiKey(t, {
        name,
        prefix: key.slice(0, PREFIX_LENGTH),
        keyHash: hashApiKey(key),
        scopes,
        expiresAt,
        createdByUserId: principal.kind === 'user' ? principal.userId : null,
        createdByApiKeyId: principal.kind === 'api_key' ? principal.apiKeyId : null,
      });
      // The prefix names the key (it is shown in listings); the key and its hash never enter the trail.
      await audit(t, 'api_key.created', principal, {
        targetId: inserted.id,
        targetName: name,
        details: { prefix: inserted.prefix, scopes, expires_at: expiresAt?.toISOString() ?? null },
      });
      await emitEvent(t, 'api_key.created', keyEvent(inserted));
      return inserted;
    });
    const { masked_key: _masked, last_used_at: _lastUsed, ...shown } = presentApiKey(row);
    return { ...shown, key };
  }

  async function list(tenant: TenantDb, skip: number, limit: number) {
    const { rows, total } = await tenant.run((t) => listApiKeys(t, skip, limit));
    return { items: rows.map(presentApiKey), total, skip, limit };
  }

  async function get(tenant: TenantDb, id: string) {
    const row = await tenant.run((t) => findApiKey(t, id));
    if (!row) throw new AppError('api_key_not_found');
    return presentApiKey(row);
  }

  /**
   * Deletes the key; every instance drops it from its cache when the transaction commits. The answer waits until
   * this instance hears its own invalidation back (bounded), so a request sent after it, to any instance, is
   * refused.
   */
  async function remove(tenant: TenantDb, principal: Principal, id: string): Promise<void> {
    let echo: Awaited<ReturnType<EventBus['hearBack']>> | undefined;
    const heardOwn = (e: { kind?: string; hash?: string }, hash: string) => e.kind === 'api_key' && e.hash === hash;
    try {
      const row = await tenant.run(async (t) => {
        const key = await findApiKey(t, id);
        if (!key) return null;
        echo?.cancel(); // a retried transaction listens once
        echo = await bus.hearBack(AUTH_CHANNEL, (e) => heardOwn(e, key.keyHash), INVALIDATION_ECHO_MS);
        // Recorded before the delete, so a key revoking itself is still found by name as the actor.
        await audit(t, 'api_key.revoked', principal, { targetId: id, targetName: key.name, details: { prefix: key.prefix } });
        const deleted = await deleteApiKey(t, id);
        if (!deleted) throw new AppError('api_key_not_found'); // deleted meanwhile: the event rolls back with this
        await emitEvent(t, 'api_key.revoked', keyEvent(deleted));
        await bus.publish(AUTH_CHANNEL, { kind: 'api_key', hash: deleted.keyHash }, t.tx);
        return deleted;
      });
      if (!row) throw new AppError('api_key_not_found');
      deps.authenticator.forgetApiKey(row.keyHash);
      await echo?.heard;
    } finally {
      echo?.cancel(); // rolled back, or heard already: either way stop listening
    }
  }

  return { create, list, get, remove };
}
export type ApiKeysService = ReturnType<typeof createApiKeysService>;
