import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export type ReindexRunStatus = 'queued' | 'running' | 'completed' | 'cancelled' | 'failed';
export const ACTIVE_RUN_STATUSES: readonly ReindexRunStatus[] = ['queued', 'running'];
/** Why a run started: an admin asked (POST reindex-all), the profile's model changed, or the tenant's default did. */
export type ReindexReason = 'admin' | 'profile' | 'default_model';

/** Mirrors migration 0009 (test/schema checks that they agree). */
export const reindexRuns = pgTable('reindex_runs', {
  id: uuid('id').primaryKey().defaultRandom(),
  tenantId: uuid('tenant_id').notNull(),
  status: text('status').$type<ReindexRunStatus>().notNull().default('queued'),
  targetModel: text('target_model').notNull(),
  targetDimensions: integer('target_dimensions').notNull(),
  reason: text('reason').$type<ReindexReason>().notNull(),
  total: integer('total').notNull().default(0),
  done: integer('done').notNull().default(0),
  failed: integer('failed').notNull().default(0),
  cursorId: uuid('cursor_id'),
  pass: integer('pass').notNull().default(1),
  stepSeq: integer('step_seq').notNull().default(0),
  error: text('error'),
  requestedByUserId: uuid('requested_by_user_id'),
  requestedByApiKeyId: uuid('requested_by_api_key_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  startedAt: timestamp('started_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
}, (t) => [
  index('reindex_runs_tenant').on(t.tenantId, t.createdAt.desc()),
  uniqueIndex('reindex_runs_one_active').on(t.tenantId).where(sql`status = ANY (ARRAY['queued', 'running'])`),
]);
export type ReindexRunRow = typeof reindexRuns.$inferSelect;

/** The queue of run steps; the payload names the run and the step it expects (a redelivered step is a no-op). */
export const REINDEX_QUEUE = 'reindex';
export interface ReindexStepPayload {
  run_id: string;
  seq: number;
}
