import { createServer } from 'node:net';
import type { Config } from './platform/config.js';
import { closeCoreContext, createCoreContext, type CoreContext } from './platform/context.js';
import type { Database } from './platform/db/database.js';
import type { App } from './platform/http/types.js';
import type { Lifecycle } from './platform/http/health.js';
import { WorkerRuntime, type PeriodicTask } from './platform/jobs/worker.js';
import { buildApp } from './app.js';
import { createModules } from './modules/index.js';
import type { Module } from './modules/module.js';
import type { CliCommand } from './cli/commands.js';
import { startCliSocket, type CliSocket } from './cli/socket.js';
import { backupCommands } from './cli/backup.js';
import { recordServiceDatabase } from './cli/service-database.js';
import { startMetricsServer, type MetricsServer } from './platform/metrics/server.js';

export interface Service {
  ctx: CoreContext;
  app: App | null;
  modules: Module[];
  commands: CliCommand[];
  worker: WorkerRuntime | null;
  lifecycle: Lifecycle;
  /** The port of GET /metrics when METRICS_PORT is set (and the service listens), else null. */
  metricsPort: number | null;
  /** Stop accepting, drain in-flight requests, stop workers, close the database. Idempotent. */
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Listen on config.host:config.port (false in tests that use app.inject). */
  listen?: boolean;
  /** An already opened database (tests hand in a fresh clone of a migrated template). */
  db?: Database;
  /** Serve the operator CLI on a socket under DATA_DIR, so it acts on this service's database (embedded or PostgreSQL). */
  cliSocket?: boolean;
}

export async function startService(config: Config, options: StartOptions = {}): Promise<Service> {
  const lifecycle: Lifecycle = { state: 'starting' };
  const ctx = await createCoreContext(config, { db: options.db });
  const modules = createModules(ctx);
  const commands = [...modules.flatMap((m) => m.commands ?? []), ...backupCommands(ctx)];
  let app: App | null = null;
  let worker: WorkerRuntime | null = null;
  let socket: CliSocket | null = null;
  let metricsServer: MetricsServer | null = null;
  let stopping: Promise<void> | null = null;

  const stop = () =>
    (stopping ??= (async () => {
      lifecycle.state = 'draining';
      await socket?.close().catch(() => {});
      await app?.close(); // stops accepting, waits for in-flight requests
      await worker?.stop(config.shutdownGraceMs);
      for (const module of [...modules].reverse()) await module.stop?.().catch((e) => ctx.log.error({ err: e }, 'module stop failed'));
      await metricsServer?.close(); // last: the drain itself stays observable
      await closeCoreContext(ctx);
    })());

  try {
    for (const module of modules) await module.start?.();
    if (config.runMode !== 'worker') {
      app = await buildApp(ctx, modules, lifecycle);
      if (options.listen) await app.listen({ host: config.host, port: config.port });
    }
    if (config.runMode !== 'api') {
      const maintenance: PeriodicTask[] = [
        { name: 'idempotency-purge', everyMs: 3600_000, run: async () => void (await ctx.idempotency.purgeExpired()) },
        { name: 'job-purge', everyMs: 3600_000, run: () => ctx.queue.purgeFinished(7 * 24 * 3600) },
      ];
      worker = new WorkerRuntime(
        ctx.queue,
        modules.flatMap((m) => m.jobs ?? []),
        [...maintenance, ...modules.flatMap((m) => m.tasks ?? [])],
        ctx.log,
        config.worker.pollIntervalMs,
        ctx.metrics,
      );
      await worker.start({ reclaimAll: ctx.db.kind === 'pglite' });
    }
    if (options.listen && config.metrics.port !== null) {
      metricsServer = await startMetricsServer(ctx.metrics, { host: config.metrics.host, port: config.metrics.port, token: config.metrics.token });
      ctx.log.info({ url: `http://${config.metrics.host}:${metricsServer.port}/metrics` }, 'metrics served');
    }
    if (options.cliSocket) {
      socket = await startCliSocket(config.dataDir, commands, ctx.log);
      await recordServiceDatabase(config.dataDir, config.databaseUrl);
    }
    lifecycle.state = 'ready';
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }
  return { ctx, app, modules, commands, worker, lifecycle, metricsPort: metricsServer?.port ?? null, stop };
}

/** Whether something already listens on host:port (checked before the database is opened, so a second
 * service on a busy port fails at once instead of after building a database it cannot serve). */
export function portInUse(host: string, port: number): Promise<boolean> {
  if (port === 0) return Promise.resolve(false);
  return new Promise((resolve) => {
    const probe = createServer();
    // Any other refusal (a privileged port, an address not on this host) is left to the real listen to report.
    probe.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'EADDRINUSE'));
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve(false)));
  });
}
