/**
 * The public surface of `ingestion/`: database-free libraries that `documents/` calls to turn a file into
 * searchable chunks (format detection and parsing, chunking, embedding types and the offline embedder, the
 * thread pools they run in). Nothing here reads or writes the database or knows about documents, jobs or
 * tenants; other modules import ingestion only through this file.
 */
export { detectFileFormat, ParseError, type Block, type DocumentFormat, type ParsedDocument } from './parsers/index.js';
export { createParserPool } from './parsers/pool.js';
export type { Chunk, ChunkOptions } from './chunking/chunker.js';
export { createChunkPool, type ChunkPool } from './chunking/chunk-pool.js';
export { embedInBatches, type EmbeddingProvider } from './embedding/types.js';
export { createOfflineEmbedder, OFFLINE_PROVIDER, type OfflineEmbedder } from './embedding/offline-embedder.js';
export { abortable, createLimiter } from './limiter.js';
export type { DescriptionGenerator, DescriptionRequest, EmbeddingResolver } from './ports.js';
