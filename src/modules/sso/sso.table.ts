import { boolean, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { tenants } from '../tenants/index.js';

/** Tables of migration 0013_sso.sql (sso_states.idp_tenant: 0026); all four are tenant-owned (RLS). */

export type JitRole = 'admin' | 'member' | 'viewer';

export const ssoProviders = pgTable('sso_providers', {
  id: uuid('id').primaryKey().defaultRandom(),
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  /** As the admin wrote it; may hold "{tenantid}", completed with idpTenant (see effectiveIssuer). */
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  /** platform/sealing.ts, packed; bound to tenant and provider id. */
  clientSecretSealed: text('client_secret_sealed').notNull(),
  clientSecretHint: text('client_secret_hint').notNull(),
  scopes: text('scopes').array().notNull(),
  allowedEmailDomains: text('allowed_email_domains').array().notNull().default([]),
  jitEnabled: boolean('jit_enabled').notNull().default(false),
  jitDefaultRole: text('jit_default_role').$type<JitRole>().notNull().default('member'),
  linkExistingByEmail: boolean('link_existing_by_email').notNull().default(false),
  enabled: boolean('enabled').notNull().default(true),
  adminConsentUrl: text('admin_consent_url'),
  idpTenant: text('idp_tenant'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('sso_providers_tenant_created').on(t.tenantId, t.createdAt)]);
export type SsoProviderRow = typeof ssoProviders.$inferSelect;

export const ssoIdentities = pgTable('sso_identities', {
  id: uuid('id').primaryKey().defaultRandom(),
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').notNull(),
  providerId: uuid('provider_id').references(() => ssoProviders.id, { onDelete: 'set null' }),
  issuer: text('issuer').notNull(),
  subject: text('subject').notNull(),
  email: text('email').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
}, (t) => [
  unique('sso_identities_tenant_issuer_subject_key').on(t.tenantId, t.issuer, t.subject),
  unique('sso_identities_tenant_issuer_user_key').on(t.tenantId, t.issuer, t.userId),
]);
export type SsoIdentityRow = typeof ssoIdentities.$inferSelect;

export type StatePurpose = 'sign_in' | 'admin_consent';

export const ssoStates = pgTable('sso_states', {
  id: uuid('id').primaryKey().defaultRandom(),
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  providerId: uuid('provider_id')
    .notNull()
    .references(() => ssoProviders.id, { onDelete: 'cascade' }),
  purpose: text('purpose').$type<StatePurpose>().notNull(),
  /** SHA-256 of the state (the state itself only travels through the browser). */
  stateHash: text('state_hash').notNull().unique('sso_states_state_hash_key'),
  nonce: text('nonce'),
  codeVerifierSealed: text('code_verifier_sealed'),
  redirectUri: text('redirect_uri').notNull(),
  nextUrl: text('next_url'),
  /** The issuer the redirect went to: a provider changed meanwhile does not redirect the answer elsewhere. */
  issuer: text('issuer').notNull(),
  createdByUserId: uuid('created_by_user_id'),
  /** SHA-256 of the binding cookie of the browser that started the sign-in. */
  browserBindingHash: text('browser_binding_hash'),
  /** Admin consent: the IdP tenant it was started for; the answer must name this one (migration 0026). */
  idpTenant: text('idp_tenant'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
}, (t) => [index('sso_states_tenant_expires').on(t.tenantId, t.expiresAt)]);
export type SsoStateRow = typeof ssoStates.$inferSelect;

export const ssoSettings = pgTable('sso_settings', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  enforced: boolean('enforced').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
