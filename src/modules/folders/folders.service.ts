import type { Database, Tx } from '../../platform/db/database.js';
import { conflict, nonBlank, notFound, unprocessable } from '../../platform/http/errors.js';
import { iso } from '../../platform/http/pagination.js';
import type { DocumentRemover } from '../documents/index.js';
import {
  deleteFolder,
  documentIdsInFolders,
  findFolder,
  insertFolder,
  isInSubtree,
  listFolders,
  lockFolderTree,
  subtreeIds,
  updateFolder,
  type FolderWithCounts,
} from './folders.repo.js';

export interface FoldersDeps {
  db: Database;
  documents: DocumentRemover;
}

export function presentFolder(row: FolderWithCounts) {
  return {
    id: row.id,
    folder_id: row.id,
    name: row.name,
    parent_id: row.parentId,
    document_count: row.documentCount,
    subfolder_count: row.subfolderCount,
    created_at: iso(row.createdAt)!,
    updated_at: iso(row.updatedAt)!,
  };
}

export function createFoldersService(deps: FoldersDeps) {
  const { db } = deps;

  /** A parent must be a folder of the same tenant: anything else is as absent as it looks (404). */
  async function requireParent(tx: Tx, tenantId: string, parentId: string): Promise<void> {
    if (!(await findFolder(tx, tenantId, parentId))) throw notFound('Parent folder not found');
  }

  async function get(tenantId: string, id: string) {
    const row = await db.tenant(tenantId, (tx) => findFolder(tx, tenantId, id));
    if (!row) throw notFound('Folder not found');
    return presentFolder(row);
  }

  async function create(tenantId: string, input: { name: string; parent_id?: string | null }) {
    const parentId = input.parent_id ?? null;
    const row = await db.tenant(tenantId, async (tx) => {
      if (parentId) await requireParent(tx, tenantId, parentId);
      return insertFolder(tx, { tenantId, name: nonBlank(input.name, 'name'), parentId });
    });
    return presentFolder({ ...row, documentCount: 0, subfolderCount: 0 });
  }

  async function list(tenantId: string, query: { parent_id?: string; skip: number; limit: number }) {
    const parentId = query.parent_id === undefined ? undefined : query.parent_id === 'null' ? null : query.parent_id;
    const { rows, total } = await db.tenant(tenantId, async (tx) => {
      if (parentId) await requireParent(tx, tenantId, parentId);
      return listFolders(tx, tenantId, parentId, query.skip, query.limit);
    });
    return { items: rows.map(presentFolder), total, skip: query.skip, limit: query.limit };
  }

  /** Renames and/or moves a folder (`parent_id: null` moves it to the root); a move under itself is refused. */
  async function update(tenantId: string, id: string, input: { name?: string; parent_id?: string | null }) {
    const row = await db.tenant(tenantId, async (tx) => {
      // A move takes the tenant's tree lock first, so the cycle check below sees a stable tree.
      if (input.parent_id !== undefined) await lockFolderTree(tx, tenantId);
      if (!(await findFolder(tx, tenantId, id))) return null;
      const patch: { name?: string; parentId?: string | null } = {};
      if (input.name !== undefined) patch.name = nonBlank(input.name, 'name');
      if (input.parent_id !== undefined) {
        if (input.parent_id !== null) {
          await requireParent(tx, tenantId, input.parent_id);
          if (await isInSubtree(tx, tenantId, id, input.parent_id)) {
            throw unprocessable(['body', 'parent_id'], 'A folder cannot be moved into itself or one of its subfolders', 'folder_cycle');
          }
        }
        patch.parentId = input.parent_id;
      }
      if (Object.keys(patch).length) await updateFolder(tx, tenantId, id, patch);
      return findFolder(tx, tenantId, id);
    });
    if (!row) throw notFound('Folder not found');
    return presentFolder(row);
  }

  /**
   * Deletes a folder. A folder holding documents or subfolders is refused (409) unless `cascade`,
   * which deletes the whole subtree: its folders and, hard, their documents.
   */
  async function remove(tenantId: string, id: string, cascade: boolean): Promise<void> {
    const afterCommit = await db.tenant(tenantId, async (tx) => {
      const folder = await findFolder(tx, tenantId, id, { lock: true });
      if (!folder) return null;
      let after = async () => {};
      if (!cascade) {
        if (folder.documentCount > 0 || folder.subfolderCount > 0) {
          throw conflict(
            `The folder is not empty (${folder.documentCount} documents, ${folder.subfolderCount} subfolders); delete with ?cascade=true to remove its contents`,
            'folder_not_empty',
          );
        }
      } else {
        await lockFolderTree(tx, tenantId); // no folder moves into the subtree while it goes
        const tree = await subtreeIds(tx, tenantId, id);
        after = (await deps.documents.remove(tx, tenantId, await documentIdsInFolders(tx, tenantId, tree))).afterCommit;
      }
      await deleteFolder(tx, tenantId, id); // subfolders follow by foreign key
      return after;
    });
    if (!afterCommit) throw notFound('Folder not found');
    await afterCommit();
  }

  return { create, list, get, update, remove };
}
export type FoldersService = ReturnType<typeof createFoldersService>;
