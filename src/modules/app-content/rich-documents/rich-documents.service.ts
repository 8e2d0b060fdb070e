import type { Clock } from '../../../platform/clock.js';
import type { Principal } from '../../../platform/auth/principal.js';
import type { TenantDb, TenantTx } from '../../../platform/db/tenant-db.js';
import { AppError } from '../../../platform/http/errors.js';
import { StaleVersion } from '../conflict.js';
import { jsonBytes, pointerSegments } from '../json-shape.js';
import type { Access, ContentScope, Scopes } from '../scope.js';
import type { RichDocumentRow, RichDocumentVersionRow } from '../app-content.table.js';
import { checkTree, RICH_LIMITS } from './node-tree.js';
import {
  advanceDocument,
  attachedToDocuments,
  deleteRichDocument,
  findRichDocument,
  findVersion,
  insertRichDocument,
  insertVersion,
  listRichDocuments,
  listVersions,
  pruneVersions,
  readIndexInSearch,
} from './rich-documents.repo.js';
import type { SearchCopies } from './search-copy.js';

export interface RichDocumentsDeps {
  clock: Clock;
  scopes: Scopes;
  copies: SearchCopies;
}

const iso = (d: Date) => d.toISOString();

function presentSummary(row: RichDocumentRow) {
  return {
    id: row.id,
    installation_id: row.installationId,
    title: row.title,
    version: row.currentVersion,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
    created_by: row.createdBy,
    indexed_document_id: row.searchDocumentId,
  };
}

function presentVersion(row: Omit<RichDocumentVersionRow, 'tenantId' | 'documentId' | 'content'>) {
  return { version: row.version, title: row.title, size_bytes: row.sizeBytes, restored_from: row.restoredFrom, created_by: row.createdBy, created_at: iso(row.createdAt) };
}

/** A valid node tree and its size, or the 422/413 that says what is wrong (every problem, with its pointer). */
function checkContent(content: unknown): { content: Record<string, unknown>; size: number } {
  const checked = checkTree(content);
  if (!checked.ok) {
    if (checked.tooLarge) throw new AppError('rich_document_too_large', checked.issues[0].message);
    throw new AppError(
      'rich_document_invalid',
      checked.issues.map((i) => ({ loc: ['body', 'content', ...pointerSegments(i.pointer)], msg: i.message, type: 'value_error.node', pointer: i.pointer })),
    );
  }
  const size = jsonBytes(content);
  if (size > RICH_LIMITS.maxBytes) throw new AppError('rich_document_too_large', `A document's content may take at most ${RICH_LIMITS.maxBytes} bytes of JSON; this one takes ${size}`);
  return { content: content as Record<string, unknown>, size };
}

/**
 * Rich documents: a title and a node tree, with immutable versions. An edit names the version it starts
 * from (`base_version`); anything else is a 409 carrying the document as it is now. At most the manifest's
 * `max_versions` are kept. When the tenant allows it, the current version's text is copied into the
 * tenant's documents so that search finds it (search-copy.ts).
 */
