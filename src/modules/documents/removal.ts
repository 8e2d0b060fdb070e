import type { TenantTx } from '../../platform/db/tenant-db.js';
import type { BlobStore } from '../../platform/blobs/blob-store.js';
import { deleteDocuments } from './documents.repo.js';
import { documentsDeleted } from './lifecycle-events.js';
import type { DbMaintenance } from '../../platform/db/maintenance.js';

type AfterCommit = () => Promise<void>;

/**
 * The one way documents are hard-deleted: a single delete, a memory's or a folder's cascade. Rows go inside the
 * caller's transaction (chunks and jobs follow by foreign key), with one `document.deleted` event per document;
 * blobs only after it commits, so a rolled-back delete never leaves documents without their files (nor an event).
 */
export interface DocumentRemover {
  /** Deletes the rows of the tenant's documents `ids`; `afterCommit` then deletes their files. */
  remove(t: TenantTx, ids: readonly string[]): Promise<{ removed: number; afterCommit: AfterCommit }>;
}

export function createDocumentRemover(deps: {
  blobs: Pick<BlobStore, 'delete'>;
  /** Deleted chunks move the row counts the planner relies on (platform/db/maintenance.ts). */
  maintenance?: Pick<DbMaintenance, 'request'>;
  log?: { warn(obj: object, msg: string): void };
}): DocumentRemover {
  return {
    async remove(t, ids) {
      const deleted = await deleteDocuments(t, ids);
      await documentsDeleted(t, deleted);
      // Both keys of a document are its own: the blob store generates a fresh key for every put (upload and
      // extraction alike), so no other document can point at them and no "still in use" check is needed (the
      // memory cascade used to query for one; it could never find anything, and scanned the table to say so).
      const keys = deleted.flatMap((d) => (d.extractedKey ? [d.blobKey, d.extractedKey] : [d.blobKey]));
      return {
        removed: deleted.length,
        afterCommit: async () => {
          if (deleted.length > 0) deps.maintenance?.request('changes');
          for (const key of keys) {
            // A blob left behind is wasted space, not an inconsistency: never fail the request for it.
            await deps.blobs.delete(key).catch((err) => deps.log?.warn({ err, key }, 'blob delete failed'));
          }
        },
      };
    },
  };
}
