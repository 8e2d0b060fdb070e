import type { Clock } from '../../platform/clock.js';
import type { TenantDb } from '../../platform/db/tenant-db.js';
import { AppError } from '../../platform/http/errors.js';
import { findEvent, listEvents, type EventRow } from './events-read.repo.js';

/**
 * How far back the log can be read. The daily purge deletes older events, but not at the instant they pass this age:
 * reading through the same window makes what a caller sees independent of when the purge last ran.
 */
const EVENT_WINDOW_MS = 30 * 24 * 3600_000;

function presentEvent(row: EventRow) {
  return { id: row.id, type: row.type, created_at: row.createdAt.toISOString(), tenant_id: row.tenantId, data: row.data };
}

export function createEventsService(deps: { clock: Clock }) {
  /** The oldest time a read may see: 30 days ago, or `since` when that is later. */
  const windowStart = (since?: string): Date => {
    const floor = new Date(deps.clock.now().getTime() - EVENT_WINDOW_MS);
    const asked = since ? new Date(since) : null;
    return asked && asked > floor ? asked : floor;
  };

  async function list(tenant: TenantDb, query: { skip: number; limit: number; type?: string; since?: string }) {
    const { skip, limit } = query;
    const { rows, total } = await tenant.run((t) => listEvents(t, { since: windowStart(query.since), type: query.type, skip, limit }));
    return { items: rows.map(presentEvent), total, skip, limit };
  }

  async function get(tenant: TenantDb, id: string) {
    const row = await tenant.run((t) => findEvent(t, id, windowStart()));
    if (!row) throw new AppError('event_not_found');
    return presentEvent(row);
  }

  return { list, get };
}
export type EventsService = ReturnType<typeof createEventsService>;