export function createRichDocumentsService(deps: RichDocumentsDeps) {
  const { clock, scopes, copies } = deps;

  function enabled(scope: ContentScope): ContentScope {
    if (!scope.manifest.documents.enabled) throw new AppError('rich_documents_disabled');
    return scope;
  }

  async function present(t: TenantTx, row: RichDocumentRow) {
    const [version, assets] = [await findVersion(t, row.id, row.currentVersion), await attachedToDocuments(t, [row.id])];
    return { ...presentSummary(row), content: version?.content ?? null, asset_ids: assets.get(row.id) ?? [] };
  }

  /** The document and the installation scope it is reached through (its own installation's). */
  async function open(tenant: TenantDb, principal: Principal, id: string, access: Access) {
    const row = await tenant.run((t) => findRichDocument(t, id, principal.kind === 'app' ? { installationId: principal.installationId } : {}));
    if (!row) throw new AppError('rich_document_not_found');
    const scope = await scopes.forInstallation(tenant, principal, row.installationId, access);
    if (scope.viaApp || access === 'write') enabled(scope);
    return { row, scope };
  }

  /** Refreshes the search copy when the tenant indexes rich documents; the answer then names the new copy. */
  async function afterWrite<T extends { indexed_document_id: string | null }>(
    tenant: TenantDb,
    principal: Principal,
    scope: ContentScope,
    written: { id: string; version: number; title: string; content: unknown },
    index: boolean,
    result: T,
  ): Promise<T> {
    if (!index) return result;
    return { ...result, indexed_document_id: await copies.refresh(tenant, principal, { ...written, manifestId: scope.manifest.manifest.id }) };
  }

  async function create(tenant: TenantDb, principal: Principal, body: { title: string; content: unknown; installation_id?: string }) {
    const scope = enabled(await scopes.resolve(tenant, principal, body.installation_id, 'write', 'body'));
    const { content, size } = checkContent(body.content);
    const { result, index } = await tenant.run(async (t) => {
      const now = clock.now();
      const row = await insertRichDocument(t, { installationId: scope.installationId, title: body.title, createdBy: scope.actorUserId, now });
      await insertVersion(t, { documentId: row.id, version: 1, title: body.title, content, sizeBytes: size, restoredFrom: null, createdBy: scope.actorUserId, now });
      return { result: { ...presentSummary(row), content, asset_ids: [] as string[] }, index: await readIndexInSearch(t) };
    });
    return afterWrite(tenant, principal, scope, { id: result.id, version: 1, title: body.title, content }, index, result);
  }

  /** Writes version base + 1 (an edit or a restore), keeping at most max_versions. */
  async function advance(
    tenant: TenantDb,
    principal: Principal,
    id: string,
    base: number | undefined,
    next: (t: TenantTx, row: RichDocumentRow) => Promise<{ title: string; content: Record<string, unknown>; size: number; restoredFrom: number | null }>,
  ) {
    const { scope } = await open(tenant, principal, id, 'write');
    const { result, index, written } = await tenant.run(async (t) => {
      const row = await findRichDocument(t, id, { lock: true });
      if (!row) throw new AppError('rich_document_not_found');
      if (base !== undefined && base !== row.currentVersion) {
        throw new StaleVersion('rich_document_version_conflict', `The document is at version ${row.currentVersion}, not ${base}`, await present(t, row));
      }
      const change = await next(t, row);
      const version = row.currentVersion + 1;
      const now = clock.now();
      await insertVersion(t, { documentId: id, version, title: change.title, content: change.content, sizeBytes: change.size, restoredFrom: change.restoredFrom, createdBy: scope.actorUserId, now });
      await pruneVersions(t, id, version, scope.manifest.documents.maxVersions);
      const updated = await advanceDocument(t, id, { title: change.title, version, now });
      return { result: await present(t, updated), index: await readIndexInSearch(t), written: { id, version, title: change.title, content: change.content } };
    });
    return afterWrite(tenant, principal, scope, written, index, result);
  }

  async function update(tenant: TenantDb, principal: Principal, id: string, body: { title?: string; content: unknown; base_version: number }) {
    const { content, size } = checkContent(body.content);
    return advance(tenant, principal, id, body.base_version, async (_t, row) => ({ title: body.title ?? row.title, content, size, restoredFrom: null }));
  }

  async function restore(tenant: TenantDb, principal: Principal, id: string, version: number, base: number | undefined) {
    return advance(tenant, principal, id, base, async (t) => {
      const old = await findVersion(t, id, version);
      if (!old) throw new AppError('rich_document_version_not_found');
      return { title: old.title, content: old.content, size: old.sizeBytes, restoredFrom: version };
    });
  }

  async function get(tenant: TenantDb, principal: Principal, id: string) {
    const { row } = await open(tenant, principal, id, 'read');
    return tenant.run((t) => present(t, row));
  }

  async function list(tenant: TenantDb, principal: Principal, query: { skip: number; limit: number; search?: string; installation_id?: string }) {
    // An app lists its own installation's documents; a user or key the tenant's, or one installation's.
    let installationId: string | undefined;
    if (principal.kind === 'app') installationId = enabled(await scopes.resolve(tenant, principal, query.installation_id, 'read')).installationId;
    else if (query.installation_id) installationId = (await scopes.resolve(tenant, principal, query.installation_id, 'read')).installationId;
    const { rows, total } = await tenant.run((t) => listRichDocuments(t, { installationId, search: query.search }, query.skip, query.limit));
    return { items: rows.map(presentSummary), total, skip: query.skip, limit: query.limit };
  }

  async function versions(tenant: TenantDb, principal: Principal, id: string, skip: number, limit: number) {
    await open(tenant, principal, id, 'read');
    const { rows, total } = await tenant.run((t) => listVersions(t, id, skip, limit));
    return { items: rows.map(presentVersion), total, skip, limit };
  }

  async function version(tenant: TenantDb, principal: Principal, id: string, n: number) {
    await open(tenant, principal, id, 'read');
    const row = await tenant.run((t) => findVersion(t, id, n));
    if (!row) throw new AppError('rich_document_version_not_found');
    return { ...presentVersion(row), document_id: id, content: row.content };
  }

  async function remove(tenant: TenantDb, principal: Principal, id: string): Promise<void> {
    await open(tenant, principal, id, 'delete');
    const after = await tenant.run(async (t) => {
      const row = await findRichDocument(t, id, { lock: true });
      if (!row) throw new AppError('rich_document_not_found');
      const withdrawn = await copies.remove(t, row.searchDocumentId);
      await deleteRichDocument(t, id);
      return withdrawn;
    });
    await after();
  }

  return { create, list, get, update, restore, versions, version, remove };
}
export type RichDocumentsService = ReturnType<typeof createRichDocumentsService>;
