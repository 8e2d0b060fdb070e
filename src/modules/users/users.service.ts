import { setTenant, type Database } from '../../platform/db/database.js';
import { tenantDb, type TenantDb } from '../../platform/db/tenant-db.js';
import type { EventBus } from '../../platform/events/bus.js';
import { AUTH_CHANNEL, type Authenticator } from '../../platform/auth/authenticator.js';
import type { Principal } from '../../platform/auth/principal.js';
import { AppError, unprocessable } from '../../platform/http/errors.js';
import { findTenant, insertTenant, listTenants, type TenantRow } from '../tenants/index.js';
import { hashPassword } from './passwords.js';
import { countOwners, findUser, insertUser, listUsers, updateUser } from './users.repo.js';
import type { UserRow } from './users.table.js';
import { checkName, checkPassword, checkRole, normaliseEmail, normaliseSlug } from './validation.js';

export interface UsersDeps {
  db: Database;
  bus: EventBus;
  authenticator: Pick<Authenticator, 'forgetUser'>;
}

/** Who asks for a change: a principal of the tenant, or the operator at the CLI (who owns every tenant). */
export type Actor = Principal | 'operator';

/** docs/permissions.md: only an owner may make or unmake an owner. An admin-scoped API key is no owner. */
const mayManageOwners = (actor: Actor) => actor === 'operator' || (actor.kind === 'user' && actor.role === 'owner');

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
        const owner = await insertUser({ tx, tenantId: tenant.id }, { email, name: input.adminName ?? '', passwordHash, role: 'owner' });
        return { tenant, owner };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('tenant_exists', `A tenant with slug "${slug}" already exists`);
      throw error;
    }
  }

  async function resolveTenant(idOrSlug: string): Promise<TenantRow> {
    const tenant = await db.system((tx) => findTenant(tx, idOrSlug));
    if (!tenant) throw new AppError('tenant_not_found', `Unknown tenant "${idOrSlug}"`);
    return tenant;
  }

  async function createUser(tenant: TenantDb, actor: Actor, input: { email: string; password: string; role: string; name?: string }) {
    const email = normaliseEmail(input.email);
    const role = checkRole(input.role);
    if (role === 'owner' && !mayManageOwners(actor)) throw new AppError('owner_required', 'Only an owner can create an owner');
    const password = checkPassword(input.password);
    const name = input.name === undefined ? '' : input.name.trim().slice(0, 200);
    const passwordHash = await hashPassword(password);
    try {
      return await tenant.run((t) => insertUser(t, { email, name, passwordHash, role }));
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('user_exists', `A user with email ${email} already exists in this tenant`);
      throw error;
    }
  }

  async function getUser(tenant: TenantDb, id: string): Promise<UserRow> {
    const user = await tenant.run((t) => findUser(t, id));
    if (!user) throw new AppError('user_not_found');
    return user;
  }

  async function changeUser(
    tenant: TenantDb,
    actor: Actor,
    id: string,
    patch: { name?: string; role?: string; status?: 'active' | 'disabled' },
  ): Promise<UserRow> {
    const role = patch.role === undefined ? undefined : checkRole(patch.role);
    const updated = await tenant.run(async (t) => {
      const current = await findUser(t, id);
      if (!current) throw new AppError('user_not_found');
      // Only an owner may make, unmake or disable owners, and a tenant always keeps one active owner.
      const touchesOwner =
        (role !== undefined && role !== current.role && (role === 'owner' || current.role === 'owner')) ||
        (current.role === 'owner' && patch.status !== undefined && patch.status !== current.status);
      if (touchesOwner && !mayManageOwners(actor)) throw new AppError('owner_required', 'Only an owner can change the owner role');
      const losesOwner = current.role === 'owner' && ((role && role !== 'owner') || patch.status === 'disabled');
      if (losesOwner && (await countOwners(t)) <= 1) {
        throw unprocessable(['body', role ? 'role' : 'status'], 'the tenant must keep at least one active owner');
      }
      const row = await updateUser(t, id, {
        ...(patch.name !== undefined ? { name: patch.name.trim().slice(0, 200) } : {}),
        ...(role ? { role } : {}),
        ...(patch.status ? { status: patch.status } : {}),
      });
      await bus.publish(AUTH_CHANNEL, { kind: 'user', id }, t.tx);
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
    listUsers: (tenant: TenantDb, skip: number, limit: number) => tenant.run((t) => listUsers(t, skip, limit)),
    /** A tenant's database for the operator's commands, which name the tenant themselves. */
    forTenant: (tenant: TenantRow) => tenantDb(db, tenant.id),
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
