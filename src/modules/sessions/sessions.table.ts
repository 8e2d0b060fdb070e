import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const browserSessions = pgTable('browser_sessions', {
  id: uuid('id').primaryKey().defaultRandom(),
  tenantId: uuid('tenant_id').notNull(),
  userId: uuid('user_id').notNull(),
  tokenHash: text('token_hash').notNull().unique('browser_sessions_token_hash_key'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  endedAt: timestamp('ended_at', { withTimezone: true }),
}, (t) => [index('browser_sessions_tenant_user').on(t.tenantId, t.userId)]);
export type BrowserSessionRow = typeof browserSessions.$inferSelect;
