import type { Database } from '../../../platform/db/database.js';
import { tenantDb, type TenantDb } from '../../../platform/db/tenant-db.js';
import { countErrors, insertError, listErrors, type ErrorFilter } from './errors.repo.js';
import { presentError } from './errors.present.js';
import { removeSecrets } from '../calls/redact.js';
import type { CredentialSource } from '../gate.js';
import { utcDayWindow } from '../../../platform/day-window.js';

/** One failed provider call, as the call path reports it. */
export interface ErrorEntry {
  tenantId: string;
  provider: string;
  model: string | null;
  errorCode: string;
  statusCode: number | null;
  message: string;
  userId: string | null;
  apiKeyId: string | null;
  requestId: string | null;
  /** Background work about a document: the document and its indexing job. */
  documentId: string | null;
  jobId: string | null;
}

export interface ErrorLogDeps {
  db: Database;
  /** The tenant's keys, removed again from messages as they are read (rows written before they were removed on the way in). */
  credentials: Pick<CredentialSource, 'secretsOf'>;
}

export function createErrorLog(deps: ErrorLogDeps) {
  const { db } = deps;

  /** Failures are rare and must be visible as soon as the failed response is: written before it is sent. */
  async function record(entry: ErrorEntry): Promise<void> {
    const { tenantId, ...values } = entry;
    await tenantDb(db, tenantId).run((t) => insertError(t, values));
  }

  async function list(tenant: TenantDb, filter: ErrorFilter, skip: number, limit: number) {
    const { rows, total } = await tenant.run((t) => listErrors(t, filter, skip, limit));
    const secrets = rows.length > 0 ? await deps.credentials.secretsOf(tenant.tenantId) : [];
    return { items: rows.map((row) => presentError({ ...row, message: removeSecrets(row.message, secrets) })), total, skip, limit };
  }

  /** The last `days` UTC calendar days, today included; every day is listed, with zero when it had no error. */
  async function stats(tenant: TenantDb, days: number, now = new Date()) {
    const { since, dates } = utcDayWindow(days, now);
    const counts = await tenant.run((t) => countErrors(t, since));
    const perDay = new Map(counts.byDay.map((d) => [d.key, d.count]));
    const byDay = dates.map((date) => ({ date, count: perDay.get(date) ?? 0 }));
    const toObject = (list: { key: string; count: number }[]) =>
      Object.fromEntries([...list].sort((a, b) => b.count - a.count || a.key.localeCompare(b.key)).map((e) => [e.key, e.count]));
    return {
      days,
      since: since.toISOString(),
      total: counts.total,
      by_provider: toObject(counts.byProvider),
      by_error_code: toObject(counts.byErrorCode),
      by_day: byDay,
    };
  }

  return { record, list, stats };
}
export type ErrorLog = ReturnType<typeof createErrorLog>;
