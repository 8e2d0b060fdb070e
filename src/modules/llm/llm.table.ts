import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CatalogCapabilities, Mode } from './catalog/loader.js';

/** Tables of migration 0003_llm.sql. llm_models is global; the other three are tenant-owned (RLS). */

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // PGlite hands back a Uint8Array, node-postgres a Buffer: callers always get a Buffer.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const llmModels = pgTable('llm_models', {
  id: uuid('id').primaryKey().defaultRandom(),
  modelName: text('model_name').notNull().unique('llm_models_model_name_key'),
  provider: text('provider').notNull(),
  mode: text('mode').$type<Mode>().notNull(),
  maxInputTokens: integer('max_input_tokens'),
  maxOutputTokens: integer('max_output_tokens'),
  inputCostPerToken: doublePrecision('input_cost_per_token'),
  outputCostPerToken: doublePrecision('output_cost_per_token'),
  cachedInputCostPerToken: doublePrecision('cached_input_cost_per_token'),
  costPerImage: doublePrecision('cost_per_image'),
  costPerSecond: doublePrecision('cost_per_second'),
  costPerCharacter: doublePrecision('cost_per_character'),
  costPerQuery: doublePrecision('cost_per_query'),
  outputVectorSize: integer('output_vector_size'),
  deprecationDate: text('deprecation_date'),
  capabilities: jsonb('capabilities').$type<Partial<CatalogCapabilities>>().notNull().default({}),
  source: text('source').notNull(),
  inCatalog: boolean('in_catalog').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  unique('llm_models_id_mode_key').on(t.id, t.mode),
  index('llm_models_provider_mode').on(t.provider, t.mode, t.modelName),
  index('llm_models_mode').on(t.mode, t.modelName),
]);
/** A model of the catalog as stored (what the gate hands to callers). */
export type CatalogModelRow = typeof llmModels.$inferSelect;

export const llmModelPreferences = pgTable(
  'llm_model_preferences',
  {
    tenantId: uuid('tenant_id').notNull(),
    modelId: uuid('model_id').notNull(),
    mode: text('mode').$type<Mode>().notNull(),
    isEnabled: boolean('is_enabled').notNull().default(false),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.modelId] }),
    uniqueIndex('llm_model_preferences_one_default').on(t.tenantId, t.mode).where(sql`is_default`),
  ],
);
export type ModelPreferenceRow = typeof llmModelPreferences.$inferSelect;

export const PRINCIPAL_TYPES = ['user', 'role', 'api_key'] as const;
export type AccessPrincipalType = (typeof PRINCIPAL_TYPES)[number];

export const llmModelAccessRules = pgTable('llm_model_access_rules', {
  id: uuid('id').primaryKey().defaultRandom(),
  tenantId: uuid('tenant_id').notNull(),
  modelId: uuid('model_id').notNull(),
  principalType: text('principal_type').$type<AccessPrincipalType>().notNull(),
  principalId: text('principal_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  // The name PostgreSQL generated for the migration's UNIQUE, truncated to 63 characters.
  unique('llm_model_access_rules_tenant_id_model_id_principal_type_pr_key').on(t.tenantId, t.modelId, t.principalType, t.principalId),
]);
export type AccessRuleRow = typeof llmModelAccessRules.$inferSelect;

export const llmProviderCredentials = pgTable('llm_provider_credentials', {
  id: uuid('id').primaryKey().defaultRandom(),
  tenantId: uuid('tenant_id').notNull(),
  provider: text('provider').notNull(),
  ciphertext: bytea('ciphertext').notNull(),
  iv: bytea('iv').notNull(),
  authTag: bytea('auth_tag').notNull(),
  keyVersion: integer('key_version').notNull(),
  keyHint: text('key_hint').notNull(),
  baseUrl: text('base_url'),
  organization: text('organization'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [unique('llm_provider_credentials_tenant_id_provider_key').on(t.tenantId, t.provider)]);
export type ProviderCredentialRow = typeof llmProviderCredentials.$inferSelect;
