import { setTenant, type Database } from '../../platform/db/database.js';
import type { EventBus } from '../../platform/events/bus.js';
import { AUTH_CHANNEL, type Authenticator } from '../../platform/auth/authenticator.js';
import { conflict, forbidden, notFound, unprocessable } from '../../platform/http/errors.js';
import { findTenant, insertTenant, listTenants } from '../tenants/tenants.repo.js';
import type { TenantRow } from '../tenants/tenants.schema.js';
import { hashPassword } from './passwords.js';
import { countOwners, findUser, findUserByEmail, insertUser, listUsers, updateUser } from './users.repo.js';
import type { Role, UserRow } from './users.schema.js';
import { checkName, checkPassword, checkRole, normaliseEmail, normaliseSlug } from './validation.js';

export interface UsersDeps {
  db: Database;
  bus: EventBus;
  authenticator: Pick<Authenticator, 'forgetUser'>;
}

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && ((error as { code?: string }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505');

/** Tenants and their users: creation (CLI and admin API), listing, role and status changes. */
export function createUsersService(deps: UsersDeps) {
  const { db, bus } = deps;

  async function createTenant(input: { name: string; slug: string; adminEmail: string; adminPassword: string; adminName?: string }) {
    const name = checkName(input.name);
    const slug = normaliseSlug(input.slug);
    const email = normaliseEmail(input.adminEmail, 'admin_email');
    const password = checkPassword(input.adminPassword, 'admin_password');
    const passwordHash = await hashPassword(password);
    try {
      // Tenant and owner commit together: a failure leaves neither behind.
      return await db.system(async (tx) => {
        const tenant = await insertTenant(tx, { slug, name });
        await setTenant(tx, tenant.id);
        const owner = await insertUser(tx, { tenantId: tenant.id, email, name: input.adminName ?? '', passwordHash, role: 'owner' });
        return { tenant, owner };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(`A tenant with slug "${slug}" already exists`, 'tenant_exists');
      throw error;
    }
  }

  async function resolveTenant(idOrSlug: string): Promise<TenantRow> {
    const tenant = await db.system((tx) => findTenant(tx, idOrSlug));
    if (!tenant) throw notFound(`Unknown tenant "${idOrSlug}"`, 'tenant_not_found');
    return tenant;
  }

  async function createUser(tenantId: string, input: { email: string; password: string; role: string; name?: string }) {
    const email = normaliseEmail(input.email);
    const role = checkRole(input.role);
    const password = checkPassword(input.password);
    const name = input.name === undefined ? '' : input.name.trim().slice(0, 200);
    const passwordHash = await hashPassword(password);
    try {
      return await db.tenant(tenantId, (tx) => insertUser(tx, { tenantId, email, name, passwordHash, role }));
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(`A user with email ${email} already exists in this tenant`, 'user_exists');
      throw error;
    }
  }

  async function getUser(tenantId: string, id: string): Promise<UserRow> {
    const user = await db.tenant(tenantId, (tx) => findUser(tx, tenantId, id));
    if (!user) throw notFound('User not found');
    return user;
  }

  async function changeUser(
    tenantId: string,
    actor: { role: Role | null },
    id: string,
    patch: { name?: string; role?: string; status?: 'active' | 'disabled' },
  ): Promise<UserRow> {
    const role = patch.role === undefined ? undefined : checkRole(patch.role);
    const updated = await db.tenant(tenantId, async (tx) => {
      const current = await findUser(tx, tenantId, id);
      if (!current) throw notFound('User not found');
      // Only an owner may make, unmake or disable owners, and a tenant always keeps one active owner.
      const touchesOwner =
        (role !== undefined && role !== current.role && (role === 'owner' || current.role === 'owner')) ||
        (current.role === 'owner' && patch.status !== undefined && patch.status !== current.status);
      if (touchesOwner && actor.role !== 'owner') {
        throw forbidden('Only an owner can change the owner role');
      }
      const losesOwner = current.role === 'owner' && ((role && role !== 'owner') || patch.status === 'disabled');
      if (losesOwner && (await countOwners(tx, tenantId)) <= 1) {
        throw unprocessable(['body', role ? 'role' : 'status'], 'the tenant must keep at least one active owner');
      }
      const row = await updateUser(tx, tenantId, id, {
        ...(patch.name !== undefined ? { name: patch.name.trim().slice(0, 200) } : {}),
        ...(role ? { role } : {}),
        ...(patch.status ? { status: patch.status } : {}),
      });
      await bus.publish(AUTH_CHANNEL, { kind: 'user', id }, tx);
      return row!;
    });
    deps.authenticator.forgetUser(id);
    return updated;
  }

  return {
    createTenant,
    resolveTenant,
    createUser,
    getUser,
    changeUser,
    listTenants: () => db.system((tx) => listTenants(tx)),
    listUsers: (tenantId: string, skip: number, limit: number) => db.tenant(tenantId, (tx) => listUsers(tx, tenantId, skip, limit)),
    findUserByEmail: (tenantId: string, email: string) => db.tenant(tenantId, (tx) => findUserByEmail(tx, tenantId, email)),
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
