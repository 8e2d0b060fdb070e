import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { Redis } from 'ioredis';
import type { Config } from '../config.js';
import { AppError } from '../http/errors.js';
import type { Metrics } from '../metrics/metrics.js';

/**
 * The budgets (docs/configuration.md, "Rate limits"):
 * - `default`: every /api call, per API key, per user, or per IP when anonymous (a refresh is its token's
 *   user's call: `callerBucket`, so reloading a page that refreshes spends no budget of its own);
 * - `login_ip_failures`, `login_account_failures`: failed logins only, per client IP and per account
 *   (tenant and e-mail), so that an office behind one address can sign in while guessing is slowed; they
 *   count the failures of every credential-guessing route (login, code verification, reset confirmation,
 *   invitation acceptance);
 * - `key_creation`: API keys created per tenant;
 * - `mail_per_address`, `mail_per_ip`: calls of the routes that send mail, per target address and per
 *   client IP (nobody mail-bombs an address);
 * - `manifest_checks`: app manifests validated or imported per tenant (each compiles its record schemas).
 */
export type Policy =
  | 'default'
  | 'login_ip_failures'
  | 'login_account_failures'
  | 'key_creation'
  | 'mail_per_address'
  | 'mail_per_ip'
  | 'manifest_checks';
const POLICIES: Policy[] = ['default', 'login_ip_failures', 'login_account_failures', 'key_creation', 'mail_per_address', 'mail_per_ip', 'manifest_checks'];

export interface RateDecision {
  limit: number;
  remaining: number;
  retryAfterSec: number;
  allowed: boolean;
}

interface PolicySpec {
  points: number;
  durationSec: number;
}

/**
 * Token buckets per policy and key. In-process by default; Redis when REDIS_URL is set, so that every
 * instance spends one shared budget.
 */
export class RateLimits {
  private readonly limiters: Record<Policy, RateLimiterAbstract>;
  private readonly specs: Record<Policy, PolicySpec>;
  private readonly rejected: { inc(labels: { policy: Policy }): void } | null;

  private constructor(
    config: Config,
    private readonly redis: Redis | null,
    metrics: Metrics | null,
  ) {
    this.rejected = metrics?.counter('kb_rate_limit_rejections_total', 'Requests refused with 429, by budget', ['policy']) ?? null;
    const budgets = config.rateLimit;
    this.specs = {
      default: { points: budgets.perMinute, durationSec: 60 },
      login_ip_failures: { points: budgets.loginFailuresPerIpPerMinute, durationSec: 60 },
      login_account_failures: { points: budgets.loginFailuresPerAccountPerHour, durationSec: 3600 },
      key_creation: { points: budgets.keyCreationsPerTenantPerMinute, durationSec: 60 },
      mail_per_address: { points: budgets.mailsPerAddressPerHour, durationSec: 3600 },
      mail_per_ip: { points: budgets.mailsPerIpPerHour, durationSec: 3600 },
      manifest_checks: { points: budgets.manifestChecksPerTenantPerMinute, durationSec: 60 },
    };
    const make = (policy: Policy) => {
      const opts = { keyPrefix: `${budgets.prefix}:${policy}`, points: this.specs[policy].points, duration: this.specs[policy].durationSec };
      return redis ? new RateLimiterRedis({ ...opts, storeClient: redis }) : new RateLimiterMemory(opts);
    };
    this.limiters = Object.fromEntries(POLICIES.map((p) => [p, make(p)])) as unknown as Record<Policy, RateLimiterAbstract>;
  }

  static async create(config: Config, metrics: Metrics | null = null, onError?: (error: Error) => void): Promise<RateLimits> {
    let redis: Redis | null = null;
    if (config.redisUrl) {
      redis = new Redis(config.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: true });
      // ioredis reconnects by itself; without a listener it prints every failed attempt to stderr.
      redis.on('error', (error: Error) => onError?.(error));
      await redis.connect();
    }
    return new RateLimits(config, redis, metrics);
  }

  /** Readiness of the shared store: null without Redis (in-process buckets cannot be down). */
  get sharedStore(): { name: 'redis'; check(): Promise<void> } | null {
    const redis = this.redis;
    if (!redis) return null;
    return {
      name: 'redis',
      check: async () => {
        if ((await redis.ping()) !== 'PONG') throw new Error('Redis did not answer PONG');
      },
    };
  }

  /** Spends one point of the bucket. */
  async consume(policy: Policy, key: string): Promise<RateDecision> {
    const limit = this.specs[policy].points;
    try {
      const res = await this.limiters[policy].consume(key, 1);
      return { limit, remaining: res.remainingPoints, retryAfterSec: 0, allowed: true };
    } catch (error) {
      if (error instanceof RateLimiterRes) {
        return { limit, remaining: 0, retryAfterSec: Math.max(1, Math.ceil(error.msBeforeNext / 1000)), allowed: false };
      }
      throw error;
    }
  }

  /** Throws the 429 of SPEC "Errors" when the bucket is empty (spending one point otherwise). */
  async enforce(policy: Policy, key: string): Promise<RateDecision> {
    const decision = await this.consume(policy, key);
    if (!decision.allowed) {
      this.rejected?.inc({ policy });
      throw tooManyRequests(decision);
    }
    return decision;
  }

  /**
   * Throws the 429 when the bucket is already empty, spending nothing: for budgets that count only
   * failures (checked before the attempt, spent by `consume` after a failed one).
   */
  async refuseIfExhausted(policy: Policy, key: string): Promise<void> {
    const { points } = this.specs[policy];
    const res = await this.limiters[policy].get(key);
    if (res && res.consumedPoints >= points) {
      this.rejected?.inc({ policy });
      throw tooManyRequests({ limit: points, remaining: 0, retryAfterSec: Math.max(1, Math.ceil(res.msBeforeNext / 1000)), allowed: false });
    }
  }

  async close(): Promise<void> {
    await this.redis?.quit().catch(() => {});
  }
}

/** Whose call spends the default budget: an API key, a user (and the apps acting for them), or an address. */
export type Caller = { apiKeyId: string } | { userId: string } | { ip: string };

/** The bucket of the default budget of a caller: the one key format for the auth hook and the routes that name their caller. */
export function callerBucket(caller: Caller): string {
  if ('apiKeyId' in caller) return `key:${caller.apiKeyId}`;
  if ('userId' in caller) return `user:${caller.userId}`;
  return `ip:${caller.ip}`;
}

export function rateLimitHeaders(decision: RateDecision): Record<string, string> {
  const headers: Record<string, string> = {
    'x-ratelimit-limit': String(decision.limit),
    'x-ratelimit-remaining': String(decision.remaining),
  };
  if (!decision.allowed) headers['retry-after'] = String(decision.retryAfterSec);
  return headers;
}

function tooManyRequests(decision: RateDecision): AppError {
  return new AppError(
    'rate_limited',
    { limit: decision.limit, remaining: decision.remaining, retry_after: decision.retryAfterSec },
    rateLimitHeaders(decision),
  );
}
