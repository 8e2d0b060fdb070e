import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.js';
import type { TenantTx } from '../../platform/db/tenant-db.js';
import { passwordResets, type PasswordResetRow } from './password-resets.table.js';

export async function insertPasswordReset(t: TenantTx, values: Pick<PasswordResetRow, 'userId' | 'tokenHash' | 'createdAt' | 'expiresAt'>): Promise<void> {
  await t.tx.insert(passwordResets).values({ ...values, tenantId: t.tenantId });
}

/** Ends every unused reset link of a user (a newer request, or a confirmed reset, replaces them). */
export async function endPasswordResets(t: TenantTx, userId: string, at: Date): Promise<void> {
  await t.tx
    .update(passwordResets)
    .set({ usedAt: at })
    .where(and(eq(passwordResets.tenantId, t.tenantId), eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

/** The reset of a token hash, locked, so two confirmations of one link cannot both succeed. */
export async function lockPasswordResetByHash(t: TenantTx, tokenHash: string): Promise<PasswordResetRow | null> {
  const [row] = await t.tx
    .select()
    .from(passwordResets)
    .where(and(eq(passwordResets.tenantId, t.tenantId), eq(passwordResets.tokenHash, tokenHash)))
    .for('update');
  return row ?? null;
}

/** Which tenant a reset token belongs to: the one cross-tenant read, through a SECURITY DEFINER function (0011). */
export async function findPasswordResetTenant(db: Pick<Database, 'query'>, tokenHash: string): Promise<string | null> {
  const [row] = await db.query<{ tenant_id: string | null }>(sql`SELECT auth_find_password_reset_tenant(${tokenHash}) AS tenant_id`);
  return row?.tenant_id ?? null;
}
