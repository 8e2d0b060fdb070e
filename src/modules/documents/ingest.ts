import { createReadStream } from 'node:fs';
import type { CoreContext } from '../../platform/context.js';
import type { Tx } from '../../platform/db/database.js';
import type { TenantDb, TenantTx } from '../../platform/db/tenant-db.js';
import type { Principal } from '../../platform/auth/principal.js';
import { AppError, unprocessable } from '../../platform/http/errors.js';
import { detectFileFormat, type DocumentFormat } from '../ingestion/index.js';
import { findDocument, folderExists, insertDocument, memoryExists, updateDocument } from './documents.repo.js';
import { INGEST_QUEUE, type DocumentRow } from './documents.table.js';
import type { IndexingScheduler } from './indexing/schedule.js';
import { sanitizeFilename } from './filename.js';

export type IngestDeps = Pick<CoreContext, 'queue' | 'blobs'> & {
  config: { uploadMaxBytes: number; uploadMaxBytesMarkdown: number };
  scheduler: IndexingScheduler;
};

/** An uploaded file, spooled by the HTTP layer to a private temporary file (spool.ts): never held whole in memory. */
export interface UploadedFile {
  /** As the client named it (sanitized here). */
  filename: string;
  path: string;
  size: number;
}

export interface IngestOptions {
  memoryId?: string | null;
  folderId?: string | null;
  tags?: string[];
  batchId?: string | null;
  /** Join this transaction of the same tenant instead of opening one: a bulk upload commits all its files at once. */
  joined?: TenantTx;
  /** The connector item the document is kept in sync with (connectors module). */
  source?: DocumentSource;
}

export interface DocumentSource {
  connectorId: string;
  externalId: string;
  url: string | null;
}

/** A file that passed every check of an upload and is in the blob store, not yet any document's content. */
export interface AcceptedFile {
  filename: string;
  format: DocumentFormat;
  mimeType: string;
  size: number;
  sha256: string;
  blobKey: string;
}

const MIB = 1024 * 1024;
const sizeText = (bytes: number) => (bytes % MIB === 0 ? `${bytes / MIB} MB` : `${bytes.toLocaleString('en-US')} bytes`);

const EMPTY_FILE_DETAIL = 'The file is empty (0 bytes): there is nothing to index.';

const MAX_TAGS = 50;
const MAX_TAG_CHARS = 64;

/** Trimmed, de-duplicated (first spelling wins), empty ones dropped; an error when a limit is exceeded. */
export function normalizeTags(tags: readonly string[]): { tags: string[] } | { error: string } {
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.normalize('NFC').trim();
    if (!tag || out.includes(tag)) continue;
    if ([...tag].length > MAX_TAG_CHARS) return { error: `a tag must be at most ${MAX_TAG_CHARS} characters` };
    out.push(tag);
  }
  if (out.length > MAX_TAGS) return { error: `at most ${MAX_TAGS} tags are allowed` };
  return { tags: out };
}

/** A document's columns that describe its content, as an accepted file gives them. */
const contentOf = (accepted: AcceptedFile) => ({
  filename: accepted.filename,
  format: accepted.format,
  mimeType: accepted.mimeType,
  sizeBytes: accepted.size,
  sha256: accepted.sha256,
  blobKey: accepted.blobKey,
});

/**
 * Accepting a file: format from magic bytes and extension, size limit, tenant-owned memory/folder, blob
 * streamed from the spooled file to the store under a generated key of the tenant, then the document
 * (`pending`), its job row and its queue message in one transaction, so a document never exists without
 * the job that will index it.
 */
