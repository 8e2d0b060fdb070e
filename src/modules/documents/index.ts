/**
 * The public surface of `documents/`: other modules (memories, folders, search, bulk, viewer, the composition
 * root) import documents only through this file. Indexing lives in ./indexing and calls the database-free
 * libraries of ../ingestion; nothing in ingestion imports documents.
 */
export { createDocuments } from './documents.module.js';
export type { IngestService, AcceptedFile } from './ingest.js';
export type { ConnectorContent } from './connector-content.js';

export { spoolUpload, type SpooledUpload, type UploadPart } from './spool.js';
export type { DocumentRemover } from './removal.js';
export { DOCUMENT_EVENTS_CHANNEL, type DocumentStatusEvent } from './events.js';
export type { DocumentRow, DocumentStatus } from './documents.table.js';
export { readProfile } from './profile.repo.js';
export { findDocumentsByIds, folderExists, memoryExists } from './documents.repo.js';
export { presentDocument } from './documents.present.js';
export { DocumentResponse, Status as DocumentStatusSchema } from './documents.api.js';
export { sanitizeFilename } from './filename.js';
export { contentDisposition } from './content-disposition.js';
export { readUploadFields } from './multipart-fields.js';
export { embeddingModelKey, parseEmbeddingModelKey } from './embedding-model.js';
export { batchMayBeComplete } from './lifecycle-events.js';
