import type { CoreContext } from '../../platform/context.js';
import type { TenantTx } from '../../platform/db/tenant-db.js';
import { mountRoutes } from '../../platform/http/route.js';
import { createGuardedClient } from '../../platform/net/guarded-fetch.js';
import type { Mailer } from '../mail/index.js';
import type { Module } from '../module.js';
import { endpointsRoutes } from './endpoints.routes.js';
import { createEndpointsService } from './endpoints.service.js';
import { eventsRoutes } from './events.routes.js';
import { createEventsService } from './events.service.js';
import { deliveriesRoutes } from './deliveries.routes.js';
import { createDeliveriesService } from './deliveries.service.js';
import { deliverySeries } from './delivery/metrics.js';
import { pumpJob } from './delivery/pump.js';
import { deliveryTasks } from './delivery/tasks.js';

export interface WebhooksDeps {
  /** Mails the tenant's admins when an endpoint is disabled. */
  mailer: Pick<Mailer, 'enqueue'>;
  /** The addresses of the tenant's active owners and admins. */
  tenantAdmins(t: TenantTx): Promise<string[]>;
}

/** The event log's and the webhooks' routes, the delivery pump's job and the periodic sweep and purge. */
export function createWebhooks(ctx: CoreContext, deps: WebhooksDeps): { module: Module } {
  const { config } = ctx;
  // Endpoint URLs are tenants' URLs like providers' base URLs: the same operator policy, checked at every connect.
  const client = createGuardedClient({ policy: { allowPrivate: config.provider.allowPrivateUrls, allowedHosts: config.provider.allowedHosts } });
  const events = createEventsService(ctx);
  const endpoints = createEndpointsService(ctx);
  const deliveries = createDeliveriesService({ clock: ctx.clock });
  const pump = pumpJob({
    db: ctx.db,
    clock: ctx.clock,
    secrets: ctx.secrets,
    client,
    series: deliverySeries(ctx.metrics),
    log: ctx.log,
    settings: { ...config.webhooks, jobLeaseSec: config.worker.jobLeaseSec },
    mailer: deps.mailer,
    tenantAdmins: deps.tenantAdmins,
  });
  return {
    module: {
      name: 'webhooks',
      routes: (app) => mountRoutes(app, [...eventsRoutes(events), ...endpointsRoutes(endpoints), ...deliveriesRoutes(deliveries)]),
      jobs: [pump],
      tasks: deliveryTasks(ctx),
    },
  };
}
