import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Manifest } from './manifest/validate-manifest.js';

/** Mirrors migration 0015 (test/schema checks that they agree). */
export const apps = pgTable('apps', {
  id: uuid('id').primaryKey().defaultRandom(),
  tenantId: uuid('tenant_id').notNull(),
  manifestId: text('manifest_id').notNull(),
  name: text('name').notNull(),
  latestVersionId: uuid('latest_version_id'),
  latestVersion: text('latest_version').notNull(),
  published: boolean('published').notNull().default(false),
  publishedAt: timestamp('published_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  unique('apps_tenant_id_manifest_id_key').on(t.tenantId, t.manifestId),
  index('apps_published').on(t.publishedAt).where(sql`published`),
]);
export type AppRow = typeof apps.$inferSelect;

export const appVersions = pgTable('app_versions', {
  id: uuid('id').primaryKey().defaultRandom(),
  tenantId: uuid('tenant_id').notNull(),
  appId: uuid('app_id').notNull(),
  version: text('version').notNull(),
  manifest: jsonb('manifest').$type<Manifest>().notNull(),
  permissions: text('permissions').array().notNull(),
  entryOrigin: text('entry_origin').notNull(),
  importedByUserId: uuid('imported_by_user_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [unique('app_versions_tenant_id_app_id_version_key').on(t.tenantId, t.appId, t.version)]);
export type AppVersionRow = typeof appVersions.$inferSelect;

export type InstallationStatus = 'active' | 'uninstalled' | 'purged';

export const appInstallations = pgTable('app_installations', {
  id: uuid('id').primaryKey().defaultRandom(),
  tenantId: uuid('tenant_id').notNull(),
  appId: uuid('app_id').notNull(),
  appVersionId: uuid('app_version_id').notNull(),
  grantedPermissions: text('granted_permissions').array().notNull(),
  entryOrigin: text('entry_origin').notNull(),
  status: text('status').$type<InstallationStatus>().notNull().default('active'),
  installedByUserId: uuid('installed_by_user_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  uninstalledAt: timestamp('uninstalled_at', { withTimezone: true }),
  purgeAfter: timestamp('purge_after', { withTimezone: true }),
  purgedAt: timestamp('purged_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('app_installations_one_active').on(t.tenantId, t.appId).where(sql`status = 'active'`),
  index('app_installations_tenant_created').on(t.tenantId, t.createdAt.desc(), t.id),
  index('app_installations_purge').on(t.purgeAfter).where(sql`status = 'uninstalled'`),
  index('app_installations_origin').on(t.entryOrigin).where(sql`status = 'active'`),
]);
export type InstallationRow = typeof appInstallations.$inferSelect;

export const appLaunchTokens = pgTable('app_launch_tokens', {
  id: uuid('id').primaryKey().defaultRandom(),
  tenantId: uuid('tenant_id').notNull(),
  installationId: uuid('installation_id').notNull(),
  userId: uuid('user_id').notNull(),
  tokenHash: text('token_hash').notNull().unique('app_launch_tokens_token_hash_key'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
}, (t) => [
  index('app_launch_tokens_installation').on(t.installationId),
  index('app_launch_tokens_expiry').on(t.expiresAt),
]);
export type LaunchTokenRow = typeof appLaunchTokens.$inferSelect;
