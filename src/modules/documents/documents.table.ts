import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const DOCUMENT_STATUSES = ['pending', 'parsing', 'indexing', 'indexed', 'error'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

export type JobSource = 'upload' | 'bulk' | 'admin' | 'rag' | 'api' | 'connector';
export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed';
export type DescriptionSource = 'generated' | 'extractive' | 'user';
/** PostgreSQL text-search configurations a tenant may index with (migration 0006): English, or no stemming. */
export type TextSearchConfig = 'english' | 'simple';

/**
 * Mirrors migrations 0002, 0006, 0007 and 0009 (test/schema checks that they agree); chunks and upload batches have no
 * table object because they are read and written with raw SQL only.
 */
export const documents = pgTable('documents', {
  id: uuid('id').primaryKey().defaultRandom(),
  tenantId: uuid('tenant_id').notNull(),
  filename: text('filename').notNull(),
  format: text('format').notNull(),
  mimeType: text('mime_type').notNull(),
  sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
  sha256: text('sha256').notNull(),
  blobKey: text('blob_key').notNull(),
  extractedKey: text('extracted_key'),
  status: text('status').$type<DocumentStatus>().notNull().default('pending'),
  error: text('error'),
  memoryId: uuid('memory_id'),
  folderId: uuid('folder_id'),
  batchId: uuid('batch_id'),
  tags: text('tags').array().notNull().default([]),
  chunkCount: integer('chunk_count').notNull().default(0),
  tokenCount: integer('token_count').notNull().default(0),
  pageCount: integer('page_count'),
  metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
  aiDescription: text('ai_description'),
  aiDescriptionOriginal: text('ai_description_original'),
  aiDescriptionSource: text('ai_description_source').$type<DescriptionSource>(),
  currentJobId: uuid('current_job_id'),
  liveJobId: uuid('live_job_id'),
  createdByUserId: uuid('created_by_user_id'),
  createdByApiKeyId: uuid('created_by_api_key_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  indexedAt: timestamp('indexed_at', { withTimezone: true }),
  /** '<provider>/<model>' of the live vectors (migration 0009, see embedding-model.ts); null: unknown. */
  embeddingModel: text('embedding_model'),
  embeddingDimensions: integer('embedding_dimensions'),
  /** Migration 0030: the connector that keeps the document in sync (null: uploaded), its id there and its address. */
  connectorId: uuid('connector_id'),
  externalId: text('external_id'),
  sourceUrl: text('source_url'),
}, (t) => [
  index('documents_tenant_created').on(t.tenantId, t.createdAt.desc(), t.id),
  index('documents_tenant_status').on(t.tenantId, t.status),
  index('documents_memory').on(t.tenantId, t.memoryId),
  index('documents_folder').on(t.tenantId, t.folderId),
  index('documents_batch').on(t.batchId).where(sql`batch_id IS NOT NULL`),
  index('documents_tags').using('gin', t.tags),
  index('documents_live_job').on(t.liveJobId),
  index('documents_connector').on(t.connectorId).where(sql`connector_id IS NOT NULL`),
  index('documents_embedding_model').on(t.tenantId, t.embeddingModel, t.embeddingDimensions).where(sql`live_job_id IS NOT NULL`),
]);
export type DocumentRow = typeof documents.$inferSelect;

export const documentJobs = pgTable('document_jobs', {
  id: uuid('id').primaryKey().defaultRandom(),
  tenantId: uuid('tenant_id').notNull(),
  documentId: uuid('document_id').notNull(),
  source: text('source').$type<JobSource>().notNull(),
  queueJobId: uuid('queue_job_id'),
  status: text('status').$type<JobStatus>().notNull().default('queued'),
  attempts: integer('attempts').notNull().default(0),
  error: text('error'),
  warnings: jsonb('warnings').$type<string[]>().notNull().default([]),
  provider: text('provider'),
  model: text('model'),
  dimensions: integer('dimensions'),
  chunkCount: integer('chunk_count'),
  stats: jsonb('stats').$type<Record<string, number>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  startedAt: timestamp('started_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
}, (t) => [
  index('document_jobs_document').on(t.tenantId, t.documentId, t.createdAt),
  index('document_jobs_running').on(t.tenantId).where(sql`status = 'running'`),
]);
export type DocumentJobRow = typeof documentJobs.$inferSelect;

export const indexingProfiles = pgTable('indexing_profiles', {
  tenantId: uuid('tenant_id').primaryKey(),
  chunkSize: integer('chunk_size').notNull().default(512),
  chunkOverlap: integer('chunk_overlap').notNull().default(64),
  embeddingModel: text('embedding_model'),
  parallelism: integer('parallelism').notNull().default(4),
  textSearchConfig: text('text_search_config').$type<TextSearchConfig>().notNull().default('english'),
  aiDescriptions: boolean('ai_descriptions').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The queue message of the 'ingest' queue: ids only, the handler reads the rest in a tenant transaction. */
export interface IngestPayload {
  document_id: string;
  job_id: string;
}
export const INGEST_QUEUE = 'ingest';
