import { randomUUID } from 'node:crypto';
import type { CoreContext } from '../platform/context.js';
import type { Module } from './module.js';
import { mountRoutes } from '../platform/http/route.js';
import { createInvitationsService, createUsersService, userCommands, usersRoutes, type RevokeSessions } from './users/index.js';
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
import { createMailer, mailCommands, mailRoutes } from './mail/index.js';
import { auditRoutes } from './audit/index.js';
import { apiKeysRoutes, createApiKeysService } from './api-keys/index.js';
import { createLlm, createLlmCalls } from './llm/index.js';
import { memoriesModule } from './memories/memories.module.js';
import { foldersModule } from './folders/folders.module.js';
import { createDocuments } from './documents/index.js';
import { createSearchService, ownGraphsTask, searchModule } from './search/index.js';
import { chatModule } from './chat/index.js';
import { bulkModule } from './documents/bulk/index.js';
import { viewerModule } from './documents/viewer/index.js';
import { createSessionsService, endUserSessions, sessionRoutes } from './sessions/index.js';
import { createSso, refuseUnlessSsoAllows } from './sso/index.js';
import { createApps, createInstalledManifests, installationStatusOf } from './apps/index.js';
import { clientServes, createOAuth } from './oauth/index.js';
import { createAppContent } from './app-content/index.js';

/**
 * The composition root of the feature modules: the one place that knows them all and hands each
 * the services it needs. Adding an area means adding it here, not changing the core.
 */
export function createModules(ctx: CoreContext): Module[] {
  ctx.authenticator.connect(createCredentialStore(ctx.db));
  const mail = createMailer(ctx);
  // Whether an OAuth client serves a tenant is a query, so sessions are built before the OAuth server that uses them.
  const sessions = createSessionsService(ctx, {
    signInGate: refuseUnlessSsoAllows,
    clientServes: (clientId, tenantId) => clientServes(ctx.db, clientId, tenantId),
  });
  const oauth = createOAuth(ctx, { sessions });
  // Disabling a user, a password reset or change: every way the user is signed in ends, in the caller's transaction.
  const revokeSessions: RevokeSessions = async (t, userId, at) => {
    await revokeUserRefreshTokens(t, userId, at);
    await endUserSessions(t, userId, at);
    await oauth.revoker.revoke(t, { userId }, at);
  };
  const users = createUsersService({ ...ctx, revokeSessions });
  const invitations = createInvitationsService({ ...ctx, mailer: mail.mailer });
  // A tenant that requires SSO refuses password, code and invitation sign-in, and the refreshes and browser sessions
  // of tokens no SSO sign-in issued, to everyone but owners.
  const authService = createAuthService({ ...ctx, signInGate: refuseUnlessSsoAllows });
  const account = createAccountService({ ...ctx, revokeSessions, signInGate: refuseUnlessSsoAllows }, authService, invitations);
  const loginCodes = createLoginCodesService({ ...ctx, signInGate: refuseUnlessSsoAllows }, authService, mail.mailer);
  const passwordResets = createPasswordResetService({ ...ctx, revokeSessions }, mail.mailer);
  const apiKeys = createApiKeysService(ctx);
  // The calls first: documents indexes with them, and the llm module, built after documents, starts its re-embedding.
  const llmCalls = createLlmCalls(ctx);
  const documents = createDocuments(ctx, { embeddings: llmCalls.embeddings, describer: llmCalls.describer });
  const llm = createLlm(ctx, {
    calls: llmCalls,
    onDefaultEmbeddingModelChanged: (tenantId) => documents.reindex.onEmbeddingModelChanged(tenantId, 'default_model'),
  });
  const sso = createSso(ctx, {
    issueTokens: (t, user) => authService.issueFor(t, user, randomUUID(), null, 'sso'),
    // The callback signs the browser in too: the same service_session cookie as POST /api/auth/session/create.
    startSession: (tenantId, userId, options) => sessions.start(tenantId, userId, options),
    firstPartyOrigins: ctx.config.firstPartyOrigins,
  });
  const search = createSearchService({ db: ctx.db, log: ctx.log, metrics: ctx.metrics, embeddings: llmCalls.embeddings, fusion: ctx.config.search, parallelLegs: ctx.config.search.parallelLegs, fulltextMaxRanked: ctx.config.search.fulltextMaxRanked });
  if (ctx.config.search.ownGraphs) ctx.maintenance.addTask(ownGraphsTask({ minChunks: ctx.config.search.ownGraphMinChunks ?? undefined }));
  // App content reads installations through apps' queries, so it is built first and apps get its purgers at once.
  const appContent = createAppContent(ctx, {
    manifests: createInstalledManifests(),
    installationStatus: installationStatusOf,
    // Rich documents become searchable as ordinary documents: a .txt document, indexed by the documents pipeline.
    searchIndex: {
      publish: async (tenant, principal, file) => (await documents.ingestText(tenant, principal, file, { tags: file.tags })).id,
      withdraw: async (t, ids) => (await documents.remover.remove(t.tx, t.tenantId, ids)).afterCommit,
    },
  });
  const apps = createApps(ctx, { purgers: appContent.purgers });

  return [
    { name: 'mail', jobs: mail.jobs, routes: (app) => mountRoutes(app, mailRoutes()), commands: mailCommands(ctx.db), stop: async () => mail.stop() },
    { name: 'users', routes: (app) => mountRoutes(app, usersRoutes(users, invitations)), commands: userCommands(users) },
    { name: 'auth', jobs: [loginCodes.job, passwordResets.job], routes: (app) => mountRoutes(app, [...authRoutes(authService, account), ...codesRoutes(loginCodes), ...passwordResetRoutes(passwordResets)]) },
    { name: 'sessions', routes: (app) => mountRoutes(app, sessionRoutes(sessions)) },
    oauth.module,
    { name: 'audit', routes: (app) => mountRoutes(app, auditRoutes()) },
    { name: 'api-keys', routes: (app) => mountRoutes(app, apiKeysRoutes(apiKeys)) },
    llm.module,
    memoriesModule(documents.remover),
    foldersModule(documents.remover),
    documents.module,
    searchModule(search),
    chatModule(ctx, { search, models: llmCalls.answers }),
    bulkModule(ctx, documents.ingest),
    viewerModule(ctx),
    sso.module,
    apps.module,
    appContent.module,
  ];
}
