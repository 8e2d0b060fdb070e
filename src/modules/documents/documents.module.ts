import { availableParallelism } from 'node:os';
import type { CoreContext } from '../../platform/context.js';
import type { Module } from '../module.js';
import { createParserPool } from '../ingestion/parsers/pool.js';
import type { DescriptionGenerator, EmbeddingResolver } from '../ingestion/ports.js';
import { createIngestJobHandler } from '../ingestion/pipeline/handler.js';
import { createChunkPool } from '../ingestion/pipeline/chunk-pool.js';
import { createDocumentsService } from './documents.service.js';
import { documentsRoutes } from './documents.routes.js';
import type { IngestService } from './ingest.js';

export interface DocumentsModuleDeps {
  ingest: IngestService;
  embeddings: EmbeddingResolver;
  describer: DescriptionGenerator;
}

/**
 * The documents area: its routes and the 'ingest' job handler. The parser and chunker pools start their
 * threads lazily (none until the first document) and are closed with the module.
 */
export function createDocumentsModule(ctx: CoreContext, deps: DocumentsModuleDeps): Module {
  const service = createDocumentsService(ctx);
  // Parsing is CPU- and memory-heavy: one thread per spare core, never more than the worker runs jobs.
  const parseThreads = Math.max(1, Math.min(ctx.config.worker.concurrency, availableParallelism() - 1, 4));
  const parser = createParserPool({
    maxThreads: parseThreads,
    timeoutMs: ctx.config.worker.parseTimeoutMs,
    maxOldGenerationSizeMb: ctx.config.worker.parseMaxMemoryMb,
  });
  const chunker = createChunkPool({
    maxThreads: parseThreads,
    timeoutMs: ctx.config.worker.parseTimeoutMs,
    maxOldGenerationSizeMb: ctx.config.worker.parseMaxMemoryMb,
  });
  const handler = createIngestJobHandler({
    db: ctx.db,
    bus: ctx.bus,
    queue: ctx.queue,
    blobs: ctx.blobs,
    log: ctx.log,
    config: ctx.config,
    parser,
    parseSlots: parseThreads,
    chunker,
    embeddings: deps.embeddings,
    describer: deps.describer,
  });
  return {
    name: 'documents',
    routes: documentsRoutes(service, deps.ingest),
    jobs: [handler],
    stop: async () => {
      await Promise.all([parser.close(), chunker.close()]);
    },
  };
}
