import { sql, type SQL } from 'drizzle-orm';
import { rows, type Database } from '../db/database.js';
import { tenantDb } from '../db/tenant-db.js';

export interface StoredResponse {
  statusCode: number;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * Whose record: the caller's tenant (null for a call made without an authenticated caller) and the hash of what
 * identified the caller, the tenant included, so that one hash never names records of two tenants.
 */
export interface Caller {
  tenantId: string | null;
  authHash: string;
}

export type ClaimResult =
  | { kind: 'claimed' }
  | { kind: 'replay'; response: StoredResponse }
  | { kind: 'in_flight' }
  | { kind: 'mismatch' };

/**
 * Idempotency records, keyed by (hash of the caller, key). Owns all their SQL. A record is its tenant's: every
 * statement runs in the caller's tenant transaction (row-level security), an anonymous caller's with no tenant.
 */
export class IdempotencyStore {
  private readonly completed = new Map<string, { fingerprint: string; response: StoredResponse; expiresAt: number }>();

  constructor(
    private readonly db: Database,
    private readonly ttlSec: number,
    private readonly leaseSec = 120,
  ) {}

  /**
   * Atomically takes the key, or tells what the earlier request with this key became — in one
   * statement: the insert claims a free key; when it conflicts, the same statement reads the row.
   */
  async claim(caller: Caller, key: string, fingerprint: string): Promise<ClaimResult> {
    const { authHash, tenantId } = caller;
    const cached = this.completed.get(`${authHash}\n${key}`);
    if (cached && cached.expiresAt > Date.now()) {
      return cached.fingerprint === fingerprint ? { kind: 'replay', response: cached.response } : { kind: 'mismatch' };
    }
    for (let attempt = 0; attempt < 3; attempt++) {
      const [row] = await this.run<{
        claimed: boolean;
        fingerprint: string;
        status_code: number | null;
        headers: Record<string, string> | null;
        body: Buffer | Uint8Array | null;
        expired: boolean;
        lease_over: boolean;
        expires_ms: number;
      }>(tenantId, sql`
        WITH ins AS (
          INSERT INTO idempotency_keys (tenant_id, auth_hash, key, fingerprint, lease_expires_at, expires_at)
          VALUES (${tenantId}::uuid, ${authHash}, ${key}, ${fingerprint},
                  now() + make_interval(secs => ${this.leaseSec}), now() + make_interval(secs => ${this.ttlSec}))
          ON CONFLICT DO NOTHING RETURNING 1
        )
        SELECT true AS claimed, NULL AS fingerprint, NULL AS status_code, NULL AS headers, NULL AS body,
               false AS expired, false AS lease_over, 0 AS expires_ms
        FROM ins
        UNION ALL
        SELECT false, fingerprint, status_code, headers, body, expires_at < now(), lease_expires_at < now(),
               (extract(epoch FROM expires_at) * 1000)::float8
        FROM idempotency_keys WHERE auth_hash = ${authHash} AND key = ${key} AND NOT EXISTS (SELECT 1 FROM ins)`);
      if (!row) continue; // released between the conflict and the read: try again
      if (row.claimed) return { kind: 'claimed' };
      if (row.expired) {
        await this.run(tenantId, sql`DELETE FROM idempotency_keys WHERE auth_hash = ${authHash} AND key = ${key} AND expires_at < now()`);
        continue;
      }
      if (row.fingerprint !== fingerprint) return { kind: 'mismatch' };
      if (row.status_code === null) {
        if (!row.lease_over) return { kind: 'in_flight' };
        // The first request's instance died mid-way: take the lease over.
        const taken = await this.run(tenantId, sql`
          UPDATE idempotency_keys SET lease_expires_at = now() + make_interval(secs => ${this.leaseSec})
          WHERE auth_hash = ${authHash} AND key = ${key} AND status_code IS NULL AND lease_expires_at < now()
          RETURNING 1 AS ok`);
        if (taken.length > 0) return { kind: 'claimed' };
        return { kind: 'in_flight' };
      }
      const response = { statusCode: row.status_code, headers: row.headers ?? {}, body: Buffer.from(row.body ?? new Uint8Array()) };
      this.remember(authHash, key, fingerprint, response, Number(row.expires_ms));
      return { kind: 'replay', response };
    }
    return { kind: 'in_flight' };
  }

  /** A completed response never changes until it expires, so replays can skip the database. */
  private remember(authHash: string, key: string, fingerprint: string, response: StoredResponse, expiresAt: number): void {
    if (response.body.length > 64 * 1024) return;
    if (this.completed.size >= 10_000) this.completed.delete(this.completed.keys().next().value as string);
    this.completed.set(`${authHash}\n${key}`, { fingerprint, response, expiresAt });
  }

  /** Keeps a response for replay; the caller (the plugin) has already redacted every secret in it. */
  async complete(caller: Caller, key: string, fingerprint: string, response: StoredResponse): Promise<void> {
    const { authHash, tenantId } = caller;
    await this.run(tenantId, sql`
      UPDATE idempotency_keys SET status_code = ${response.statusCode}, headers = ${JSON.stringify(response.headers)}::jsonb,
             body = ${response.body}
      WHERE auth_hash = ${authHash} AND key = ${key}`);
    this.remember(authHash, key, fingerprint, response, Date.now() + this.ttlSec * 1000);
  }

  async release(caller: Caller, key: string): Promise<void> {
    await this.run(caller.tenantId, sql`DELETE FROM idempotency_keys WHERE auth_hash = ${caller.authHash} AND key = ${key} AND status_code IS NULL`);
  }

  async purgeExpired(): Promise<number> {
    const now = Date.now();
    for (const [k, v] of this.completed) if (v.expiresAt <= now) this.completed.delete(k);
    // Every tenant's expired records at once: a SECURITY DEFINER function (migration 0025), as the app role sees one tenant.
    const [{ purged }] = await this.db.query<{ purged: number }>(sql`SELECT idempotency_purge_expired() AS purged`);
    return purged;
  }

  /** One statement in the caller's tenant transaction, or with no tenant for an anonymous caller. */
  private run<T = Record<string, unknown>>(tenantId: string | null, statement: SQL): Promise<T[]> {
    return tenantId === null ? this.db.query<T>(statement) : tenantDb(this.db, tenantId).run(({ tx }) => rows<T>(tx, statement));
  }
}
