import type { TenantDb } from '../../platform/db/tenant-db.js';
import { AppError, nonBlank } from '../../platform/http/errors.js';
import type { Principal } from '../../platform/auth/principal.js';
import { hasScopes } from '../../platform/auth/scopes.js';
import { iso } from '../../platform/http/schemas.js';
import type { DocumentRemover } from '../documents/index.js';
import { audit } from '../audit/index.js';
import {
  deleteMemory,
  detachMemoryDocuments,
  findMemory,
  insertMemory,
  listMemories,
  memoryDocumentIds,
  updateMemory,
  type MemoryWithCount,
} from './memories.repo.js';

export interface MemoriesDeps {
  documents: DocumentRemover;
}

function presentMemory(row: MemoryWithCount) {
  return {
    id: row.id,
    memory_id: row.id,
    name: row.name,
    description: row.description,
    document_count: row.documentCount,
    created_at: iso(row.createdAt)!,
    updated_at: iso(row.updatedAt)!,
  };
}

/** Every call takes the caller's tenant (`TenantDb`, bound by the route builder). */
export function createMemoriesService(deps: MemoriesDeps) {
  async function get(tenant: TenantDb, id: string) {
    const row = await tenant.run((t) => findMemory(t, id));
    if (!row) throw new AppError('memory_not_found');
    return presentMemory(row);
  }

  async function create(tenant: TenantDb, input: { name: string; description?: string }) {
    const row = await tenant.run((t) => insertMemory(t, { name: nonBlank(input.name, 'name'), description: input.description ?? '' }));
    return presentMemory({ ...row, documentCount: 0 });
  }

  async function list(tenant: TenantDb, skip: number, limit: number) {
    const { rows, total } = await tenant.run((t) => listMemories(t, skip, limit));
    return { items: rows.map(presentMemory), total, skip, limit };
  }

  async function update(tenant: TenantDb, id: string, input: { name?: string; description?: string }) {
    const patch: { name?: string; description?: string } = {};
    if (input.name !== undefined) patch.name = nonBlank(input.name, 'name');
    if (input.description !== undefined) patch.description = input.description;
    const row = await tenant.run(async (t) => {
      if (Object.keys(patch).length && !(await updateMemory(t, id, patch))) return null;
      return findMemory(t, id);
    });
    if (!row) throw new AppError('memory_not_found');
    return presentMemory(row);
  }

  /**
   * Deletes a memory. Its documents are detached (kept, in no memory) unless `cascade`, which
   * hard-deletes them with their chunks and files, and so also needs the right to delete documents.
   */
  async function remove(tenant: TenantDb, principal: Principal, id: string, cascade: boolean): Promise<void> {
    if (cascade && !hasScopes(principal.scopes, ['documents:ingest'])) {
      throw new AppError('insufficient_scope', 'Missing scope: documents:ingest (needed to delete the documents with ?cascade=true)');
    }
    const afterCommit = await tenant.run(async (t) => {
      const memory = await findMemory(t, id);
      if (!memory) return null;
      let after = async () => {};
      let documentsDeleted = 0;
      if (cascade) {
        const documentIds = await memoryDocumentIds(t, id);
        documentsDeleted = documentIds.length;
        after = (await deps.documents.remove(t, documentIds)).afterCommit;
      } else await detachMemoryDocuments(t, id);
      await deleteMemory(t, id);
      await audit(t, 'memory.deleted', principal, { targetId: id, targetName: memory.name, details: { cascade, documents_deleted: documentsDeleted } });
      return after;
    });
    if (!afterCommit) throw new AppError('memory_not_found');
    await afterCommit();
  }

  return { create, list, get, update, remove };
}
export type MemoriesService = ReturnType<typeof createMemoriesService>;
