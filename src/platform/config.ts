import { existsSync } from 'node:fs';
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
  /** Embedded database: one WebAssembly call per statement, named prepared statements (platform/db/pglite-pipeline.ts). */
  pglitePipeline: boolean;
  /** Embedded database: PostgreSQL's shared_buffers in MB, inside PGlite's WebAssembly memory (resident once touched). */
  pgliteSharedBuffersMb: number;
  /** PostgreSQL: transactions' statements as named prepared statements, parsed once per connection. */
  databasePreparedStatements: boolean;
  /** Planner-statistics upkeep (platform/db/maintenance.ts): at most one run per interval; rows changed that call for one. */
  dbMaintenance: { intervalMs: number; analyzeThresholdRows: number };
  redisUrl: string | null;
  /** Where uploaded files and derived artefacts live: DATA_DIR/blobs, or an S3-compatible bucket shared by every instance. */
  blobs: { store: 'filesystem' } | { store: 's3'; s3: S3Config };
  /** GET /metrics: on the HTTP port behind METRICS_TOKEN, and/or on a port of its own (workers have no other). */
  metrics: { token: string | null; port: number | null; host: string };
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
  /** Markdown and MDX: remark parses ~0.3 MB/s and slower as the file grows, so these have a lower limit. */
  uploadMaxBytesMarkdown: number;
  rateLimit: {
    prefix: string;
    perMinute: number;
    /** Failed logins per client IP per minute (successes are free, so an office signs in at 9 a.m.). */
    loginFailuresPerIpPerMinute: number;
    /** Failed logins per account (tenant and e-mail) per hour, from any address. */
    loginFailuresPerAccountPerHour: number;
    /** Refreshes per refresh-token family (one signed-in device) per minute. */
    /** API keys created per tenant per minute. */
    keyCreationsPerTenantPerMinute: number;
    /** Calls of the mail-sending routes (codes, resets, invitations) per target address per hour. */
    mailsPerAddressPerHour: number;
    /** Calls of the mail-sending routes per client IP per hour. */
    mailsPerIpPerHour: number;
    /** App manifests validated or imported per tenant per minute. */
    manifestChecksPerTenantPerMinute: number;
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
    /** Target duration of one step of the vector catch-up (chunks moved into the HNSW graph per transaction). */
    vectorCatchupStepMs: number;
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
  /** The browser session (cookie `service_session`): idle and absolute lifetimes. */
  session: { idleTtlSec: number; absoluteTtlSec: number };
  /**
   * Origins of our own web front-ends (the one of PUBLIC_BASE_URL included): the only ones that get CORS with
   * credentials on /api/auth/* and may make cookie-authenticated writes.
   */
  firstPartyOrigins: string[];
  /** Third-party apps. */
  apps: {
    /** Lets a manifest's URLs be http:// on loopback hosts (development only); https otherwise. */
    allowHttpLoopback: boolean;
    launchTokenTtlSec: number;
    accessTokenTtlSec: number;
    /** Days an uninstalled app's data is kept before the purge job deletes it. */
    uninstalledRetentionDays: number;
    purgeIntervalMs: number;
  };
  oauth: {
    /**
     * Our login page: where `GET /api/auth/authorize` sends a browser without a session (`login_url`); the console's
     * sign-in page by default, which follows `return_to` to the console's authorization page afterwards.
     */
    loginPageUrl: string;
    /**
     * The `authorization_endpoint` the discovery documents advertise: a web page that calls the JSON endpoint and follows
     * its `redirect_to`. The console's PUBLIC_BASE_URL/admin/authorize when the console is built (so browsers get a sign-in
     * and consent page, not JSON); the JSON endpoint itself only when there is no console to send them to.
     */
    authorizationPageUrl: string;
  };
  /** What one app installation may keep (app data records; asset limits come from the manifest). */
  appContent: {
    maxRecords: number;
    maxRecordBytes: number;
    maxDataBytes: number;
  };
  catalogFile: string | null;
  catalogUrl: string | null;
  provider: {
    allowPrivateUrls: boolean;
    allowedHosts: string[];
    timeoutMs: number;
    maxRetries: number;
    /** Chat with providers that speak OpenAI's protocol goes through the pass-through, not the AI SDK. */
    passthrough: boolean;
  };
  /** SSO through external OpenID Connect providers (modules/sso). Issuer and JWKS addresses follow `provider`'s policy. */
  sso: {
    /** http:// issuers allowed (development and tests on loopback); https only otherwise. */
    allowHttpIssuers: boolean;
    /** Callback URLs besides PUBLIC_BASE_URL/api/auth/sso/idp/callback that an IdP may send the browser back to. */
    redirectUris: string[];
  };
  /** Outbound webhooks (modules/webhooks): endpoints and their delivery. URLs follow `provider`'s address policy. */
  webhooks: {
    /** http:// endpoint URLs allowed when the host is a loopback one (development and tests); https only otherwise. */
    allowHttpLoopback: boolean;
    /** Endpoints one tenant may have. */
    endpointsMax: number;
    /** Deliveries of one tenant sent at once (its pump jobs running at once). */
    tenantInFlight: number;
    /** Pump jobs one process runs at once (each sends one request at a time). */
    concurrency: number;
    /** How long a receiver has to answer (2xx) before the attempt counts as failed. */
    timeoutMs: number;
  };
  /** Connectors (modules/connectors): sources kept in sync. URLs they fetch follow their own address policy. */
  connectors: {
    /** CONNECTOR_FOLDER_ROOTS: absolute directories the folder kind may read under (resolved to real paths at start). */
    folderRoots: string[];
    allowPrivateUrls: boolean;
    allowedHosts: string[];
    graphBaseUrl: string;
    graphLoginUrl: string;
    maxPerTenant: number;
    maxItemsPerRun: number;
    userAgent: string;
  };
  /** Interval of the `: ping` comment on answer streams (chat/query with stream: true). */
  sseHeartbeatMs: number;
  chat: {
    /** How a new conversation gets its title: its first question cut short, or a few words written by the chat model. */
    titles: 'truncate' | 'model';
  };
  /** Hybrid search's reciprocal-rank fusion (docs/benchmarks.md, "Retrieval quality", measured these). */
  search: {
    rrfK: number;
    /** Weight of the vector leg's votes when its model is the built-in lexical embedder (a second lexical signal). */
    builtinVectorWeight: number;
    /** A hybrid query's two legs on two connections at once (PostgreSQL server only). */
    parallelLegs: boolean;
    /** Matches the full-text leg ranks at most per query (latency against completeness for common words). */
    fulltextMaxRanked: number;
    /** Tenants' own HNSW graphs (search/tenant-graphs.ts), kept by the maintenance runs. */
    ownGraphs: boolean;
    /** Chunks above which a tenant may get its own graph; null: the exact-comparison limit of the dimension. */
    ownGraphMinChunks: number | null;
    /** Own graphs at most, over every dimension (the largest qualifying tenants have them). */
    ownGraphsMax: number;
  };
}

