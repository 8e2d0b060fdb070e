import type { ReindexRunRow } from './reindex.table.js';

/** A run as the API shows it; `remaining` is what is neither on the target model nor failed. */
export function presentRun(run: ReindexRunRow) {
  return {
    id: run.id,
    status: run.status,
    reason: run.reason,
    target_model: run.targetModel,
    target_dimensions: run.targetDimensions,
    total: run.total,
    done: run.done,
    failed: run.failed,
    remaining: Math.max(0, run.total - run.done - run.failed),
    error: run.error,
    requested_by: { user_id: run.requestedByUserId, api_key_id: run.requestedByApiKeyId },
    created_at: run.createdAt.toISOString(),
    updated_at: run.updatedAt.toISOString(),
    started_at: run.startedAt?.toISOString() ?? null,
    finished_at: run.finishedAt?.toISOString() ?? null,
  };
}
export type PresentedRun = ReturnType<typeof presentRun>;

const TERMINAL_RUN_STATUSES = ['completed', 'cancelled', 'failed'] as const;
export const isTerminalRun = (status: string) => (TERMINAL_RUN_STATUSES as readonly string[]).includes(status);
