import path from 'node:path';
import type { CoreContext } from '../../../platform/context.js';
import { mountRoutes } from '../../../platform/http/route.js';
import { closeEventStreams } from '../../../platform/http/sse.js';
import type { Module } from '../../module.js';
import type { IngestService } from '../index.js';
import { createBulkService } from './bulk.service.js';
import { bulkRoutes } from './bulk.routes.js';

export interface BulkModuleDeps {
  /** Each file of a batch is accepted as a single upload is (the documents module's ingest). */
  ingest: IngestService;
}

export function createBulk(ctx: Pick<CoreContext, 'bus' | 'blobs' | 'config'>, deps: BulkModuleDeps): { module: Module } {
  const service = createBulkService({ blobs: ctx.blobs, ingest: deps.ingest, uploadMaxBytes: ctx.config.uploadMaxBytes });
  const routeDeps = { bus: ctx.bus, tmpRoot: path.join(ctx.config.dataDir, 'tmp'), uploadMaxBytes: ctx.config.uploadMaxBytes };
  const module: Module = {
    name: 'documents-bulk',
    routes: (app) => {
      // An open stream would hold shutdown until its batch finishes: end them first (clients reconnect).
      app.addHook('preClose', async () => closeEventStreams(app));
      mountRoutes(app, bulkRoutes(service, routeDeps));
    },
  };
  return { module };
}
