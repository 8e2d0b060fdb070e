import type { TenantDb } from '../../../platform/db/tenant-db.js';
import type { EventBus } from '../../../platform/events/bus.js';
import { AppError } from '../../../platform/http/errors.js';
import { DOCUMENT_EVENTS_CHANNEL, type DocumentStatusEvent } from '../index.js';
import { batchDocuments, findBatch } from './bulk.repo.js';
import { countStatuses, isTerminal, STATUS_RANK, toCounts, type BatchCounts } from './counts.js';

/** Where a followed batch writes its events (an SSE stream over HTTP). */
export interface BatchEventSink {
  send(event: string, data: unknown): boolean;
  close(): void;
  onClose(fn: () => void): void;
  readonly closed: boolean;
}

export interface BatchFollower {
  /** Writes the snapshot, then every change, then `done`, and closes the sink. */
  attach(sink: BatchEventSink): void;
  /** Re-reads the batch from the database and emits what the notifications missed (heartbeat). */
  reconcile(): Promise<void>;
  /** Drops the subscription when the stream never opened. */
  cancel(): void;
}

interface DocState {
  filename: string;
  status: string;
  error: string | null;
}

/**
 * Following one batch. The subscription is taken BEFORE the snapshot is read, so a change committed in
 * between is either in the snapshot or in the buffered events; a document's status only moves forward
 * (pending → parsing → indexing → indexed | error), which also drops a late notification of a change
 * the snapshot already shows, and repeats of (document, status).
 */
export async function followBatch(deps: { bus: EventBus }, tenant: TenantDb, batchId: string): Promise<BatchFollower> {
  const { bus } = deps;
  const { tenantId } = tenant;
  const exists = await tenant.run((t) => findBatch(t, batchId));
  if (!exists) throw new AppError('batch_not_found');

  let sink: BatchEventSink | null = null;
  let finished = false;
  const buffered: DocumentStatusEvent[] = [];
  const docs = new Map<string, DocState>();
  let total = exists.total;

  const unsubscribe = await bus.subscribe(DOCUMENT_EVENTS_CHANNEL, (event: DocumentStatusEvent) => {
    if (finished || event?.tenant_id !== tenantId || event.batch_id !== batchId) return;
    if (sink) apply(event);
    else buffered.push(event);
  });

  const stop = () => {
    if (finished) return;
    finished = true;
    unsubscribe();
  };

  const counts = (): BatchCounts => toCounts(batchId, total, countStatuses([...docs.values()].map((d) => d.status)));

  function finishIfDone(): void {
    if (finished || !sink) return;
    if ([...docs.values()].some((d) => !isTerminal(d.status))) return;
    sink.send('done', counts());
    stop();
    sink.close();
  }

  function apply(event: DocumentStatusEvent): void {
    if (finished || !sink) return;
    const known = docs.get(event.document_id);
    if (known && (STATUS_RANK[event.status] ?? -1) <= (STATUS_RANK[known.status] ?? -1)) return;
    const state: DocState = { filename: event.filename ?? known?.filename ?? '', status: event.status, error: event.error ?? null };
    docs.set(event.document_id, state);
    sink.send('status', {
      document_id: event.document_id,
      filename: state.filename,
      status: state.status,
      ...(state.status === 'error' ? { error: state.error } : {}),
      counts: counts(),
    });
    finishIfDone();
  }

  async function readSnapshot(): Promise<{ total: number; rows: Awaited<ReturnType<typeof batchDocuments>> } | null> {
    return tenant.run(async (t) => {
      const batch = await findBatch(t, batchId);
      return batch ? { total: batch.total, rows: await batchDocuments(t, batchId) } : null;
    });
  }

  let snapshot: Awaited<ReturnType<typeof readSnapshot>>;
  try {
    snapshot = await readSnapshot();
  } catch (error) {
    stop();
    throw error;
  }
  if (!snapshot) {
    stop();
    throw new AppError('batch_not_found');
  }
  total = snapshot.total;
  for (const row of snapshot.rows) docs.set(row.id, { filename: row.filename, status: row.status, error: row.error });

  let reconciling = false;
  return {
    attach(target) {
      sink = target;
      target.onClose(stop);
      if (target.closed) return;
      target.send('snapshot', counts());
      for (const event of buffered.splice(0)) apply(event);
      finishIfDone();
    },
    async reconcile() {
      if (finished || !sink || reconciling) return;
      reconciling = true;
      try {
        const fresh = await readSnapshot();
        if (finished) return;
        if (!fresh) {
          // The batch itself is gone: nothing more will happen to it.
          docs.clear();
          finishIfDone();
          return;
        }
        const present = new Set(fresh.rows.map((r) => r.id));
        for (const id of [...docs.keys()]) if (!present.has(id)) docs.delete(id); // deleted meanwhile
        for (const row of fresh.rows) {
          apply({ tenant_id: tenantId, document_id: row.id, batch_id: batchId, filename: row.filename, status: row.status as DocumentStatusEvent['status'], error: row.error });
        }
        finishIfDone();
      } finally {
        reconciling = false;
      }
    },
    cancel: stop,
  };
}
