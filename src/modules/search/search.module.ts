import type { CoreContext } from '../../platform/context.js';
import { mountRoutes } from '../../platform/http/route.js';
import type { EmbeddingResolver } from '../ingestion/index.js';
import type { Module } from '../module.js';
import { createSearchService, type SearchService } from './search.service.js';
import { searchRoutes } from './search.routes.js';
import { ownGraphsTask } from './tenant-graphs.js';

export interface SearchModuleDeps {
  /** Queries are embedded with each document's own model (the llm module's resolver). */
  embeddings: EmbeddingResolver;
}

/** The search routes, and the search service the chat module retrieves through (the same instance). */
export function createSearch(ctx: CoreContext, deps: SearchModuleDeps): { module: Module; search: SearchService } {
  const { search: options } = ctx.config;
  const search = createSearchService({
    db: ctx.db,
    log: ctx.log,
    metrics: ctx.metrics,
    embeddings: deps.embeddings,
    fusion: options,
    parallelLegs: options.parallelLegs,
    fulltextMaxRanked: options.fulltextMaxRanked,
  });
  if (options.ownGraphs) ctx.maintenance.addTask(ownGraphsTask({ minChunks: options.ownGraphMinChunks ?? undefined, maxGraphs: options.ownGraphsMax }));
  return { module: { name: 'search', routes: (app) => mountRoutes(app, searchRoutes(search)) }, search };
}
