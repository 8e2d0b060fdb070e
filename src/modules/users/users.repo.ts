import { and, asc, count, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { TenantTx } from '../../platform/db/tenant-db.js';
import type { UserProfile } from '../../platform/auth/authenticator.js';
import type { Role } from '../../platform/auth/roles.js';
import { tenants } from '../tenants/index.js';
import { users, type UserRow } from './users.table.js';

export async function findUserByEmail(t: TenantTx, email: string): Promise<UserRow | null> {
  const [row] = await t.tx.select().from(users).where(and(eq(users.tenantId, t.tenantId), eq(users.email, email))).limit(1);
  return row ?? null;
}

export async function findUser(t: TenantTx, id: string): Promise<UserRow | null> {
  const [row] = await t.tx.select().from(users).where(and(eq(users.tenantId, t.tenantId), eq(users.id, id))).limit(1);
  return row ?? null;
}

export async function insertUser(t: TenantTx, values: { email: string; name: string; passwordHash: string; role: Role }): Promise<UserRow> {
  const [row] = await t.tx.insert(users).values({ ...values, tenantId: t.tenantId }).returning();
  return row;
}

export async function updateUser(
  t: TenantTx,
  id: string,
  patch: Partial<Pick<UserRow, 'name' | 'role' | 'status' | 'lastLoginAt' | 'passwordHash'>>,
): Promise<UserRow | null> {
  const [row] = await t.tx.update(users).set(patch).where(and(eq(users.tenantId, t.tenantId), eq(users.id, id))).returning();
  return row ?? null;
}

export interface UserFilter {
  skip: number;
  limit: number;
  /** Part of the e-mail or name, case-insensitive (LIKE wildcards are taken literally). */
  search?: string;
  role?: Role;
  status?: 'active' | 'disabled';
}

export async function listUsers(t: TenantTx, filter: UserFilter): Promise<{ rows: UserRow[]; total: number }> {
  const where: (SQL | undefined)[] = [eq(users.tenantId, t.tenantId)];
  if (filter.search) {
    const pattern = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(or(ilike(users.email, pattern), ilike(users.name, pattern)));
  }
  if (filter.role) where.push(eq(users.role, filter.role));
  if (filter.status) where.push(eq(users.status, filter.status));
  const rows = await t.tx.select().from(users).where(and(...where)).orderBy(asc(users.createdAt), asc(users.id)).offset(filter.skip).limit(filter.limit);
  const [{ total }] = await t.tx.select({ total: count() }).from(users).where(and(...where));
  return { rows, total };
}

export async function deleteUser(t: TenantTx, id: string): Promise<void> {
  await t.tx.delete(users).where(and(eq(users.tenantId, t.tenantId), eq(users.id, id)));
}

/** The active owners, locked until the transaction ends, so two concurrent demotions cannot both pass the last-owner check. */
export async function lockActiveOwners(t: TenantTx): Promise<string[]> {
  const rows = await t.tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, t.tenantId), eq(users.role, 'owner'), eq(users.status, 'active')))
    .for('update');
  return rows.map((r) => r.id);
}

/** The e-mail addresses of the tenant's active owners and admins: who is told what only they can act on. */
export async function activeAdminEmails(t: TenantTx): Promise<string[]> {
  const rows = await t.tx
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.tenantId, t.tenantId), inArray(users.role, ['owner', 'admin']), eq(users.status, 'active')))
    .orderBy(asc(users.createdAt), asc(users.id));
  return rows.map((r) => r.email);
}

/** What authentication caches of a user (the Authenticator's CredentialStore port): the user and its tenant's names. */
export async function findUserProfile({ tx, tenantId }: TenantTx, userId: string): Promise<UserProfile | null> {
  const [row] = await tx
    .select({ user: users, tenantSlug: tenants.slug, tenantName: tenants.name })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
  if (!row) return null;
  const { user } = row;
  return {
    id: user.id,
    tenantId: user.tenantId,
    email: user.email,
    name: user.name,
    role: user.role,
    status: user.status,
    createdAt: user.createdAt,
    lastLoginAt: user.lastLoginAt,
    tenantSlug: row.tenantSlug,
    tenantName: row.tenantName,
  };
}
