import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { CoreContext } from '../../platform/context.js';
import type { Module } from '../module.js';
import { mountRoutes } from '../../platform/http/route.js';
import { createChunkPool, createParserPool, type DescriptionGenerator, type EmbeddingResolver } from '../ingestion/index.js';
import { createDocumentsService } from './documents.service.js';
import { documentsRoutes } from './documents.routes.js';
import { createIngestService, type IngestService } from './ingest.js';
import { createTextIngest, type TextIngest } from './ingest-text.js';
import { createIngestJobHandler, type IngestThroughput } from './indexing/handler.js';
import type { Metrics } from '../../platform/metrics/metrics.js';
import { createIndexingScheduler } from './indexing/schedule.js';
import { createVectorCatchup } from './indexing/vector-catchup.js';
import { createDocumentRemover, type DocumentRemover } from './removal.js';
import { createConnectorContent, type ConnectorContent } from './connector-content.js';
import { closeEventStreams } from '../../platform/http/sse.js';
import { createReindexService, createReindexStepHandler, reindexRoutes, type ReindexService } from './reindex/index.js';

export interface DocumentsModuleDeps {
  embeddings: EmbeddingResolver;
  describer: DescriptionGenerator;
}

export interface Documents {
  module: Module;
  /** Accepting files, for bulk upload. */
  ingest: IngestService;
  /** Accepting plain text as a .txt document, for rich documents' search copies. */
  ingestText: TextIngest;
  /** Hard deletion of documents, for the memory and folder cascades. */
  remover: DocumentRemover;
  /** Documents kept in sync by connectors: created, replaced and deleted by the sync engine. */
  connectorContent: ConnectorContent;
  /** Tenant-wide re-embedding runs; the llm module calls `onEmbeddingModelChanged` when a default changes. */
  reindex: Pick<ReindexService, 'onEmbeddingModelChanged'>;
}

/**
 * The documents area: its routes, the 'ingest' job handler, and what other modules call (accepting files,
 * deleting documents). The parser and chunker pools start their threads lazily (none until the first
 * document) and are closed with the module.
 */
export function createDocuments(ctx: CoreContext, deps: DocumentsModuleDeps): Documents {
  const scheduler = createIndexingScheduler(ctx);
  const remover = createDocumentRemover({ blobs: ctx.blobs, maintenance: ctx.maintenance, log: ctx.log });
  const ingest = createIngestService({ ...ctx, scheduler });
  const tmpRoot = path.join(ctx.config.dataDir, 'tmp');
  const reindex = createReindexService({ ...ctx, embeddings: deps.embeddings });
  const service = createDocumentsService({
    ...ctx,
    scheduler,
    remover,
    onEmbeddingModelChanged: (tenantId) => reindex.onEmbeddingModelChanged(tenantId, 'profile'),
  });
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
  const vectorCatchup = createVectorCatchup({ db: ctx.db, queue: ctx.queue, log: ctx.log, maintenance: ctx.maintenance, stepTargetMs: ctx.config.worker.vectorCatchupStepMs });
  const handler = createIngestJobHandler({
    db: ctx.db,
    bus: ctx.bus,
    blobs: ctx.blobs,
    log: ctx.log,
    config: ctx.config,
    parser,
    parseSlots: parseThreads,
    chunker,
    scheduler,
    embeddings: deps.embeddings,
    describer: deps.describer,
    maintenance: ctx.maintenance,
    vectorCatchup,
    queue: ctx.queue,
    throughput: ingestThroughput(ctx.metrics),
  });
  const module: Module = {
    name: 'documents',
    routes: async (app) => {
      mountRoutes(app, [...documentsRoutes(service, ingest, { tmpRoot }), ...reindexRoutes(reindex, { bus: ctx.bus })]);
      // An open run stream would hold shutdown until its run ends: end them first (clients reconnect).
      app.addHook('preClose', async () => closeEventStreams(app));
    },
    jobs: [handler, vectorCatchup.handler, createReindexStepHandler({ db: ctx.db, queue: ctx.queue, scheduler, runs: reindex })],
    stop: async () => {
      await Promise.all([parser.close(), chunker.close()]);
    },
  };
  const connectorContent = createConnectorContent({ ingest, remover, queue: ctx.queue });
  return { module, ingest, ingestText: createTextIngest({ ingest, tmpRoot }), remover, reindex, connectorContent };
}

/** Ingestion throughput: rate() of these is documents (and bytes) indexed per second across the workers. */
function ingestThroughput(metrics: Metrics): IngestThroughput {
  const documents = metrics.counter('kb_documents_ingested_total', 'Documents whose indexing ended, by outcome (indexed, error)', ['outcome']);
  const bytes = metrics.counter('kb_documents_ingested_bytes_total', 'Bytes of the original files whose indexing ended, by outcome', ['outcome']);
  return {
    finished(outcome, size) {
      documents.inc({ outcome });
      bytes.inc({ outcome }, size);
    },
  };
}
