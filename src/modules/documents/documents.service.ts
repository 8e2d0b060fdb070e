import type { Readable } from 'node:stream';
import type { CoreContext } from '../../platform/context.js';
import type { TenantDb, TenantTx } from '../../platform/db/tenant-db.js';
import { AppError, unprocessable } from '../../platform/http/errors.js';
import { BlobNotFoundError } from '../../platform/blobs/blob-store.js';
import {
  connectorName,
  findDocument,
  findJob,
  folderExists,
  listChunks,
  listDocuments,
  listJobs,
  memoryExists,
  statusCounts,
  updateDocument,
  type DocumentFilters,
} from './documents.repo.js';
import { presentChunk, presentDocument, presentJob, presentProfile } from './documents.present.js';
import { DOCUMENT_STATUSES, INGEST_QUEUE, type DocumentRow, type TextSearchConfig } from './documents.table.js';
import type { IndexingScheduler } from './indexing/schedule.js';
import type { DocumentRemover } from './removal.js';
import { sanitizeFilename } from './filename.js';
import { normalizeTags } from './ingest.js';
import { readProfile, writeProfile } from './profile.repo.js';

export type DocumentsDeps = Pick<CoreContext, 'queue' | 'blobs' | 'log'> & {
  scheduler: IndexingScheduler;
  remover: DocumentRemover;
  /** The profile's embedding model changed: re-embed the tenant's documents (reindex/, a background run). */
  onEmbeddingModelChanged?: (tenantId: string) => Promise<unknown>;
};

export type ReindexSource = 'admin' | 'rag' | 'api';

