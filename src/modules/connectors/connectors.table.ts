import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, integer, jsonb, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenants } from '../tenants/index.js';

/** Mirrors migration 0030 (test/schema checks that they agree). */

export type ConnectorStatus = 'idle' | 'queued' | 'running' | 'error' | 'paused';
export type RunStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';
export type RunTrigger = 'manual' | 'schedule';

export const connectors = pgTable('connectors', {
  id: uuid('id').primaryKey().defaultRandom(),
  tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  kind: text('kind').notNull(),
  config: jsonb('config').$type<Record<string, unknown>>().notNull(),
  credentialsSealed: text('credentials_sealed'),
  memoryId: uuid('memory_id'),
  folderId: uuid('folder_id'),
  tags: text('tags').array().notNull().default([]),
  scheduleEveryMinutes: integer('schedule_every_minutes'),
  enabled: boolean('enabled').notNull().default(true),
  status: text('status').$type<ConnectorStatus>().notNull().default('idle'),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }),
  consecutiveFailures: integer('consecutive_failures').notNull().default(0),
  cursor: jsonb('cursor').$type<unknown>(),
  lastRunId: uuid('last_run_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  unique('connectors_tenant_id_id_key').on(t.tenantId, t.id),
  index('connectors_tenant').on(t.tenantId, t.createdAt),
  index('connectors_due').on(t.nextRunAt).where(sql`enabled AND next_run_at IS NOT NULL`),
]);
export type ConnectorRow = typeof connectors.$inferSelect;

export const connectorRuns = pgTable('connector_runs', {
  id: uuid('id').primaryKey().defaultRandom(),
  tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
  connectorId: uuid('connector_id').notNull(),
  trigger: text('trigger').$type<RunTrigger>().notNull(),
  status: text('status').$type<RunStatus>().notNull().default('queued'),
  seen: integer('seen').notNull().default(0),
  added: integer('added').notNull().default(0),
  updated: integer('updated').notNull().default(0),
  unchanged: integer('unchanged').notNull().default(0),
  deleted: integer('deleted').notNull().default(0),
  failed: integer('failed').notNull().default(0),
  listingComplete: boolean('listing_complete').notNull().default(false),
  error: text('error'),
  startedAt: timestamp('started_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  foreignKey({ columns: [t.tenantId, t.connectorId], foreignColumns: [connectors.tenantId, connectors.id] }).onDelete('cascade'),
  index('connector_runs_connector').on(t.connectorId, t.createdAt.desc()),
  uniqueIndex('connector_runs_one_active').on(t.tenantId, t.connectorId).where(sql`status = ANY (ARRAY['queued', 'running'])`),
]);
export type ConnectorRunRow = typeof connectorRuns.$inferSelect;

export const connectorRunErrors = pgTable('connector_run_errors', {
  id: uuid('id').primaryKey().defaultRandom(),
  tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
  runId: uuid('run_id').notNull().references(() => connectorRuns.id, { onDelete: 'cascade' }),
  externalId: text('external_id'),
  url: text('url'),
  message: text('message').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('connector_run_errors_run').on(t.runId, t.createdAt)]);

export const connectorItems = pgTable('connector_items', {
  id: uuid('id').primaryKey().defaultRandom(),
  tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
  connectorId: uuid('connector_id').notNull(),
  externalId: text('external_id').notNull(),
  version: text('version').notNull(),
  documentId: uuid('document_id'),
  url: text('url'),
  meta: jsonb('meta').$type<Record<string, unknown>>(),
  lastSeenRunId: uuid('last_seen_run_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  foreignKey({ columns: [t.tenantId, t.connectorId], foreignColumns: [connectors.tenantId, connectors.id] }).onDelete('cascade'),
  unique('connector_items_tenant_id_connector_id_external_id_key').on(t.tenantId, t.connectorId, t.externalId),
  index('connector_items_document').on(t.documentId).where(sql`document_id IS NOT NULL`),
]);
export type ConnectorItemRow = typeof connectorItems.$inferSelect;
