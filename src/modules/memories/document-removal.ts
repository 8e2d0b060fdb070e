import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../platform/db/database.js';
import type { BlobStore } from '../../platform/blobs/blob-store.js';

/**
 * Hard deletion of documents for the container deletes (memory or folder with ?cascade=true).
 * Rows go inside the caller's transaction (chunks and jobs follow by foreign key); blobs only after
 * it commits, so a rolled-back delete never leaves documents without their files.
 */
export interface DocumentRemover {
  /** Deletes the rows of the tenant's documents `ids`; returns what to run after the commit. */
  remove(tx: Tx, tenantId: string, ids: string[]): Promise<AfterCommit>;
}
export type AfterCommit = () => Promise<void>;

export function createDocumentRemover(deps: { blobs: Pick<BlobStore, 'delete'>; log?: { warn(obj: object, msg: string): void } }): DocumentRemover {
  return {
    async remove(tx, tenantId, ids) {
      if (ids.length === 0) return async () => {};
      const deleted = await rows<{ blob_key: string; extracted_key: string | null }>(tx, sql`
        DELETE FROM documents
        WHERE tenant_id = ${tenantId} AND id = ANY(${toArray(ids)}::uuid[])
        RETURNING blob_key, extracted_key`);
      let keys = [...new Set(deleted.flatMap((d) => [d.blob_key, d.extracted_key]).filter((k): k is string => Boolean(k)))];
      if (keys.length) {
        // Should uploads ever share a blob (same content), a key still in use must stay.
        const kept = await rows<{ key: string }>(tx, sql`
          SELECT blob_key AS key FROM documents WHERE tenant_id = ${tenantId} AND blob_key = ANY(${toArray(keys)}::text[])
          UNION SELECT extracted_key FROM documents WHERE tenant_id = ${tenantId} AND extracted_key = ANY(${toArray(keys)}::text[])`);
        const inUse = new Set(kept.map((k) => k.key));
        keys = keys.filter((k) => !inUse.has(k));
      }
      return async () => {
        for (const key of keys) {
          // A blob left behind is wasted space, not an inconsistency: never fail the request for it.
          await deps.blobs.delete(key).catch((err) => deps.log?.warn({ err, key }, 'blob delete failed'));
        }
      };
    },
  };
}

/** A Postgres array literal (ids are UUIDs, keys come from the blob store: neither holds a quote or backslash). */
function toArray(values: string[]): string {
  return `{${values.map((v) => `"${v}"`).join(',')}}`;
}
