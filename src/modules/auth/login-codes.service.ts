import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../platform/db/database.js';
import { tenantDb, type TenantTx } from '../../platform/db/tenant-db.js';
import type { Clock } from '../../platform/clock.js';
import type { Config } from '../../platform/config.js';
import { deriveKey, type Secrets } from '../../platform/secrets.js';
import { AUTH_CHANNEL, type Authenticator } from '../../platform/auth/authenticator.js';
import type { EventBus } from '../../platform/events/bus.js';
import { AppError } from '../../platform/http/errors.js';
import type { RateLimits } from '../../platform/rate-limit/limiter.js';
import type { JobQueue } from '../../platform/jobs/queue.js';
import type { JobHandler } from '../../platform/jobs/worker.js';
import { audit } from '../audit/index.js';
import type { Mailer } from '../mail/index.js';
import { findTenant, type TenantRow } from '../tenants/index.js';
import { findUserByEmail, normaliseEmail, updateUser } from '../users/index.js';
import type { AuthService, SignInGate, TokenPair } from './auth.service.js';
import { endLoginCodes, insertLoginCode, lockLatestLoginCode, lockLoginCodeTarget, updateLoginCode } from './login-codes.repo.js';
import type { LoginCodePurpose } from './login-codes.table.js';
import { mailBudgets, spendFailure, refuseIfGuessing } from '../../platform/rate-limit/budgets.js';

export interface LoginCodesDeps {
  db: Database;
  clock: Clock;
  bus: EventBus;
  secrets: Pick<Secrets, 'jwtSecret'>;
  authenticator: Pick<Authenticator, 'forgetUser'>;
  limits: Pick<RateLimits, 'consume' | 'enforce' | 'refuseIfExhausted'>;
  queue: Pick<JobQueue, 'enqueue'>;
  config: Pick<Config, 'loginCode'>;
  signInGate?: SignInGate;
}

const LOGIN_CODE_QUEUE = 'login_code';

const CODE = /^[0-9]{6}$/;
/** The one answer of every failed verification: wrong, expired, burned, replaced, or never sent. */
const invalidCode = () => new AppError('invalid_code', undefined, { 'www-authenticate': 'Bearer' });

/**
 * Sign-in by a 6-digit code sent by e-mail (web and desktop). The request answers the same whatever
 * the address, so it tells nobody who has an account; the code is kept only as an HMAC under a key
 * derived from the server secret and bound to tenant, address and purpose, so a database read alone
 * gives no code, and a code for one address or purpose opens nothing else.
 */
