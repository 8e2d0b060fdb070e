-- Third-party apps: the apps a tenant imported, their immutable versions (manifests), the
-- installations of an app in a tenant, and the single-use launch tokens. All four are tenant-owned.

-- An app is identified in its importing tenant by its manifest id (reverse DNS). The operator may publish it
-- (`app publish`): every tenant can then read and install it.
CREATE TABLE apps (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  manifest_id text NOT NULL,
  name text NOT NULL,
  latest_version_id uuid,
  latest_version text NOT NULL,
  published boolean NOT NULL DEFAULT false,
  published_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, manifest_id)
);
CREATE INDEX apps_published ON apps (published_at) WHERE published;

-- A version is never changed once imported: installations point at one, and caches key on its id.
CREATE TABLE app_versions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  app_id uuid NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
  version text NOT NULL,
  manifest jsonb NOT NULL,
  permissions text[] NOT NULL,
  entry_origin text NOT NULL,
  imported_by_user_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, app_id, version)
);

-- The app may belong to another tenant (a published one): the installation is the installing tenant's.
-- status: active → uninstalled (data kept until purge_after) → purged (data deleted; the row stays as a record).
CREATE TABLE app_installations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  app_id uuid NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
  app_version_id uuid NOT NULL REFERENCES app_versions(id) ON DELETE CASCADE,
  granted_permissions text[] NOT NULL,
  entry_origin text NOT NULL,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'uninstalled', 'purged')),
  installed_by_user_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  uninstalled_at timestamptz,
  purge_after timestamptz,
  purged_at timestamptz
);
CREATE UNIQUE INDEX app_installations_one_active ON app_installations (tenant_id, app_id) WHERE status = 'active';
CREATE INDEX app_installations_tenant_created ON app_installations (tenant_id, created_at DESC, id);
CREATE INDEX app_installations_purge ON app_installations (purge_after) WHERE status = 'uninstalled';
CREATE INDEX app_installations_origin ON app_installations (entry_origin) WHERE status = 'active';

-- Only the SHA-256 of a launch token is kept; used_at spends it, expires_at (60 s) bounds it.
CREATE TABLE app_launch_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  installation_id uuid NOT NULL REFERENCES app_installations(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX app_launch_tokens_installation ON app_launch_tokens (installation_id);
CREATE INDEX app_launch_tokens_expiry ON app_launch_tokens (expires_at);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['apps', 'app_versions', 'app_installations', 'app_launch_tokens'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_tenant_id()) WITH CHECK (tenant_id = app_tenant_id())', t);
  END LOOP;
END $$;

-- Read-only widening for other tenants: a published app and its versions, and whatever app and version an
-- installation of the reading tenant points at (so an installation keeps working if its app is unpublished).
CREATE POLICY readable_published ON apps FOR SELECT USING (
  published OR EXISTS (SELECT 1 FROM app_installations i WHERE i.app_id = apps.id AND i.tenant_id = app_tenant_id())
);
CREATE POLICY readable_published ON app_versions FOR SELECT USING (
  EXISTS (SELECT 1 FROM apps a WHERE a.id = app_versions.app_id AND a.published)
  OR EXISTS (SELECT 1 FROM app_installations i WHERE i.app_version_id = app_versions.id AND i.tenant_id = app_tenant_id())
);

-- A launch token arrives without a tenant: the one cross-tenant read of app_launch_tokens.
CREATE FUNCTION apps_find_launch_token_tenant(p_hash text)
  RETURNS uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$ SELECT tenant_id FROM app_launch_tokens WHERE token_hash = p_hash $$;

-- A CORS preflight carries no credential: whether any active installation opens from this origin.
CREATE FUNCTION apps_origin_installed(p_origin text)
  RETURNS boolean
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$ SELECT EXISTS (SELECT 1 FROM app_installations WHERE entry_origin = p_origin AND status = 'active') $$;

-- The purge job looks across tenants for uninstalled installations past their retention.
CREATE FUNCTION apps_installations_to_purge(p_now timestamptz, p_limit integer)
  RETURNS TABLE (tenant_id uuid, id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$ SELECT tenant_id, id FROM app_installations
        WHERE status = 'uninstalled' AND purge_after <= p_now ORDER BY purge_after LIMIT p_limit $$;

-- The operator's `app publish --app-id` names an app, not its tenant.
CREATE FUNCTION apps_find_app_tenant(p_app_id uuid)
  RETURNS uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$ SELECT tenant_id FROM apps WHERE id = p_app_id $$;
