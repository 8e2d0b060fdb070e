import type { Database } from '../../platform/db/database.js';
import { forbidden, nonBlank, notFound } from '../../platform/http/errors.js';
import type { Principal } from '../../platform/auth/principal.js';
import { hasScopes } from '../../platform/auth/scopes.js';
import { iso } from '../../platform/http/pagination.js';
import type { DocumentRemover } from '../documents/index.js';
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
  db: Database;
  documents: DocumentRemover;
}

export function presentMemory(row: MemoryWithCount) {
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

export function createMemoriesService(deps: MemoriesDeps) {
  const { db } = deps;

  async function get(tenantId: string, id: string) {
    const row = await db.tenant(tenantId, (tx) => findMemory(tx, tenantId, id));
    if (!row) throw notFound('Memory not found');
    return presentMemory(row);
  }

  async function create(tenantId: string, input: { name: string; description?: string }) {
    const row = await db.tenant(tenantId, (tx) =>
      insertMemory(tx, { tenantId, name: nonBlank(input.name, 'name'), description: input.description ?? '' }),
    );
    return presentMemory({ ...row, documentCount: 0 });
  }

  async function list(tenantId: string, skip: number, limit: number) {
    const { rows, total } = await db.tenant(tenantId, (tx) => listMemories(tx, tenantId, skip, limit));
    return { items: rows.map(presentMemory), total, skip, limit };
  }

  async function update(tenantId: string, id: string, input: { name?: string; description?: string }) {
    const patch: { name?: string; description?: string } = {};
    if (input.name !== undefined) patch.name = nonBlank(input.name, 'name');
    if (input.description !== undefined) patch.description = input.description;
    const row = await db.tenant(tenantId, async (tx) => {
      if (Object.keys(patch).length && !(await updateMemory(tx, tenantId, id, patch))) return null;
      return findMemory(tx, tenantId, id);
    });
    if (!row) throw notFound('Memory not found');
    return presentMemory(row);
  }

  /**
   * Deletes a memory. Its documents are detached (kept, in no memory) unless `cascade`, which
   * hard-deletes them with their chunks and files, and so also needs the right to delete documents.
   */
  async function remove(principal: Principal, id: string, cascade: boolean): Promise<void> {
    const { tenantId } = principal;
    if (cascade && !hasScopes(principal.scopes, ['documents:ingest'])) {
      throw forbidden('Missing scope: documents:ingest (needed to delete the documents with ?cascade=true)', 'insufficient_scope');
    }
    const afterCommit = await db.tenant(tenantId, async (tx) => {
      if (!(await findMemory(tx, tenantId, id))) return null;
      let after = async () => {};
      if (cascade) after = (await deps.documents.remove(tx, tenantId, await memoryDocumentIds(tx, tenantId, id))).afterCommit;
      else await detachMemoryDocuments(tx, tenantId, id);
      await deleteMemory(tx, tenantId, id);
      return after;
    });
    if (!afterCommit) throw notFound('Memory not found');
    await afterCommit();
  }

  return { create, list, get, update, remove };
}
export type MemoriesService = ReturnType<typeof createMemoriesService>;
