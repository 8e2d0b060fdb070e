import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';

/** A Drizzle handle: the whole database, or one transaction of it. */
export type Tx = PgDatabase<PgQueryResultHKT, any>;

/** One statement as the owner, outside a transaction; its rows. */
export type OwnerStatement = (text: string) => Promise<Record<string, unknown>[]>;

export type NotificationHandler = (payload: string) => void;

/**
 * The database as the rest of the code sees it, whether embedded (PGlite) or a PostgreSQL server.
 * Tenant-owned tables are only reachable through `tenant()`, which sets `app.tenant_id` for the
 * transaction so row-level security scopes every statement; a forgotten filter returns nothing.
 */
export interface Database {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction scoped to `tenantId` (RLS setting applied with SET LOCAL semantics). */
  tenant<T>(tenantId: string, fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** Runs `fn` in one transaction with no tenant: only global tables (tenants, queue, idempotency) are visible. */
  system<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** A statement outside any transaction, for global tables. */
  query<T = Record<string, unknown>>(statement: SQL): Promise<T[]>;
  /**
   * Runs `fn` as the owner of the tables (who alone may ANALYZE or VACUUM them), each statement outside any
   * transaction, with at most one maintainer at a time across every instance sharing the database. Resolves
   * to null, without calling `fn`, when another instance holds the maintenance lock.
   */
  maintain<T>(fn: (run: OwnerStatement) => Promise<T>): Promise<T | null>;
  /**
   * `VACUUM (ANALYZE)` of `tables` as the owner, reclaiming the dead rows of deletes and updates. Only on the
   * embedded database, which has no autovacuum; absent on a server, whose autovacuum does it.
   */
  vacuum?(tables: readonly string[]): Promise<void>;
  listen(channel: string, handler: NotificationHandler): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Connections of the pool (PostgreSQL); absent on the embedded database, which has one. */
  poolUsage?(): PoolUsage;
}

interface PoolUsage {
  /** Open connections, idle ones included. */
  total: number;
  idle: number;
  /** Callers waiting for a connection: the pool is exhausted. */
  waiting: number;
  max: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Tenant ids are inlined into the transaction's first statement, so they must be proven UUIDs. */
export function assertTenantId(tenantId: string): string {
  if (!UUID.test(tenantId)) throw new Error(`invalid tenant id: ${JSON.stringify(tenantId)}`);
  return tenantId.toLowerCase();
}

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** Scopes the rest of an open transaction to a tenant (for flows that create the tenant first). */
export async function setTenant(tx: Tx, tenantId: string): Promise<void> {
  await tx.execute(sql.raw(`SELECT set_config('app.tenant_id', '${assertTenantId(tenantId)}', true)`));
}

/** A NOTIFY sent when the transaction commits (and never if it rolls back). */
export async function notifyOnCommit(tx: Tx, channel: string, payload: string): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${channel}, ${payload})`);
}

/** Runs a raw statement on a handle and returns its rows (both drivers answer `{ rows }`). */
export async function rows<T = Record<string, unknown>>(tx: Tx, statement: SQL): Promise<T[]> {
  return ((await tx.execute(statement)) as unknown as { rows: T[] }).rows;
}
