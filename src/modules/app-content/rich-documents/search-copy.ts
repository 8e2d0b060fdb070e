import type { Logger } from 'pino';
import type { Principal } from '../../../platform/auth/principal.js';
import type { TenantDb, TenantTx } from '../../../platform/db/tenant-db.js';
import { findRichDocument, setSearchDocument } from './rich-documents.repo.js';
import { plainText } from './node-tree.js';

/**
 * Where rich documents become searchable: the documents module, reached through this port (wired in
 * src/modules/index.ts with its ingest service and its remover). A copy is an ordinary document of the
 * tenant: a `.txt` file indexed by the same pipeline as any upload, so search (and chat over documents)
 * find it with no change of their own.
 */
export interface SearchIndexPort {
  /** Stores the text as a new document of the tenant (indexed in the background); returns its id. */
  publish(tenant: TenantDb, principal: Principal, file: { filename: string; text: string; tags: string[] }): Promise<string>;
  /** Deletes documents in the caller's transaction; the returned function deletes their files after commit. */
  withdraw(t: TenantTx, documentIds: readonly string[]): Promise<() => Promise<void>>;
}

const searchTags = (manifestId: string) => ['rich-document', `app:${manifestId}`];

/**
 * Keeps a rich document's search copy in step with its current version: publishes the new text, then, in
 * one short transaction under the document's lock, points the document at it and withdraws the previous
 * copy, unless a newer version or a delete got there first (then the new copy is withdrawn instead). No
 * transaction is held across the blob write and the ingest. A failure is logged, never the writer's error:
 * the copy catches up at the next save.
 */
export function createSearchCopies(deps: { port: SearchIndexPort; log: Pick<Logger, 'warn'> }) {
  async function refresh(
    tenant: TenantDb,
    principal: Principal,
    doc: { id: string; version: number; title: string; content: unknown; manifestId: string },
  ): Promise<string | null> {
    try {
      const text = `${doc.title}\n\n${plainText(doc.content)}`.trim();
      const documentId = await deps.port.publish(tenant, principal, { filename: `${doc.title.slice(0, 150)}.txt`, text, tags: searchTags(doc.manifestId) });
      const { after, current } = await tenant.run(async (t) => {
        const row = await findRichDocument(t, doc.id, { lock: true });
        if (!row || row.currentVersion !== doc.version) return { after: await deps.port.withdraw(t, [documentId]), current: row?.searchDocumentId ?? null };
        await setSearchDocument(t, doc.id, documentId);
        return { after: row.searchDocumentId ? await deps.port.withdraw(t, [row.searchDocumentId]) : async () => {}, current: documentId };
      });
      await after();
      return current;
    } catch (error) {
      deps.log.warn({ err: error, richDocumentId: doc.id }, 'the search copy of a rich document could not be refreshed; the next save retries');
      return null;
    }
  }

  /** Withdraws a document's copy in the caller's transaction (delete, purge, indexing turned off). */
  async function remove(t: TenantTx, documentId: string | null, richDocumentId?: string): Promise<() => Promise<void>> {
    if (!documentId) return async () => {};
    if (richDocumentId) await setSearchDocument(t, richDocumentId, null);
    return deps.port.withdraw(t, [documentId]);
  }

  return { refresh, remove };
}
export type SearchCopies = ReturnType<typeof createSearchCopies>;
