import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { rows } from '../../../platform/db/database.js';
import type { TenantTx } from '../../../platform/db/tenant-db.js';
import { llmErrors, type ErrorInsert, type ErrorRow } from '../calls/calls.table.js';

export async function insertError({ tx, tenantId }: TenantTx, values: Omit<ErrorInsert, 'tenantId'>): Promise<void> {
  await tx.insert(llmErrors).values({ ...values, tenantId });
}

export interface ErrorFilter {
  provider?: string;
  errorCode?: string;
  documentId?: string;
}

export async function listErrors({ tx, tenantId }: TenantTx, filter: ErrorFilter, skip: number, limit: number): Promise<{ rows: ErrorRow[]; total: number }> {
  const conditions: SQL[] = [eq(llmErrors.tenantId, tenantId)];
  if (filter.provider) conditions.push(eq(llmErrors.provider, filter.provider));
  if (filter.errorCode) conditions.push(eq(llmErrors.errorCode, filter.errorCode));
  if (filter.documentId) conditions.push(eq(llmErrors.documentId, filter.documentId));
  const where = and(...conditions);
  const found = await tx.select().from(llmErrors).where(where).orderBy(desc(llmErrors.createdAt), desc(llmErrors.id)).offset(skip).limit(limit);
  const [{ total }] = await tx.select({ total: count() }).from(llmErrors).where(where);
  return { rows: found, total };
}

export interface ErrorCounts {
  total: number;
  byProvider: { key: string; count: number }[];
  byErrorCode: { key: string; count: number }[];
  /** UTC calendar days (YYYY-MM-DD) that had errors. */
  byDay: { key: string; count: number }[];
}

/** Counts since `since`, grouped three ways in one scan. */
export async function countErrors({ tx, tenantId }: TenantTx, since: Date): Promise<ErrorCounts> {
  const grouped = await rows<{ provider: string | null; error_code: string | null; day: string | null; n: number | string }>(
    tx,
    sql`SELECT provider, error_code, day, count(*) AS n
        FROM (SELECT provider, error_code, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day
              FROM llm_errors
              WHERE tenant_id = ${tenantId} AND created_at >= ${since.toISOString()}::timestamptz) e
        GROUP BY GROUPING SETS ((provider), (error_code), (day))`,
  );
  const out: ErrorCounts = { total: 0, byProvider: [], byErrorCode: [], byDay: [] };
  for (const row of grouped) {
    const n = Number(row.n);
    if (row.provider !== null) {
      out.byProvider.push({ key: row.provider, count: n });
      out.total += n;
    } else if (row.error_code !== null) out.byErrorCode.push({ key: row.error_code, count: n });
    else if (row.day !== null) out.byDay.push({ key: row.day, count: n });
  }
  return out;
}
