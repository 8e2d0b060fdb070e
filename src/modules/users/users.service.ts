import { setTenant, type Database } from '../../platform/db/database.js';
import { tenantDb, type TenantDb, type TenantTx } from '../../platform/db/tenant-db.js';
import type { EventBus } from '../../platform/events/bus.js';
import { AUTH_CHANNEL, type Authenticator } from '../../platform/auth/authenticator.js';
import type { Clock } from '../../platform/clock.js';
import { AppError } from '../../platform/http/errors.js';
import { audit } from '../audit/index.js';
import { findTenant, insertTenant, listTenants, type TenantRow } from '../tenants/index.js';
import { hashPassword } from './passwords.js';
import { checkPassword } from './password-policy.js';
import { deleteUser, findUser, insertUser, listUsers, lockActiveOwners, updateUser, type UserFilter } from './users.repo.js';
import type { UserRow } from './users.table.js';
import { checkName, checkRole, normaliseEmail, normaliseSlug } from './validation.js';
import { mayManageOwners, type Actor } from './actor.js';
import { userJoined } from './user-events.js';

export type { Actor } from './actor.js';

/** Ends every signed-in session of a user (the auth module's refresh tokens), in the caller's transaction. */
export type RevokeSessions = (t: TenantTx, userId: string, at: Date) => Promise<void>;

