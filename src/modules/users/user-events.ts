import type { TenantTx } from '../../platform/db/tenant-db.js';
import { emitEvent } from '../webhooks/index.js';
import type { InvitationRow } from './invitations.table.js';
import type { UserRow } from './users.table.js';

/**
 * How a user came to be a member of the tenant: an accepted invitation, a first sign-in through the tenant's identity
 * provider (SSO just in time), an admin through the API, or the operator at the CLI (a `user create`, or the first
 * owner of a `tenant create`). Each is a `user.joined`: whoever built the account, the tenant has one more member.
 */
export type JoinedVia = 'invitation' | 'sso' | 'admin' | 'operator';

/** `user.joined`, in the transaction that created the user. */
export async function userJoined(t: TenantTx, user: Pick<UserRow, 'id' | 'email' | 'role'>, via: JoinedVia): Promise<void> {
  await emitEvent(t, 'user.joined', { user_id: user.id, email: user.email, role: user.role, via });
}

/** `user.invited`, in the transaction that issued the invitation (a resend issues a new one and names the old). */
export async function userInvited(t: TenantTx, invitation: Pick<InvitationRow, 'id' | 'email' | 'role'>, resentFrom: string | null = null): Promise<void> {
  await emitEvent(t, 'user.invited', { invitation_id: invitation.id, email: invitation.email, role: invitation.role, resent_from: resentFrom });
}
