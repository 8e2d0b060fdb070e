/**
 * The public surface of `documents/`: other modules (memories, folders, search, bulk, viewer, the composition
 * root) import documents only through this file. Indexing lives in ./indexing and calls the database-free
 * libraries of ../ingestion; nothing in ingestion imports documents.
 */
export { createDocuments, type Documents, type DocumentsModuleDeps } from './documents.module.js';
export { normalizeTags, MAX_TAGS, MAX_TAG_CHARS, type IngestService, type IngestOptions, type UploadedFile } from './ingest.js';
export type { TextFile, TextIngest } from './ingest-text.js';
export { spoolUpload, type SpooledFile, type SpooledUpload, type UploadPart } from './spool.js';
export type { DocumentRemover, AfterCommit } from './removal.js';
export { DOCUMENT_EVENTS_CHANNEL, type DocumentStatusEvent } from './events.js';
export { DOCUMENT_STATUSES, INGEST_QUEUE, type DocumentRow, type DocumentStatus } from './documents.table.js';
export { readProfile, type IndexingProfile } from './profile.repo.js';
export { findDocumentsByIds, folderExists, memoryExists } from './documents.repo.js';
export { presentDocument } from './documents.present.js';
export { DocumentResponse, Status as DocumentStatusSchema } from './documents.api.js';
export { sanitizeFilename } from './filename.js';
export { contentDisposition } from './content-disposition.js';
export { readUploadFields, type UploadFields } from './multipart-fields.js';
export { embeddingModelKey, parseEmbeddingModelKey, type EmbeddingModelRef } from './embedding-model.js';
