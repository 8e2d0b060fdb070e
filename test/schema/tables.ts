/**
 * Every Drizzle table of the service, in one list, for the schema check (drizzle-matches-migrations.test.ts).
 * The only file that imports table modules for it: when a table file moves or is renamed, fix the path here.
 * A new table file must be added here, or the check reports its SQL table as having no Drizzle definition.
 */
import type { PgTable } from 'drizzle-orm/pg-core';
import { apiKeys } from '../../src/modules/api-keys/api-keys.table.js';
import { refreshTokens } from '../../src/modules/auth/refresh-tokens.table.js';
import { loginCodes } from '../../src/modules/auth/login-codes.table.js';
import { passwordResets } from '../../src/modules/auth/password-resets.table.js';
import { documentJobs, documents, indexingProfiles } from '../../src/modules/documents/documents.table.js';
import { reindexRuns } from '../../src/modules/documents/reindex/reindex.table.js';
import { folders } from '../../src/modules/folders/folders.table.js';
import { llmEmbeddingDimensions, llmErrors, llmProviderHealth, llmUsage } from '../../src/modules/llm/calls/calls.table.js';
import {
  llmModelAccessRules,
  llmModelPreferences,
  llmModels,
  llmProviderCredentials,
} from '../../src/modules/llm/llm.table.js';
import { memories } from '../../src/modules/memories/memories.table.js';
import { tenants } from '../../src/modules/tenants/tenants.table.js';
import { users } from '../../src/modules/users/users.table.js';
import { invitations } from '../../src/modules/users/invitations.table.js';
import { mailMessages } from '../../src/modules/mail/mail.table.js';
import { auditEvents } from '../../src/modules/audit/audit.table.js';
import { browserSessions } from '../../src/modules/sessions/sessions.table.js';
import { ssoIdentities, ssoProviders, ssoSettings, ssoStates } from '../../src/modules/sso/sso.table.js';
import { conversationMessages, conversations } from '../../src/modules/chat/conversations/conversations.table.js';
import { messageFeedback } from '../../src/modules/chat/feedback/feedback.table.js';
import { appInstallations, appLaunchTokens, apps, appVersions } from '../../src/modules/apps/apps.table.js';
import { oauthClients, oauthCodes, oauthConsents, oauthGrants, oauthRefreshTokens, oauthSigningKeys } from '../../src/modules/oauth/oauth.table.js';
import {
  appAssetAttachments,
  appAssets,
  appContentUsage,
  appRecords,
  richDocuments,
  richDocumentSettings,
  richDocumentVersions,
} from '../../src/modules/app-content/app-content.table.js';
import { events, webhookDeliveries, webhookEndpoints } from '../../src/modules/webhooks/webhooks.table.js';
import { connectorItems, connectorRunErrors, connectorRuns, connectors } from '../../src/modules/connectors/connectors.table.js';

export const drizzleTables: readonly PgTable[] = [
  tenants,
  users,
  refreshTokens,
  apiKeys,
  memories,
  folders,
  documents,
  documentJobs,
  indexingProfiles,
  reindexRuns,
  llmModels,
  llmModelPreferences,
  llmModelAccessRules,
  llmProviderCredentials,
  llmUsage,
  llmErrors,
  llmProviderHealth,
  llmEmbeddingDimensions,
  mailMessages,
  invitations,
  auditEvents,
  events,
  webhookEndpoints,
  webhookDeliveries,
  loginCodes,
  passwordResets,
  browserSessions,
  ssoProviders,
  ssoIdentities,
  ssoStates,
  ssoSettings,
  conversations,
  conversationMessages,
  messageFeedback,
  apps,
  appVersions,
  appInstallations,
  appLaunchTokens,
  oauthClients,
  oauthConsents,
  oauthCodes,
  oauthGrants,
  oauthRefreshTokens,
  oauthSigningKeys,
  appRecords,
  appContentUsage,
  richDocuments,
  richDocumentVersions,
  richDocumentSettings,
  appAssets,
  appAssetAttachments,
  connectors,
  connectorRuns,
  connectorRunErrors,
  connectorItems,
];
