import { pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { Role } from '../../platform/auth/roles.js';
import { tenants } from '../tenants/index.js';

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id),
  email: text('email').notNull(),
  name: text('name').notNull().default(''),
  passwordHash: text('password_hash').notNull(),
  role: text('role').$type<Role>().notNull(),
  status: text('status').$type<'active' | 'disabled'>().notNull().default('active'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
}, (t) => [unique('users_tenant_id_email_key').on(t.tenantId, t.email)]);
export type UserRow = typeof users.$inferSelect;
