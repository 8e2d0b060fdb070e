import type { CoreContext } from '../../platform/context.js';
import { mountRoutes } from '../../platform/http/route.js';
import type { Module } from '../module.js';
import type { EmbeddingResolver } from '../ingestion/index.js';
import { createSearchService } from './search.service.js';
import { searchRoutes } from './search.routes.js';

export function searchModule(ctx: CoreContext, embeddings: EmbeddingResolver): Module {
  const service = createSearchService({ db: ctx.db, log: ctx.log, embeddings });
  return { name: 'search', routes: (app) => mountRoutes(app, searchRoutes(service)) };
}
