import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { Redis } from 'ioredis';
import type { Config } from '../config.js';
import { HttpError } from '../http/errors.js';

export type Policy = 'default' | 'sensitive' | 'sensitive_account';

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
 * Token buckets per caller: `default` for every /api call (per API key, per user, or per IP when
 * anonymous), `sensitive` per IP on login/refresh/code/reset endpoints and key creation, and
 * `sensitive_account` per target account. In-process by default; Redis when REDIS_URL is set, so
 * that every instance spends one shared budget.
 */
export class RateLimits {
  private readonly limiters: Record<Policy, RateLimiterAbstract>;
  private readonly specs: Record<Policy, PolicySpec>;

  private constructor(
    config: Config,
    private readonly redis: Redis | null,
  ) {
    this.specs = {
      default: { points: config.rateLimit.perMinute, durationSec: 60 },
      sensitive: { points: config.rateLimit.sensitivePerMinute, durationSec: 60 },
      sensitive_account: { points: config.rateLimit.sensitiveAccountPerHour, durationSec: 3600 },
    };
    const make = (policy: Policy) => {
      const opts = { keyPrefix: `${config.rateLimit.prefix}:${policy}`, ...toLimiterOpts(this.specs[policy]) };
      return redis ? new RateLimiterRedis({ ...opts, storeClient: redis }) : new RateLimiterMemory(opts);
    };
    this.limiters = { default: make('default'), sensitive: make('sensitive'), sensitive_account: make('sensitive_account') };
  }

  static async create(config: Config): Promise<RateLimits> {
    let redis: Redis | null = null;
    if (config.redisUrl) {
      redis = new Redis(config.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: true });
      await redis.connect();
    }
    return new RateLimits(config, redis);
  }

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

  /** Throws the 429 of SPEC "Errors" when the bucket is empty. */
  async enforce(policy: Policy, key: string): Promise<RateDecision> {
    const decision = await this.consume(policy, key);
    if (!decision.allowed) throw tooManyRequests(decision);
    return decision;
  }

  async close(): Promise<void> {
    await this.redis?.quit().catch(() => {});
  }
}

function toLimiterOpts(spec: PolicySpec) {
  return { points: spec.points, duration: spec.durationSec };
}

export function rateLimitHeaders(decision: RateDecision): Record<string, string> {
  const headers: Record<string, string> = {
    'x-ratelimit-limit': String(decision.limit),
    'x-ratelimit-remaining': String(decision.remaining),
  };
  if (!decision.allowed) headers['retry-after'] = String(decision.retryAfterSec);
  return headers;
}

export function tooManyRequests(decision: RateDecision): HttpError {
  return new HttpError(
    429,
    { limit: decision.limit, remaining: decision.remaining, retry_after: decision.retryAfterSec },
    'rate_limited',
    rateLimitHeaders(decision),
  );
}
