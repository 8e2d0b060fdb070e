import { randomUUID } from 'node:crypto';
import type { Database } from '../../platform/db/database.js';
import { tenantDb } from '../../platform/db/tenant-db.js';
import { AUTH_CHANNEL, type Authenticator } from '../../platform/auth/authenticator.js';
import type { EventBus } from '../../platform/events/bus.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { Clock } from '../../platform/clock.js';
import { AppError, notAuthenticated } from '../../platform/http/errors.js';
import type { RateLimits } from '../../platform/rate-limit/limiter.js';
import { refuseIfGuessing, spendFailure } from '../../platform/rate-limit/budgets.js';
import { audit } from '../audit/index.js';
import { findTenant } from '../tenants/index.js';
import { checkPassword, findUser, hashPassword, presentUser, updateUser, verifyPassword, type InvitationsService, type RevokeSessions } from '../users/index.js';
import type { AuthService, SignInGate, TokenPair } from './auth.service.js';

export interface AccountDeps {
  db: Database;
  bus: EventBus;
  clock: Clock;
  authenticator: Pick<Authenticator, 'forgetUser'>;
  limits: Pick<RateLimits, 'consume' | 'refuseIfExhausted'>;
  /** Ends every signed-in session of the user (refresh tokens, browser sessions, OAuth grants); wired by the composition root. */
  revokeSessions: RevokeSessions;
  /** Asked before an accepted invitation signs its new user in (SSO enforcement, as for login). */
  signInGate?: SignInGate;
}

type UserPrincipal = Principal & { kind: 'user' };

/** What a signed-in user does to their own account, and the invitee's side of an invitation. */
export function createAccountService(deps: AccountDeps, auth: AuthService, invitations: InvitationsService) {
  const { db, bus, clock } = deps;

  async function rename(principal: UserPrincipal, name: string) {
    const clean = name.trim();
    const row = await tenantDb(db, principal.tenantId).run(async (t) => {
      const current = await findUser(t, principal.userId);
      if (!current) throw notAuthenticated();
      const updated = (await updateUser(t, principal.userId, { name: clean }))!;
      if (current.name !== clean) await audit(t, 'user.renamed', principal, { targetId: principal.userId, details: { from: current.name, to: clean } });
      await bus.publish(AUTH_CHANNEL, { kind: 'user', id: principal.userId }, t.tx);
      return updated;
    });
    deps.authenticator.forgetUser(principal.userId);
    return row;
  }

  /**
   * Changes the caller's password: the current one must be right, the new one passes the policy.
   * Every refresh-token family of the user is revoked (other devices must sign in again) and the
   * caller gets a fresh pair in a new family, so only this device stays signed in.
   */
  async function changePassword(principal: UserPrincipal, input: { current_password: string; new_password: string }, ip: string): Promise<TokenPair> {
    const tdb = tenantDb(db, principal.tenantId);
    const user = await tdb.run((t) => findUser(t, principal.userId));
    if (!user) throw notAuthenticated();
    if (!(await verifyPassword(user.passwordHash, input.current_password))) {
      throw new AppError('wrong_password');
    }
    const tenant = await db.system((tx) => findTenant(tx, principal.tenantId));
    checkPassword(input.new_password, { email: user.email, tenantSlug: tenant?.slug }, 'new_password');
    if (input.new_password === input.current_password) {
      throw new AppError('validation_error', [{ loc: ['body', 'new_password'], msg: 'the new password must differ from the current one', type: 'value_error.password' }]);
    }
    const passwordHash = await hashPassword(input.new_password);
    const pair = await tdb.run(async (t) => {
      await updateUser(t, user.id, { passwordHash });
      await deps.revokeSessions(t, user.id, clock.now());
      await audit(t, 'user.password_changed', principal, { targetId: user.id, ip });
      // The calling device keeps how it signed in: an SSO sign-in's new pair still rotates where SSO is enforced.
      return auth.issueFor(t, user, randomUUID(), null, principal.via);
    });
    return pair;
  }

  async function invitationInfo(token: string) {
    const { tenant, invitation } = await invitations.info(token);
    return {
      tenant_id: tenant.id,
      tenant_slug: tenant.slug,
      tenant_name: tenant.name,
      email: invitation.email,
      role: invitation.role,
      inviter_name: invitation.inviterName,
      expires_at: invitation.expiresAt.toISOString(),
    };
  }

  /**
   * Accepts an invitation and signs the new user in (a token pair, as login gives). An invalid token
   * spends the per-IP failed-attempt budget of the credential-guessing routes. In a tenant that
   * enforces SSO the account is still created (so that the invitee can then sign in through the IdP,
   * which links it by e-mail), but only an owner is signed in: anyone else gets the login's
   * `403 sso_required`, and no token pair exists to refresh or turn into a session.
   */
  async function acceptInvitation(input: { token: string; name: string; password: string }, ip: string) {
    const buckets = { ip, account: null };
    await refuseIfGuessing(deps.limits, buckets);
    const { t, user } = await invitations.accept(input).catch(async (error: unknown) => {
      if (error instanceof AppError && error.code === 'invalid_invitation') await spendFailure(deps.limits, buckets);
      throw error;
    });
    const pair = await tenantDb(db, t.tenantId).run(async (tx) => {
      await deps.signInGate?.(tx, user);
      const fresh = (await updateUser(tx, user.id, { lastLoginAt: clock.now() }))!;
      return { pair: await auth.issueFor(tx, fresh, randomUUID()), user: fresh };
    });
    return { ...pair.pair, user: presentUser(pair.user) };
  }

  return { rename, changePassword, invitationInfo, acceptInvitation };
}
export type AccountService = ReturnType<typeof createAccountService>;
