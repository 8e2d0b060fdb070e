-- Documents area: memories (knowledge bases), folders, upload batches, documents, their jobs and chunks.
CREATE EXTENSION IF NOT EXISTS vector;

CREATE TABLE memories (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX memories_tenant ON memories (tenant_id, created_at DESC, id);

CREATE TABLE folders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  name text NOT NULL,
  parent_id uuid REFERENCES folders(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX folders_tenant ON folders (tenant_id, parent_id);

CREATE TABLE upload_batches (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  total integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE documents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  filename text NOT NULL,
  format text NOT NULL,
  mime_type text NOT NULL,
  size_bytes bigint NOT NULL,
  sha256 text NOT NULL,
  blob_key text NOT NULL,
  extracted_key text,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'parsing', 'indexing', 'indexed', 'error')),
  error text,
  memory_id uuid REFERENCES memories(id) ON DELETE SET NULL,
  folder_id uuid REFERENCES folders(id) ON DELETE SET NULL,
  batch_id uuid REFERENCES upload_batches(id) ON DELETE SET NULL,
  tags text[] NOT NULL DEFAULT '{}',
  chunk_count integer NOT NULL DEFAULT 0,
  token_count integer NOT NULL DEFAULT 0,
  page_count integer,
  metadata jsonb NOT NULL DEFAULT '{}',
  ai_description text,
  ai_description_original text,
  -- 'generated' (model), 'extractive' (built-in summary) or 'user' (overridden; regeneration then only refreshes the original).
  ai_description_source text CHECK (ai_description_source IN ('generated', 'extractive', 'user')),
  -- The job that owns the document now (a newer reindex supersedes an older one), and the job whose chunk set is live.
  -- No foreign keys: jobs reference documents, and both go together on delete.
  current_job_id uuid,
  live_job_id uuid,
  created_by_user_id uuid,
  created_by_api_key_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  indexed_at timestamptz
);
CREATE INDEX documents_tenant_created ON documents (tenant_id, created_at DESC, id);
CREATE INDEX documents_tenant_status ON documents (tenant_id, status);
CREATE INDEX documents_memory ON documents (tenant_id, memory_id);
CREATE INDEX documents_folder ON documents (tenant_id, folder_id);
CREATE INDEX documents_batch ON documents (batch_id) WHERE batch_id IS NOT NULL;
CREATE INDEX documents_tags ON documents USING gin (tags);
-- Search joins chunks to their document through the live chunk set (see search.repo.ts).
CREATE INDEX documents_live_job ON documents (live_job_id);

-- One row per parse/chunk/embed/store attempt, kept for the document's history.
CREATE TABLE document_jobs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  document_id uuid NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  source text NOT NULL CHECK (source IN ('upload', 'bulk', 'admin', 'rag', 'api')),
  -- The job_queue row currently carrying this attempt; a 'running' row counts against the tenant's parallelism only while it is leased.
  queue_job_id uuid,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'succeeded', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  error text,
  warnings jsonb NOT NULL DEFAULT '[]',
  provider text,
  model text,
  dimensions integer,
  chunk_count integer,
  stats jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz
);
CREATE INDEX document_jobs_document ON document_jobs (tenant_id, document_id, created_at);
CREATE INDEX document_jobs_running ON document_jobs (tenant_id) WHERE status = 'running';

-- Embeddings are stored without a fixed size; each dimension in use gets its own partial HNSW index.
-- Every chunk set is staged under the job that wrote it (job_id); readers see only documents.live_job_id's set,
-- so a reindex swaps sets atomically and a crashed attempt leaves nothing visible.
CREATE TABLE document_chunks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  document_id uuid NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  job_id uuid NOT NULL,
  chunk_index integer NOT NULL,
  text text NOT NULL,
  token_count integer NOT NULL,
  page integer,
  section text,
  sheet text,
  char_start integer NOT NULL,
  char_end integer NOT NULL,
  dimensions integer NOT NULL,
  embedding vector NOT NULL,
  tsv tsvector GENERATED ALWAYS AS (to_tsvector('simple', text)) STORED,
  UNIQUE (document_id, job_id, chunk_index)
);
CREATE INDEX document_chunks_tenant_doc ON document_chunks (tenant_id, document_id, job_id, chunk_index);
CREATE INDEX document_chunks_tsv ON document_chunks USING gin (tsv);
CREATE INDEX document_chunks_hnsw_384 ON document_chunks USING hnsw ((embedding::vector(384)) vector_cosine_ops) WHERE dimensions = 384;
CREATE INDEX document_chunks_hnsw_768 ON document_chunks USING hnsw ((embedding::vector(768)) vector_cosine_ops) WHERE dimensions = 768;
CREATE INDEX document_chunks_hnsw_1024 ON document_chunks USING hnsw ((embedding::vector(1024)) vector_cosine_ops) WHERE dimensions = 1024;
CREATE INDEX document_chunks_hnsw_1536 ON document_chunks USING hnsw ((embedding::vector(1536)) vector_cosine_ops) WHERE dimensions = 1536;

CREATE TABLE indexing_profiles (
  tenant_id uuid PRIMARY KEY REFERENCES tenants(id) ON DELETE CASCADE,
  chunk_size integer NOT NULL DEFAULT 512 CHECK (chunk_size BETWEEN 64 AND 8192),
  chunk_overlap integer NOT NULL DEFAULT 64 CHECK (chunk_overlap >= 0 AND chunk_overlap * 2 <= chunk_size),
  embedding_model text CHECK (length(embedding_model) BETWEEN 1 AND 200),
  parallelism integer NOT NULL DEFAULT 4 CHECK (parallelism BETWEEN 1 AND 32),
  updated_at timestamptz NOT NULL DEFAULT now()
);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['memories', 'folders', 'upload_batches', 'documents', 'document_jobs', 'document_chunks', 'indexing_profiles'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_tenant_id()) WITH CHECK (tenant_id = app_tenant_id())', t);
  END LOOP;
END $$;
