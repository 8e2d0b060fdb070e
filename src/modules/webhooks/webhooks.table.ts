import { sql } from 'drizzle-orm';
import { bigint, boolean, foreignKey, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { tenants } from '../tenants/index.js';

/** The event log: one row per state change, written in the change's transaction (see README.md). */
export const events = pgTable('events', {
  id: text('id').primaryKey(),
  tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
  seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  type: text('type').notNull(),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('events_tenant_seq').on(t.tenantId, t.seq.desc()),
  index('events_tenant_type_seq').on(t.tenantId, t.type, t.seq.desc()),
  index('events_created').on(t.createdAt),
]);

export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: uuid('id').primaryKey().defaultRandom(),
  tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  description: text('description'),
  eventTypes: text('event_types').array().notNull(),
  enabled: boolean('enabled').notNull().default(true),
  disabledReason: text('disabled_reason'),
  secretSealed: text('secret_sealed').notNull(),
  previousSecretSealed: text('previous_secret_sealed'),
  previousSecretUntil: timestamp('previous_secret_until', { withTimezone: true }),
  failingSince: timestamp('failing_since', { withTimezone: true }),
  pumpLeaseUntil: timestamp('pump_lease_until', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [unique('webhook_endpoints_tenant_id_id_key').on(t.tenantId, t.id), index('webhook_endpoints_tenant').on(t.tenantId, t.createdAt)]);
export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

export const webhookDeliveries = pgTable('webhook_deliveries', {
  id: uuid('id').primaryKey().defaultRandom(),
  tenantId: uuid('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
  endpointId: uuid('endpoint_id').notNull(),
  eventId: text('event_id').notNull().references(() => events.id, { onDelete: 'cascade' }),
  eventSeq: bigint('event_seq', { mode: 'number' }).notNull(),
  status: text('status').$type<'pending' | 'succeeded' | 'failed' | 'cancelled'>().notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
  responseStatus: integer('response_status'),
  latencyMs: integer('latency_ms'),
  responseBody: text('response_body'),
  error: text('error'),
  deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  foreignKey({ columns: [t.tenantId, t.endpointId], foreignColumns: [webhookEndpoints.tenantId, webhookEndpoints.id] }).onDelete('cascade'),
  index('webhook_deliveries_due').on(t.endpointId, t.nextAttemptAt, t.eventSeq).where(sql`status = 'pending'`),
  index('webhook_deliveries_endpoint').on(t.endpointId, t.createdAt.desc()),
  index('webhook_deliveries_event').on(t.eventId),
]);
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
