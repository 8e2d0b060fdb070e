import type { Readable } from 'node:stream';
import type { Logger } from 'pino';
import type { BlobStore } from '../../../platform/blobs/blob-store.js';
import type { Clock } from '../../../platform/clock.js';
import type { Principal } from '../../../platform/auth/principal.js';
import type { TenantDb, TenantTx } from '../../../platform/db/tenant-db.js';
import { AppError, unprocessable } from '../../../platform/http/errors.js';
import { sanitizeFilename } from '../../documents/index.js';
import type { AssetRow, AttachmentRow } from '../app-content.table.js';
import { findRecord } from '../records/records.repo.js';
import { findRichDocument } from '../rich-documents/rich-documents.repo.js';
import type { Access, ContentScope, Scopes } from '../scope.js';
import { addUsage } from '../usage.repo.js';
import { assetsOf, attach, attachmentsOf, deleteAssets, findAsset, insertAsset, listAssets } from './assets.repo.js';
import { detectMime, isAllowed } from './mime.js';

export interface AssetsDeps {
  clock: Clock;
  blobs: Pick<BlobStore, 'put' | 'delete' | 'stream'>;
  scopes: Scopes;
  log: Pick<Logger, 'warn'>;
}

/** Where an upload goes, and what it may be (the manifest's `assets`). */
export interface UploadTarget {
  scope: ContentScope;
  maxFileBytes: number;
  maxTotalBytes: number;
  allowedMimeTypes: readonly string[];
}

export type AttachTarget = { collection?: string; record_id?: string; rich_document_id?: string };

function presentAttachment(a: AttachmentRow) {
  return a.richDocumentId ? { rich_document_id: a.richDocumentId } : { collection: a.collection!, record_id: a.recordId! };
}

function presentAsset(row: AssetRow, attachments: readonly AttachmentRow[]) {
  return {
    id: row.id,
    installation_id: row.installationId,
    filename: row.filename,
    mime_type: row.mimeType,
    declared_type: row.declaredType,
    size_bytes: row.sizeBytes,
    sha256: row.sha256,
    created_at: row.createdAt.toISOString(),
    created_by: row.createdBy,
    attachments: attachments.map(presentAttachment),
  };
}
export type PresentedAsset = ReturnType<typeof presentAsset>;

/**
 * App assets: files within the manifest's limits (each file, all of an installation's files, and the types
 * allowed, judged on the bytes), stored through the BlobStore, attachable to a record or a rich document.
 * A blob is written before its row's transaction and deleted if that transaction fails; a deleted asset's
 * blob goes after the commit.
 */
