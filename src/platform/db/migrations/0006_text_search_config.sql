-- Full text follows the tenant's language instead of one 'simple' configuration for everyone: with 'english',
-- "Hamburgers" is stored as 'hamburg' and found by "hamburger", and stop words ("to", "the") neither match nor
-- count. The indexing profile names the configuration new chunks are written with ('simple' for languages
-- without a stemmer of their own); each chunk keeps the configuration it was written with, so a tenant that
-- changes it is searched correctly in both until its documents are re-indexed (search.repo.ts asks which are in use).
ALTER TABLE indexing_profiles
  ADD COLUMN text_search_config text NOT NULL DEFAULT 'english' CHECK (text_search_config IN ('english', 'simple'));

-- The view reads tsv: it goes while the column is replaced, and comes back with ts_config.
DROP VIEW live_chunks;

-- Chunks written before this migration were indexed with 'simple', and keep it. No default afterwards: the
-- writer must say which configuration it used (pipeline.repo.ts takes it from the profile).
ALTER TABLE document_chunks ADD COLUMN ts_config regconfig NOT NULL DEFAULT 'simple';
ALTER TABLE document_chunks ALTER COLUMN ts_config DROP DEFAULT;
-- A generated column's expression cannot be altered before PostgreSQL 17: replace it (the GIN index goes with it).
ALTER TABLE document_chunks DROP COLUMN tsv;
ALTER TABLE document_chunks ADD COLUMN tsv tsvector GENERATED ALWAYS AS (to_tsvector(ts_config, text)) STORED;
CREATE INDEX document_chunks_tsv ON document_chunks USING gin (tsv);
-- Lets search list the configurations a tenant's chunks use with a few index probes (a loose index scan).
CREATE INDEX document_chunks_tenant_ts_config ON document_chunks (tenant_id, ts_config);

-- As in 0005 (see there why search reads a view), plus each chunk's text-search configuration.
CREATE VIEW live_chunks AS
  SELECT c.id, c.tenant_id, c.document_id, c.job_id, c.dimensions, c.embedding, c.ts_config, c.tsv,
         d.status AS document_status, d.memory_id, d.folder_id, d.tags
  FROM document_chunks c JOIN documents d ON d.live_job_id = c.job_id
  WHERE c.tenant_id = app_tenant_id() AND d.tenant_id = app_tenant_id();
