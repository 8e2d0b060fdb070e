-- Connectors: sources the service keeps documents in sync with (a folder, a web site, a bucket, a drive). A connector
-- lists its source in runs; each item it has indexed is remembered with its version, so an unchanged item is never
-- read again, and the documents it created carry their source.

CREATE TABLE connectors (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  name text NOT NULL,
  kind text NOT NULL,
  config jsonb NOT NULL,
  credentials_sealed text,                               -- the credentials JSON, sealed (packSealed; never in clear)
  memory_id uuid,                                        -- where its documents go
  folder_id uuid,
  tags text[] NOT NULL DEFAULT '{}',
  schedule_every_minutes integer CHECK (schedule_every_minutes >= 5),
  enabled boolean NOT NULL DEFAULT true,
  status text NOT NULL DEFAULT 'idle' CHECK (status IN ('idle', 'queued', 'running', 'error', 'paused')),
  next_run_at timestamptz,                               -- the scheduler starts a run then (schedule, or a retry)
  consecutive_failures integer NOT NULL DEFAULT 0,
  cursor jsonb,                                          -- a delta source's cursor, stored when a run completes
  last_run_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, id)
);
CREATE INDEX connectors_tenant ON connectors (tenant_id, created_at);
CREATE INDEX connectors_due ON connectors (next_run_at) WHERE enabled AND next_run_at IS NOT NULL;

CREATE TABLE connector_runs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  connector_id uuid NOT NULL,
  trigger text NOT NULL CHECK (trigger IN ('manual', 'schedule')),
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'succeeded', 'failed', 'cancelled')),
  seen integer NOT NULL DEFAULT 0,
  added integer NOT NULL DEFAULT 0,
  updated integer NOT NULL DEFAULT 0,
  unchanged integer NOT NULL DEFAULT 0,
  deleted integer NOT NULL DEFAULT 0,
  failed integer NOT NULL DEFAULT 0,
  listing_complete boolean NOT NULL DEFAULT false,
  error text,
  started_at timestamptz,
  finished_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (tenant_id, connector_id) REFERENCES connectors (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX connector_runs_connector ON connector_runs (connector_id, created_at DESC);
-- One run at a time per connector: a second sync while one is queued or running is refused (409).
CREATE UNIQUE INDEX connector_runs_one_active ON connector_runs (tenant_id, connector_id) WHERE status IN ('queued', 'running');

CREATE TABLE connector_run_errors (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  run_id uuid NOT NULL REFERENCES connector_runs (id) ON DELETE CASCADE,
  external_id text,
  url text,
  message text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX connector_run_errors_run ON connector_run_errors (run_id, created_at);

CREATE TABLE connector_items (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  connector_id uuid NOT NULL,
  external_id text NOT NULL,
  version text NOT NULL,
  document_id uuid REFERENCES documents (id) ON DELETE SET NULL,
  url text,
  meta jsonb,
  last_seen_run_id uuid,                                 -- the last run that listed it (a full listing deletes the others)
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (tenant_id, connector_id) REFERENCES connectors (tenant_id, id) ON DELETE CASCADE,
  UNIQUE (tenant_id, connector_id, external_id)
);
CREATE INDEX connector_items_document ON connector_items (document_id) WHERE document_id IS NOT NULL;

-- Where a document came from: the connector that keeps it in sync (null: uploaded), the item's id in the source and
-- the address people open from a citation.
ALTER TABLE documents ADD COLUMN connector_id uuid REFERENCES connectors (id) ON DELETE SET NULL;
ALTER TABLE documents ADD COLUMN external_id text;
ALTER TABLE documents ADD COLUMN source_url text;
CREATE INDEX documents_connector ON documents (connector_id) WHERE connector_id IS NOT NULL;

ALTER TABLE document_jobs DROP CONSTRAINT document_jobs_source_check;
ALTER TABLE document_jobs ADD CONSTRAINT document_jobs_source_check CHECK (source IN ('upload', 'bulk', 'admin', 'rag', 'api', 'connector'));

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['connectors', 'connector_runs', 'connector_run_errors', 'connector_items'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_tenant_id()) WITH CHECK (tenant_id = app_tenant_id())', t);
  END LOOP;
END $$;

-- The scheduler crosses tenants: it claims connectors whose run is due at `at` (enabled, not running, not in error),
-- holding each until `hold_until` so no other instance claims it meanwhile, and answers ids only. Rows another
-- instance is claiming are skipped, not waited for.
CREATE FUNCTION connectors_claim_due(at timestamptz, hold_until timestamptz, lim integer)
  RETURNS TABLE (tenant_id uuid, connector_id uuid)
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public
  AS $$
    UPDATE connectors c SET next_run_at = hold_until
    WHERE c.id IN (SELECT d.id FROM connectors d
                   WHERE d.enabled AND d.status = 'idle' AND d.next_run_at <= at
                   ORDER BY d.next_run_at LIMIT lim FOR UPDATE SKIP LOCKED)
    RETURNING c.tenant_id, c.id
  $$;
