import type { Database } from '../../platform/db/database.js';
import { tenantDb, type TenantDb, type TenantTx } from '../../platform/db/tenant-db.js';
import type { Clock } from '../../platform/clock.js';
import { AppError } from '../../platform/http/errors.js';
import type { Role } from '../../platform/auth/roles.js';
import type { RateLimits } from '../../platform/rate-limit/limiter.js';
import { spendMailAddressBudget } from '../../platform/rate-limit/budgets.js';
import { audit } from '../audit/index.js';
import type { Mailer } from '../mail/index.js';
import { findTenant } from '../tenants/index.js';
import { highestGrantable, mayManageOwners, roleWithin, type Actor } from './actor.js';
import {
  findInvitation,
  findInvitationTenant,
  insertInvitation,
  listInvitations,
  lockInvitationByHash,
  revokePendingInvitations,
  updateInvitation,
} from './invitations.repo.js';
import type { InvitationRow } from './invitations.table.js';
import { hashPassword } from './passwords.js';
import { checkPassword } from './password-policy.js';
import { findUser, findUserByEmail, insertUser } from './users.repo.js';
import type { UserRow } from './users.table.js';
import { checkRole, normaliseEmail } from './validation.js';
import { userInvited, userJoined } from './user-events.js';
import { hashOpaqueToken, opaqueTokenKind } from '../../platform/auth/opaque-token.js';

export type InvitationStatus = 'pending' | 'accepted' | 'revoked' | 'expired';

/** Tokens are `inv_` and 43 base64url characters (32 random bytes); anything else is refused before any lookup. */
const TOKEN = opaqueTokenKind('inv');

export function invitationStatus(row: InvitationRow, now: Date): InvitationStatus {
  if (row.acceptedAt) return 'accepted';
  if (row.revokedAt) return 'revoked';
  return row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'pending';
}

export interface InvitationsDeps {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  /** The per-address mail budget (the per-IP one is the routes'): nobody mail-bombs an address with invitations. */
  limits: Pick<RateLimits, 'enforce'>;
  config: { invitationTtlSec: number };
}

/** The one answer for a token that is unknown, used, revoked or expired: nothing tells them apart. */
const invalid = () => new AppError('invalid_invitation');

/**
 * Invitations: an admin names an e-mail and a role, the invitee gets a single-use link by mail
 * (PUBLIC_BASE_URL/accept-invitation?token=…), reads what it is for, and accepts with a name and a
 * password. The role and e-mail are the inviter's; the invitee chooses nothing else.
 */
