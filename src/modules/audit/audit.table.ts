import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants } from '../tenants/index.js';

export const auditEvents = pgTable('audit_events', {
  id: uuid('id').primaryKey().defaultRandom(),
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  type: text('type').notNull(),
  actorKind: text('actor_kind').notNull(),
  actorId: uuid('actor_id'),
  actorName: text('actor_name'),
  targetId: uuid('target_id'),
  targetName: text('target_name'),
  details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  ip: text('ip'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('audit_events_tenant_created').on(t.tenantId, t.createdAt)]);
export type AuditRow = typeof auditEvents.$inferSelect;
