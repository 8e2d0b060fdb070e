import type { CoreContext } from '../../platform/context.js';
import { mountRoutes } from '../../platform/http/route.js';
import type { Module } from '../module.js';
import { apiKeysRoutes } from './api-keys.routes.js';
import { createApiKeysService } from './api-keys.service.js';

export function createApiKeys(ctx: CoreContext): { module: Module } {
  const service = createApiKeysService(ctx);
  return { module: { name: 'api-keys', routes: (app) => mountRoutes(app, apiKeysRoutes(service)) } };
}
