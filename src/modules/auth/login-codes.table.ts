import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants } from '../tenants/index.js';

/** Sign-in codes sent by e-mail; the code itself is only in the mail (here: its HMAC). */
export const loginCodes = pgTable('login_codes', {
  id: uuid('id').primaryKey().defaultRandom(),
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  purpose: text('purpose').$type<LoginCodePurpose>().notNull(),
  codeHmac: text('code_hmac').notNull(),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** Used, burned by wrong tries, or replaced by a newer request. */
  endedAt: timestamp('ended_at', { withTimezone: true }),
}, (t) => [index('login_codes_tenant_email').on(t.tenantId, t.email, t.purpose, t.createdAt)]);
export type LoginCodeRow = typeof loginCodes.$inferSelect;
/** Web and desktop sign-ins are separate purposes: a code asked for one never opens the other. */
export type LoginCodePurpose = 'web_login' | 'desktop_login';