export interface S3Config {
  bucket: string;
  region: string;
  endpoint: string | null;
  forcePathStyle: boolean;
  keyPrefix: string;
  partSizeMb: number;
  uploadQueueSize: number;
  /** From AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY(/AWS_SESSION_TOKEN); null: the SDK's own chain (profile, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | null;
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

function fraction(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || value > 1) throw new ConfigError(`${name} must be a number between 0 and 1, got "${raw}"`);
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

function blobs(env: Env): Config['blobs'] {
  const store = oneOf(env, 'BLOB_STORE', ['filesystem', 's3'] as const, 'filesystem');
  if (store === 'filesystem') return { store };
  const bucket = str(env, 'S3_BUCKET');
  if (!bucket) throw new ConfigError('S3_BUCKET is required when BLOB_STORE=s3');
  const endpoint = str(env, 'S3_ENDPOINT');
  if (endpoint !== null && !/^https?:\/\/[^/]/.test(endpoint)) throw new ConfigError('S3_ENDPOINT must be an http(s) URL, e.g. https://s3.example.com');
  const keyPrefix = str(env, 'S3_KEY_PREFIX') ?? '';
  if (!/^([A-Za-z0-9._-]+\/)*$/.test(keyPrefix)) throw new ConfigError('S3_KEY_PREFIX must be empty or path segments each ending in "/", e.g. kb/prod/');
  const accessKeyId = str(env, 'AWS_ACCESS_KEY_ID');
  const secretAccessKey = str(env, 'AWS_SECRET_ACCESS_KEY');
  if ((accessKeyId === null) !== (secretAccessKey === null)) throw new ConfigError('AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together: set both or neither');
  const sessionToken = str(env, 'AWS_SESSION_TOKEN');
  return {
    store,
    s3: {
      bucket,
      region: str(env, 'S3_REGION') ?? str(env, 'AWS_REGION') ?? 'us-east-1',
      endpoint,
      forcePathStyle: bool(env, 'S3_FORCE_PATH_STYLE', false),
      keyPrefix,
      partSizeMb: int(env, 'S3_PART_SIZE_MB', 8, 5, 5120),
      uploadQueueSize: int(env, 'S3_UPLOAD_QUEUE_SIZE', 4, 1, 32),
      credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) } : null,
    },
  };
}

function metrics(env: Env, host: string): Config['metrics'] {
  const token = str(env, 'METRICS_TOKEN');
  if (token !== null && token.length < 16) throw new ConfigError('METRICS_TOKEN must be at least 16 characters');
  const port = str(env, 'METRICS_PORT') === null ? null : int(env, 'METRICS_PORT', 0, 0, 65535);
  return { token, port, host: str(env, 'METRICS_HOST') ?? host };
}

/**
 * A PostgreSQL URL with a host (a name, an address, or a socket directory as `?host=/run/postgresql`). The driver
 * would read a URL without one, such as `postgres:/kb`, as "the local server on its default socket" and connect there.
 * Messages never repeat the value: it may hold a password.
 */
function databaseUrl(env: Env): string | null {
  const raw = str(env, 'DATABASE_URL');
  if (raw === null) return null;
  const example = 'e.g. postgresql://user:password@db-host:5432/kb';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`DATABASE_URL is not a valid URL (${example})`);
  }
  if (url.protocol !== 'postgresql:' && url.protocol !== 'postgres:') {
    throw new ConfigError(`DATABASE_URL must start with postgresql:// or postgres:// (${example})`);
  }
  if (!url.hostname && !url.searchParams.get('host')) {
    throw new ConfigError(`DATABASE_URL names no host (${example}; for a Unix socket: postgresql:///kb?host=/run/postgresql)`);
  }
  return raw;
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

