/**
 * When a failed delivery is tried again: after attempt n fails, wait RETRY_DELAYS_SEC[n - 1] (5 s, 5 min, 30 min,
 * 2 h, 5 h, 10 h, 24 h, 30 h), each ±10 % so that the retries of many deliveries that failed together (a receiver's
 * outage) do not all arrive together when it comes back. Nine attempts over about three days, then `failed`.
 */
export const RETRY_DELAYS_SEC = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 24 * 3600, 30 * 3600] as const;

/** The first attempt and one after each delay. */
export const MAX_ATTEMPTS = RETRY_DELAYS_SEC.length + 1;

const JITTER = 0.1;

/** An endpoint whose every attempt failed for this long (no success since `failing_since`) is disabled. */
export const DISABLE_AFTER_MS = 5 * 24 * 3600_000;

/**
 * Milliseconds to wait before the next attempt of a delivery whose `attempts` attempts all failed (the last one just
 * now), or null when it has had its nine and is `failed`. `random` is in [0, 1), as Math.random.
 */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number | null {
  if (!Number.isInteger(attempts) || attempts < 1) throw new RangeError(`attempts must be a positive integer, got ${attempts}`);
  if (attempts >= MAX_ATTEMPTS) return null;
  const base = RETRY_DELAYS_SEC[attempts - 1] * 1000;
  return Math.round(base * (1 + JITTER * (2 * random() - 1)));
}
