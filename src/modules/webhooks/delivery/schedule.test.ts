import { describe, expect, it } from 'vitest';
import { DISABLE_AFTER_MS, MAX_ATTEMPTS, RETRY_DELAYS_SEC, retryDelayMs } from './schedule.js';

describe('the retry schedule', () => {
  it('waits 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 24 h, 30 h after attempts 1 to 8, then gives up after the 9th', () => {
    const middle = () => 0.5; // no jitter
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => retryDelayMs(n, middle))).toEqual(
      [5, 300, 1800, 7200, 18_000, 36_000, 86_400, 108_000].map((s) => s * 1000),
    );
    expect(MAX_ATTEMPTS).toBe(9);
    expect(retryDelayMs(9, middle)).toBeNull();
    expect(retryDelayMs(12, middle)).toBeNull();
  });

  it('spreads each delay by at most ±10 %', () => {
    for (let n = 1; n < MAX_ATTEMPTS; n++) {
      const base = RETRY_DELAYS_SEC[n - 1] * 1000;
      expect(retryDelayMs(n, () => 0)).toBe(Math.round(base * 0.9));
      expect(retryDelayMs(n, () => 0.999_999)).toBeLessThanOrEqual(Math.round(base * 1.1));
      expect(retryDelayMs(n, () => 0.999_999)).toBeGreaterThan(base * 1.09);
      for (let i = 0; i < 50; i++) {
        const delay = retryDelayMs(n)!;
        expect(delay).toBeGreaterThanOrEqual(Math.round(base * 0.9));
        expect(delay).toBeLessThanOrEqual(Math.round(base * 1.1));
      }
    }
  });

  it('spends about three days on a delivery, well before an endpoint failing for five days is disabled', () => {
    const total = RETRY_DELAYS_SEC.reduce((sum, s) => sum + s, 0) * 1000;
    expect(total / 3600_000).toBeCloseTo(71.6, 1);
    expect(total * 1.1).toBeLessThan(DISABLE_AFTER_MS);
  });

  it('refuses an attempt count that is not a positive integer', () => {
    expect(() => retryDelayMs(0)).toThrow(RangeError);
    expect(() => retryDelayMs(1.5)).toThrow(RangeError);
  });
});