/** Reads and edits of documents; accepting new files is ingest.ts. Every call takes the caller's tenant (`TenantDb`). */
export function createDocumentsService(deps: DocumentsDeps) {
  const { queue, blobs } = deps;

  async function requireDocument(t: TenantTx, id: string, lock = false): Promise<DocumentRow> {
    const doc = await findDocument(t, id, lock);
    if (!doc) throw new AppError('document_not_found');
    return doc;
  }

  /** A connector's document changes only through its source: by hand it would be undone (or lost) at the next run. */
  async function refuseIfOwned(t: TenantTx, doc: DocumentRow): Promise<void> {
    if (!doc.connectorId) return;
    const name = await connectorName(t, doc.connectorId);
    throw new AppError(
      'document_owned_by_connector',
      `The document is kept in sync by the connector "${name ?? doc.connectorId}" (${doc.connectorId}): change it at its source, or delete the connector with keep_documents=true to keep it as an ordinary document`,
    );
  }

  async function list(tenant: TenantDb, query: { page: number; page_size: number } & DocumentFilters) {
    const skip = (query.page - 1) * query.page_size;
    const { items, total } = await tenant.run((t) => listDocuments(t, query, skip, query.page_size));
    return { items: items.map(presentDocument), total, skip, limit: query.page_size, page: query.page, page_size: query.page_size };
  }

  async function get(tenant: TenantDb, id: string) {
    return presentDocument(await tenant.run((t) => requireDocument(t, id)));
  }

  /** Hard delete: the row, its jobs and chunks in one transaction, then its files (the cascades' path too). */
  async function remove(tenant: TenantDb, id: string): Promise<void> {
    const { afterCommit } = await tenant.run(async (t) => {
      await refuseIfOwned(t, await requireDocument(t, id, true));
      const outcome = await deps.remover.remove(t, [id]);
      if (outcome.removed === 0) throw new AppError('document_not_found');
      return outcome;
    });
    await afterCommit();
  }

  async function chunks(tenant: TenantDb, id: string, skip: number, limit: number) {
    const { items, total } = await tenant.run(async (t) => listChunks(t, await requireDocument(t, id), skip, limit));
    return { items: items.map(presentChunk), total, skip, limit };
  }

  async function jobs(tenant: TenantDb, id: string) {
    const found = await tenant.run(async (t) => {
      await requireDocument(t, id);
      return listJobs(t, id);
    });
    return found.map(presentJob);
  }

  async function job(tenant: TenantDb, jobId: string) {
    const found = await tenant.run((t) => findJob(t, jobId));
    if (!found) throw new AppError('job_not_found');
    return presentJob(found);
  }

  /** A new job takes the document over; an older one still queued or running notices and stops. */
  async function reindex(tenant: TenantDb, id: string, source: ReindexSource) {
    const { jobId } = await tenant.run(async (t) => {
      const doc = await requireDocument(t, id, true);
      await refuseIfOwned(t, doc);
      return deps.scheduler.scheduleIndexing(t, doc, source);
    });
    queue.poke(INGEST_QUEUE);
    return { job_id: jobId, document_id: id, status: 'pending' as const };
  }

  /** The first override keeps the text it replaces (generated or extractive) as the original. */
  async function setDescription(tenant: TenantDb, id: string, description: string) {
    const text = description.trim();
    if (!text) throw unprocessable(['body', 'description'], 'description must not be empty');
    const row = await tenant.run(async (t) => {
      const doc = await requireDocument(t, id, true);
      const original = doc.aiDescriptionSource === 'user' ? doc.aiDescriptionOriginal : doc.aiDescription;
      return updateDocument(t, id, { aiDescription: text, aiDescriptionOriginal: original, aiDescriptionSource: 'user' });
    });
    return presentDocument(row!);
  }

  async function setTags(tenant: TenantDb, id: string, tags: string[]) {
    const normalized = normalizeTags(tags);
    if ('error' in normalized) throw unprocessable(['body', 'tags'], normalized.error);
    const row = await tenant.run(async (t) => {
      await requireDocument(t, id, true);
      return updateDocument(t, id, { tags: normalized.tags });
    });
    return presentDocument(row!);
  }

  async function update(tenant: TenantDb, id: string, input: { filename?: string; folder_id?: string | null; memory_id?: string | null }) {
    const row = await tenant.run(async (t) => {
      const doc = await requireDocument(t, id, true);
      await refuseIfOwned(t, doc);
      const values: Partial<DocumentRow> = {};
      if (input.filename !== undefined) {
        const filename = sanitizeFilename(input.filename);
        // The extension names the format the file was indexed as; a rename must not contradict it.
        if (formatOfName(filename) !== doc.format) {
          throw unprocessable(['body', 'filename'], `the filename must keep an extension of the document's format (${doc.format})`);
        }
        values.filename = filename;
      }
      if (input.memory_id !== undefined) {
        if (input.memory_id && !(await memoryExists(t, input.memory_id))) throw new AppError('memory_not_found');
        values.memoryId = input.memory_id;
      }
      if (input.folder_id !== undefined) {
        if (input.folder_id && !(await folderExists(t, input.folder_id))) throw new AppError('folder_not_found');
        values.folderId = input.folder_id;
      }
      if (Object.keys(values).length === 0) return doc;
      return (await updateDocument(t, id, values))!;
    });
    return presentDocument(row);
  }

  async function file(tenant: TenantDb, id: string): Promise<{ stream: Readable; filename: string; mimeType: string; size: number }> {
    const doc = await tenant.run((t) => requireDocument(t, id));
    let stream: Readable;
    try {
      stream = await blobs.stream(doc.blobKey);
    } catch (error) {
      if (error instanceof BlobNotFoundError) throw new AppError('document_file_missing');
      throw error; // the store is down: a 500, not a claim that the file is gone
    }
    return { stream, filename: doc.filename, mimeType: doc.mimeType, size: doc.sizeBytes };
  }

  async function progress(tenant: TenantDb) {
    const counts = await tenant.run((t) => statusCounts(t));
    const out = Object.fromEntries(DOCUMENT_STATUSES.map((s) => [s, counts[s] ?? 0])) as Record<(typeof DOCUMENT_STATUSES)[number], number>;
    const total = Object.values(out).reduce((a, b) => a + b, 0);
    return { ...out, total, in_progress: out.pending + out.parsing + out.indexing };
  }

  async function getProfile(tenant: TenantDb) {
    return presentProfile(await tenant.run(readProfile));
  }

  async function putProfile(
    tenant: TenantDb,
    input: { chunk_size: number; chunk_overlap: number; embedding_model: string | null; parallelism: number; text_search_config?: TextSearchConfig; ai_descriptions?: boolean },
  ) {
    if (input.chunk_overlap * 2 > input.chunk_size) {
      throw unprocessable(['body', 'chunk_overlap'], 'chunk_overlap must be at most half of chunk_size');
    }
    const model = input.embedding_model?.trim() || null;
    if (input.embedding_model !== null && !model) throw unprocessable(['body', 'embedding_model'], 'embedding_model must not be blank; use null for the default');
    const { before, saved } = await tenant.run(async (t) => ({
      before: await readProfile(t),
      saved: await writeProfile(t, {
        chunkSize: input.chunk_size,
        chunkOverlap: input.chunk_overlap,
        embeddingModel: model,
        parallelism: input.parallelism,
        // A replace: leaving these out means their defaults.
        textSearchConfig: input.text_search_config ?? 'english',
        aiDescriptions: input.ai_descriptions ?? false,
      }),
    }));
    if (before.embeddingModel !== saved.embeddingModel) await deps.onEmbeddingModelChanged?.(tenant.tenantId);
    return presentProfile(saved);
  }

  return { list, get, remove, chunks, jobs, job, reindex, setDescription, setTags, update, file, progress, getProfile, putProfile };
}
export type DocumentsService = ReturnType<typeof createDocumentsService>;

const FORMAT_OF_EXTENSION: Record<string, string> = {
  pdf: 'pdf', docx: 'docx', xlsx: 'xlsx', csv: 'csv', txt: 'txt', md: 'md', mdx: 'mdx', html: 'html', htm: 'html',
};

function formatOfName(filename: string): string | null {
  const dot = filename.lastIndexOf('.');
  return dot > 0 ? (FORMAT_OF_EXTENSION[filename.slice(dot + 1).toLowerCase()] ?? null) : null;
}
