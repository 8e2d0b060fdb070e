import type { CoreContext } from '../platform/context.js';
import type { Module } from './module.js';
import { mountRoutes } from '../platform/http/route.js';
import { createInvitationsService, createUsersService, userCommands, usersRoutes } from './users/index.js';
import {
  authRoutes,
  codesRoutes,
  createAccountService,
  createAuthService,
  createCredentialStore,
  createLoginCodesService,
  createPasswordResetService,
  passwordResetRoutes,
  revokeUserRefreshTokens,
} from './auth/index.js';
import { createMailer, mailCommands } from './mail/index.js';
import { auditRoutes } from './audit/index.js';
import { apiKeysRoutes, createApiKeysService } from './api-keys/index.js';
import { createLlm } from './llm/index.js';
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
  ctx.authenticator.connect(createCredentialStore(ctx.db));
  const mail = createMailer(ctx);
  const users = createUsersService({ ...ctx, revokeSessions: revokeUserRefreshTokens });
  const invitations = createInvitationsService({ ...ctx, mailer: mail.mailer });
  const authService = createAuthService(ctx);
  const account = createAccountService(ctx, authService, invitations);
  const loginCodes = createLoginCodesService(ctx, authService, mail.mailer);
  const passwordResets = createPasswordResetService(ctx, mail.mailer);
  const apiKeys = createApiKeysService(ctx);
  // .embeddings and .describer are the ingestion ports (ingestion/ports.ts).
  // The llm module is built first (documents needs its ports), so its hook reaches documents through this binding.
  let documents: ReturnType<typeof createDocuments> | null = null;
  const llm = createLlm(ctx, {
    onDefaultEmbeddingModelChanged: async (tenantId) => documents?.reindex.onEmbeddingModelChanged(tenantId, 'default_model'),
  });
  documents = createDocuments(ctx, { embeddings: llm.embeddings, describer: llm.describer });

  return [
    { name: 'mail', jobs: mail.jobs, commands: mailCommands(ctx.db), stop: async () => mail.stop() },
    { name: 'users', routes: (app) => mountRoutes(app, usersRoutes(users, invitations)), commands: userCommands(users) },
    { name: 'auth', jobs: [loginCodes.job, passwordResets.job], routes: (app) => mountRoutes(app, [...authRoutes(authService, account), ...codesRoutes(loginCodes), ...passwordResetRoutes(passwordResets)]) },
    { name: 'audit', routes: (app) => mountRoutes(app, auditRoutes()) },
    { name: 'api-keys', routes: (app) => mountRoutes(app, apiKeysRoutes(apiKeys)) },
    llm.module,
    memoriesModule(documents.remover),
    foldersModule(documents.remover),
    documents.module,
    searchModule(ctx, llm.embeddings),
    bulkModule(ctx, documents.ingest),
    viewerModule(ctx),
  ];
}