export interface UsersDeps {
  db: Database;
  bus: EventBus;
  clock: Clock;
  authenticator: Pick<Authenticator, 'forgetUser'>;
  revokeSessions: RevokeSessions;
}

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && ((error as { code?: string }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505');

const cleanName = (name: string | undefined) => (name === undefined ? undefined : name.trim());

/** Tenants and their users: creation (CLI and admin API), listing, role and status changes, removal. */
export function createUsersService(deps: UsersDeps) {
  const { db, bus, clock } = deps;

  async function createTenant(input: { name: string; slug: string; adminEmail: string; adminPassword: string; adminName?: string }) {
    const name = checkName(input.name);
    const slug = normaliseSlug(input.slug);
    const email = normaliseEmail(input.adminEmail, 'admin_email');
    const password = checkPassword(input.adminPassword, { email, tenantSlug: slug }, 'admin_password');
    const passwordHash = await hashPassword(password);
    try {
      // Tenant and owner commit together: a failure leaves neither behind.
      return await db.system(async (tx) => {
        const tenant = await insertTenant(tx, { slug, name });
        await setTenant(tx, tenant.id);
        const t = { tx, tenantId: tenant.id };
        const owner = await insertUser(t, { email, name: input.adminName ?? '', passwordHash, role: 'owner' });
        await audit(t, 'user.created', 'operator', { targetId: owner.id, details: { email, role: 'owner' } });
        await userJoined(t, owner, 'operator');
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

  async function tenantSlug(t: TenantTx): Promise<string | undefined> {
    return (await findTenant(t.tx, t.tenantId))?.slug;
  }

  async function createUser(tenant: TenantDb, actor: Actor, input: { email: string; password: string; role: string; name?: string }) {
    const email = normaliseEmail(input.email);
    const role = checkRole(input.role);
    if (role === 'owner' && !mayManageOwners(actor)) throw new AppError('owner_required', 'Only an owner can create an owner');
    const slug = await tenant.run(tenantSlug);
    const password = checkPassword(input.password, { email, tenantSlug: slug });
    const name = input.name === undefined ? '' : input.name.trim().slice(0, 200);
    const passwordHash = await hashPassword(password);
    try {
      return await tenant.run(async (t) => {
        const user = await insertUser(t, { email, name, passwordHash, role });
        await audit(t, 'user.created', actor, { targetId: user.id, details: { email, role } });
        await userJoined(t, user, actor === 'operator' ? 'operator' : 'admin');
        return user;
      });
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

  /** A tenant always keeps one active owner: refuses when `id` is the last one (the owners are locked meanwhile). */
  async function keepAnOwner(t: TenantTx, id: string, what: string): Promise<void> {
    const owners = await lockActiveOwners(t);
    if (owners.length === 1 && owners[0] === id) {
      throw new AppError('last_owner', `The last active owner of the tenant cannot be ${what}; make another user owner first`);
    }
  }

  /** Drops the user's sessions and cached access everywhere, after the caller's transaction commits. */
  async function endAccess(t: TenantTx, id: string): Promise<void> {
    await deps.revokeSessions(t, id, clock.now());
    await bus.publish(AUTH_CHANNEL, { kind: 'user', id }, t.tx); // every instance forgets the user on commit
  }

  async function changeUser(
    tenant: TenantDb,
    actor: Actor,
    id: string,
    patch: { name?: string; role?: string; status?: 'active' | 'disabled' },
  ): Promise<UserRow> {
    const role = patch.role === undefined ? undefined : checkRole(patch.role);
    const name = cleanName(patch.name);
    const updated = await tenant.run(async (t) => {
      const current = await findUser(t, id);
      if (!current) throw new AppError('user_not_found');
      // Only an owner may change an owner in any way, or make one.
      const touchesOwner = current.role === 'owner' || role === 'owner';
      const changes = (name !== undefined && name !== current.name) || (role !== undefined && role !== current.role) || (patch.status !== undefined && patch.status !== current.status);
      if (touchesOwner && changes && !mayManageOwners(actor)) {
        throw new AppError('owner_required', role === 'owner' ? 'Only an owner can grant the owner role' : 'Only an owner can change an owner');
      }
      if (current.role === 'owner' && current.status === 'active') {
        if (role && role !== 'owner') await keepAnOwner(t, id, 'demoted');
        if (patch.status === 'disabled') await keepAnOwner(t, id, 'disabled');
      }
      const row = (await updateUser(t, id, {
        ...(name !== undefined ? { name } : {}),
        ...(role ? { role } : {}),
        ...(patch.status ? { status: patch.status } : {}),
      }))!;
      if (name !== undefined && name !== current.name) await audit(t, 'user.renamed', actor, { targetId: id, details: { from: current.name, to: name } });
      if (role && role !== current.role) await audit(t, 'user.role_changed', actor, { targetId: id, details: { from: current.role, to: role } });
      if (patch.status && patch.status !== current.status) {
        await audit(t, patch.status === 'disabled' ? 'user.disabled' : 'user.enabled', actor, { targetId: id });
      }
      if (patch.status === 'disabled' && current.status !== 'disabled') await endAccess(t, id);
      else await bus.publish(AUTH_CHANNEL, { kind: 'user', id }, t.tx);
      return row;
    });
    deps.authenticator.forgetUser(id);
    return updated;
  }

  async function removeUser(tenant: TenantDb, actor: Actor, id: string): Promise<void> {
    await tenant.run(async (t) => {
      const current = await findUser(t, id);
      if (!current) throw new AppError('user_not_found');
      if (current.role === 'owner' && !mayManageOwners(actor)) throw new AppError('owner_required', 'Only an owner can remove an owner');
      if (current.role === 'owner' && current.status === 'active') await keepAnOwner(t, id, 'deleted');
      await deleteUser(t, id); // refresh tokens go with it (ON DELETE CASCADE): nothing to revoke first
      await bus.publish(AUTH_CHANNEL, { kind: 'user', id }, t.tx); // every instance forgets the user on commit
      await audit(t, 'user.deleted', actor, { targetId: id, targetName: current.email, details: { email: current.email, role: current.role } });
    });
    deps.authenticator.forgetUser(id);
  }

  return {
    createTenant,
    resolveTenant,
    createUser,
    getUser,
    changeUser,
    removeUser,
    listTenants: () => db.system((tx) => listTenants(tx)),
    listUsers: (tenant: TenantDb, filter: UserFilter) => tenant.run((t) => listUsers(t, filter)),
    /** A tenant's database for the operator's commands, which name the tenant themselves. */
    forTenant: (tenant: TenantRow) => tenantDb(db, tenant.id),
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