export function createLoginCodesService(deps: LoginCodesDeps, auth: AuthService, mailer: Mailer) {
  const { db, clock, config, limits } = deps;
  const key = deriveKey(deps.secrets, 'login-codes');
  const hmac = (tenantId: string, email: string, purpose: LoginCodePurpose, code: string) =>
    createHmac('sha256', key).update(`${tenantId}\n${email}\n${purpose}\n${code}`).digest('hex');
  const ttlMin = Math.round(config.loginCode.ttlSec / 60);
  const answer = () => ({ detail: 'If an active account uses this e-mail address, a sign-in code is on its way.', expires_in: config.loginCode.ttlSec });

  const tenantOf = (id: string): Promise<TenantRow | null> => db.system((tx) => findTenant(tx, id.trim()));

  /**
   * Answers at once, the same for every address: in a tenant that exists, the request becomes a job
   * whatever the address, so an active account and an unknown one cost the request the same work (no
   * timing tells them apart); the job decides whether a code goes out.
   */
  async function request(input: { email: string; tenant_id: string }, purpose: LoginCodePurpose, ip: string) {
    const email = normaliseEmail(input.email);
    await mailBudgets(limits, email, ip);
    const tenant = await tenantOf(input.tenant_id);
    if (tenant) await tenantDb(db, tenant.id).run((t) => deps.queue.enqueue(t.tx, LOGIN_CODE_QUEUE, tenant.id, { email, purpose }, { maxAttempts: 3 }));
    return answer();
  }

  /**
   * Sends a fresh code to an active account, ending the older ones, unless one was sent inside the
   * cooldown. Unknown or disabled accounts and the cooldown send nothing.
   */
  async function send(t: TenantTx, email: string, purpose: LoginCodePurpose): Promise<void> {
    await lockLoginCodeTarget(t, { email, purpose });
    const user = await findUserByEmail(t, email);
    if (!user || user.status !== 'active') return;
    const now = clock.now();
    const latest = await lockLatestLoginCode(t, { email, purpose });
    if (latest && now.getTime() - latest.createdAt.getTime() < config.loginCode.resendCooldownSec * 1000) return;
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await endLoginCodes(t, { email, purpose }, now);
    await insertLoginCode(t, {
      email,
      purpose,
      codeHmac: hmac(t.tenantId, email, purpose, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + config.loginCode.ttlSec * 1000),
    });
    await mailer.enqueue(t, 'login_code', email, { code, expiresInMin: ttlMin });
  }

  const job: JobHandler = {
    queue: LOGIN_CODE_QUEUE,
    concurrency: 2,
    leaseSec: 60,
    async handle(j) {
      const { email, purpose } = j.payload as { email: string; purpose: LoginCodePurpose };
      await tenantDb(db, j.tenantId!).run((t) => send(t, email, purpose));
    },
  };

  /** Checks the code of the newest live row, locked: a wrong try counts, the fifth burns it, a right one is spent. */
  async function consume(t: TenantTx, email: string, purpose: LoginCodePurpose, code: string): Promise<boolean> {
    const row = await lockLatestLoginCode(t, { email, purpose });
    const now = clock.now();
    if (!row || row.expiresAt.getTime() <= now.getTime()) return false;
    const expected = Buffer.from(row.codeHmac, 'hex');
    const given = Buffer.from(hmac(t.tenantId, email, purpose, code), 'hex');
    if (!timingSafeEqual(expected, given)) {
      const failedAttempts = row.failedAttempts + 1;
      await updateLoginCode(t, row.id, { failedAttempts, ...(failedAttempts >= config.loginCode.maxAttempts ? { endedAt: now } : {}) });
      return false;
    }
    await updateLoginCode(t, row.id, { endedAt: now });
    return true;
  }

  /**
   * Exchanges a code for the token pair of login. Failures spend the same per-IP and per-account
   * budgets as failed logins. A wrong try is paid for before anything else can fail: its count on the
   * code is committed on its own, then the budgets are spent, and only then is the failure audited, so
   * a later error (a 500) never hands a guess back for free.
   */
  async function verify(input: { email: string; tenant_id: string; code: string; device_name?: string }, purpose: LoginCodePurpose, ip: string): Promise<TokenPair> {
    const email = normaliseEmail(input.email);
    const tenant = await tenantOf(input.tenant_id);
    const buckets = { ip, account: `${tenant?.id ?? input.tenant_id.trim().toLowerCase()}:${email}` };
    await refuseIfGuessing(limits, buckets);
    const outcome = tenant && CODE.test(input.code)
      ? await tenantDb(db, tenant.id).run(async (t) => {
        const user = await findUserByEmail(t, email);
        const ok = await consume(t, email, purpose, input.code);
        if (!ok || !user || user.status !== 'active') return { failedFor: user?.id ?? null };
        // The right code is spent either way; a refusal (SSO required) is thrown once the transaction commits.
        const refusal: unknown = deps.signInGate ? await deps.signInGate(t, user).then(() => null, (error: unknown) => error) : null;
        if (refusal) return { refusal };
        const fresh = (await updateUser(t, user.id, { lastLoginAt: clock.now() }))!;
        await deps.bus.publish(AUTH_CHANNEL, { kind: 'user', id: user.id }, t.tx);
        await audit(t, 'auth.otp_sign_in', { anonymous: true, userId: user.id }, { targetId: user.id, details: { method: purpose, device_name: input.device_name ?? null }, ip });
        return { pair: await auth.issueFor(t, fresh, randomUUID(), input.device_name?.trim() || null), userId: user.id };
      })
      : null;
    if (!outcome || 'failedFor' in outcome) {
      await spendFailure(limits, buckets);
      if (tenant && outcome) {
        const userId = outcome.failedFor;
        await tenantDb(db, tenant.id).run((t) => audit(t, 'auth.login_failed', { anonymous: true, userId }, { targetId: userId, details: { email, method: purpose }, ip }));
      }
      throw invalidCode();
    }
    if ('refusal' in outcome) throw outcome.refusal;
    deps.authenticator.forgetUser(outcome.userId);
    return outcome.pair;
  }

  return { request, verify, job };
}
export type LoginCodesService = ReturnType<typeof createLoginCodesService>;
