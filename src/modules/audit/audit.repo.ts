import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { TenantTx } from '../../platform/db/tenant-db.js';
import { auditEvents, type AuditRow } from './audit.table.js';

export interface AuditEventInput {
  type: string;
  actorKind: 'user' | 'api_key' | 'app' | 'operator' | 'anonymous';
  actorId: string | null;
  targetId?: string | null;
  details?: Record<string, unknown>;
  ip?: string | null;
}

export async function insertAuditEvent(t: TenantTx, event: AuditEventInput): Promise<void> {
  await t.tx.insert(auditEvents).values({
    tenantId: t.tenantId,
    type: event.type,
    actorKind: event.actorKind,
    actorId: event.actorId,
    targetId: event.targetId ?? null,
    details: event.details ?? {},
    ip: event.ip ?? null,
  });
}

export async function listAuditEvents(
  t: TenantTx,
  filter: { type?: string; actorId?: string; skip: number; limit: number },
): Promise<{ rows: AuditRow[]; total: number }> {
  const where: SQL[] = [eq(auditEvents.tenantId, t.tenantId)];
  if (filter.type) where.push(eq(auditEvents.type, filter.type));
  if (filter.actorId) where.push(eq(auditEvents.actorId, filter.actorId));
  const rows = await t.tx
    .select()
    .from(auditEvents)
    .where(and(...where))
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .offset(filter.skip)
    .limit(filter.limit);
  const [{ total }] = await t.tx.select({ total: count() }).from(auditEvents).where(and(...where));
  return { rows, total };
}
