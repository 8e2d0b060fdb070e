import { and, eq } from 'drizzle-orm';
import type { TenantTx } from '../../platform/db/tenant-db.js';
import { ssoIdentities, type SsoIdentityRow } from './sso.table.js';

/** Links between a person at an IdP (issuer, sub) and a user of the tenant. */

export async function findIdentity({ tx, tenantId }: TenantTx, issuer: string, subject: string): Promise<SsoIdentityRow | null> {
  const [row] = await tx
    .select()
    .from(ssoIdentities)
    .where(and(eq(ssoIdentities.tenantId, tenantId), eq(ssoIdentities.issuer, issuer), eq(ssoIdentities.subject, subject)));
  return row ?? null;
}

/** The user's link at this issuer, if any: a user holds at most one subject per issuer. */
export async function findUserIdentity({ tx, tenantId }: TenantTx, issuer: string, userId: string): Promise<SsoIdentityRow | null> {
  const [row] = await tx
    .select()
    .from(ssoIdentities)
    .where(and(eq(ssoIdentities.tenantId, tenantId), eq(ssoIdentities.issuer, issuer), eq(ssoIdentities.userId, userId)));
  return row ?? null;
}

export async function insertIdentity(
  { tx, tenantId }: TenantTx,
  values: Pick<SsoIdentityRow, 'userId' | 'providerId' | 'issuer' | 'subject' | 'email' | 'lastSignInAt'>,
): Promise<SsoIdentityRow> {
  const [row] = await tx.insert(ssoIdentities).values({ ...values, tenantId }).returning();
  return row;
}

export async function touchIdentity({ tx, tenantId }: TenantTx, id: string, at: Date, email: string): Promise<void> {
  await tx.update(ssoIdentities).set({ lastSignInAt: at, email }).where(and(eq(ssoIdentities.tenantId, tenantId), eq(ssoIdentities.id, id)));
}

/** Ends the links made through a provider (its IdP tenant changed): answers how many there were. */
export async function deleteProviderIdentities({ tx, tenantId }: TenantTx, providerId: string): Promise<number> {
  const rows = await tx
    .delete(ssoIdentities)
    .where(and(eq(ssoIdentities.tenantId, tenantId), eq(ssoIdentities.providerId, providerId)))
    .returning({ id: ssoIdentities.id });
  return rows.length;
}
