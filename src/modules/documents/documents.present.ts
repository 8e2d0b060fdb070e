import { iso } from '../../platform/http/schemas.js';
import type { DocumentJobRow, DocumentRow } from './documents.table.js';
import type { IndexingProfile } from './profile.repo.js';
import type { ChunkListRow } from './documents.repo.js';

/** The API shapes of documents, jobs, chunks and profiles (snake_case, ISO times). */

export function presentUpload(row: DocumentRow) {
  return {
    document_id: row.id,
    status: row.status,
    filename: row.filename,
    mime_type: row.mimeType,
    size_bytes: row.sizeBytes,
    memory_id: row.memoryId,
    folder_id: row.folderId,
    tags: row.tags,
    created_at: iso(row.createdAt)!,
  };
}

export function presentDocument(row: DocumentRow) {
  return {
    document_id: row.id,
    status: row.status,
    memory_id: row.memoryId,
    folder_id: row.folderId,
    filename: row.filename,
    mime_type: row.mimeType,
    chunk_count: row.chunkCount,
    ai_description: row.aiDescription,
    ai_description_original: row.aiDescriptionOriginal,
    tags: row.tags,
    size_bytes: row.sizeBytes,
    sha256: row.sha256,
    page_count: row.pageCount,
    error: row.error,
    indexed_at: iso(row.indexedAt),
    batch_id: row.batchId,
    source: presentSource(row),
    created_at: iso(row.createdAt)!,
    updated_at: iso(row.updatedAt)!,
  };
}

/** Where a connector's document came from; null for an uploaded one (or one whose connector was deleted). */
function presentSource(row: Pick<DocumentRow, 'connectorId' | 'externalId' | 'sourceUrl'>) {
  return row.connectorId && row.externalId !== null ? { connector_id: row.connectorId, external_id: row.externalId, url: row.sourceUrl } : null;
}

export function presentJob(row: DocumentJobRow) {
  return {
    job_id: row.id,
    document_id: row.documentId,
    source: row.source,
    status: row.status,
    attempts: row.attempts,
    error: row.error,
    warnings: row.warnings,
    provider: row.provider,
    model: row.model,
    dimensions: row.dimensions,
    chunk_count: row.chunkCount,
    stats: row.stats,
    created_at: iso(row.createdAt)!,
    started_at: iso(row.startedAt),
    finished_at: iso(row.finishedAt),
  };
}

export function presentChunk(row: ChunkListRow) {
  return {
    chunk_id: row.id,
    index: row.chunk_index,
    text: row.text,
    token_count: row.token_count,
    page: row.page,
    section: row.section,
    sheet: row.sheet,
    char_start: row.char_start,
    char_end: row.char_end,
  };
}

export function presentProfile(profile: IndexingProfile) {
  return {
    chunk_size: profile.chunkSize,
    chunk_overlap: profile.chunkOverlap,
    embedding_model: profile.embeddingModel,
    parallelism: profile.parallelism,
    text_search_config: profile.textSearchConfig,
    ai_descriptions: profile.aiDescriptions,
    updated_at: iso(profile.updatedAt),
  };
}
