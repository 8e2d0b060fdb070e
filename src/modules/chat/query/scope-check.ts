import type { TenantDb } from '../../../platform/db/tenant-db.js';
import { AppError } from '../../../platform/http/errors.js';
import { findDocumentsByIds, folderExists, memoryExists } from '../../documents/index.js';

export interface QueryScope {
  memoryIds?: string[];
  documentIds?: string[];
  folderId?: string | null;
}

/**
 * The memories, documents and folder a question names must be the tenant's: an unknown or foreign id is a 404 (the
 * same as for their own routes), never an empty answer that looks like "the documents do not say".
 */
export function createScopeCheck() {
  async function check(tenant: TenantDb, scope: QueryScope): Promise<void> {
    // Most questions name no id: no transaction for nothing (on PGlite every transaction is a round trip).
    if (!scope.memoryIds?.length && !scope.documentIds?.length && !scope.folderId) return;
    await tenant.run(async (t) => {
      for (const id of new Set(scope.memoryIds ?? [])) {
        if (!(await memoryExists(t, id))) throw new AppError('memory_not_found', `Memory ${id} not found`);
      }
      const wanted = [...new Set(scope.documentIds ?? [])];
      if (wanted.length) {
        const found = new Set((await findDocumentsByIds(t, wanted)).map((d) => d.id));
        const missing = wanted.find((id) => !found.has(id));
        if (missing) throw new AppError('document_not_found', `Document ${missing} not found`);
      }
      if (scope.folderId && !(await folderExists(t, scope.folderId))) throw new AppError('folder_not_found', `Folder ${scope.folderId} not found`);
    });
  }
  return { check };
}
export type ScopeCheck = ReturnType<typeof createScopeCheck>;
