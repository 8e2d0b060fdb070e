import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/** Platform-wide (tenantId null, the operator's) or owned by one tenant. */
export const oauthClients = pgTable('oauth_clients', {
  id: uuid('id').primaryKey().defaultRandom(),
  clientId: text('client_id').notNull().unique('oauth_clients_client_id_key'),
  tenantId: uuid('tenant_id'),
  name: text('name').notNull(),
  logoUrl: text('logo_url'),
  redirectUris: text('redirect_uris').array().notNull(),
  postLogoutRedirectUris: text('post_logout_redirect_uris').array().notNull().default(sql`'{}'`),
  confidential: boolean('confidential').notNull(),
  firstParty: boolean('first_party').notNull().default(false),
  secretHash: text('secret_hash'),
  allowedScopes: text('allowed_scopes').array().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('oauth_clients_tenant').on(t.tenantId, t.createdAt)]);
export type OAuthClientRow = typeof oauthClients.$inferSelect;

export const oauthConsents = pgTable('oauth_consents', {
  tenantId: uuid('tenant_id').notNull(),
  userId: uuid('user_id').notNull(),
  clientId: text('client_id').notNull(),
  scopes: text('scopes').array().notNull(),
  grantedAt: timestamp('granted_at', { withTimezone: true }).notNull(),
}, (t) => [primaryKey({ columns: [t.tenantId, t.userId, t.clientId], name: 'oauth_consents_pkey' })]);

export const oauthCodes = pgTable('oauth_codes', {
  id: uuid('id').primaryKey().defaultRandom(),
  tenantId: uuid('tenant_id').notNull(),
  codeHash: text('code_hash').notNull().unique('oauth_codes_code_hash_key'),
  clientId: text('client_id').notNull(),
  userId: uuid('user_id').notNull(),
  sessionId: uuid('session_id'),
  redirectUri: text('redirect_uri').notNull(),
  scope: text('scope').notNull(),
  codeChallenge: text('code_challenge'),
  nonce: text('nonce'),
  authTime: timestamp('auth_time', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  grantId: uuid('grant_id'),
}, (t) => [index('oauth_codes_tenant_expiry').on(t.tenantId, t.expiresAt)]);
export type OAuthCodeRow = typeof oauthCodes.$inferSelect;

export const oauthGrants = pgTable('oauth_grants', {
  id: uuid('id').primaryKey(),
  tenantId: uuid('tenant_id').notNull(),
  clientId: text('client_id').notNull(),
  userId: uuid('user_id').notNull(),
  sessionId: uuid('session_id'),
  scope: text('scope').notNull(),
  authTime: timestamp('auth_time', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
}, (t) => [index('oauth_grants_tenant_user').on(t.tenantId, t.userId), index('oauth_grants_tenant_session').on(t.tenantId, t.sessionId)]);
export type OAuthGrantRow = typeof oauthGrants.$inferSelect;

export const oauthRefreshTokens = pgTable('oauth_refresh_tokens', {
  id: uuid('id').primaryKey().defaultRandom(),
  tenantId: uuid('tenant_id').notNull(),
  grantId: uuid('grant_id').notNull(),
  tokenHash: text('token_hash').notNull().unique('oauth_refresh_tokens_token_hash_key'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  successorSealed: text('successor_sealed'),
}, (t) => [index('oauth_refresh_tokens_grant').on(t.tenantId, t.grantId)]);
export type OAuthRefreshTokenRow = typeof oauthRefreshTokens.$inferSelect;

export const oauthSigningKeys = pgTable('oauth_signing_keys', {
  kid: text('kid').primaryKey(),
  alg: text('alg').notNull(),
  publicJwk: jsonb('public_jwk').notNull(),
  privateSealed: text('private_sealed').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('oauth_signing_keys_one_active').on(t.active).where(sql`active`)]);
