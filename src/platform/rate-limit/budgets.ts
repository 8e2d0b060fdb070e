import type { RateLimits } from './limiter.js';

type GuessLimits = Pick<RateLimits, 'consume' | 'refuseIfExhausted'>;
type MailLimits = Pick<RateLimits, 'enforce'>;

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

export async function refuseIfGuessing(limits: GuessLimits, buckets: GuessBuckets): Promise<void> {
  await limits.refuseIfExhausted('login_ip_failures', `ip:${buckets.ip}`);
  if (buckets.account !== null) await limits.refuseIfExhausted('login_account_failures', `account:${buckets.account}`);
}

export async function spendFailure(limits: GuessLimits, buckets: GuessBuckets): Promise<void> {
  await limits.consume('login_ip_failures', `ip:${buckets.ip}`);
  if (buckets.account !== null) await limits.consume('login_account_failures', `account:${buckets.account}`);
}

/**
 * Routes that send mail (sign-in codes, resets, invitations) spend a budget per target address and
 * per client IP on every call, whether or not a mail goes out, so nobody can mail-bomb an address and
 * the answer does not tell whether the address has an account.
 */
export async function mailBudgets(limits: MailLimits, email: string, ip: string): Promise<void> {
  await spendMailAddressBudget(limits, email);
  await limits.enforce('mail_per_ip', mailIpKey(ip));
}

/** The per-address half, for routes that learn the address only from a stored row (an invitation resend). */
export async function spendMailAddressBudget(limits: MailLimits, email: string): Promise<void> {
  await limits.enforce('mail_per_address', `to:${email}`);
}

/** The bucket of the per-IP half, for a route builder `rateLimit` (`mail_per_ip`). */
export const mailIpKey = (ip: string) => `ip:${ip}`;
