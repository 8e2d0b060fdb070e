import type { RateLimits } from '../../platform/rate-limit/limiter.js';

type Limits = Pick<RateLimits, 'consume' | 'enforce' | 'refuseIfExhausted'>;

/**
 * The budgets of the credential-guessing routes (login, code verification, reset confirmation,
 * invitation acceptance) count failures only, per client IP and per account: an office behind one
 * address signs in freely at 9 a.m., guessing from one address or spread over many is refused.
 * `account` is the tenant (as resolved) and the e-mail, or whatever else names the target.
 */
export interface GuessBuckets {
  ip: string;
  /** Null where the credential names no account before it is valid (reset and invitation tokens). */
  account: string | null;
}

export async function refuseIfGuessing(limits: Limits, buckets: GuessBuckets): Promise<void> {
  await limits.refuseIfExhausted('login_ip_failures', `ip:${buckets.ip}`);
  if (buckets.account !== null) await limits.refuseIfExhausted('login_account_failures', `account:${buckets.account}`);
}

export async function spendFailure(limits: Limits, buckets: GuessBuckets): Promise<void> {
  await limits.consume('login_ip_failures', `ip:${buckets.ip}`);
  if (buckets.account !== null) await limits.consume('login_account_failures', `account:${buckets.account}`);
}

/**
 * Routes that send mail (sign-in codes, resets, invitations) spend a budget per target address and
 * per client IP on every call, whether or not a mail goes out, so nobody can mail-bomb an address and
 * the answer does not tell whether the address has an account.
 */
export async function mailBudgets(limits: Limits, email: string, ip: string): Promise<void> {
  await limits.enforce('mail_per_address', `to:${email}`);
  await limits.enforce('mail_per_ip', `ip:${ip}`);
}
