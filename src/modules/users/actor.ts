import type { Principal } from '../../platform/auth/principal.js';
import { ROLES, type Role } from '../../platform/auth/roles.js';

/** Who asks for a change: a principal of the tenant, or the operator at the CLI (who owns every tenant). */
export type Actor = Principal | 'operator';

/** docs/permissions.md: only an owner may make or unmake an owner. An admin-scoped API key is no owner. */
export const mayManageOwners = (actor: Actor) => actor === 'operator' || (actor.kind === 'user' && actor.role === 'owner');

/** The highest role an actor may hand out: its own (a user), admin (an admin-scoped key), owner (the operator). */
export function highestGrantable(actor: Actor): Role {
  if (actor === 'operator') return 'owner';
  return actor.kind === 'user' ? actor.role : 'admin';
}

/** Whether `role` is at most `limit` (owner > admin > member > viewer). */
export const roleWithin = (role: Role, limit: Role) => ROLES.indexOf(role) >= ROLES.indexOf(limit);
