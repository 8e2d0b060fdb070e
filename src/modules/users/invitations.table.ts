import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Role } from '../../platform/auth/roles.js';
import { tenants } from '../tenants/index.js';

export const invitations = pgTable('invitations', {
  id: uuid('id').primaryKey().defaultRandom(),
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  role: text('role').$type<Role>().notNull(),
  name: text('name').notNull().default(''),
  /** SHA-256 of the token (the token itself is only in the mail). */
  tokenHash: text('token_hash').notNull().unique('invitations_token_hash_key'),
  invitedByUserId: uuid('invited_by_user_id'),
  inviterName: text('inviter_name').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  acceptedUserId: uuid('accepted_user_id'),
}, (t) => [index('invitations_tenant_email').on(t.tenantId, t.email)]);
export type InvitationRow = typeof invitations.$inferSelect;
