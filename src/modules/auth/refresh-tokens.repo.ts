import { and, eq, isNull, ne } from 'drizzle-orm';
import type { TenantTx } from '../../platform/db/tenant-db.js';
import { refreshTokens } from './refresh-tokens.table.js';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export async function insertRefreshToken(t: TenantTx, values: { id: string; userId: string; familyId: string; expiresAt: Date; deviceName?: string | null }): Promise<void> {
  await t.tx.insert(refreshTokens).values({ ...values, tenantId: t.tenantId });
}

/** The token's row, locked until the transaction ends, so two concurrent rotations cannot both succeed. */
export async function lockRefreshToken(t: TenantTx, id: string): Promise<RefreshTokenRow | null> {
  const [row] = await t.tx
    .select()
    .from(refreshTokens)
    .where(and(eq(refreshTokens.tenantId, t.tenantId), eq(refreshTokens.id, id)))
    .for('update');
  return row ?? null;
}

export async function markRefreshTokenUsed(t: TenantTx, id: string, at: Date): Promise<void> {
  await t.tx.update(refreshTokens).set({ usedAt: at }).where(and(eq(refreshTokens.tenantId, t.tenantId), eq(refreshTokens.id, id)));
}

/** Revokes every token of the family not yet revoked (reuse detection). */
export async function revokeRefreshFamily(t: TenantTx, familyId: string, at: Date): Promise<void> {
  await t.tx
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(refreshTokens.tenantId, t.tenantId), eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/**
 * Revokes every live refresh token of a user (disable, delete, password change), except the family
 * `keepFamily` when given (the device that changed its own password stays signed in).
 */
export async function revokeUserRefreshTokens(t: TenantTx, userId: string, at: Date, keepFamily?: string): Promise<void> {
  await t.tx
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(
      and(
        eq(refreshTokens.tenantId, t.tenantId),
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        ...(keepFamily ? [ne(refreshTokens.familyId, keepFamily)] : []),
      ),
    );
}
