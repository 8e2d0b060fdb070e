-- Which embedding model each document's live vectors came from. Search embeds the query
-- once per model in use and compares each document only with the query embedded by its own model; a tenant-wide
-- re-embedding run (reindex_runs) moves documents to the tenant's current model in the background.
-- embedding_model is '<provider>/<model>' as the embedder reports it ('builtin/hashed-ngram-v1' for the offline
-- one); NULL means unknown (then the tenant's current model is assumed, as before this migration).
ALTER TABLE documents ADD COLUMN embedding_model text;
ALTER TABLE documents ADD COLUMN embedding_dimensions integer;

-- Backfill from what is known: the live chunk set's job recorded its provider, model and dimension.
UPDATE documents d SET embedding_model = j.provider || '/' || j.model, embedding_dimensions = j.dimensions
FROM document_jobs j
WHERE j.id = d.live_job_id AND j.tenant_id = d.tenant_id AND j.provider IS NOT NULL AND j.model IS NOT NULL;

-- The models in use by a tenant's searchable documents, and the documents a run still has to move.
CREATE INDEX documents_embedding_model ON documents (tenant_id, embedding_model, embedding_dimensions) WHERE live_job_id IS NOT NULL;

-- Search restricts each model's vector leg to the chunks of documents embedded with that model.
DROP VIEW live_chunks;
CREATE VIEW live_chunks AS
  SELECT c.id, c.tenant_id, c.document_id, c.job_id, c.dimensions, c.embedding, c.ts_config, c.tsv,
         d.status AS document_status, d.memory_id, d.folder_id, d.tags, d.embedding_model
  FROM document_chunks c JOIN documents d ON d.live_job_id = c.job_id
  WHERE c.tenant_id = app_tenant_id() AND d.tenant_id = app_tenant_id();

-- A tenant-wide re-embedding run: moves every searchable document to target_model in bounded steps of the
-- 'reindex' queue (fair across tenants, state here so a restart resumes). step_seq makes a redelivered step a no-op.
CREATE TABLE reindex_runs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'completed', 'cancelled', 'failed')),
  target_model text NOT NULL,
  target_dimensions integer NOT NULL,
  -- Why the run started: 'admin' (POST reindex-all), 'profile' or 'default_model' (the embedding model changed).
  reason text NOT NULL CHECK (reason IN ('admin', 'profile', 'default_model')),
  total integer NOT NULL DEFAULT 0,
  done integer NOT NULL DEFAULT 0,
  failed integer NOT NULL DEFAULT 0,
  -- Documents are taken in id order; the cursor is the last one scheduled in this pass.
  cursor_id uuid,
  pass integer NOT NULL DEFAULT 1,
  step_seq integer NOT NULL DEFAULT 0,
  error text,
  requested_by_user_id uuid,
  requested_by_api_key_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz
);
CREATE INDEX reindex_runs_tenant ON reindex_runs (tenant_id, created_at DESC);
-- At most one active run per tenant (a changed model supersedes the active run; see reindex.service.ts).
CREATE UNIQUE INDEX reindex_runs_one_active ON reindex_runs (tenant_id) WHERE status IN ('queued', 'running');

ALTER TABLE reindex_runs ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON reindex_runs USING (tenant_id = app_tenant_id()) WITH CHECK (tenant_id = app_tenant_id());
