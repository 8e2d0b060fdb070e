import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { HealthStatus } from './failures.js';

/** Tables of migration 0004_llm_calls.sql (llm_errors' document and job: 0008); all tenant-owned (RLS). */

export const llmUsage = pgTable('llm_usage', {
  id: uuid('id').primaryKey().defaultRandom(),
  tenantId: uuid('tenant_id').notNull(),
  model: text('model').notNull(),
  provider: text('provider').notNull(),
  mode: text('mode').notNull(),
  promptTokens: integer('prompt_tokens').notNull().default(0),
  completionTokens: integer('completion_tokens').notNull().default(0),
  costUsd: doublePrecision('cost_usd'),
  latencyMs: integer('latency_ms').notNull(),
  userId: uuid('user_id'),
  apiKeyId: uuid('api_key_id'),
  requestId: text('request_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('llm_usage_tenant_created').on(t.tenantId, t.createdAt.desc())]);
export type UsageInsert = typeof llmUsage.$inferInsert;

export const llmErrors = pgTable('llm_errors', {
  id: uuid('id').primaryKey().defaultRandom(),
  tenantId: uuid('tenant_id').notNull(),
  provider: text('provider').notNull(),
  model: text('model'),
  errorCode: text('error_code').notNull(),
  statusCode: integer('status_code'),
  message: text('message').notNull(),
  userId: uuid('user_id'),
  apiKeyId: uuid('api_key_id'),
  requestId: text('request_id'),
  /** Background work: the document being described and its indexing job (no foreign key: the log outlives them). */
  documentId: uuid('document_id'),
  jobId: uuid('job_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('llm_errors_tenant_created').on(t.tenantId, t.createdAt.desc(), t.id),
  index('llm_errors_tenant_provider').on(t.tenantId, t.provider, t.createdAt.desc()),
  index('llm_errors_tenant_document').on(t.tenantId, t.documentId, t.createdAt.desc()).where(sql`document_id IS NOT NULL`),
]);
export type ErrorRow = typeof llmErrors.$inferSelect;
export type ErrorInsert = typeof llmErrors.$inferInsert;

export const llmProviderHealth = pgTable(
  'llm_provider_health',
  {
    tenantId: uuid('tenant_id').notNull(),
    provider: text('provider').notNull(),
    status: text('status').$type<HealthStatus>().notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
    lastError: text('last_error'),
    latencyMs: integer('latency_ms'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.provider] })],
);
export type HealthRow = typeof llmProviderHealth.$inferSelect;

export const llmEmbeddingDimensions = pgTable(
  'llm_embedding_dimensions',
  {
    tenantId: uuid('tenant_id').notNull(),
    provider: text('provider').notNull(),
    model: text('model').notNull(),
    dimensions: integer('dimensions').notNull(),
    discoveredAt: timestamp('discovered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.provider, t.model] })],
);
