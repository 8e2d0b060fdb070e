import { and, asc, count, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database.js';
import { users, type Role, type UserRow } from './users.schema.js';

export async function findUserByEmail(tx: Tx, tenantId: string, email: string): Promise<UserRow | null> {
  const [row] = await tx.select().from(users).where(and(eq(users.tenantId, tenantId), eq(users.email, email))).limit(1);
  return row ?? null;
}

export async function findUser(tx: Tx, tenantId: string, id: string): Promise<UserRow | null> {
  const [row] = await tx.select().from(users).where(and(eq(users.tenantId, tenantId), eq(users.id, id))).limit(1);
  return row ?? null;
}

export async function insertUser(
  tx: Tx,
  values: { tenantId: string; email: string; name: string; passwordHash: string; role: Role },
): Promise<UserRow> {
  const [row] = await tx.insert(users).values(values).returning();
  return row;
}

export async function updateUser(
  tx: Tx,
  tenantId: string,
  id: string,
  patch: Partial<Pick<UserRow, 'name' | 'role' | 'status' | 'lastLoginAt' | 'passwordHash'>>,
): Promise<UserRow | null> {
  const [row] = await tx.update(users).set(patch).where(and(eq(users.tenantId, tenantId), eq(users.id, id))).returning();
  return row ?? null;
}

export async function listUsers(tx: Tx, tenantId: string, skip: number, limit: number): Promise<{ rows: UserRow[]; total: number }> {
  const rows = await tx.select().from(users).where(eq(users.tenantId, tenantId)).orderBy(asc(users.createdAt), asc(users.id)).offset(skip).limit(limit);
  const [{ total }] = await tx.select({ total: count() }).from(users).where(eq(users.tenantId, tenantId));
  return { rows, total };
}

export async function countOwners(tx: Tx, tenantId: string): Promise<number> {
  const [{ n }] = await tx.select({ n: count() }).from(users).where(and(eq(users.tenantId, tenantId), eq(users.role, 'owner'), eq(users.status, 'active')));
  return n;
}
