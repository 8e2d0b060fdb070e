import type { CoreContext } from '../../platform/context.js';
import type { Module } from '../module.js';
import type { EmbeddingResolver } from '../ingestion/index.js';
import { createSearchService } from './search.service.js';
import { searchRoutes } from './search.routes.js';

export function searchModule(ctx: CoreContext, embeddings: EmbeddingResolver): Module {
  return { name: 'search', routes: searchRoutes(createSearchService({ db: ctx.db, log: ctx.log, embeddings })) };
}
