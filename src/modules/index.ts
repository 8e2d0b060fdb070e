import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
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
import { createLlm } from './llm/index.js';
import { memoriesModule } from './memories/memories.module.js';
import { foldersModule } from './folders/folders.module.js';
import { createDocuments } from './documents/index.js';
import { createSearchService, ownGraphsTask, searchModule } from './search/index.js';
import { chatModule } from './chat/index.js';
import { bulkModule } from './documents/bulk/index.js';
import { viewerModule } from './documents/viewer/index.js';
import { createSessionsService, endUserSessions, sessionRoutes, type SessionHooks } from './sessions/index.js';
import { createSso, refuseUnlessSsoAllows } from './sso/index.js';
import { createApps, type AppDataPurger } from './apps/index.js';
import { createOAuth } from './oauth/index.js';
import { createAppContent, type InstallationStatus } from './app-content/index.js';
import { AppError } from '../platform/http/errors.js';

/**
 * The composition root of the feature modules: the one place that knows them all and hands each
 * the services it needs. Adding an area means adding it here, not changing the core.
 */
export function createModules(ctx: CoreContext): Module[] {
  ctx.authenticator.connect(createCredentialStore(ctx.db));
  const mail = createMailer(ctx);
  // Disabling a user, a password reset or change: every way the user is signed in ends, in the caller's transaction.
  const sessionHooks: SessionHooks = { signInGate: refuseUnlessSsoAllows };
  const sessions = createSessionsService(ctx, sessionHooks);
  const oauth = createOAuth(ctx, sessions);
  sessionHooks.clientServes = oauth.clients.serves;
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
  // .embeddings and .describer are the ingestion ports (ingestion/ports.ts).
  // The llm module is built first (documents needs its ports), so its hook reaches documents through this binding.
  let documents: ReturnType<typeof createDocuments> | null = null;
  const llm = createLlm(ctx, {
    onDefaultEmbeddingModelChanged: async (tenantId) => documents?.reindex.onEmbeddingModelChanged(tenantId, 'default_model'),
  });
  documents = createDocuments(ctx, { embeddings: llm.embeddings, describer: llm.describer });
  const sso = createSso(ctx, {
    issueTokens: (t, user) => authService.issueFor(t, user, randomUUID(), null, 'sso'),
    // The callback signs the browser in too: the same service_session cookie as POST /api/auth/session/create.
    startSession: (tenantId, userId, options) => sessions.start(tenantId, userId, options),
    firstPartyOrigins: ctx.config.firstPartyOrigins,
  });
  const search = createSearchService({ db: ctx.db, log: ctx.log, metrics: ctx.metrics, embeddings: llm.embeddings, fusion: ctx.config.search, parallelLegs: ctx.config.search.parallelLegs, fulltextMaxRanked: ctx.config.search.fulltextMaxRanked });
  if (ctx.config.search.ownGraphs) ctx.maintenance.addTask(ownGraphsTask({ minChunks: ctx.config.search.ownGraphMinChunks ?? undefined }));
  // Areas that keep data per app installation (app data, rich documents, assets) add their purger here.
  const appDataPurgers: AppDataPurger[] = [];
  const apps = createApps(ctx, { purgers: appDataPurgers });
  const appContent = createAppContent(ctx, {
    manifests: apps.manifests,
    installationStatus: async (tenant, id) => {
      try {
        return (await apps.installations.get(tenant, id)).status as InstallationStatus;
      } catch (error) {
        if (error instanceof AppError && error.code === 'installation_not_found') return null;
        throw error;
      }
    },
    // Rich documents become searchable as ordinary documents: a .txt upload, indexed by the documents pipeline.
    searchIndex: {
      publish: async (tenant, principal, file) => {
        // Uploads are ingested from a spooled file; the plain text of a rich document is spooled the same way.
        const dir = path.join(ctx.config.dataDir, 'tmp');
        await mkdir(dir, { recursive: true });
        const spooled = path.join(dir, `rich-${randomUUID()}.txt`);
        const text = Buffer.from(file.text, 'utf8');
        await writeFile(spooled, text);
        try {
          return (await documents!.ingest.ingestFile(tenant, principal, { filename: file.filename, path: spooled, size: text.byteLength }, { tags: file.tags })).id;
        } finally {
          await rm(spooled, { force: true });
        }
      },
      withdraw: async (t, ids) => (await documents!.remover.remove(t, ids)).afterCommit,
    },
  });
  // The installations service reads this list when it purges, so adding to it after createApps is in time.
  appDataPurgers.push(...appContent.purgers);

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
    chatModule(ctx, { search, models: llm.answers }),
    bulkModule(ctx, documents.ingest),
    viewerModule(ctx),
    sso.module,
    apps.module,
    appContent.module,
  ];
}
