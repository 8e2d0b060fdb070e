-- Language-model calls: usage and cost of every call, the log of failed provider calls, each tenant's view of its
-- providers' health, and embedding dimensions learnt from a provider's first answer. All tenant-owned, with RLS.

CREATE TABLE llm_usage (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  model text NOT NULL,
  provider text NOT NULL,
  mode text NOT NULL,
  prompt_tokens integer NOT NULL DEFAULT 0 CHECK (prompt_tokens >= 0),
  completion_tokens integer NOT NULL DEFAULT 0 CHECK (completion_tokens >= 0),
  -- Null when the catalog has no price for what was used (the call still counts).
  cost_usd double precision,
  latency_ms integer NOT NULL CHECK (latency_ms >= 0),
  user_id uuid,
  api_key_id uuid,
  request_id text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX llm_usage_tenant_created ON llm_usage (tenant_id, created_at DESC);

CREATE TABLE llm_errors (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  provider text NOT NULL,
  model text,
  error_code text NOT NULL,
  -- The provider's HTTP status; null when no answer came (timeout, connection refused).
  status_code integer,
  message text NOT NULL,
  user_id uuid,
  api_key_id uuid,
  request_id text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX llm_errors_tenant_created ON llm_errors (tenant_id, created_at DESC, id);
CREATE INDEX llm_errors_tenant_provider ON llm_errors (tenant_id, provider, created_at DESC);

-- One row per tenant and provider; absent = never checked.
CREATE TABLE llm_provider_health (
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  provider text NOT NULL,
  status text NOT NULL CHECK (status IN ('ok', 'rate_limited', 'quota_exceeded', 'invalid_key', 'error', 'unknown')),
  checked_at timestamptz NOT NULL,
  last_error text,
  latency_ms integer,
  PRIMARY KEY (tenant_id, provider)
);

-- Per tenant because the same model name may be served by different servers (base URLs) per tenant.
CREATE TABLE llm_embedding_dimensions (
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  provider text NOT NULL,
  model text NOT NULL,
  dimensions integer NOT NULL CHECK (dimensions > 0),
  discovered_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, provider, model)
);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['llm_usage', 'llm_errors', 'llm_provider_health', 'llm_embedding_dimensions'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_tenant_id()) WITH CHECK (tenant_id = app_tenant_id())', t);
  END LOOP;
END $$;

-- Instances cache what the model gate reads (preferences, access rules, provider keys, the catalog). Every change
-- to those tables, by any code path, tells every instance to drop the tenant's cached answers ('*': everyone's).
CREATE FUNCTION llm_config_notify() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_TABLE_NAME = 'llm_models' THEN
    PERFORM pg_notify('llm_config_changed', to_json('*'::text)::text);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('llm_config_changed', to_json(OLD.tenant_id::text)::text);
  ELSE
    PERFORM pg_notify('llm_config_changed', to_json(NEW.tenant_id::text)::text);
  END IF;
  RETURN NULL;
END $$;

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['llm_model_preferences', 'llm_model_access_rules', 'llm_provider_credentials'] LOOP
    EXECUTE format('CREATE TRIGGER llm_config_changed AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION llm_config_notify()', t);
  END LOOP;
END $$;
-- Catalog syncs touch many rows: one notification per statement is enough.
CREATE TRIGGER llm_config_changed AFTER INSERT OR UPDATE OR DELETE ON llm_models
  FOR EACH STATEMENT EXECUTE FUNCTION llm_config_notify();
