import type { Tx } from '../../platform/db/database.js';
import type { EventBus } from '../../platform/events/bus.js';
import type { DocumentStatus } from './documents.table.js';

/** NOTIFY channel of document status changes (the bulk-upload stream listens to it). */
export const DOCUMENT_EVENTS_CHANNEL = 'document_status';

export interface DocumentStatusEvent {
  tenant_id: string;
  document_id: string;
  batch_id: string | null;
  filename: string;
  status: DocumentStatus;
  error: string | null;
}

// NOTIFY payloads are limited to 8000 bytes; the filename is capped at upload, the error here.
const MAX_EVENT_ERROR = 1000;

/** Publishes inside the transaction that changed the status, so the event exists exactly when the change does. */
export async function publishStatus(
  bus: EventBus,
  tx: Tx,
  doc: { tenantId: string; id: string; batchId: string | null; filename: string; status: DocumentStatus; error: string | null },
): Promise<void> {
  const event: DocumentStatusEvent = {
    tenant_id: doc.tenantId,
    document_id: doc.id,
    batch_id: doc.batchId,
    filename: doc.filename,
    status: doc.status,
    error: doc.error && doc.error.length > MAX_EVENT_ERROR ? `${doc.error.slice(0, MAX_EVENT_ERROR - 1)}…` : doc.error,
  };
  await bus.publish(DOCUMENT_EVENTS_CHANNEL, event, tx);
}
