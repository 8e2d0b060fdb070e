import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database.js';
import { isUuid } from '../../platform/db/database.js';
import { tenants, type TenantRow } from './tenants.table.js';

/** Tenants are the one global table users reach: a login names its tenant before any scope exists. */
export async function findTenant(tx: Tx, idOrSlug: string): Promise<TenantRow | null> {
  const where = isUuid(idOrSlug) ? eq(tenants.id, idOrSlug.toLowerCase()) : eq(tenants.slug, idOrSlug.toLowerCase());
  const [row] = await tx.select().from(tenants).where(where).limit(1);
  return row ?? null;
}

export async function insertTenant(tx: Tx, values: { slug: string; name: string }): Promise<TenantRow> {
  const [row] = await tx.insert(tenants).values(values).returning();
  return row;
}

export async function listTenants(tx: Tx): Promise<TenantRow[]> {
  return tx.select().from(tenants).orderBy(asc(tenants.createdAt));
}