function absoluteUrl(name: string, raw: string | null): string | null {
  if (raw === null) return null;
  try {
    const url = new URL(raw);
    if (url.protocol === 'http:' || url.protocol === 'https:') return raw;
  } catch {
    // reported below
  }
  throw new ConfigError(`${name} must be an absolute http(s) URL, got "${raw}"`);
}

function sessionLifetimes(env: Env): Config['session'] {
  const idleTtlSec = int(env, 'SESSION_IDLE_TTL_SEC', 24 * 3600, 60, 365 * 24 * 3600);
  const absoluteTtlSec = int(env, 'SESSION_ABSOLUTE_TTL_SEC', 14 * 24 * 3600, 60, 365 * 24 * 3600);
  if (idleTtlSec > absoluteTtlSec) throw new ConfigError('SESSION_IDLE_TTL_SEC must not exceed SESSION_ABSOLUTE_TTL_SEC');
  return { idleTtlSec, absoluteTtlSec };
}

/** An origin is scheme://host[:port], nothing more; `*` is refused (never a wildcard with credentials). */
function firstPartyOrigins(env: Env, publicBaseUrl: string): string[] {
  const origins = new Set<string>();
  try {
    origins.add(new URL(publicBaseUrl).origin);
  } catch {
    throw new ConfigError(`PUBLIC_BASE_URL must be an absolute URL, got "${publicBaseUrl}"`);
  }
  for (const raw of (str(env, 'FIRST_PARTY_ORIGINS') ?? '').split(',').map((o) => o.trim()).filter(Boolean)) {
    let url: URL | null;
    try {
      url = new URL(raw);
    } catch {
      url = null;
    }
    if (!url || !['http:', 'https:'].includes(url.protocol) || url.origin !== raw.replace(/\/$/, '')) {
      throw new ConfigError(`FIRST_PARTY_ORIGINS must be a comma-separated list of origins like https://app.example.com (no path, no wildcard), got "${raw}"`);
    }
    origins.add(url.origin);
  }
  return [...origins];
}

/** Where `npm run web:build` puts the console (web/vite.config.ts); served at /admin/ when its index.html exists. */
export const CONSOLE_DIR = path.resolve(import.meta.dirname, '../../web/dist');

export interface ConfigContext {
  /** Whether the console is built and so served at /admin/ (decides the default OAuth authorization page). */
  consoleBuilt: boolean;
}

