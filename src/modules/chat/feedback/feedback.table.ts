import { index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { conversationMessages, conversations, type OwnerKind } from '../conversations/conversations.table.js';

export type Rating = 'up' | 'down';

/** Mirrors migration 0014 (test/schema checks that they agree). */
export const messageFeedback = pgTable('message_feedback', {
  id: uuid('id').primaryKey().defaultRandom(),
  tenantId: uuid('tenant_id').notNull(),
  messageId: uuid('message_id').notNull().references(() => conversationMessages.id, { onDelete: 'cascade' }),
  conversationId: uuid('conversation_id').notNull().references(() => conversations.id, { onDelete: 'cascade' }),
  principalKind: text('principal_kind').$type<OwnerKind>().notNull(),
  principalId: uuid('principal_id').notNull(),
  rating: text('rating').$type<Rating>().notNull(),
  comment: text('comment'),
  tags: text('tags').array().notNull().default([]),
  model: text('model'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
}, (t) => [
  unique('message_feedback_one_per_principal').on(t.tenantId, t.messageId, t.principalKind, t.principalId),
  index('message_feedback_tenant_updated').on(t.tenantId, t.updatedAt.desc(), t.id),
  index('message_feedback_conversation').on(t.tenantId, t.conversationId),
]);
export type FeedbackRow = typeof messageFeedback.$inferSelect;
