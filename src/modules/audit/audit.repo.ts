import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { rows as rawRows } from '../../platform/db/database.js';
import type { TenantTx } from '../../platform/db/tenant-db.js';
import { auditEvents, type AuditRow } from './audit.table.js';

export interface AuditEventInput {
  type: string;
  actorKind: 'user' | 'api_key' | 'app' | 'operator' | 'anonymous';
  actorId: string | null;
  actorName?: string | null;
  targetId?: string | null;
  targetName?: string | null;
  details?: Record<string, unknown>;
  ip?: string | null;
}

export async function insertAuditEvent(t: TenantTx, event: AuditEventInput): Promise<void> {
  await t.tx.insert(auditEvents).values({
    tenantId: t.tenantId,
    type: event.type,
    actorKind: event.actorKind,
    actorId: event.actorId,
    actorName: event.actorName ?? null,
    targetId: event.targetId ?? null,
    targetName: event.targetName ?? null,
    details: event.details ?? {},
    ip: event.ip ?? null,
  });
}

/**
 * The name an actor goes by now (a user's e-mail, an API key's or an app's name), kept with the event so the trail
 * still names it once the user, key or installation is deleted. Raw SQL on the owning modules' tables: importing
 * them would make a cycle (they all record events through this module).
 */
export async function findActorName(t: TenantTx, kind: AuditEventInput['actorKind'], id: string | null): Promise<string | null> {
  if (!id) return null;
  const statement =
    kind === 'user' || kind === 'anonymous'
      ? sql`SELECT email AS name FROM users WHERE tenant_id = ${t.tenantId} AND id = ${id}`
      : kind === 'api_key'
        ? sql`SELECT name FROM api_keys WHERE tenant_id = ${t.tenantId} AND id = ${id}`
        : kind === 'app'
          ? sql`SELECT a.name FROM app_installations i JOIN apps a ON a.id = i.app_id WHERE i.tenant_id = ${t.tenantId} AND i.id = ${id}`
          : null;
  if (!statement) return null;
  const [row] = await rawRows<{ name: string }>(t.tx, statement);
  return row?.name ?? null;
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