export function loadConfig(env: Env = process.env, context: ConfigContext = { consoleBuilt: existsSync(path.join(CONSOLE_DIR, 'index.html')) }): Config {
  const port = int(env, 'PORT', 8080, 0, 65535);
  const host = str(env, 'HOST') ?? '127.0.0.1';
  const databaseAppRole = str(env, 'DATABASE_APP_ROLE') ?? 'kb_app';
  const publicBaseUrl = (str(env, 'PUBLIC_BASE_URL') ?? `http://${host}:${port}`).replace(/\/+$/, '');
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(databaseAppRole)) {
    throw new ConfigError('DATABASE_APP_ROLE must be a plain lower-case SQL identifier');
  }
  return {
    port,
    host,
    dataDir: path.resolve(str(env, 'DATA_DIR') ?? './data'),
    databaseUrl: databaseUrl(env),
    databaseAppRole,
    databasePoolSize: int(env, 'DATABASE_POOL_SIZE', 10, 1, 200),
    pglitePipeline: bool(env, 'PGLITE_PIPELINE', true),
    pgliteSharedBuffersMb: int(env, 'PGLITE_SHARED_BUFFERS_MB', 64, 1, 1024),
    databasePreparedStatements: bool(env, 'DATABASE_PREPARED_STATEMENTS', false),
    dbMaintenance: {
      intervalMs: int(env, 'DB_MAINTENANCE_INTERVAL_MS', 30_000, 0, 24 * 3600_000),
      analyzeThresholdRows: int(env, 'DB_ANALYZE_THRESHOLD_ROWS', 1000, 1),
    },
    redisUrl: str(env, 'REDIS_URL'),
    blobs: blobs(env),
    metrics: metrics(env, host),
    runMode: oneOf(env, 'RUN_MODE', ['all', 'api', 'worker'] as const, 'all'),
    logLevel: str(env, 'LOG_LEVEL') ?? 'info',
    cliLogLevel: str(env, 'LOG_LEVEL') ?? 'warn',
    publicBaseUrl,
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
    uploadMaxBytesMarkdown: int(env, 'UPLOAD_MAX_BYTES_MARKDOWN', 4 * 1024 * 1024, 1024),
    rateLimit: {
      prefix: str(env, 'RATE_LIMIT_PREFIX') ?? 'rl',
      perMinute: int(env, 'RATE_LIMIT_PER_MINUTE', 600, 1),
      loginFailuresPerIpPerMinute: int(env, 'RATE_LIMIT_LOGIN_FAILURES_PER_IP_PER_MINUTE', 30, 1),
      loginFailuresPerAccountPerHour: int(env, 'RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT_PER_HOUR', 10, 1),
      keyCreationsPerTenantPerMinute: int(env, 'RATE_LIMIT_KEY_CREATIONS_PER_TENANT_PER_MINUTE', 30, 1),
      mailsPerAddressPerHour: int(env, 'RATE_LIMIT_MAILS_PER_ADDRESS_PER_HOUR', 10, 1),
      mailsPerIpPerHour: int(env, 'RATE_LIMIT_MAILS_PER_IP_PER_HOUR', 200, 1),
      manifestChecksPerTenantPerMinute: int(env, 'RATE_LIMIT_MANIFEST_CHECKS_PER_TENANT_PER_MINUTE', 60, 1),
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
      // Embedded: every query waits behind a running step (one connection), so shorter steps; a server's readers never do.
      vectorCatchupStepMs: int(env, 'VECTOR_CATCHUP_STEP_MS', str(env, 'DATABASE_URL') ? 150 : 40, 5, 10_000),
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
    session: sessionLifetimes(env),
    firstPartyOrigins: firstPartyOrigins(env, publicBaseUrl),
    apps: {
      allowHttpLoopback: bool(env, 'APPS_ALLOW_HTTP_LOOPBACK', false),
      launchTokenTtlSec: 60,
      accessTokenTtlSec: 900,
      uninstalledRetentionDays: int(env, 'APPS_UNINSTALLED_RETENTION_DAYS', 30, 0, 3650),
      purgeIntervalMs: int(env, 'APPS_PURGE_INTERVAL_MS', 3600_000, 1000),
    },
    oauth: {
      loginPageUrl: absoluteUrl('OAUTH_LOGIN_PAGE_URL', str(env, 'OAUTH_LOGIN_PAGE_URL')) ?? `${publicBaseUrl}/admin/sign-in`,
      authorizationPageUrl:
        absoluteUrl('OAUTH_AUTHORIZATION_PAGE_URL', str(env, 'OAUTH_AUTHORIZATION_PAGE_URL')) ??
        (context.consoleBuilt ? `${publicBaseUrl}/admin/authorize` : `${publicBaseUrl}/api/auth/authorize`),
    },
    appContent: {
      maxRecords: int(env, 'APP_DATA_MAX_RECORDS', 100_000, 1),
      maxRecordBytes: int(env, 'APP_DATA_MAX_RECORD_BYTES', 64 * 1024, 256, 1024 * 1024),
      maxDataBytes: int(env, 'APP_DATA_MAX_BYTES', 256 * 1024 * 1024, 1024),
    },
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
      passthrough: bool(env, 'PROVIDER_PASSTHROUGH', true),
    },
    sso: {
      allowHttpIssuers: bool(env, 'SSO_ALLOW_HTTP_ISSUERS', false),
      redirectUris: ssoRedirectUris(env),
    },
    webhooks: {
      allowHttpLoopback: bool(env, 'WEBHOOK_ALLOW_HTTP_LOOPBACK', false),
      endpointsMax: int(env, 'WEBHOOK_ENDPOINTS_MAX', 20, 1, 1000),
      tenantInFlight: int(env, 'WEBHOOK_TENANT_IN_FLIGHT', 4, 1, 64),
      concurrency: int(env, 'WEBHOOK_CONCURRENCY', 16, 1, 256),
      timeoutMs: int(env, 'WEBHOOK_TIMEOUT_MS', 15_000, 100, 60_000),
    },
    connectors: {
      folderRoots: folderRoots(env),
      allowPrivateUrls: bool(env, 'CONNECTOR_ALLOW_PRIVATE_URLS', false),
      allowedHosts: (str(env, 'CONNECTOR_ALLOWED_HOSTS') ?? '')
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
      graphBaseUrl: (absoluteUrl('CONNECTOR_GRAPH_BASE_URL', str(env, 'CONNECTOR_GRAPH_BASE_URL')) ?? 'https://graph.microsoft.com/v1.0').replace(/\/+$/, ''),
      graphLoginUrl: (absoluteUrl('CONNECTOR_GRAPH_LOGIN_URL', str(env, 'CONNECTOR_GRAPH_LOGIN_URL')) ?? 'https://login.microsoftonline.com').replace(/\/+$/, ''),
      maxPerTenant: int(env, 'CONNECTOR_MAX_PER_TENANT', 50, 1, 10_000),
      maxItemsPerRun: int(env, 'CONNECTOR_MAX_ITEMS_PER_RUN', 10_000, 1, 10_000_000),
      userAgent: str(env, 'CONNECTOR_USER_AGENT') ?? 'KnowledgeBaseBot/1.0 (+connectors)',
    },
    sseHeartbeatMs: int(env, 'SSE_HEARTBEAT_MS', 15_000, 10, 600_000),
    chat: {
      titles: oneOf(env, 'CHAT_TITLES', ['truncate', 'model'] as const, 'truncate'),
    },
    search: {
      rrfK: int(env, 'SEARCH_RRF_K', 10, 1, 1000),
      builtinVectorWeight: fraction(env, 'SEARCH_BUILTIN_VECTOR_WEIGHT', 0.5),
      parallelLegs: bool(env, 'SEARCH_PARALLEL_LEGS', true),
      fulltextMaxRanked: int(env, 'SEARCH_FULLTEXT_MAX_RANKED', 300, 50, 100_000),
      ownGraphs: bool(env, 'SEARCH_OWN_GRAPHS', true),
      ownGraphMinChunks: env.SEARCH_OWN_GRAPH_MIN_CHUNKS ? int(env, 'SEARCH_OWN_GRAPH_MIN_CHUNKS', 0, 1) : null,
      ownGraphsMax: int(env, 'SEARCH_OWN_GRAPHS_MAX', 8, 0, 1000),
    },
  };
}

/** CONNECTOR_FOLDER_ROOTS: comma-separated absolute directories; a relative one is a configuration error. */
function folderRoots(env: Env): string[] {
  const roots = (str(env, 'CONNECTOR_FOLDER_ROOTS') ?? '').split(',').map((r) => r.trim()).filter(Boolean);
  for (const root of roots) {
    if (!path.isAbsolute(root)) throw new ConfigError(`CONNECTOR_FOLDER_ROOTS must list absolute directories, got "${root}"`);
  }
  return roots;
}

/** Exact callback URLs (absolute http(s), no fragment, no credentials): compared as strings, never as prefixes. */
function ssoRedirectUris(env: Env): string[] {
  const list = (str(env, 'SSO_REDIRECT_URIS') ?? '').split(',').map((u) => u.trim()).filter(Boolean);
  for (const raw of list) {
    let url: URL | null;
    try {
      url = new URL(raw);
    } catch {
      url = null;
    }
    if (!url || !['http:', 'https:'].includes(url.protocol) || url.hash || raw.includes('#') || url.username || url.password) {
      throw new ConfigError(`SSO_REDIRECT_URIS must be a comma-separated list of absolute http(s) URLs without fragment or credentials, got "${raw}"`);
    }
  }
  return list;
}