export function createIngestService(deps: IngestDeps) {
  const { queue, blobs, config } = deps;

  /** Why this file would be refused (422/413/415 detail), or null when it is acceptable. */
  async function rejectReason(file: UploadedFile): Promise<string | null> {
    if (file.size === 0) return EMPTY_FILE_DETAIL;
    if (file.size > config.uploadMaxBytes) return tooLargeDetail();
    const detected = await detectFileFormat(file.path, sanitizeFilename(file.filename));
    if (!detected.ok) return detected.detail;
    return formatTooLargeDetail(detected.format, file.size);
  }

  /**
   * A format whose parser is too slow for the general limit has one of its own: Markdown and MDX (remark parses
   * ~0.3 MB/s and slower as the file grows). Refused here, at upload, rather than failing minutes later in the parser.
   */
  function formatTooLargeDetail(format: DocumentFormat, size: number): string | null {
    if ((format !== 'md' && format !== 'mdx') || size <= config.uploadMaxBytesMarkdown) return null;
    const name = format === 'md' ? 'Markdown' : 'MDX';
    return `The file is ${name} (${format}) of ${sizeText(size)}; ${name} files may be at most ${sizeText(config.uploadMaxBytesMarkdown)}, as a larger one takes too long to parse. Split it into smaller files.`;
  }

  function tooLargeDetail(): string {
    return `The file is larger than the upload limit of ${Math.floor(config.uploadMaxBytes / MIB)} MB.`;
  }

  /**
   * Every check an upload passes (empty, size, format by name and magic bytes, the format's own limit), then the
   * file streamed to the blob store under a generated key of the tenant. Throws the upload's errors; the caller
   * deletes `blobKey` (`discard`) when what it stores the file for does not commit.
   */
  async function accept(tenantId: string, file: UploadedFile): Promise<AcceptedFile> {
    // Checked first, whatever the format: a 0-byte file has nothing to index, so it would only ever end in
    // an indexed document without chunks (or a format refusal that hides the real reason).
    if (file.size === 0) throw unprocessable(['body', 'file'], EMPTY_FILE_DETAIL, 'empty_file');
    if (file.size > config.uploadMaxBytes) throw new AppError('payload_too_large', tooLargeDetail());
    const filename = sanitizeFilename(file.filename);
    const detected = await detectFileFormat(file.path, filename);
    if (!detected.ok) throw new AppError('unsupported_media_type', detected.detail);
    const formatTooLarge = formatTooLargeDetail(detected.format, file.size);
    if (formatTooLarge) throw new AppError('document_too_large_for_format', formatTooLarge);
    const stored = await blobs.put(createReadStream(file.path), { tenantId, kind: 'documents' });
    return { filename, format: detected.format, mimeType: detected.mimeType, size: stored.size, sha256: stored.sha256, blobKey: stored.key };
  }

  async function discard(accepted: AcceptedFile): Promise<void> {
    await blobs.delete(accepted.blobKey).catch(() => {});
  }

  /** The document (`pending`) and its job, in the caller's transaction; the accepted file becomes its content. */
  async function insertAccepted(t: TenantTx, accepted: AcceptedFile, principal: Principal | null, opts: IngestOptions & { tags: string[] }): Promise<DocumentRow> {
    if (opts.memoryId && !(await memoryExists(t, opts.memoryId))) throw new AppError('memory_not_found');
    if (opts.folderId && !(await folderExists(t, opts.folderId))) throw new AppError('folder_not_found');
    const born = await insertDocument(t, {
      ...contentOf(accepted),
      memoryId: opts.memoryId ?? null,
      folderId: opts.folderId ?? null,
      batchId: opts.batchId ?? null,
      tags: opts.tags,
      createdByUserId: principal?.kind === 'user' ? principal.userId : null,
      createdByApiKeyId: principal?.kind === 'api_key' ? principal.apiKeyId : null,
      connectorId: opts.source?.connectorId ?? null,
      externalId: opts.source?.externalId ?? null,
      sourceUrl: opts.source?.url ?? null,
    });
    // Same transaction: the document never exists without the job that will index it.
    const source = opts.source ? 'connector' : opts.batchId ? 'bulk' : 'upload';
    const { document } = await deps.scheduler.scheduleIndexing(t, born, source);
    return document;
  }

  /**
   * Replaces a document's content with an accepted file and reindexes it, in the caller's transaction: same id, the
   * old chunks answering until the new set is swapped in. Null when the document is gone. `afterCommit` deletes the
   * previous file.
   */
  async function replaceAccepted(t: TenantTx, documentId: string, accepted: AcceptedFile): Promise<{ document: DocumentRow; afterCommit: () => Promise<void> } | null> {
    const before = await findDocument(t, documentId, true);
    if (!before) return null;
    const changed = (await updateDocument(t, documentId, contentOf(accepted)))!;
    const { document } = await deps.scheduler.scheduleIndexing(t, changed, 'connector');
    return { document, afterCommit: () => blobs.delete(before.blobKey).catch(() => {}) };
  }

  /** `tenant` is the caller's (the route builder binds it); `principal` names who created the document. */
  async function ingestFile(
    tenant: TenantDb,
    principal: Principal,
    file: UploadedFile,
    opts: IngestOptions = {},
  ): Promise<DocumentRow> {
    const tenantId = tenant.tenantId;
    if (opts.joined && opts.joined.tenantId !== tenantId) throw new Error('ingestFile: the joined transaction belongs to another tenant');
    const accepted = await accept(tenantId, file);
    // The file's own refusals come before the tags' (the order clients have seen).
    let tags: string[] = [];
    if (opts.tags) {
      const normalized = normalizeTags(opts.tags);
      if ('error' in normalized) {
        await discard(accepted);
        throw unprocessable(['body', 'tags'], normalized.error);
      }
      tags = normalized.tags;
    }
    const work = (t: TenantTx) => insertAccepted(t, accepted, principal, { ...opts, tags });

    try {
      // In the caller's transaction, a savepoint keeps each file all-or-nothing; the caller commits later,
      // and the NOTIFY sent by enqueue wakes the workers then.
      if (opts.joined) return await opts.joined.tx.transaction((savepoint) => work({ tx: savepoint as unknown as Tx, tenantId }));
      const doc = await tenant.run(work);
      queue.poke(INGEST_QUEUE);
      return doc;
    } catch (error) {
      // Nothing references the blob now. (A joined transaction that rolls back later leaves the blobs of
      // the files that succeeded in it: their keys are on the returned rows for the caller to delete.)
      await discard(accepted);
      throw error;
    }
  }

  return { ingestFile, rejectReason, accept, discard, insertAccepted, replaceAccepted };
}
export type IngestService = ReturnType<typeof createIngestService>;
