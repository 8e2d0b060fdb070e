import type { CoreContext } from '../platform/context.js';
import type { Module } from './module.js';
import { createUsersService } from './users/users.service.js';
import { usersRoutes } from './users/users.routes.js';
import { userCommands } from './users/users.commands.js';
import { createAuthService } from './auth/auth.service.js';
import { authRoutes } from './auth/auth.routes.js';
import { createApiKeysService } from './api-keys/api-keys.service.js';
import { apiKeysRoutes } from './api-keys/api-keys.routes.js';
import { createLlmServices, llmModule } from './llm/llm.module.js';
import { createLlmCalls } from './llm/calls/index.js';
import { memoriesModule } from './memories/memories.module.js';
import { foldersModule } from './folders/folders.module.js';
import { createDocuments } from './documents/index.js';
import { searchModule } from './search/search.module.js';
import { bulkModule } from './documents/bulk/index.js';
import { viewerModule } from './documents/viewer/index.js';

/**
 * The composition root of the feature modules: the one place that knows them all and hands each
 * the services it needs. Adding an area means adding it here, not changing the core.
 */
export function createModules(ctx: CoreContext): Module[] {
  const users = createUsersService(ctx);
  const authService = createAuthService(ctx);
  const apiKeys = createApiKeysService(ctx);
  const llm = createLlmServices(ctx);
  // Calls, health, error log, OpenAI gateway; .embeddings and .describer are the ingestion ports (ports.ts).
  const llmCalls = createLlmCalls(ctx, llm.gate);
  const documents = createDocuments(ctx, { embeddings: llmCalls.embeddings, describer: llmCalls.describer });

  return [
    { name: 'users', routes: usersRoutes(users), commands: userCommands(users) },
    { name: 'auth', routes: authRoutes(authService, ctx.limits) },
    { name: 'api-keys', routes: apiKeysRoutes(apiKeys) },
    llmModule(llm),
    llmCalls.module,
    memoriesModule(ctx, documents.remover),
    foldersModule(ctx, documents.remover),
    documents.module,
    searchModule(ctx, llmCalls.embeddings),
    bulkModule(ctx, documents.ingest),
    viewerModule(ctx),
  ];
}
