import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';

export interface StoredResponse {
  statusCode: number;
  headers: Record<string, string>;
  body: Buffer;
}

export type ClaimResult =
  | { kind: 'claimed' }
  | { kind: 'replay'; response: StoredResponse }
  | { kind: 'in_flight' }
  | { kind: 'mismatch' };

/** Idempotency records, keyed by (hash of the Authorization value, key). Owns all their SQL. */
export class IdempotencyStore {
  constructor(
    private readonly db: Database,
    private readonly ttlSec: number,
    private readonly leaseSec = 120,
  ) {}

  /** Atomically takes the key, or tells what the earlier request with this key became. */
  async claim(authHash: string, key: string, fingerprint: string): Promise<ClaimResult> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const inserted = await this.db.query(sql`
        INSERT INTO idempotency_keys (auth_hash, key, fingerprint, lease_expires_at, expires_at)
        VALUES (${authHash}, ${key}, ${fingerprint},
                now() + make_interval(secs => ${this.leaseSec}), now() + make_interval(secs => ${this.ttlSec}))
        ON CONFLICT DO NOTHING RETURNING 1 AS ok`);
      if (inserted.length > 0) return { kind: 'claimed' };

      const [row] = await this.db.query<{
        fingerprint: string;
        status_code: number | null;
        headers: Record<string, string> | null;
        body: Buffer | Uint8Array | null;
        expired: boolean;
        lease_over: boolean;
      }>(sql`
        SELECT fingerprint, status_code, headers, body, expires_at < now() AS expired, lease_expires_at < now() AS lease_over
        FROM idempotency_keys WHERE auth_hash = ${authHash} AND key = ${key}`);
      if (!row) continue; // released between our insert and select: try again
      if (row.expired) {
        await this.db.query(sql`DELETE FROM idempotency_keys WHERE auth_hash = ${authHash} AND key = ${key} AND expires_at < now()`);
        continue;
      }
      if (row.fingerprint !== fingerprint) return { kind: 'mismatch' };
      if (row.status_code === null) {
        if (!row.lease_over) return { kind: 'in_flight' };
        // The first request's instance died mid-way: take the lease over.
        const taken = await this.db.query(sql`
          UPDATE idempotency_keys SET lease_expires_at = now() + make_interval(secs => ${this.leaseSec})
          WHERE auth_hash = ${authHash} AND key = ${key} AND status_code IS NULL AND lease_expires_at < now()
          RETURNING 1 AS ok`);
        if (taken.length > 0) return { kind: 'claimed' };
        return { kind: 'in_flight' };
      }
      return {
        kind: 'replay',
        response: { statusCode: row.status_code, headers: row.headers ?? {}, body: Buffer.from(row.body ?? new Uint8Array()) },
      };
    }
    return { kind: 'in_flight' };
  }

  async complete(authHash: string, key: string, response: StoredResponse): Promise<void> {
    await this.db.query(sql`
      UPDATE idempotency_keys SET status_code = ${response.statusCode}, headers = ${JSON.stringify(response.headers)}::jsonb,
             body = ${response.body}
      WHERE auth_hash = ${authHash} AND key = ${key}`);
  }

  async release(authHash: string, key: string): Promise<void> {
    await this.db.query(sql`DELETE FROM idempotency_keys WHERE auth_hash = ${authHash} AND key = ${key} AND status_code IS NULL`);
  }

  async purgeExpired(): Promise<number> {
    const rows = await this.db.query(sql`DELETE FROM idempotency_keys WHERE expires_at < now() RETURNING 1 AS ok`);
    return rows.length;
  }
}
