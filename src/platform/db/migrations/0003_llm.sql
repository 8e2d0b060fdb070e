-- Language models: the global catalog, each tenant's preferences and access rules, and each tenant's provider keys.
-- llm_models is global (the catalog is the same for everyone); every other table here is tenant-owned with RLS.

CREATE TABLE llm_models (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Ids stay stable across catalog syncs because rows are matched by name, never re-created.
  model_name text NOT NULL UNIQUE CHECK (length(model_name) BETWEEN 1 AND 300),
  provider text NOT NULL,
  mode text NOT NULL CHECK (mode IN ('chat', 'embedding', 'image_generation', 'audio_transcription', 'audio_speech', 'rerank', 'moderation')),
  max_input_tokens integer,
  max_output_tokens integer,
  input_cost_per_token double precision,
  output_cost_per_token double precision,
  cached_input_cost_per_token double precision,
  cost_per_image double precision,
  cost_per_second double precision,
  cost_per_character double precision,
  cost_per_query double precision,
  output_vector_size integer,
  deprecation_date text,
  capabilities jsonb NOT NULL DEFAULT '{}',
  -- Where the row's data came from: the catalog source of the last sync that inserted or changed it.
  source text NOT NULL,
  -- False once a sync no longer finds the model; the row stays because tenants may reference it.
  in_catalog boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- Target of the preferences' (model_id, mode) foreign key, which keeps their copy of the mode right.
  UNIQUE (id, mode)
);
CREATE INDEX llm_models_provider_mode ON llm_models (provider, mode, model_name);
CREATE INDEX llm_models_mode ON llm_models (mode, model_name);

-- No row = disabled (every model is disabled until a tenant enables it).
CREATE TABLE llm_model_preferences (
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  model_id uuid NOT NULL,
  -- Copied from the model so that "one default per mode" is a plain partial unique index.
  mode text NOT NULL,
  is_enabled boolean NOT NULL DEFAULT false,
  is_default boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, model_id),
  FOREIGN KEY (model_id, mode) REFERENCES llm_models (id, mode) ON UPDATE CASCADE,
  CHECK (is_enabled OR NOT is_default)
);
CREATE UNIQUE INDEX llm_model_preferences_one_default ON llm_model_preferences (tenant_id, mode) WHERE is_default;

-- No rule for a model = every principal of the tenant may use it; any rule = only the listed principals.
CREATE TABLE llm_model_access_rules (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  model_id uuid NOT NULL REFERENCES llm_models(id),
  principal_type text NOT NULL CHECK (principal_type IN ('user', 'role', 'api_key')),
  principal_id text NOT NULL CHECK (length(principal_id) BETWEEN 1 AND 200),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, model_id, principal_type, principal_id)
);

-- Provider keys, AES-256-GCM encrypted with (tenant_id, provider) as associated data; never readable back by the API.
CREATE TABLE llm_provider_credentials (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (length(provider) BETWEEN 1 AND 100),
  ciphertext bytea NOT NULL,
  iv bytea NOT NULL,
  auth_tag bytea NOT NULL,
  key_version integer NOT NULL,
  key_hint text NOT NULL,
  base_url text,
  organization text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, provider)
);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['llm_model_preferences', 'llm_model_access_rules', 'llm_provider_credentials'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_tenant_id()) WITH CHECK (tenant_id = app_tenant_id())', t);
  END LOOP;
END $$;
