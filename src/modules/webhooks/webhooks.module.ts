import type { CoreContext } from '../../platform/context.js';
import { mountRoutes } from '../../platform/http/route.js';
import type { Module } from '../module.js';

/** The event log's and the webhooks' routes, the delivery pump's job and the periodic sweep and purge. */
export function createWebhooks(ctx: CoreContext): { module: Module } {
  void ctx;
  return {
    module: {
      name: 'webhooks',
      routes: (app) => mountRoutes(app, []),
      jobs: [],
      tasks: [],
    },
  };
}
