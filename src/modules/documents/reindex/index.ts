/**
 * Tenant-wide re-embedding runs, a part of documents (see ../README.md, "Embedding models and re-embedding runs").
 * Composed by documents.module.ts; other modules reach it through documents' index.ts.
 */
export { createReindexService, type ReindexService } from './reindex.service.js';
export { createReindexStepHandler } from './reindex-step.js';
export { reindexRoutes } from './reindex.routes.js';
