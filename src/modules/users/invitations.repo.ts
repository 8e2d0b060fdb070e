import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.js';
import type { TenantTx } from '../../platform/db/tenant-db.js';
import { invitations, type InvitationRow } from './invitations.table.js';

export async function insertInvitation(
  t: TenantTx,
  values: Pick<InvitationRow, 'email' | 'role' | 'name' | 'tokenHash' | 'invitedByUserId' | 'inviterName' | 'expiresAt'>,
): Promise<InvitationRow> {
  const [row] = await t.tx.insert(invitations).values({ ...values, tenantId: t.tenantId }).returning();
  return row;
}

export async function findInvitation(t: TenantTx, id: string): Promise<InvitationRow | null> {
  const [row] = await t.tx.select().from(invitations).where(and(eq(invitations.tenantId, t.tenantId), eq(invitations.id, id)));
  return row ?? null;
}

/** The invitation of a token hash, locked, so two accepts of one token cannot both succeed. */
export async function lockInvitationByHash(t: TenantTx, tokenHash: string): Promise<InvitationRow | null> {
  const [row] = await t.tx
    .select()
    .from(invitations)
    .where(and(eq(invitations.tenantId, t.tenantId), eq(invitations.tokenHash, tokenHash)))
    .for('update');
  return row ?? null;
}

/** Which tenant a token belongs to: the one cross-tenant read, through a SECURITY DEFINER function (0010_accounts.sql). */
export async function findInvitationTenant(db: Pick<Database, 'query'>, tokenHash: string): Promise<string | null> {
  const [row] = await db.query<{ tenant_id: string | null }>(sql`SELECT auth_find_invitation_tenant(${tokenHash}) AS tenant_id`);
  return row?.tenant_id ?? null;
}

export async function listInvitations(t: TenantTx, skip: number, limit: number): Promise<{ rows: InvitationRow[]; total: number }> {
  const rows = await t.tx
    .select()
    .from(invitations)
    .where(eq(invitations.tenantId, t.tenantId))
    .orderBy(desc(invitations.createdAt), desc(invitations.id))
    .offset(skip)
    .limit(limit);
  const [{ total }] = await t.tx.select({ total: sql<number>`count(*)::int` }).from(invitations).where(eq(invitations.tenantId, t.tenantId));
  return { rows, total };
}

/** Ends the pending invitations of an e-mail (a newer invitation replaces them). */
export async function revokePendingInvitations(t: TenantTx, email: string, at: Date): Promise<void> {
  await t.tx
    .update(invitations)
    .set({ revokedAt: at })
    .where(and(eq(invitations.tenantId, t.tenantId), eq(invitations.email, email), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)));
}

export async function updateInvitation(
  t: TenantTx,
  id: string,
  patch: Partial<Pick<InvitationRow, 'revokedAt' | 'acceptedAt' | 'acceptedUserId' | 'tokenHash' | 'expiresAt'>>,
): Promise<InvitationRow> {
  const [row] = await t.tx.update(invitations).set(patch).where(and(eq(invitations.tenantId, t.tenantId), eq(invitations.id, id))).returning();
  return row;
}
