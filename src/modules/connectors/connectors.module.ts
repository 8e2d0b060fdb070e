import path from 'node:path';
import type { CoreContext } from '../../platform/context.js';
import { mountRoutes } from '../../platform/http/route.js';
import { closeEventStreams } from '../../platform/http/sse.js';
import { createGuardedClient } from '../../platform/net/guarded-fetch.js';
import type { ConnectorContent } from '../documents/index.js';
import type { Module } from '../module.js';
import { connectorsRoutes } from './connectors.routes.js';
import { createConnectorsService } from './connectors.service.js';
import { connectorEnv } from './env.js';
import { CONNECTOR_KINDS, findKind } from './kinds/index.js';
import { runJob } from './sync/engine.js';
import { scheduleTask } from './sync/schedule.js';

export interface ConnectorsModuleDeps {
  /** Creating, replacing and deleting the documents a connector keeps in sync (documents module). */
  content: ConnectorContent;
}

/** Connectors: their routes, the run job (the sync engine) and the periodic task that starts scheduled runs. */
export function createConnectors(ctx: CoreContext, deps: ConnectorsModuleDeps): { module: Module } {
  const { config } = ctx;
  const env = connectorEnv(config, (msg) => ctx.log.warn(msg));
  const service = createConnectorsService({
    clock: ctx.clock,
    secrets: ctx.secrets,
    bus: ctx.bus,
    queue: ctx.queue,
    content: deps.content,
    env,
    kinds: CONNECTOR_KINDS,
    maxPerTenant: config.connectors.maxPerTenant,
  });
  const job = runJob({
    db: ctx.db,
    bus: ctx.bus,
    clock: ctx.clock,
    log: ctx.log,
    secrets: ctx.secrets,
    content: deps.content,
    env,
    http: createGuardedClient({ policy: env.policy }),
    kinds: findKind,
    limits: { maxItems: config.connectors.maxItemsPerRun, maxFileBytes: config.uploadMaxBytes },
    tmpRoot: path.join(config.dataDir, 'tmp', 'connectors'),
    // The heartbeat renews it while the run works; a dead worker's run is taken up this soon.
    leaseSec: Math.min(120, config.worker.jobLeaseSec),
    concurrency: Math.max(1, Math.min(4, config.worker.concurrency)),
    tenantCap: 2,
  });
  return {
    module: {
      name: 'connectors',
      routes: async (app) => {
        mountRoutes(app, connectorsRoutes(service, { bus: ctx.bus, heartbeatMs: config.sseHeartbeatMs }));
        app.addHook('preClose', async () => closeEventStreams(app));
      },
      jobs: [job],
      tasks: [scheduleTask({ db: ctx.db, clock: ctx.clock, service, log: ctx.log })],
    },
  };
}
