import type { UserRow } from './users.table.js';
import type { InvitationRow } from './invitations.table.js';
import type { InvitationStatus } from './invitations.service.js';

/** A user as the API shows it (never the password hash). */
export const presentUser = (u: UserRow) => ({
  id: u.id,
  email: u.email,
  name: u.name,
  role: u.role,
  status: u.status,
  created_at: u.createdAt.toISOString(),
  last_login_at: u.lastLoginAt?.toISOString() ?? null,
});

/** An invitation as its administrators see it (never the token or its hash). */
export const presentInvitation = (i: InvitationRow, status: InvitationStatus) => ({
  id: i.id,
  email: i.email,
  role: i.role,
  name: i.name,
  status,
  inviter_name: i.inviterName,
  created_at: i.createdAt.toISOString(),
  expires_at: i.expiresAt.toISOString(),
  accepted_at: i.acceptedAt?.toISOString() ?? null,
});
