import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const memories = pgTable('memories', {
  id: uuid('id').primaryKey().defaultRandom(),
  tenantId: uuid('tenant_id').notNull(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('memories_tenant').on(t.tenantId, t.createdAt.desc(), t.id)]);
export type MemoryRow = typeof memories.$inferSelect;
