import { createDbMaintenance, type DbMaintenance } from './db/maintenance.js';
import path from 'node:path';
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
import { FileBlobStore, type BlobStore } from './blobs/blob-store.js';
import { Clock } from './clock.js';

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
}

/** Secrets and tokens are never logged, whatever a log line carries. */
export const REDACT = [
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
];

/** Credentials that may ride in a query string (the deprecated `?viewer_token=`) never reach a log line. */
const SECRET_QUERY = /([?&](?:viewer_token|token|access_token|api_key)=)[^&#]*/gi;
export const redactUrl = (url: string) => url.replace(SECRET_QUERY, '$1[redacted]');

export function createLogger(config: Config): Logger {
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
  const db = options.db ?? (await openDatabase(config, (error) => log.error({ err: error }, 'database connection error')));
  try {
    const secrets = await loadSecrets(config);
    const tokens = new TokenService(secrets.jwtSecret, config.jwtIssuer, config.jwtAudience);
    const bus = new EventBus(db);
    const authenticator = new Authenticator(tokens, bus);
    const limits = await RateLimits.create(config);
    const queue = new JobQueue(db, bus, config.worker.jobMaxAttempts);
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
      blobs: new FileBlobStore(path.join(config.dataDir, 'blobs')),
      clock: new Clock(),
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

export async function closeCoreContext(ctx: CoreContext): Promise<void> {
  await ctx.authenticator.stop();
  await ctx.limits.close();
  await ctx.maintenance.close();
  await ctx.db.close();
}
