import path from 'node:path';

/**
 * The only reader of process.env. Every variable is documented in docs/configuration.md;
 * all are optional for the embedded default.
 */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /** Role the app switches to on PostgreSQL so row-level security applies (never the owner, no BYPASSRLS). */
  databaseAppRole: string;
  databasePoolSize: number;
  /** Planner-statistics upkeep (platform/db/maintenance.ts): at most one run per interval; rows changed that call for one. */
  dbMaintenance: { intervalMs: number; analyzeThresholdRows: number };
  redisUrl: string | null;
  runMode: 'all' | 'api' | 'worker';
  logLevel: string;
  /** The operator CLI logs less unless LOG_LEVEL says otherwise. */
  cliLogLevel: string;
  publicBaseUrl: string;
  trustProxy: boolean | string;
  jwtSecret: string | null;
  jwtIssuer: string;
  jwtAudience: string;
  accessTokenTtlSec: number;
  refreshTokenTtlSec: number;
  encryptionKey: string | null;
  /** Version stamped on what ENCRYPTION_KEY seals; older versions stay readable through ENCRYPTION_KEYS_PREVIOUS. */
  encryptionKeyVersion: number;
  /** "version:key,..." of keys rotated out, kept to read rows they sealed. */
  encryptionKeysPrevious: string | null;
  bodyLimitBytes: number;
  uploadMaxBytes: number;
  rateLimit: {
    prefix: string;
    perMinute: number;
    /** Failed logins per client IP per minute (successes are free, so an office signs in at 9 a.m.). */
    loginFailuresPerIpPerMinute: number;
    /** Failed logins per account (tenant and e-mail) per hour, from any address. */
    loginFailuresPerAccountPerHour: number;
    /** Refreshes per refresh-token family (one signed-in device) per minute. */
    refreshesPerFamilyPerMinute: number;
    /** API keys created per tenant per minute. */
    keyCreationsPerTenantPerMinute: number;
    /** Calls of the mail-sending routes (codes, resets, invitations) per target address per hour. */
    mailsPerAddressPerHour: number;
    /** Calls of the mail-sending routes per client IP per hour. */
    mailsPerIpPerHour: number;
  };
  idempotencyMaxBodyBytes: number;
  idempotencyTtlSec: number;
  shutdownGraceMs: number;
  worker: {
    concurrency: number;
    parseTimeoutMs: number;
    parseMaxMemoryMb: number;
    jobLeaseSec: number;
    jobMaxAttempts: number;
    pollIntervalMs: number;
  };
  mail: {
    /** smtp(s)://user:pass@host:port; unset, mails go to the outbox table (`mail list`). */
    smtpUrl: string | null;
    from: string;
    /** Attempts of the SMTP send job before the mail is marked failed. */
    maxAttempts: number;
  };
  invitationTtlSec: number;
  /** Lifetime of an e-mailed sign-in code, and the wait before another one is sent to the same address. */
  loginCode: { ttlSec: number; resendCooldownSec: number; maxAttempts: number };
  passwordResetTtlSec: number;
  catalogFile: string | null;
  catalogUrl: string | null;
  provider: {
    allowPrivateUrls: boolean;
    allowedHosts: string[];
    timeoutMs: number;
    maxRetries: number;
  };
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer between ${min} and ${max}, got "${raw}"`);
  }
  return value;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

function str(env: Env, name: string): string | null {
  const raw = env[name];
  return raw === undefined || raw === '' ? null : raw;
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = str(env, name) ?? fallback;
  if (!allowed.includes(raw as T)) throw new ConfigError(`${name} must be one of ${allowed.join(', ')}, got "${raw}"`);
  return raw as T;
}

function trustProxy(env: Env): boolean | string {
  const raw = str(env, 'TRUST_PROXY');
  if (raw === null || ['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  return raw; // a comma-separated list of trusted proxy addresses or CIDRs
}

function smtpUrl(env: Env): string | null {
  const raw = str(env, 'SMTP_URL');
  if (raw === null) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('SMTP_URL must be a URL like smtp://user:pass@host:587 or smtps://host:465');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new ConfigError('SMTP_URL must start with smtp:// or smtps://');
  return raw;
}

export function loadConfig(env: Env = process.env): Config {
  const port = int(env, 'PORT', 8080, 0, 65535);
  const host = str(env, 'HOST') ?? '127.0.0.1';
  const databaseAppRole = str(env, 'DATABASE_APP_ROLE') ?? 'kb_app';
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(databaseAppRole)) {
    throw new ConfigError('DATABASE_APP_ROLE must be a plain lower-case SQL identifier');
  }
  return {
    port,
    host,
    dataDir: path.resolve(str(env, 'DATA_DIR') ?? './data'),
    databaseUrl: str(env, 'DATABASE_URL'),
    databaseAppRole,
    databasePoolSize: int(env, 'DATABASE_POOL_SIZE', 10, 1, 200),
    dbMaintenance: {
      intervalMs: int(env, 'DB_MAINTENANCE_INTERVAL_MS', 30_000, 0, 24 * 3600_000),
      analyzeThresholdRows: int(env, 'DB_ANALYZE_THRESHOLD_ROWS', 1000, 1),
    },
    redisUrl: str(env, 'REDIS_URL'),
    runMode: oneOf(env, 'RUN_MODE', ['all', 'api', 'worker'] as const, 'all'),
    logLevel: str(env, 'LOG_LEVEL') ?? 'info',
    cliLogLevel: str(env, 'LOG_LEVEL') ?? 'warn',
    publicBaseUrl: (str(env, 'PUBLIC_BASE_URL') ?? `http://${host}:${port}`).replace(/\/+$/, ''),
    trustProxy: trustProxy(env),
    jwtSecret: str(env, 'JWT_SECRET'),
    jwtIssuer: str(env, 'JWT_ISSUER') ?? 'knowledge-backend',
    jwtAudience: str(env, 'JWT_AUDIENCE') ?? 'knowledge-backend-api',
    accessTokenTtlSec: 1800,
    refreshTokenTtlSec: int(env, 'REFRESH_TOKEN_TTL_SEC', 14 * 24 * 3600, 60),
    encryptionKey: str(env, 'ENCRYPTION_KEY'),
    encryptionKeyVersion: int(env, 'ENCRYPTION_KEY_VERSION', 1, 1, 1_000_000),
    encryptionKeysPrevious: str(env, 'ENCRYPTION_KEYS_PREVIOUS'),
    bodyLimitBytes: int(env, 'BODY_LIMIT_BYTES', 1024 * 1024, 1024),
    uploadMaxBytes: int(env, 'UPLOAD_MAX_BYTES', 100 * 1024 * 1024, 1024),
    rateLimit: {
      prefix: str(env, 'RATE_LIMIT_PREFIX') ?? 'rl',
      perMinute: int(env, 'RATE_LIMIT_PER_MINUTE', 600, 1),
      loginFailuresPerIpPerMinute: int(env, 'RATE_LIMIT_LOGIN_FAILURES_PER_IP_PER_MINUTE', 30, 1),
      loginFailuresPerAccountPerHour: int(env, 'RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT_PER_HOUR', 10, 1),
      refreshesPerFamilyPerMinute: int(env, 'RATE_LIMIT_REFRESHES_PER_FAMILY_PER_MINUTE', 10, 1),
      keyCreationsPerTenantPerMinute: int(env, 'RATE_LIMIT_KEY_CREATIONS_PER_TENANT_PER_MINUTE', 30, 1),
      mailsPerAddressPerHour: int(env, 'RATE_LIMIT_MAILS_PER_ADDRESS_PER_HOUR', 10, 1),
      mailsPerIpPerHour: int(env, 'RATE_LIMIT_MAILS_PER_IP_PER_HOUR', 200, 1),
    },
    idempotencyMaxBodyBytes: 5 * 1024 * 1024,
    idempotencyTtlSec: 24 * 3600,
    shutdownGraceMs: int(env, 'SHUTDOWN_GRACE_MS', 15_000, 0),
    worker: {
      concurrency: int(env, 'WORKER_CONCURRENCY', 4, 1, 64),
      parseTimeoutMs: int(env, 'PARSE_TIMEOUT_MS', 120_000, 100),
      parseMaxMemoryMb: int(env, 'PARSE_MAX_MEMORY_MB', 1536, 64),
      jobLeaseSec: int(env, 'JOB_LEASE_SEC', 300, 1),
      jobMaxAttempts: int(env, 'JOB_MAX_ATTEMPTS', 3, 1, 20),
      pollIntervalMs: int(env, 'JOB_POLL_INTERVAL_MS', 1000, 50),
    },
    mail: {
      smtpUrl: smtpUrl(env),
      from: str(env, 'MAIL_FROM') ?? 'Knowledge Backend <no-reply@localhost>',
      maxAttempts: int(env, 'MAIL_MAX_ATTEMPTS', 5, 1, 20),
    },
    invitationTtlSec: int(env, 'INVITATION_TTL_SEC', 7 * 24 * 3600, 60),
    loginCode: {
      ttlSec: int(env, 'LOGIN_CODE_TTL_SEC', 600, 60, 3600),
      resendCooldownSec: int(env, 'LOGIN_CODE_RESEND_COOLDOWN_SEC', 60, 0, 3600),
      maxAttempts: 5,
    },
    passwordResetTtlSec: int(env, 'PASSWORD_RESET_TTL_SEC', 1800, 60, 24 * 3600),
    catalogFile: str(env, 'CATALOG_FILE'),
    catalogUrl: str(env, 'CATALOG_URL'),
    provider: {
      allowPrivateUrls: bool(env, 'PROVIDER_ALLOW_PRIVATE_URLS', false),
      allowedHosts: (str(env, 'PROVIDER_ALLOWED_HOSTS') ?? '')
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
      timeoutMs: int(env, 'PROVIDER_TIMEOUT_MS', 60_000, 100),
      maxRetries: int(env, 'PROVIDER_MAX_RETRIES', 2, 0, 10),
    },
  };
}
