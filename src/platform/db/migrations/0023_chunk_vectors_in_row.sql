-- A chunk's vector kept in its row. pgvector's type is stored EXTERNAL, so once a chunk's row passed the
-- TOAST threshold (~2 kB: text, tsvector and a 1.5 kB vector of 384 dimensions) the vector went out of line, and
-- comparing a chunk exactly cost a TOAST index probe and a TOAST page on top of the row: 8 µs a chunk, 80-90 ms for
-- a memory of 10 000 chunks on the PostgreSQL server here. With MAIN the toaster moves the text and the tsvector out
-- first and keeps a vector that fits in the row (up to ~448 dimensions); larger ones still go out of line. The same
-- 10 000 chunks then compare in 6-7 ms, which lets search compare filtered sets of that size exactly instead of
-- walking the shared HNSW graph (search.repo.ts, vectorLegStatement; docs/benchmarks.md, "Search over 100 000 chunks").
-- SET STORAGE only applies to rows written afterwards, and a chunk compared exactly from TOAST is slower than the
-- graph walk it replaces (a memory of 10 000 chunks on the embedded database: 112 ms, against ~33 ms walking), so
-- the rows already there are rewritten now: a change of the column's type to itself through a real conversion makes
-- PostgreSQL rewrite the table (and rebuild its indexes, the HNSW graphs included) under the new storage. On an
-- empty table this is instant; with chunks it takes about as long as building the indexes once (120 032 chunks on
-- the PostgreSQL server here: 167 s; docs/operations.md, "Upgrades"), during which search and ingestion wait.
-- One statement: a type change alone would reset the column's storage to the type's own; here the rewrite, which
-- comes after both changes, already lays the rows out with MAIN. The view reading the column goes and comes back
-- as 0020 defined it.
DROP VIEW live_chunks;
ALTER TABLE document_chunks
  ALTER COLUMN embedding TYPE vector USING embedding::real[]::vector,
  ALTER COLUMN embedding SET STORAGE MAIN;
CREATE VIEW live_chunks AS
  SELECT c.id, c.tenant_id, c.document_id, c.job_id, c.dimensions, c.embedding, c.ts_config, c.tsv, c.ann_pending,
         d.status AS document_status, d.memory_id, d.folder_id, d.tags, d.embedding_model
  FROM document_chunks c JOIN documents d ON d.live_job_id = c.job_id
  WHERE c.tenant_id = app_tenant_id() AND d.tenant_id = app_tenant_id();
