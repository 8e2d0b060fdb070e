-- Search reads the live chunk sets through this view. It is owned by the migrating role (the tables' owner), so
-- row-level security is not applied under it; the tenant filter is in the view itself, on the same
-- app_tenant_id() setting as the policies, so an unset or other tenant still sees nothing.
-- Why: when any relation of a query has RLS, every qual of the query gets a higher security level than the
-- policies', and only leakproof operators may then be index conditions. `tsv @@ query` (ts_match_vq) and
-- `tags && ...` are not leakproof, so through the tables the full-text leg could never use the GIN index and read
-- (and detoasted) every chunk of every tenant: ~1 s per query at 120 000 chunks.
-- Only fixed SQL from search.repo.ts reads it (no user-supplied functions run against its rows).
-- Chunks join their document through the live chunk set alone: job ids are unique and a job belongs to one
-- document, so this is exact. Joining on (document_id, job_id) as well made PostgreSQL multiply the two
-- selectivities, expect a handful of rows and sort them instead of walking the HNSW index.
CREATE VIEW live_chunks AS
  SELECT c.id, c.tenant_id, c.document_id, c.job_id, c.dimensions, c.embedding, c.tsv,
         d.status AS document_status, d.memory_id, d.folder_id, d.tags
  FROM document_chunks c JOIN documents d ON d.live_job_id = c.job_id
  WHERE c.tenant_id = app_tenant_id() AND d.tenant_id = app_tenant_id();
