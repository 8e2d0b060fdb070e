import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants } from '../tenants/index.js';

export const passwordResets = pgTable('password_resets', {
  id: uuid('id').primaryKey().defaultRandom(),
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').notNull(),
  /** SHA-256 of the token (the token itself is only in the mail). */
  tokenHash: text('token_hash').notNull().unique('password_resets_token_hash_key'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** Spent, or replaced by a newer request. */
  usedAt: timestamp('used_at', { withTimezone: true }),
}, (t) => [index('password_resets_tenant_user').on(t.tenantId, t.userId)]);
export type PasswordResetRow = typeof passwordResets.$inferSelect;