export function createAssetsService(deps: AssetsDeps) {
  const { clock, blobs, scopes } = deps;

  function assetsOfManifest(scope: ContentScope) {
    if (!scope.manifest.assets) throw new AppError('app_assets_disabled');
    return scope.manifest.assets;
  }

  /** The installation and limits of an upload, known before its body is read (so the file's limit applies while reading). */
  async function target(tenant: TenantDb, principal: Principal, installationId: string | undefined): Promise<UploadTarget> {
    const scope = await scopes.resolve(tenant, principal, installationId, 'write');
    return { scope, ...assetsOfManifest(scope) };
  }

  async function upload(tenant: TenantDb, to: UploadTarget, file: { filename: string; bytes: Buffer; declaredType: string | undefined }): Promise<PresentedAsset> {
    const size = file.bytes.byteLength;
    if (size > to.maxFileBytes) throw new AppError('app_asset_too_large', `The app accepts files of at most ${to.maxFileBytes} bytes (max_file_bytes); this one has ${size}`);
    if (size === 0) throw unprocessable(['body', 'file'], 'The file is empty');
    const mime = await detectMime(file.bytes, file.declaredType);
    if (!isAllowed(mime, to.allowedMimeTypes)) {
      throw new AppError('app_asset_type_not_allowed', `The file's content is ${mime}; the app accepts ${to.allowedMimeTypes.join(', ')}`);
    }
    const stored = await blobs.put(file.bytes, { tenantId: tenant.tenantId, kind: 'app-assets' });
    try {
      return await tenant.run(async (t) => {
        const usage = await addUsage(t, to.scope.installationId, { assetBytes: size });
        if (usage.assetBytes > to.maxTotalBytes) {
          throw new AppError(
            'app_asset_storage_quota',
            `The installation's files would take ${usage.assetBytes} bytes, over the app's max_total_bytes of ${to.maxTotalBytes}; delete files first`,
          );
        }
        const row = await insertAsset(t, {
          installationId: to.scope.installationId,
          filename: sanitizeFilename(file.filename || 'file'),
          mimeType: mime,
          declaredType: file.declaredType ? file.declaredType.slice(0, 255) : null,
          sizeBytes: size,
          sha256: stored.sha256,
          blobKey: stored.key,
          createdBy: to.scope.actorUserId,
          createdAt: clock.now(),
        });
        return presentAsset(row, []);
      });
    } catch (error) {
      await blobs.delete(stored.key).catch(() => {});
      throw error;
    }
  }

  /** The asset and the scope it is reached through (its own installation's). */
  async function open(tenant: TenantDb, principal: Principal, id: string, access: Access) {
    const row = await tenant.run((t) => findAsset(t, id, principal.kind === 'app' ? { installationId: principal.installationId } : {}));
    if (!row) throw new AppError('app_asset_not_found');
    const scope = await scopes.forInstallation(tenant, principal, row.installationId, access);
    return { row, scope };
  }

  async function present(t: TenantTx, row: AssetRow) {
    return presentAsset(row, (await attachmentsOf(t, [row.id])).get(row.id) ?? []);
  }

  async function get(tenant: TenantDb, principal: Principal, id: string): Promise<PresentedAsset> {
    const { row } = await open(tenant, principal, id, 'read');
    return tenant.run((t) => present(t, row));
  }

  async function content(tenant: TenantDb, principal: Principal, id: string): Promise<{ stream: Readable; filename: string; mimeType: string; size: number }> {
    const { row } = await open(tenant, principal, id, 'read');
    const stream = await blobs.stream(row.blobKey).catch(() => {
      throw new AppError('app_asset_not_found', 'The file of this asset is no longer stored');
    });
    return { stream, filename: row.filename, mimeType: row.mimeType, size: row.sizeBytes };
  }

  async function list(tenant: TenantDb, principal: Principal, query: { skip: number; limit: number; installation_id?: string }) {
    // An app lists its own installation's files; a user or key the tenant's, or one installation's.
    const installationId = principal.kind === 'app' || query.installation_id ? (await scopes.resolve(tenant, principal, query.installation_id, 'read')).installationId : undefined;
    return tenant.run(async (t) => {
      const { rows, total } = await listAssets(t, installationId, query.skip, query.limit);
      const attachments = await attachmentsOf(t, rows.map((r) => r.id));
      return { items: rows.map((r) => presentAsset(r, attachments.get(r.id) ?? [])), total, skip: query.skip, limit: query.limit };
    });
  }

  async function remove(tenant: TenantDb, principal: Principal, id: string): Promise<void> {
    await open(tenant, principal, id, 'delete');
    const key = await tenant.run(async (t) => {
      const row = await findAsset(t, id, { lock: true });
      if (!row) throw new AppError('app_asset_not_found');
      await deleteAssets(t, [id]); // its attachments follow by foreign key
      await addUsage(t, row.installationId, { assetBytes: -row.sizeBytes });
      return row.blobKey;
    });
    await blobs.delete(key).catch((err) => deps.log.warn({ err, key }, 'blob delete failed'));
  }

  /** Attaches the asset to a record or a rich document of the same installation (again is a no-op). */
  async function attachTo(tenant: TenantDb, principal: Principal, id: string, to: AttachTarget): Promise<PresentedAsset> {
    const byRecord = to.collection !== undefined || to.record_id !== undefined;
    if (byRecord === (to.rich_document_id !== undefined) || (byRecord && (!to.collection || !to.record_id))) {
      throw unprocessable(['body'], 'Send either {collection, record_id} or {rich_document_id}');
    }
    const { row, scope } = await open(tenant, principal, id, 'write');
    return tenant.run(async (t) => {
      const now = clock.now();
      if (byRecord) {
        const record = await findRecord(t, { installationId: scope.installationId, collection: to.collection! }, to.record_id!);
        if (!record) throw new AppError('app_record_not_found');
        await attach(t, { installationId: scope.installationId, assetId: row.id, collection: record.collection, recordId: record.id, now });
      } else {
        const doc = await findRichDocument(t, to.rich_document_id!, { installationId: scope.installationId });
        if (!doc) throw new AppError('rich_document_not_found');
        await attach(t, { installationId: scope.installationId, assetId: row.id, richDocumentId: doc.id, now });
      }
      return present(t, row);
    });
  }

  /** Deletes a batch of an installation's assets, files first (the purge); returns how many went. */
  async function purgeBatch(tenant: TenantDb, installationId: string, batch: number): Promise<number> {
    const doomed = await tenant.run((t) => assetsOf(t, installationId, batch));
    // Files before rows: a failure leaves rows that the next run finds again (a deleted file is no error).
    for (const asset of doomed) await blobs.delete(asset.blobKey);
    await tenant.run((t) => deleteAssets(t, doomed.map((a) => a.id)));
    return doomed.length;
  }

  return { target, upload, get, content, list, remove, attachTo, purgeBatch };
}
export type AssetsService = ReturnType<typeof createAssetsService>;