export function createInvitationsService(deps: InvitationsDeps) {
  const { db, clock, mailer, config } = deps;

  async function inviterName(t: TenantTx, actor: Actor): Promise<string> {
    if (actor === 'operator' || actor.kind !== 'user') return '';
    const user = await findUser(t, actor.userId);
    return user ? user.name || user.email : '';
  }

  /** Makes a fresh token for `row`'s e-mail and mails it, in the caller's transaction. */
  async function issue(t: TenantTx, actor: Actor, values: { email: string; role: Role; name: string }): Promise<InvitationRow> {
    const token = TOKEN.create();
    const now = clock.now();
    await revokePendingInvitations(t, values.email, now); // a second invitation replaces the first
    const inviter = await inviterName(t, actor);
    const row = await insertInvitation(t, {
      ...values,
      tokenHash: hashOpaqueToken(token),
      invitedByUserId: actor !== 'operator' && actor.kind === 'user' ? actor.userId : null,
      inviterName: inviter,
      expiresAt: new Date(now.getTime() + config.invitationTtlSec * 1000),
    });
    await mailer.enqueue(t, 'invitation', values.email, { inviterName: inviter, role: values.role, token, expiresAt: row.expiresAt });
    return row;
  }

  async function invite(tenant: TenantDb, actor: Actor, input: { email: string; role: string; name?: string }): Promise<InvitationRow> {
    const email = normaliseEmail(input.email);
    const role = checkRole(input.role);
    if (role === 'owner' && !mayManageOwners(actor)) throw new AppError('owner_required', 'Only an owner can invite an owner');
    if (!roleWithin(role, highestGrantable(actor))) throw new AppError('role_above_inviter', `You cannot invite someone as ${role}`);
    const name = input.name?.trim() ?? '';
    await spendMailAddressBudget(deps.limits, email);
    return tenant.run(async (t) => {
      const existing = await findUserByEmail(t, email);
      // A disabled account is re-enabled by an admin, not invited again (it would collide on accept).
      if (existing) throw new AppError('already_member', `${email} already has an account in this tenant${existing.status === 'disabled' ? ' (disabled: enable it instead)' : ''}`);
      const row = await issue(t, actor, { email, role, name });
      await audit(t, 'user.invited', actor, { targetId: row.id, targetName: email, details: { email, role } });
      await userInvited(t, row);
      return row;
    });
  }

  /** Invitation `id` and its status now, when the actor may act on it: an owner's invitation is an owner's, and never one above the actor's role. */
  async function actOn(t: TenantTx, actor: Actor, id: string, ownerOnly: string): Promise<{ row: InvitationRow; status: ReturnType<typeof invitationStatus> }> {
    const row = await findInvitation(t, id);
    if (!row) throw new AppError('invitation_not_found');
    if (row.role === 'owner' && !mayManageOwners(actor)) throw new AppError('owner_required', ownerOnly);
    if (!roleWithin(row.role, highestGrantable(actor))) throw new AppError('role_above_inviter');
    return { row, status: invitationStatus(row, clock.now()) };
  }

  async function resend(tenant: TenantDb, actor: Actor, id: string): Promise<InvitationRow> {
    return tenant.run(async (t) => {
      const { row, status } = await actOn(t, actor, id, 'Only an owner can invite an owner');
      if (status === 'accepted') throw new AppError('invitation_not_pending', 'The invitation was accepted already');
      await spendMailAddressBudget(deps.limits, row.email);
      // A resend is a new invitation with the same terms: a new token, a new lifetime, the old link dead.
      const fresh = await issue(t, actor, { email: row.email, role: row.role, name: row.name });
      await audit(t, 'user.invited', actor, { targetId: fresh.id, targetName: row.email, details: { email: row.email, role: row.role, resent_from: row.id } });
      await userInvited(t, fresh, row.id);
      return fresh;
    });
  }

  /**
   * A pending invitation's link, for an admin to pass on while mail is not configured (the invitation
   * waits in the outbox). Only the token's hash is stored, so this issues a new token for the same
   * invitation (same role, same expiry) and the outbox copy's link stops working. Refused when mail is
   * configured: then the link only ever goes to the invitee's mailbox.
   */
  async function link(tenant: TenantDb, actor: Actor, id: string): Promise<{ url: string; invitation: InvitationRow }> {
    if (mailer.delivery !== 'outbox') throw new AppError('invitation_link_unavailable');
    return tenant.run(async (t) => {
      const { row, status } = await actOn(t, actor, id, 'Only an owner can pass on an owner invitation');
      if (status !== 'pending') throw new AppError('invitation_not_pending', `The invitation is ${status}`);
      const token = TOKEN.create();
      const updated = await updateInvitation(t, id, { tokenHash: hashOpaqueToken(token) });
      await audit(t, 'user.invitation_link_issued', actor, { targetId: id, targetName: row.email, details: { email: row.email, role: row.role } });
      return { url: mailer.link('/accept-invitation', { token }), invitation: updated };
    });
  }

  async function revoke(tenant: TenantDb, actor: Actor, id: string): Promise<void> {
    await tenant.run(async (t) => {
      const row = await findInvitation(t, id);
      if (!row) throw new AppError('invitation_not_found');
      if (row.role === 'owner' && !mayManageOwners(actor)) throw new AppError('owner_required', 'Only an owner can revoke an owner invitation');
      const status = invitationStatus(row, clock.now());
      if (status === 'accepted') throw new AppError('invitation_not_pending', 'The invitation was accepted already');
      if (status === 'revoked') return;
      await updateInvitation(t, id, { revokedAt: clock.now() });
      await audit(t, 'user.invitation_revoked', actor, { targetId: id, targetName: row.email, details: { email: row.email } });
    });
  }

  /** The pending invitation a token names, in its tenant's transaction, or the one 404. */
  async function withPending<T>(token: string, fn: (t: TenantTx, row: InvitationRow) => Promise<T>): Promise<T> {
    if (!TOKEN.pattern.test(token)) throw invalid();
    const tokenHash = hashOpaqueToken(token);
    const tenantId = await findInvitationTenant(db, tokenHash);
    if (!tenantId) throw invalid();
    return tenantDb(db, tenantId).run(async (t) => {
      const row = await lockInvitationByHash(t, tokenHash);
      if (!row || invitationStatus(row, clock.now()) !== 'pending') throw invalid();
      return fn(t, row);
    });
  }

  async function info(token: string) {
    return withPending(token, async (t, row) => {
      const tenant = (await findTenant(t.tx, t.tenantId))!;
      return { tenant, invitation: row };
    });
  }

  /** Creates the user with the invitation's e-mail and role; the token is spent in the same transaction. */
  async function accept(input: { token: string; name: string; password: string }): Promise<{ t: { tenantId: string }; user: UserRow }> {
    const name = input.name.trim();
    // Cheap checks first; the password policy needs the e-mail, which only the token knows.
    if (!TOKEN.pattern.test(input.token)) throw invalid();
    const preview = await info(input.token);
    checkPassword(input.password, { email: preview.invitation.email, tenantSlug: preview.tenant.slug });
    const passwordHash = await hashPassword(input.password);
    return withPending(input.token, async (t, row) => {
      const existing = await findUserByEmail(t, row.email);
      if (existing) throw new AppError('already_member', `${row.email} already has an account in this tenant`);
      const user = await insertUser(t, { email: row.email, name: name || row.name, passwordHash, role: row.role });
      const now = clock.now();
      await updateInvitation(t, row.id, { acceptedAt: now, acceptedUserId: user.id });
      await audit(t, 'user.invitation_accepted', { anonymous: true, userId: user.id }, { targetId: row.id, targetName: row.email, details: { email: row.email, role: row.role } });
      await userJoined(t, user, 'invitation');
      return { t: { tenantId: t.tenantId }, user };
    });
  }

  return {
    invite,
    resend,
    revoke,
    link,
    info,
    /** How invitation mail leaves the server now (the mailer's configuration). */
    delivery: () => mailer.delivery,
    accept,
    list: (tenant: TenantDb, skip: number, limit: number) => tenant.run((t) => listInvitations(t, skip, limit)),
    status: (row: InvitationRow) => invitationStatus(row, clock.now()),
  };
}
export type InvitationsService = ReturnType<typeof createInvitationsService>;
