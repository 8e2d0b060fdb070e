-- Service core: tenants, users, tokens, API keys, idempotency records, the job queue.
-- Tenant-owned tables carry tenant_id NOT NULL and a row-level-security policy on app_tenant_id();
-- the app role sees nothing of them unless its transaction set app.tenant_id.

CREATE OR REPLACE FUNCTION app_tenant_id() RETURNS uuid
  LANGUAGE sql STABLE
  AS $$ SELECT nullif(current_setting('app.tenant_id', true), '')::uuid $$;

CREATE TABLE tenants (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9][a-z0-9-]{1,62}$'),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  email text NOT NULL CHECK (email = lower(email)),
  name text NOT NULL DEFAULT '',
  password_hash text NOT NULL,
  role text NOT NULL CHECK (role IN ('owner', 'admin', 'member', 'viewer')),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_login_at timestamptz,
  UNIQUE (tenant_id, email)
);

CREATE TABLE refresh_tokens (
  id uuid PRIMARY KEY,
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  family_id uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX refresh_tokens_family ON refresh_tokens (tenant_id, family_id);

CREATE TABLE api_keys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  name text NOT NULL,
  prefix text NOT NULL,
  key_hash text NOT NULL UNIQUE,
  scopes text[] NOT NULL,
  created_by_user_id uuid,
  created_by_api_key_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz,
  last_used_at timestamptz
);
CREATE INDEX api_keys_tenant_created ON api_keys (tenant_id, created_at DESC, id);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['users', 'refresh_tokens', 'api_keys'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_tenant_id()) WITH CHECK (tenant_id = app_tenant_id())', t);
  END LOOP;
END $$;

-- An API key arrives without a tenant: this is the one audited cross-tenant read of api_keys.
CREATE FUNCTION auth_find_api_key(p_hash text)
  RETURNS TABLE (id uuid, tenant_id uuid, name text, scopes text[], expires_at timestamptz)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$ SELECT id, tenant_id, name, scopes, expires_at FROM api_keys WHERE key_hash = p_hash $$;

-- last_used_at is written in batches off the request path.
CREATE FUNCTION auth_touch_api_keys(p_ids uuid[], p_at timestamptz)
  RETURNS void
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public
  AS $$ UPDATE api_keys SET last_used_at = greatest(coalesce(last_used_at, p_at), p_at) WHERE id = ANY(p_ids) $$;

-- Stored responses are keyed by a hash of the Authorization value, which is narrower than a tenant.
CREATE TABLE idempotency_keys (
  auth_hash text NOT NULL,
  key text NOT NULL,
  fingerprint text NOT NULL,
  status_code integer,
  headers jsonb,
  body bytea,
  created_at timestamptz NOT NULL DEFAULT now(),
  lease_expires_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (auth_hash, key)
);
CREATE INDEX idempotency_keys_expiry ON idempotency_keys (expires_at);

-- The queue holds ids only; handlers open a tenant transaction to reach the data.
CREATE TABLE job_queue (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  queue text NOT NULL,
  tenant_id uuid,
  payload jsonb NOT NULL,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'dead')),
  attempts integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL,
  run_after timestamptz NOT NULL DEFAULT now(),
  lease_expires_at timestamptz,
  locked_by text,
  last_error text,
  -- At most this many jobs of the tenant run at once in this queue (NULL: no cap beyond fairness).
  tenant_cap integer CHECK (tenant_cap > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX job_queue_ready ON job_queue (queue, status, run_after, created_at);
CREATE INDEX job_queue_running ON job_queue (status, lease_expires_at) WHERE status = 'running';
