import type { TenantTx } from '../../platform/db/tenant-db.js';
import type { JobQueue } from '../../platform/jobs/queue.js';
import { connectorDocumentIds, detachConnectorDocuments } from './documents.repo.js';
import { INGEST_QUEUE, type DocumentRow } from './documents.table.js';
import type { AcceptedFile, DocumentSource, IngestService, UploadedFile } from './ingest.js';
import type { DocumentRemover } from './removal.js';

/**
 * What the connectors module does with documents: the same checks, blob store and indexing scheduler as an upload,
 * split so that a connector commits a document together with its own record of the item (`create`, `replace` run in
 * the caller's transaction), and the one hard-delete path for the items that disappeared.
 */
export interface ConnectorContent {
  /** Every check of an upload, then the file to the blob store; throws the upload's errors (an item error). */
  accept(tenantId: string, file: UploadedFile): Promise<AcceptedFile>;
  /** Deletes an accepted file whose transaction did not commit. */
  discard(accepted: AcceptedFile): Promise<void>;
  /** A new document with its source, pending and scheduled, in the caller's transaction. */
  create(t: TenantTx, accepted: AcceptedFile, opts: { source: DocumentSource; memoryId: string | null; folderId: string | null; tags: string[] }): Promise<DocumentRow>;
  /** The document's content replaced and reindexed (same id); null when it is gone. `afterCommit` deletes the old file. */
  replace(t: TenantTx, documentId: string, accepted: AcceptedFile): Promise<{ document: DocumentRow; afterCommit: () => Promise<void> } | null>;
  remover: DocumentRemover;
  /** The connector's documents become ordinary ones (no source). */
  detach(t: TenantTx, connectorId: string): Promise<number>;
  documentIds(t: TenantTx, connectorId: string): Promise<string[]>;
  /** Wakes this process's indexing workers (after a commit that scheduled documents). */
  poke(): void;
}

export function createConnectorContent(deps: { ingest: IngestService; remover: DocumentRemover; queue: Pick<JobQueue, 'poke'> }): ConnectorContent {
  return {
    accept: (tenantId, file) => deps.ingest.accept(tenantId, file),
    discard: (accepted) => deps.ingest.discard(accepted),
    create: (t, accepted, opts) => deps.ingest.insertAccepted(t, accepted, null, opts),
    replace: (t, documentId, accepted) => deps.ingest.replaceAccepted(t, documentId, accepted),
    remover: deps.remover,
    detach: detachConnectorDocuments,
    documentIds: connectorDocumentIds,
    poke: () => deps.queue.poke(INGEST_QUEUE),
  };
}
