import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Mirrors migration 0016 (test/schema checks that they agree). */
const at = (name: string) => timestamp(name, { withTimezone: true });

export const appRecords = pgTable('app_records', {
  tenantId: uuid('tenant_id').notNull(),
  installationId: uuid('installation_id').notNull(),
  collection: text('collection').notNull(),
  id: uuid('id').notNull().defaultRandom(),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  version: integer('version').notNull().default(1),
  createdBy: uuid('created_by'),
  createdAt: at('created_at').notNull(),
  updatedAt: at('updated_at').notNull(),
}, (t) => [
  primaryKey({ name: 'app_records_pkey', columns: [t.tenantId, t.installationId, t.collection, t.id] }),
  index('app_records_created').on(t.tenantId, t.installationId, t.collection, t.createdAt, t.id),
  // jsonb_path_ops in the migration (PostgreSQL does not print an index column's operator class).
  index('app_records_data').using('gin', t.data),
]);
export type RecordRow = typeof appRecords.$inferSelect;

export const appContentUsage = pgTable('app_content_usage', {
  tenantId: uuid('tenant_id').notNull(),
  installationId: uuid('installation_id').notNull(),
  records: integer('records').notNull().default(0),
  recordBytes: bigint('record_bytes', { mode: 'number' }).notNull().default(0),
  assetBytes: bigint('asset_bytes', { mode: 'number' }).notNull().default(0),
}, (t) => [primaryKey({ name: 'app_content_usage_pkey', columns: [t.tenantId, t.installationId] })]);
export type UsageRow = typeof appContentUsage.$inferSelect;

export const richDocuments = pgTable('rich_documents', {
  id: uuid('id').primaryKey().defaultRandom(),
  tenantId: uuid('tenant_id').notNull(),
  installationId: uuid('installation_id').notNull(),
  title: text('title').notNull(),
  currentVersion: integer('current_version').notNull(),
  createdBy: uuid('created_by'),
  createdAt: at('created_at').notNull(),
  updatedAt: at('updated_at').notNull(),
  searchDocumentId: uuid('search_document_id'),
}, (t) => [
  index('rich_documents_installation').on(t.tenantId, t.installationId, t.updatedAt.desc(), t.id),
  index('rich_documents_tenant').on(t.tenantId, t.updatedAt.desc(), t.id),
  index('rich_documents_search_document').on(t.searchDocumentId).where(sql`search_document_id IS NOT NULL`),
]);
export type RichDocumentRow = typeof richDocuments.$inferSelect;

export const richDocumentVersions = pgTable('rich_document_versions', {
  tenantId: uuid('tenant_id').notNull(),
  documentId: uuid('document_id').notNull(),
  version: integer('version').notNull(),
  title: text('title').notNull(),
  content: jsonb('content').$type<Record<string, unknown>>().notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  restoredFrom: integer('restored_from'),
  createdBy: uuid('created_by'),
  createdAt: at('created_at').notNull(),
}, (t) => [primaryKey({ name: 'rich_document_versions_pkey', columns: [t.tenantId, t.documentId, t.version] })]);
export type RichDocumentVersionRow = typeof richDocumentVersions.$inferSelect;

export const richDocumentSettings = pgTable('rich_document_settings', {
  tenantId: uuid('tenant_id').primaryKey(),
  indexInSearch: boolean('index_in_search').notNull().default(false),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export const appAssets = pgTable('app_assets', {
  id: uuid('id').primaryKey().defaultRandom(),
  tenantId: uuid('tenant_id').notNull(),
  installationId: uuid('installation_id').notNull(),
  filename: text('filename').notNull(),
  mimeType: text('mime_type').notNull(),
  declaredType: text('declared_type'),
  sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
  sha256: text('sha256').notNull(),
  blobKey: text('blob_key').notNull(),
  createdBy: uuid('created_by'),
  createdAt: at('created_at').notNull(),
}, (t) => [index('app_assets_installation').on(t.tenantId, t.installationId, t.createdAt.desc(), t.id)]);
export type AssetRow = typeof appAssets.$inferSelect;

export const appAssetAttachments = pgTable('app_asset_attachments', {
  id: uuid('id').primaryKey().defaultRandom(),
  tenantId: uuid('tenant_id').notNull(),
  installationId: uuid('installation_id').notNull(),
  assetId: uuid('asset_id').notNull(),
  collection: text('collection'),
  recordId: uuid('record_id'),
  richDocumentId: uuid('rich_document_id'),
  createdAt: at('created_at').notNull(),
}, (t) => [
  uniqueIndex('app_asset_attachments_record').on(t.tenantId, t.installationId, t.collection, t.recordId, t.assetId).where(sql`record_id IS NOT NULL`),
  uniqueIndex('app_asset_attachments_document').on(t.tenantId, t.richDocumentId, t.assetId).where(sql`rich_document_id IS NOT NULL`),
  index('app_asset_attachments_asset').on(t.assetId),
]);
export type AttachmentRow = typeof appAssetAttachments.$inferSelect;
