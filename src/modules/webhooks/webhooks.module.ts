import type { CoreContext } from '../../platform/context.js';
import { mountRoutes } from '../../platform/http/route.js';
import type { Module } from '../module.js';
import { endpointsRoutes } from './endpoints.routes.js';
import { createEndpointsService } from './endpoints.service.js';
import { eventsRoutes } from './events.routes.js';
import { createEventsService } from './events.service.js';

/** The event log's and the webhooks' routes, the delivery pump's job and the periodic sweep and purge. */
export function createWebhooks(ctx: CoreContext): { module: Module } {
  const events = createEventsService(ctx);
  const endpoints = createEndpointsService(ctx);
  return {
    module: {
      name: 'webhooks',
      routes: (app) => mountRoutes(app, [...eventsRoutes(events), ...endpointsRoutes(endpoints)]),
      jobs: [],
      tasks: [],
    },
  };
}
