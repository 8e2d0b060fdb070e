import { randomUUID } from 'node:crypto';
import type { TenantDb } from '../../../platform/db/tenant-db.js';
import type { BlobStore } from '../../../platform/blobs/blob-store.js';
import type { Principal } from '../../../platform/auth/principal.js';
import { AppError, unprocessable } from '../../../platform/http/errors.js';
import { batchMayBeComplete, folderExists, memoryExists, readUploadFields, sanitizeFilename, type DocumentRow, type IngestService, type SpooledUpload } from '../index.js';
import { batchStatusCounts, findBatch, insertBatch, setBatchCounts } from './bulk.repo.js';
import { toCounts } from './counts.js';

export const MAX_BULK_FILES = 500;

export interface BulkDeps {
  blobs: Pick<BlobStore, 'delete'>;
  ingest: Pick<IngestService, 'ingestFile' | 'rejectReason'>;
  uploadMaxBytes: number;
}

export interface BulkUploadResult {
  batch_id: string;
  total: number;
  documents: { document_id: string; filename: string; status: string }[];
  rejected: { filename: string; detail: string }[];
}

export function createBulkService(deps: BulkDeps) {
  const { ingest } = deps;

  /**
   * Accepts a spooled multipart upload as one batch: more than 500 files refuses the whole request;
   * a file that cannot be accepted (format, size) is rejected on its own; the batch row and every
   * accepted document (with its job) commit in one transaction.
   */
  async function upload(tenant: TenantDb, principal: Principal, spooled: SpooledUpload): Promise<BulkUploadResult> {
    if (spooled.unexpectedFileFields.length) {
      const field = spooled.unexpectedFileFields[0];
      throw unprocessable(['body', field], `Unexpected file field "${field}": send the files as repeated "files" parts`);
    }
    if (spooled.fileCount > MAX_BULK_FILES) {
      throw unprocessable(['body', 'files'], `At most ${MAX_BULK_FILES} files per request (got ${spooled.fileCount}); split the upload`, 'too_many_files');
    }
    if (spooled.fileCount === 0) throw unprocessable(['body', 'files'], 'Field required: at least one file', 'missing');
    const { memoryId, folderId, tags } = readUploadFields(spooled.fields);

    // Checked before any work; ingestFile checks again inside the transaction.
    await tenant.run(async (t) => {
      if (memoryId && !(await memoryExists(t, memoryId))) throw new AppError('memory_not_found');
      if (folderId && !(await folderExists(t, folderId))) throw new AppError('folder_not_found');
    });

    const rejected: BulkUploadResult['rejected'] = [];
    const accepted: typeof spooled.files = [];
    for (const file of spooled.files) {
      const filename = sanitizeFilename(file.filename);
      if (file.truncated) {
        rejected.push({ filename, detail: `The file is larger than the upload limit of ${Math.floor(deps.uploadMaxBytes / (1024 * 1024))} MB.` });
        continue;
      }
      const reason = await ingest.rejectReason(file);
      if (reason) rejected.push({ filename, detail: reason });
      else accepted.push(file);
    }

    const batchId = randomUUID();
    const created: DocumentRow[] = [];
    try {
      await tenant.run(async (joined) => {
        await insertBatch(joined, { id: batchId, total: accepted.length });
        for (const file of accepted) {
          try {
            created.push(await ingest.ingestFile(tenant, principal, file, { memoryId, folderId, tags, batchId, joined }));
          } catch (error) {
            // A per-file refusal (its savepoint rolled back) rejects that file; anything else fails the batch.
            if (error instanceof AppError && ['payload_too_large', 'document_too_large_for_format', 'unsupported_media_type'].includes(error.code)) {
              rejected.push({ filename: sanitizeFilename(file.filename), detail: String(error.detail) });
            } else throw error;
          }
        }
        if (created.length !== accepted.length || rejected.length > 0) {
          await setBatchCounts(joined, batchId, { total: created.length, rejected: rejected.length });
        }
        // A batch whose every file was refused is complete at once: no document of it will ever finish it.
        if (created.length === 0) await batchMayBeComplete(joined, batchId);
      });
    } catch (error) {
      // The transaction rolled back: the blobs stored for its files belong to nothing.
      for (const doc of created) await deps.blobs.delete(doc.blobKey).catch(() => {});
      throw error;
    }
    return {
      batch_id: batchId,
      total: created.length,
      documents: created.map((d) => ({ document_id: d.id, filename: d.filename, status: d.status })),
      rejected,
    };
  }

  async function status(tenant: TenantDb, batchId: string) {
    const found = await tenant.run(async (t) => {
      const batch = await findBatch(t, batchId);
      return batch ? { batch, counts: await batchStatusCounts(t, batchId) } : null;
    });
    if (!found) throw new AppError('batch_not_found');
    return toCounts(batchId, found.batch.total, found.counts);
  }

  return { upload, status };
}
export type BulkService = ReturnType<typeof createBulkService>;
