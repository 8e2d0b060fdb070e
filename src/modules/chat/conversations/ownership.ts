import type { Principal } from '../../../platform/auth/principal.js';
import { isAdmin } from '../../../platform/auth/scopes.js';
import type { OwnerKind } from './conversations.table.js';

/** Who a conversation (or a feedback) belongs to: the user, or the API key, that made it (an app acts as its user). */
export interface Owner {
  kind: OwnerKind;
  id: string;
}

export function ownerOf(principal: Principal): Owner {
  return principal.kind === 'api_key' ? { kind: 'api_key', id: principal.apiKeyId } : { kind: 'user', id: principal.userId };
}

/** Admins (the `admin` scope) read and manage every conversation and feedback of the tenant; others only their own. */
export function seesTenant(principal: Principal): boolean {
  return isAdmin(principal.scopes);
}

export function owns(principal: Principal, row: { ownerKind: OwnerKind; ownerId: string }): boolean {
  const me = ownerOf(principal);
  return row.ownerKind === me.kind && row.ownerId === me.id;
}
