import type { CoreContext } from '../../../platform/context.js';
import type { Module } from '../../module.js';
import type { IngestService } from '../index.js';
import { createBulkService } from './bulk.service.js';
import { bulkRoutes } from './bulk.routes.js';

export function bulkModule(ctx: Pick<CoreContext, 'db' | 'bus' | 'blobs' | 'config'>, ingest: IngestService): Module {
  const service = createBulkService({ db: ctx.db, blobs: ctx.blobs, ingest, uploadMaxBytes: ctx.config.uploadMaxBytes });
  return {
    name: 'documents-bulk',
    routes: bulkRoutes(service, { db: ctx.db, bus: ctx.bus, dataDir: ctx.config.dataDir, uploadMaxBytes: ctx.config.uploadMaxBytes }),
  };
}
