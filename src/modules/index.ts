import { randomUUID } from 'node:crypto';
import type { CoreContext } from '../platform/context.js';
import type { Module } from './module.js';
import { activeAdminEmails, createUsers, type RevokeSessions } from './users/index.js';
import { createAuth, revokeUserRefreshTokens } from './auth/index.js';
import { createMail } from './mail/index.js';
import { createAudit } from './audit/index.js';
import { createApiKeys } from './api-keys/index.js';
import { createLlm, createLlmCalls } from './llm/index.js';
import { createMemories } from './memories/index.js';
import { createFolders } from './folders/index.js';
import { createDocuments } from './documents/index.js';
import { createSearch } from './search/index.js';
import { createChat } from './chat/index.js';
import { createBulk } from './documents/bulk/index.js';
import { createViewer } from './documents/viewer/index.js';
import { createSessions, endUserSessions } from './sessions/index.js';
import { createSso, refuseUnlessSsoAllows } from './sso/index.js';
import { createApps, createInstalledManifests, installationStatusOf } from './apps/index.js';
import { createOAuth, clientServes } from './oauth/index.js';
import { createAppContent } from './app-content/index.js';
import { createWebhooks } from './webhooks/index.js';
import { createConnectors } from './connectors/index.js';

/**
 * The composition root of the feature modules: the one place that knows them all and hands each the ports it needs.
 * Every module is `createX(ctx, deps)` returning `{ module, ...ports }` (module.ts), built after the modules whose
 * ports it takes: nothing here is bound late or filled in after construction, and nothing here is a rule of any area.
 */
export function createModules(ctx: CoreContext): Module[] {
  const mail = createMail(ctx);
  // A tenant that requires SSO refuses password, code and invitation sign-in, and the refreshes and browser sessions
  // of tokens no SSO sign-in issued, to everyone but owners.
  const signInGate = refuseUnlessSsoAllows;
  const sessions = createSessions(ctx, { signInGate, clientServes: (clientId, tenantId) => clientServes(ctx.db, clientId, tenantId) });
  const oauth = createOAuth(ctx, { sessions: sessions.service });
  // Disabling a user, a password reset or change: every way the user is signed in ends, in the caller's transaction.
  const revokeSessions: RevokeSessions = async (t, userId, at) => {
    await revokeUserRefreshTokens(t, userId, at);
    await endUserSessions(t, userId, at);
    await oauth.revoker.revoke(t, { userId }, at);
  };
  const users = createUsers(ctx, { revokeSessions, mailer: mail.mailer });
  const auth = createAuth(ctx, { signInGate, revokeSessions, invitations: users.invitations, mailer: mail.mailer });
  const sso = createSso(ctx, {
    issueTokens: (t, user) => auth.service.issueFor(t, user, randomUUID(), null, 'sso'),
    // The callback signs the browser in too: the same service_session cookie as POST /api/auth/session/create.
    startSession: (tenantId, userId, options) => sessions.service.start(tenantId, userId, options),
    firstPartyOrigins: ctx.config.firstPartyOrigins,
  });
  // The calls first: documents indexes with them, and the llm module, built after documents, starts its re-embedding.
  const llmCalls = createLlmCalls(ctx);
  const documents = createDocuments(ctx, { embeddings: llmCalls.embeddings, describer: llmCalls.describer });
  const llm = createLlm(ctx, {
    calls: llmCalls,
    onDefaultEmbeddingModelChanged: (tenantId) => documents.reindex.onEmbeddingModelChanged(tenantId, 'default_model'),
  });
  const search = createSearch(ctx, { embeddings: llmCalls.embeddings });
  // App content reads installations through apps' queries, so it is built first and apps get its purgers at once.
  const appContent = createAppContent(ctx, {
    manifests: createInstalledManifests(),
    installationStatus: installationStatusOf,
    // Rich documents become searchable as ordinary documents: a .txt document, indexed by the documents pipeline.
    searchIndex: {
      publish: async (tenant, principal, file) => (await documents.ingestText(tenant, principal, file, { tags: file.tags })).id,
      withdraw: async (t, ids) => (await documents.remover.remove(t, ids)).afterCommit,
    },
  });
  const apps = createApps(ctx, { purgers: appContent.purgers });

  return [
    mail.module,
    users.module,
    auth.module,
    sessions.module,
    oauth.module,
    createAudit().module,
    createApiKeys(ctx).module,
    llm.module,
    createMemories({ remover: documents.remover }).module,
    createFolders({ remover: documents.remover }).module,
    documents.module,
    search.module,
    createChat(ctx, { search: search.search, models: llmCalls.answers }).module,
    createBulk(ctx, { ingest: documents.ingest }).module,
    createViewer(ctx).module,
    sso.module,
    apps.module,
    appContent.module,
    createWebhooks(ctx, { mailer: mail.mailer, tenantAdmins: activeAdminEmails }).module,
    createConnectors(ctx, { content: documents.connectorContent }).module,
  ];
}
