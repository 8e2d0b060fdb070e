import { and, desc, eq, sql } from 'drizzle-orm';
import type { TenantTx } from '../../platform/db/tenant-db.js';
import { mailMessages, type MailRow, type MailStatus } from './mail.table.js';

export async function insertMail(
  t: TenantTx,
  values: { kind: string; toAddress: string; subject: string; textBody: string; htmlBody: string; status: MailStatus },
): Promise<MailRow> {
  const [row] = await t.tx.insert(mailMessages).values({ ...values, tenantId: t.tenantId }).returning();
  return row;
}

export async function findMail(t: TenantTx, id: string): Promise<MailRow | null> {
  const [row] = await t.tx.select().from(mailMessages).where(and(eq(mailMessages.tenantId, t.tenantId), eq(mailMessages.id, id)));
  return row ?? null;
}

export async function listMail(t: TenantTx, limit: number): Promise<MailRow[]> {
  return t.tx
    .select()
    .from(mailMessages)
    .where(eq(mailMessages.tenantId, t.tenantId))
    .orderBy(desc(mailMessages.createdAt), desc(mailMessages.id))
    .limit(limit);
}

/** One send attempt's outcome; `status` stays queued while retries remain. */
export async function recordAttempt(t: TenantTx, id: string, outcome: { status: MailStatus; error: string | null; at: Date }): Promise<void> {
  await t.tx
    .update(mailMessages)
    .set({
      status: outcome.status,
      attempts: sql`${mailMessages.attempts} + 1`,
      lastError: outcome.error,
      ...(outcome.status === 'sent' ? { sentAt: outcome.at } : {}),
    })
    .where(and(eq(mailMessages.tenantId, t.tenantId), eq(mailMessages.id, id)));
}

export async function markFailed(t: TenantTx, id: string, error: string): Promise<void> {
  await t.tx
    .update(mailMessages)
    .set({ status: 'failed', lastError: error })
    .where(and(eq(mailMessages.tenantId, t.tenantId), eq(mailMessages.id, id), eq(mailMessages.status, 'queued')));
}

/** A page of the tenant's messages, newest first, with the tenant's total. */
export async function listMailPage(t: TenantTx, skip: number, limit: number): Promise<{ rows: MailRow[]; total: number }> {
  const rows = await t.tx
    .select()
    .from(mailMessages)
    .where(eq(mailMessages.tenantId, t.tenantId))
    .orderBy(desc(mailMessages.createdAt), desc(mailMessages.id))
    .offset(skip)
    .limit(limit);
  const [{ total }] = await t.tx.select({ total: sql<number>`count(*)::int` }).from(mailMessages).where(eq(mailMessages.tenantId, t.tenantId));
  return { rows, total };
}
