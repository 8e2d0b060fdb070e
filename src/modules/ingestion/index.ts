/**
 * The public surface of `ingestion/`: database-free libraries that `documents/` calls to turn a file into
 * searchable chunks (format detection and parsing, chunking, embedding types and the offline embedder, the
 * thread pools they run in). Nothing here reads or writes the database or knows about documents, jobs or
 * tenants; other modules import ingestion only through this file.
 */
export {
  detectFormat,
  detectFileFormat,
  parseDocument,
  ParseError,
  DOCUMENT_FORMATS,
  type Block,
  type DetectResult,
  type DocumentFormat,
  type ParsedDocument,
  type ParseErrorCode,
  type ParseOptions,
} from './parsers/index.js';
export { createParserPool, type ParserPool, type ParserPoolOptions } from './parsers/pool.js';
export { chunkDocument, documentText, type Chunk, type ChunkOptions } from './chunking/chunker.js';
export { createChunkPool, type ChunkPool } from './chunking/chunk-pool.js';
export { embedInBatches, type EmbeddingProvider } from './embedding/types.js';
export { createOfflineEmbedder, OFFLINE_MODEL, OFFLINE_PROVIDER, type OfflineEmbedder } from './embedding/offline-embedder.js';
export { abortable, createLimiter } from './limiter.js';
export type { DescriptionGenerator, DescriptionRequest, EmbeddingResolver } from './ports.js';
