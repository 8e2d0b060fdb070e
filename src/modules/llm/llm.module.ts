import type { CoreContext } from '../../platform/context.js';
import type { Module } from '../module.js';
import { createModelGate } from './gate.js';
import { createCatalogService } from './catalog.service.js';
import { catalogCommands } from './catalog.commands.js';
import { createModelsService } from './models.service.js';
import { createAccessService } from './access.service.js';
import { createProvidersService } from './providers.service.js';
import { llmRoutes } from './llm.routes.js';

/**
 * The language-model area, part A: catalog in the database, tenant preferences and access rules, provider keys, and
 * the gate other LLM features (calls, gateway) go through. `services.gate` is what those features are handed.
 */
export function createLlmServices(ctx: CoreContext) {
  const deps = { db: ctx.db, keys: ctx.secrets, config: ctx.config };
  const catalog = createCatalogService({ db: ctx.db, config: ctx.config, log: ctx.log });
  return {
    gate: createModelGate(deps),
    catalog,
    models: createModelsService({ db: ctx.db, catalog }),
    access: createAccessService({ db: ctx.db }),
    providers: createProvidersService(deps),
  };
}
export type LlmServices = ReturnType<typeof createLlmServices>;

export function llmModule(services: LlmServices): Module {
  return {
    name: 'llm',
    routes: llmRoutes(services),
    commands: catalogCommands(services.catalog),
    start: () => services.catalog.syncOnStart(),
  };
}
