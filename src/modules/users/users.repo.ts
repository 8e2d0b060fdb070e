import { and, asc, count, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database.js';
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

export async function listUsers(t: TenantTx, skip: number, limit: number): Promise<{ rows: UserRow[]; total: number }> {
  const rows = await t.tx.select().from(users).where(eq(users.tenantId, t.tenantId)).orderBy(asc(users.createdAt), asc(users.id)).offset(skip).limit(limit);
  const [{ total }] = await t.tx.select({ total: count() }).from(users).where(eq(users.tenantId, t.tenantId));
  return { rows, total };
}

export async function countOwners(t: TenantTx): Promise<number> {
  const [{ n }] = await t.tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.tenantId, t.tenantId), eq(users.role, 'owner'), eq(users.status, 'active')));
  return n;
}

/** What authentication caches of a user (the Authenticator's CredentialStore port): the user and its tenant's names. */
export async function findUserProfile(db: Pick<Database, 'tenant'>, tenantId: string, userId: string): Promise<UserProfile | null> {
  const [row] = await db.tenant(tenantId, (tx) =>
    tx
      .select({ user: users, tenantSlug: tenants.slug, tenantName: tenants.name })
      .from(users)
      .innerJoin(tenants, eq(tenants.id, users.tenantId))
      .where(and(eq(users.tenantId, tenantId), eq(users.id, userId))),
  );
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
