import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database.js';
import { oauthSigningKeys } from './oauth.table.js';

export type SigningKeyRow = typeof oauthSigningKeys.$inferSelect;

export async function findActiveSigningKey(tx: Tx): Promise<SigningKeyRow | null> {
  const [row] = await tx.select().from(oauthSigningKeys).where(eq(oauthSigningKeys.active, true));
  return row ?? null;
}

/** Inserts a key unless another instance made one first (one active key: the partial unique index decides). */
export async function insertSigningKeyIfNone(tx: Tx, values: Pick<SigningKeyRow, 'kid' | 'alg' | 'publicJwk' | 'privateSealed'>): Promise<void> {
  await tx.insert(oauthSigningKeys).values({ ...values, active: true }).onConflictDoNothing();
}

export async function listSigningKeys(tx: Tx): Promise<SigningKeyRow[]> {
  return tx.select().from(oauthSigningKeys).orderBy(asc(oauthSigningKeys.createdAt));
}
