import type { TenantDb, TenantTx } from '../../platform/db/tenant-db.js';
import { AppError, nonBlank, unprocessable } from '../../platform/http/errors.js';
import { iso } from '../../platform/http/schemas.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { DocumentRemover } from '../documents/index.js';
import { audit } from '../audit/index.js';
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
  documents: DocumentRemover;
}

function presentFolder(row: FolderWithCounts) {
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

/** Every call takes the caller's tenant (`TenantDb`, bound by the route builder). */
export function createFoldersService(deps: FoldersDeps) {
  /** A parent must be a folder of the same tenant: anything else is as absent as it looks (404). */
  async function requireParent(t: TenantTx, parentId: string): Promise<void> {
    if (!(await findFolder(t, parentId))) throw new AppError('parent_folder_not_found');
  }

  async function get(tenant: TenantDb, id: string) {
    const row = await tenant.run((t) => findFolder(t, id));
    if (!row) throw new AppError('folder_not_found');
    return presentFolder(row);
  }

  async function create(tenant: TenantDb, input: { name: string; parent_id?: string | null }) {
    const parentId = input.parent_id ?? null;
    const row = await tenant.run(async (t) => {
      if (parentId) await requireParent(t, parentId);
      return insertFolder(t, { name: nonBlank(input.name, 'name'), parentId });
    });
    return presentFolder({ ...row, documentCount: 0, subfolderCount: 0 });
  }

  async function list(tenant: TenantDb, query: { parent_id?: string; skip: number; limit: number }) {
    const parentId = query.parent_id === undefined ? undefined : query.parent_id === 'null' ? null : query.parent_id;
    const { rows, total } = await tenant.run(async (t) => {
      if (parentId) await requireParent(t, parentId);
      return listFolders(t, parentId, query.skip, query.limit);
    });
    return { items: rows.map(presentFolder), total, skip: query.skip, limit: query.limit };
  }

  /** Renames and/or moves a folder (`parent_id: null` moves it to the root); a move under itself is refused. */
  async function update(tenant: TenantDb, id: string, input: { name?: string; parent_id?: string | null }) {
    const row = await tenant.run(async (t) => {
      // A move takes the tenant's tree lock first, so the cycle check below sees a stable tree.
      if (input.parent_id !== undefined) await lockFolderTree(t);
      if (!(await findFolder(t, id))) return null;
      const patch: { name?: string; parentId?: string | null } = {};
      if (input.name !== undefined) patch.name = nonBlank(input.name, 'name');
      if (input.parent_id !== undefined) {
        if (input.parent_id !== null) {
          await requireParent(t, input.parent_id);
          if (await isInSubtree(t, id, input.parent_id)) {
            throw unprocessable(['body', 'parent_id'], 'A folder cannot be moved into itself or one of its subfolders', 'folder_cycle');
          }
        }
        patch.parentId = input.parent_id;
      }
      if (Object.keys(patch).length) await updateFolder(t, id, patch);
      return findFolder(t, id);
    });
    if (!row) throw new AppError('folder_not_found');
    return presentFolder(row);
  }

  /**
   * Deletes a folder. A folder holding documents or subfolders is refused (409) unless `cascade`,
   * which deletes the whole subtree: its folders and, hard, their documents.
   */
  async function remove(tenant: TenantDb, principal: Principal, id: string, cascade: boolean): Promise<void> {
    const afterCommit = await tenant.run(async (t) => {
      const folder = await findFolder(t, id, { lock: true });
      if (!folder) return null;
      let after = async () => {};
      if (!cascade) {
        if (folder.documentCount > 0 || folder.subfolderCount > 0) {
          throw new AppError(
            'folder_not_empty',
            `The folder is not empty (${folder.documentCount} documents, ${folder.subfolderCount} subfolders); delete with ?cascade=true to remove its contents`,
          );
        }
      } else {
        await lockFolderTree(t); // no folder moves into the subtree while it goes
        const tree = await subtreeIds(t, id);
        after = (await deps.documents.remove(t, await documentIdsInFolders(t, tree))).afterCommit;
      }
      await deleteFolder(t, id); // subfolders follow by foreign key
      await audit(t, 'folder.deleted', principal, {
        targetId: id, targetName: folder.name, details: { cascade, documents: folder.documentCount, subfolders: folder.subfolderCount },
      });
      return after;
    });
    if (!afterCommit) throw new AppError('folder_not_found');
    await afterCommit();
  }

  return { create, list, get, update, remove };
}
export type FoldersService = ReturnType<typeof createFoldersService>;
