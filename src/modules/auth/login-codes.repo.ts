import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { TenantTx } from '../../platform/db/tenant-db.js';
import { loginCodes, type LoginCodePurpose, type LoginCodeRow } from './login-codes.table.js';

type Target = { email: string; purpose: LoginCodePurpose };

const live = (t: TenantTx, target: Target) =>
  and(eq(loginCodes.tenantId, t.tenantId), eq(loginCodes.email, target.email), eq(loginCodes.purpose, target.purpose), isNull(loginCodes.endedAt));

/** The newest live code of an address (ended or not expired is the caller's decision), locked until the transaction ends. */
export async function lockLatestLoginCode(t: TenantTx, target: Target): Promise<LoginCodeRow | null> {
  const [row] = await t.tx.select().from(loginCodes).where(live(t, target)).orderBy(desc(loginCodes.createdAt)).limit(1).for('update');
  return row ?? null;
}

/** Ends every live code of an address (a newer request replaces them). */
export async function endLoginCodes(t: TenantTx, target: Target, at: Date): Promise<void> {
  await t.tx.update(loginCodes).set({ endedAt: at }).where(live(t, target));
}

export async function insertLoginCode(t: TenantTx, values: Target & Pick<LoginCodeRow, 'codeHmac' | 'createdAt' | 'expiresAt'>): Promise<void> {
  await t.tx.insert(loginCodes).values({ ...values, tenantId: t.tenantId });
}

export async function updateLoginCode(t: TenantTx, id: string, patch: Partial<Pick<LoginCodeRow, 'failedAttempts' | 'endedAt'>>): Promise<void> {
  await t.tx.update(loginCodes).set(patch).where(and(eq(loginCodes.tenantId, t.tenantId), eq(loginCodes.id, id)));
}

/**
 * Serialises the requests for one address until the transaction ends: with no live code there is no
 * row to lock, and two requests at once would otherwise both send a code.
 */
export async function lockLoginCodeTarget(t: TenantTx, target: Target): Promise<void> {
  await t.tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`login_code:${t.tenantId}:${target.purpose}:${target.email}`}, 0))`);
}
