-- The HNSW insert off the indexing job's critical path. Inserting a chunk into an HNSW graph is most of
-- the cost of writing it (on a PostgreSQL server 8 202 chunks took 38 s with every index, 10 s without the HNSW
-- index; on the embedded database pgvector's distance computations of those inserts were 39 s of 90 s). New chunks
-- are written with ann_pending = true, outside the HNSW indexes' predicates; a bounded background step of the
-- 'vector-catchup' queue (documents/indexing/vector-catchup.ts) clears the flag, which puts them into the graph.
-- Until then search computes their distances exactly (search.repo.ts, vectorLegStatement): a pending chunk is as
-- searchable as an indexed one, found through document_chunks_ann_pending.
ALTER TABLE document_chunks ADD COLUMN ann_pending boolean NOT NULL DEFAULT false;

DROP INDEX document_chunks_hnsw_384;
DROP INDEX document_chunks_hnsw_768;
DROP INDEX document_chunks_hnsw_1024;
DROP INDEX document_chunks_hnsw_1536;
CREATE INDEX document_chunks_hnsw_384 ON document_chunks USING hnsw ((embedding::vector(384)) vector_cosine_ops) WHERE dimensions = 384 AND NOT ann_pending;
CREATE INDEX document_chunks_hnsw_768 ON document_chunks USING hnsw ((embedding::vector(768)) vector_cosine_ops) WHERE dimensions = 768 AND NOT ann_pending;
CREATE INDEX document_chunks_hnsw_1024 ON document_chunks USING hnsw ((embedding::vector(1024)) vector_cosine_ops) WHERE dimensions = 1024 AND NOT ann_pending;
CREATE INDEX document_chunks_hnsw_1536 ON document_chunks USING hnsw ((embedding::vector(1536)) vector_cosine_ops) WHERE dimensions = 1536 AND NOT ann_pending;
-- The chunks still outside the graph, per tenant: what search scans exactly and the catch-up step takes next.
CREATE INDEX document_chunks_ann_pending ON document_chunks (tenant_id, dimensions) WHERE ann_pending;

-- As in 0009 (see 0005 for why search reads a view), plus ann_pending.
DROP VIEW live_chunks;
CREATE VIEW live_chunks AS
  SELECT c.id, c.tenant_id, c.document_id, c.job_id, c.dimensions, c.embedding, c.ts_config, c.tsv, c.ann_pending,
         d.status AS document_status, d.memory_id, d.folder_id, d.tags, d.embedding_model
  FROM document_chunks c JOIN documents d ON d.live_job_id = c.job_id
  WHERE c.tenant_id = app_tenant_id() AND d.tenant_id = app_tenant_id();
