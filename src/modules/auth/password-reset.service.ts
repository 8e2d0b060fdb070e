import type { Database } from '../../platform/db/database.js';
import { tenantDb, type TenantTx } from '../../platform/db/tenant-db.js';
import type { Clock } from '../../platform/clock.js';
import type { Config } from '../../platform/config.js';
import { AUTH_CHANNEL, type Authenticator } from '../../platform/auth/authenticator.js';
import type { EventBus } from '../../platform/events/bus.js';
import { AppError } from '../../platform/http/errors.js';
import type { RateLimits } from '../../platform/rate-limit/limiter.js';
import type { JobQueue } from '../../platform/jobs/queue.js';
import type { JobHandler } from '../../platform/jobs/worker.js';
import { audit } from '../audit/index.js';
import type { Mailer } from '../mail/index.js';
import { findTenant } from '../tenants/index.js';
import { checkPassword, findUser, findUserByEmail, hashPassword, normaliseEmail, updateUser, type RevokeSessions } from '../users/index.js';
import { mailBudgets, refuseIfGuessing, spendFailure } from '../../platform/rate-limit/budgets.js';
import { endPasswordResets, findPasswordResetTenant, insertPasswordReset, lockPasswordResetByHash } from './password-resets.repo.js';
import { hashOpaqueToken, opaqueTokenKind } from '../../platform/auth/opaque-token.js';

export interface PasswordResetDeps {
  db: Database;
  clock: Clock;
  bus: EventBus;
  authenticator: Pick<Authenticator, 'forgetUser'>;
  limits: Pick<RateLimits, 'consume' | 'enforce' | 'refuseIfExhausted'>;
  queue: Pick<JobQueue, 'enqueue'>;
  config: Pick<Config, 'passwordResetTtlSec'>;
  /** Ends every signed-in session of the user (refresh tokens, browser sessions, OAuth grants); wired by the composition root. */
  revokeSessions: RevokeSessions;
}

const PASSWORD_RESET_QUEUE = 'password_reset';

/** Tokens are `prt_` and 43 base64url characters (32 random bytes); anything else is refused before any lookup. */
const TOKEN = opaqueTokenKind('prt');
/** The one answer for a token that is malformed, unknown, used, replaced or expired. */
const invalid = () => new AppError('invalid_reset_token');
const REQUESTED = { detail: 'If an active account uses this e-mail address, a password-reset link is on its way.' };

/**
 * Password reset by a single-use link mailed to the account's address. The request answers the same
 * whatever the address; the confirmation sets the password (policy applies), signs every device out,
 * does not sign in, and tells the owner of the address by mail.
 */
export function createPasswordResetService(deps: PasswordResetDeps, mailer: Mailer) {
  const { db, clock, config, limits } = deps;
  const ttlMin = Math.round(config.passwordResetTtlSec / 60);

  /**
   * Answers at once, the same for every address: in a tenant that exists, the request becomes a job
   * whatever the address (the same work, so no timing tells accounts apart); the job decides.
   */
  async function request(input: { email: string; tenant_id: string }, ip: string) {
    const email = normaliseEmail(input.email);
    await mailBudgets(limits, email, ip);
    const tenant = await db.system((tx) => findTenant(tx, input.tenant_id.trim()));
    if (tenant) await tenantDb(db, tenant.id).run((t) => deps.queue.enqueue(t.tx, PASSWORD_RESET_QUEUE, tenant.id, { email, ip }, { maxAttempts: 3 }));
    return REQUESTED;
  }

  /** Mails a fresh link to an active account, ending its older links; anything else sends nothing. */
  async function send(t: TenantTx, email: string, ip: string): Promise<void> {
    const user = await findUserByEmail(t, email);
    if (!user || user.status !== 'active') return;
    const now = clock.now();
    const token = TOKEN.create();
    await endPasswordResets(t, user.id, now); // a newer link replaces the older ones
    await insertPasswordReset(t, { userId: user.id, tokenHash: hashOpaqueToken(token), createdAt: now, expiresAt: new Date(now.getTime() + config.passwordResetTtlSec * 1000) });
    await mailer.enqueue(t, 'password_reset', email, { token, expiresInMin: ttlMin });
    await audit(t, 'auth.password_reset_requested', { anonymous: true, userId: user.id }, { targetId: user.id, ip });
  }

  const job: JobHandler = {
    queue: PASSWORD_RESET_QUEUE,
    concurrency: 2,
    leaseSec: 60,
    async handle(j) {
      const { email, ip } = j.payload as { email: string; ip: string };
      await tenantDb(db, j.tenantId!).run((t) => send(t, email, ip));
    },
  };

  /**
   * Spends the link and sets the password. A refusal of the password policy (422) writes nothing and
   * leaves the link usable; any other failure is the one 400 and spends the per-IP failure budget.
   */
  async function confirm(input: { token: string; new_password: string }, ip: string) {
    const buckets = { ip, account: null };
    await refuseIfGuessing(limits, buckets);
    const tokenHash = TOKEN.pattern.test(input.token) ? hashOpaqueToken(input.token) : null;
    const tenantId = tokenHash ? await findPasswordResetTenant(db, tokenHash) : null;
    const tenant = tenantId ? await db.system((tx) => findTenant(tx, tenantId)) : null;
    const userId = tenant && tokenHash
      ? await tenantDb(db, tenant.id).run(async (t) => {
        const row = await lockPasswordResetByHash(t, tokenHash);
        const now = clock.now();
        if (!row || row.usedAt || row.expiresAt.getTime() <= now.getTime()) return null;
        const user = await findUser(t, row.userId);
        if (!user || user.status !== 'active') return null;
        checkPassword(input.new_password, { email: user.email, tenantSlug: tenant.slug }, 'new_password');
        await updateUser(t, user.id, { passwordHash: await hashPassword(input.new_password) });
        await endPasswordResets(t, user.id, now);
        await deps.revokeSessions(t, user.id, now);
        await deps.bus.publish(AUTH_CHANNEL, { kind: 'user', id: user.id }, t.tx);
        await audit(t, 'auth.password_reset_confirmed', { anonymous: true, userId: user.id }, { targetId: user.id, ip });
        await mailer.enqueue(t, 'password_changed', user.email, { at: now });
        return user.id;
      })
      : null;
    if (!userId) {
      await spendFailure(limits, buckets);
      throw invalid();
    }
    deps.authenticator.forgetUser(userId);
    return { detail: 'Your password was changed. Every device was signed out: sign in with the new password.' };
  }

  return { request, confirm, job };
}
export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
