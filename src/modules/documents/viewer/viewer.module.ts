import type { CoreContext } from '../../../platform/context.js';
import type { Module } from '../../module.js';
import { mountRoutes } from '../../../platform/http/route.js';
import { createViewerService } from './viewer.service.js';
import { viewerRoutes } from './viewer.routes.js';

export function createViewer(ctx: Pick<CoreContext, 'db' | 'blobs' | 'tokens' | 'config'>): { module: Module } {
  const service = createViewerService({ db: ctx.db, blobs: ctx.blobs, tokens: ctx.tokens, publicBaseUrl: ctx.config.publicBaseUrl });
  return { module: { name: 'documents-viewer', routes: (app) => mountRoutes(app, viewerRoutes(service)) } };
}
