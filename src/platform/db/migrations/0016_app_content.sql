-- What installed apps keep: app-data records, rich documents and their versions, assets
-- and their attachments, each installation's usage, and the tenant's choice to index rich documents for search.
-- All tenant-owned; everything of an installation goes with it (ON DELETE CASCADE), and the apps module's
-- purge deletes it when an uninstalled app's retention ends (app-content's purgers).

-- A record is keyed by (tenant, installation, collection, id). `version` counts writes (optimistic updates);
-- size_bytes is the record's JSON size, summed in app_content_usage for the quota.
CREATE TABLE app_records (
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  installation_id uuid NOT NULL REFERENCES app_installations(id) ON DELETE CASCADE,
  collection text NOT NULL,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  data jsonb NOT NULL,
  size_bytes integer NOT NULL,
  version integer NOT NULL DEFAULT 1,
  created_by uuid,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, installation_id, collection, id)
);
CREATE INDEX app_records_created ON app_records (tenant_id, installation_id, collection, created_at, id);
-- Equality filters on a collection's declared indexes are containment tests (data @> '{"field": value}').
CREATE INDEX app_records_data ON app_records USING gin (data jsonb_path_ops);

-- One row per installation that stored anything: the counters the quotas check, updated in the writing
-- transaction under this row's lock (so two concurrent writes cannot both slip under a limit).
CREATE TABLE app_content_usage (
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  installation_id uuid NOT NULL REFERENCES app_installations(id) ON DELETE CASCADE,
  records integer NOT NULL DEFAULT 0,
  record_bytes bigint NOT NULL DEFAULT 0,
  asset_bytes bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, installation_id)
);

-- A rich document points at its current version; versions are immutable (restoring one writes a new one).
-- search_document_id: the plain-text copy in `documents` that search finds, when the tenant allows it.
CREATE TABLE rich_documents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  installation_id uuid NOT NULL REFERENCES app_installations(id) ON DELETE CASCADE,
  title text NOT NULL,
  current_version integer NOT NULL,
  created_by uuid,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  search_document_id uuid REFERENCES documents(id) ON DELETE SET NULL
);
CREATE INDEX rich_documents_installation ON rich_documents (tenant_id, installation_id, updated_at DESC, id);
CREATE INDEX rich_documents_tenant ON rich_documents (tenant_id, updated_at DESC, id);
CREATE INDEX rich_documents_search_document ON rich_documents (search_document_id) WHERE search_document_id IS NOT NULL;

CREATE TABLE rich_document_versions (
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  document_id uuid NOT NULL REFERENCES rich_documents(id) ON DELETE CASCADE,
  version integer NOT NULL,
  title text NOT NULL,
  content jsonb NOT NULL,
  size_bytes integer NOT NULL,
  restored_from integer,
  created_by uuid,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, document_id, version)
);

-- Whether the tenant lets its apps' rich documents be indexed as documents (off until an admin says so).
CREATE TABLE rich_document_settings (
  tenant_id uuid PRIMARY KEY REFERENCES tenants(id) ON DELETE CASCADE,
  index_in_search boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- An uploaded file; mime_type is what its bytes are (magic numbers), declared_type what the client said.
CREATE TABLE app_assets (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  installation_id uuid NOT NULL REFERENCES app_installations(id) ON DELETE CASCADE,
  filename text NOT NULL,
  mime_type text NOT NULL,
  declared_type text,
  size_bytes bigint NOT NULL,
  sha256 text NOT NULL,
  blob_key text NOT NULL,
  created_by uuid,
  created_at timestamptz NOT NULL
);
CREATE INDEX app_assets_installation ON app_assets (tenant_id, installation_id, created_at DESC, id);

-- An asset attached to one record or one rich document; the attachment goes with either.
CREATE TABLE app_asset_attachments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  installation_id uuid NOT NULL,
  asset_id uuid NOT NULL REFERENCES app_assets(id) ON DELETE CASCADE,
  collection text,
  record_id uuid,
  rich_document_id uuid REFERENCES rich_documents(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  CHECK ((record_id IS NOT NULL AND collection IS NOT NULL AND rich_document_id IS NULL)
      OR (record_id IS NULL AND collection IS NULL AND rich_document_id IS NOT NULL)),
  FOREIGN KEY (tenant_id, installation_id, collection, record_id)
    REFERENCES app_records (tenant_id, installation_id, collection, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX app_asset_attachments_record ON app_asset_attachments (tenant_id, installation_id, collection, record_id, asset_id) WHERE record_id IS NOT NULL;
CREATE UNIQUE INDEX app_asset_attachments_document ON app_asset_attachments (tenant_id, rich_document_id, asset_id) WHERE rich_document_id IS NOT NULL;
CREATE INDEX app_asset_attachments_asset ON app_asset_attachments (asset_id);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['app_records', 'app_content_usage', 'rich_documents', 'rich_document_versions',
                           'rich_document_settings', 'app_assets', 'app_asset_attachments'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_tenant_id()) WITH CHECK (tenant_id = app_tenant_id())', t);
  END LOOP;
END $$;
