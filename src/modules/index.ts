import type { CoreContext } from '../platform/context.js';
import type { Module } from './module.js';
import { createUsersService } from './users/users.service.js';
import { usersRoutes } from './users/users.routes.js';
import { userCommands } from './users/users.commands.js';
import { createAuthService } from './auth/auth.service.js';
import { authRoutes } from './auth/auth.routes.js';
import { createApiKeysService } from './api-keys/api-keys.service.js';
import { apiKeysRoutes } from './api-keys/api-keys.routes.js';
import { createLlm } from './llm/index.js';
import { createDocumentRemover } from './memories/document-removal.js';
import { memoriesModule } from './memories/memories.module.js';
import { foldersModule } from './folders/folders.module.js';
import { createIngestService } from './documents/ingest.js';
import { createDocumentsModule } from './documents/documents.module.js';
import { searchModule } from './search/search.module.js';
import { bulkModule } from './documents/bulk/bulk.module.js';
import { viewerModule } from './documents/viewer/viewer.module.js';

/**
 * The composition root of the feature modules: the one place that knows them all and hands each
 * the services it needs. Adding an area means adding it here, not changing the core.
 */
export function createModules(ctx: CoreContext): Module[] {
  const users = createUsersService(ctx);
  const authService = createAuthService(ctx);
  const apiKeys = createApiKeysService(ctx);
  // .embeddings and .describer are the ingestion ports (ingestion/ports.ts).
  const llm = createLlm(ctx);
  const documentRemover = createDocumentRemover({ blobs: ctx.blobs, log: ctx.log });
  const ingest = createIngestService(ctx);

  return [
    { name: 'users', routes: usersRoutes(users), commands: userCommands(users) },
    { name: 'auth', routes: authRoutes(authService, ctx.limits) },
    { name: 'api-keys', routes: apiKeysRoutes(apiKeys) },
    llm.module,
    memoriesModule(ctx, documentRemover),
    foldersModule(ctx, documentRemover),
    createDocumentsModule(ctx, { ingest, embeddings: llm.embeddings, describer: llm.describer }),
    searchModule(ctx, llm.embeddings),
    bulkModule(ctx, ingest),
    viewerModule(ctx),
  ];
}
