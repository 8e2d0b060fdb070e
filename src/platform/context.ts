import { createDbMaintenance, type DbMaintenance } from './db/maintenance.js';
import pino, { type Logger } from 'pino';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/index.js';
import { loadSecrets, type Secrets } from './secrets.js';
import { TokenService } from './auth/tokens.js';
import { EventBus } from './events/bus.js';
import { Authenticator } from './auth/authenticator.js';
import { RateLimits } from './rate-limit/limiter.js';
import { IdempotencyStore } from './idempotency/idempotency.repo.js';
import { JobQueue } from './jobs/queue.js';
import { createBlobStore, type BlobStore } from './blobs/index.js';
import { Clock } from './clock.js';
import { Metrics } from './metrics/metrics.js';

/** Everything cross-cutting a module may use; built once per process (or per test app). */
export interface CoreContext {
  config: Config;
  log: Logger;
  db: Database;
  secrets: Secrets;
  tokens: TokenService;
  bus: EventBus;
  authenticator: Authenticator;
  limits: RateLimits;
  idempotency: IdempotencyStore;
  queue: JobQueue;
  blobs: BlobStore;
  /** "Now" for expiry decisions; tests move it forward. */
  clock: Clock;
  /** Planner statistics kept current after indexing (ANALYZE, and GIN pending lists merged). */
  maintenance: DbMaintenance;
  /** The process's Prometheus registry: platform parts and modules declare their series here. */
  metrics: Metrics;
}

/** Secrets and tokens are never logged, whatever a log line carries. */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-viewer-token"]',
  'req.headers["idempotency-key"]',
  '*.password',
  '*.current_password',
  '*.new_password',
  '*.api_key',
  '*.apiKey',
  '*.access_token',
  '*.refresh_token',
  '*.key',
  '*.client_secret',
];

/**
 * Credentials that may ride in a query string (the deprecated `?viewer_token=`, an IdP's authorization `code` at the
 * SSO callback: single use and PKCE-bound, but still not for logs) never reach a log line.
 */
const SECRET_QUERY = /([?&](?:viewer_token|token|access_token|api_key|code)=)[^&#]*/gi;
export const redactUrl = (url: string) => url.replace(SECRET_QUERY, '$1[redacted]');

function createLogger(config: Config): Logger {
  return pino({
    level: config.logLevel,
    redact: { paths: REDACT, censor: '[redacted]' },
    serializers: {
      req: (req: { method: string; url: string; hostname?: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.hostname,
        remoteAddress: req.ip,
      }),
    },
  });
}

export async function createCoreContext(config: Config, options: { log?: Logger; db?: Database } = {}): Promise<CoreContext> {
  const log = options.log ?? createLogger(config);
  const db =
    options.db ??
    (await openDatabase(
      config,
      (error) => log.error({ err: error }, 'database connection error'),
      (report) => log.info({ dataDir: config.dataDir, ms: report.ms, childPeakRssMb: report.peakRssMb }, 'embedded database created (in a child process)'),
    ));
  try {
    const secrets = await loadSecrets(config);
    const tokens = new TokenService(secrets.jwtSecret, config.jwtIssuer, config.jwtAudience);
    const bus = new EventBus(db);
    const authenticator = new Authenticator(tokens, bus);
    const metrics = new Metrics();
    const limits = await RateLimits.create(config, metrics, (error) => log.warn({ err: error }, 'redis connection error'));
    const clock = new Clock();
    const queue = new JobQueue(db, bus, config.worker.jobMaxAttempts, clock);
    declarePlatformGauges(metrics, db, queue);
    await authenticator.start();
    await queue.start();
    return {
      config,
      log,
      db,
      secrets,
      tokens,
      bus,
      authenticator,
      limits,
      idempotency: new IdempotencyStore(db, config.idempotencyTtlSec),
      queue,
      blobs: createBlobStore(config),
      metrics,
      clock,
      maintenance: createDbMaintenance({
        db,
        log,
        intervalMs: config.dbMaintenance.intervalMs,
        thresholdRows: config.dbMaintenance.analyzeThresholdRows,
      }),
    };
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }
}

/** Series read at scrape time from the database pool and the job table. */
function declarePlatformGauges(metrics: Metrics, db: Database, queue: JobQueue): void {
  metrics.gauge('kb_db_pool_connections', 'Connections of the PostgreSQL pool of this process, by state (total, idle, waiting callers, max)', ['state'], (gauge) => {
    const usage = db.poolUsage?.();
    if (!usage) return;
    for (const [state, n] of Object.entries(usage)) gauge.set({ state }, n);
  });
  metrics.gauge('kb_job_queue_depth', 'Jobs in the shared queue by queue and state (queued, delayed, running, dead); the same on every instance', ['queue', 'state'], async (gauge) => {
    gauge.reset();
    for (const row of await queue.depth()) gauge.set({ queue: row.queue, state: row.state }, row.n);
  });
}

export async function closeCoreContext(ctx: CoreContext): Promise<void> {
  await ctx.authenticator.stop();
  await ctx.limits.close();
  await ctx.maintenance.close();
  ctx.blobs.close();
  await ctx.db.close();
}
