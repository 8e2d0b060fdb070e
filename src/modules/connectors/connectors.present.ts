import { iso } from '../../platform/http/schemas.js';
import type { ConnectorRow, ConnectorRunRow } from './connectors.table.js';

/** The API shapes of connectors and runs (snake_case, ISO times). Never the credentials: only whether there are some. */

function presentRunSummary(run: ConnectorRunRow) {
  return {
    id: run.id,
    connector_id: run.connectorId,
    trigger: run.trigger,
    status: run.status,
    counts: { seen: run.seen, added: run.added, updated: run.updated, unchanged: run.unchanged, deleted: run.deleted, failed: run.failed },
    listing_complete: run.listingComplete,
    error: run.error,
    started_at: iso(run.startedAt),
    finished_at: iso(run.finishedAt),
    created_at: iso(run.createdAt)!,
  };
}

export function presentRun(run: ConnectorRunRow, errors: { externalId: string | null; url: string | null; message: string }[]) {
  return { ...presentRunSummary(run), errors: errors.map((e) => ({ external_id: e.externalId, url: e.url, message: e.message })) };
}
export type PresentedRun = ReturnType<typeof presentRun>;

export const isTerminalRun = (status: string) => status === 'succeeded' || status === 'failed' || status === 'cancelled';

export function presentConnector(row: ConnectorRow, extra: { lastRun: ConnectorRunRow | null; documentsCount: number }) {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    config: row.config,
    has_credentials: row.credentialsSealed !== null,
    memory_id: row.memoryId,
    folder_id: row.folderId,
    tags: row.tags,
    schedule: row.scheduleEveryMinutes ? { every_minutes: row.scheduleEveryMinutes } : null,
    enabled: row.enabled,
    status: row.status,
    last_run: extra.lastRun ? presentRunSummary(extra.lastRun) : null,
    next_run_at: iso(row.nextRunAt),
    documents_count: extra.documentsCount,
    consecutive_failures: row.consecutiveFailures,
    created_at: iso(row.createdAt)!,
    updated_at: iso(row.updatedAt)!,
  };
}
