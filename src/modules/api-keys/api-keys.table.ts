import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const apiKeys = pgTable('api_keys', {
  id: uuid('id').primaryKey().defaultRandom(),
  tenantId: uuid('tenant_id').notNull(),
  name: text('name').notNull(),
  prefix: text('prefix').notNull(),
  keyHash: text('key_hash').notNull().unique('api_keys_key_hash_key'),
  scopes: text('scopes').array().notNull(),
  createdByUserId: uuid('created_by_user_id'),
  createdByApiKeyId: uuid('created_by_api_key_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
}, (t) => [index('api_keys_tenant_created').on(t.tenantId, t.createdAt.desc(), t.id)]);
export type ApiKeyRow = typeof apiKeys.$inferSelect;
