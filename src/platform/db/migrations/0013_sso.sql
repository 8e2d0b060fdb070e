-- Single sign-on through external OpenID Connect providers, per tenant. All tenant-owned.

-- A tenant's identity provider. The client secret is sealed (AES-256-GCM under ENCRYPTION_KEY, bound to the
-- tenant and provider id) and never returned; secret_hint is what listings show instead.
-- idp_tenant is the IdP's own tenant id recorded by an admin consent (multi-tenant IdPs such as Entra ID);
-- an issuer holding the literal "{tenantid}" is completed with it.
CREATE TABLE sso_providers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  issuer text NOT NULL,
  client_id text NOT NULL,
  client_secret_sealed text NOT NULL,
  client_secret_hint text NOT NULL,
  scopes text[] NOT NULL,
  allowed_email_domains text[] NOT NULL DEFAULT '{}',
  jit_enabled boolean NOT NULL DEFAULT false,
  jit_default_role text NOT NULL DEFAULT 'member' CHECK (jit_default_role IN ('admin', 'member', 'viewer')),
  link_existing_by_email boolean NOT NULL DEFAULT false,
  enabled boolean NOT NULL DEFAULT true,
  admin_consent_url text,
  idp_tenant text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sso_providers_tenant_created ON sso_providers (tenant_id, created_at);

-- A person at an IdP, known by (issuer, sub), and the user it signs in as. One subject per issuer per user,
-- so an e-mail match can never attach a second IdP account to a user already linked to that issuer.
CREATE TABLE sso_identities (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  provider_id uuid REFERENCES sso_providers(id) ON DELETE SET NULL,
  issuer text NOT NULL,
  subject text NOT NULL,
  email text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  last_sign_in_at timestamptz,
  CONSTRAINT sso_identities_tenant_issuer_subject_key UNIQUE (tenant_id, issuer, subject),
  CONSTRAINT sso_identities_tenant_issuer_user_key UNIQUE (tenant_id, issuer, user_id)
);

-- One pending redirect to an IdP (a sign-in or an admin consent): the state is stored only as its SHA-256,
-- the PKCE verifier sealed like secrets; single use (used_at), expires_at from the service clock.
-- browser_binding_hash: SHA-256 of the cookie the browser that started the sign-in got; only that browser gets
-- the session cookie at the callback (no login CSRF).
CREATE TABLE sso_states (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  provider_id uuid NOT NULL REFERENCES sso_providers(id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('sign_in', 'admin_consent')),
  state_hash text NOT NULL UNIQUE,
  nonce text,
  code_verifier_sealed text,
  redirect_uri text NOT NULL,
  next_url text,
  issuer text NOT NULL,
  created_by_user_id uuid,
  browser_binding_hash text,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX sso_states_tenant_expires ON sso_states (tenant_id, expires_at);

-- Whether the tenant requires SSO (password and code sign-in refused to everyone but owners).
CREATE TABLE sso_settings (
  tenant_id uuid PRIMARY KEY REFERENCES tenants(id) ON DELETE CASCADE,
  enforced boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['sso_providers', 'sso_identities', 'sso_states', 'sso_settings'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_tenant_id()) WITH CHECK (tenant_id = app_tenant_id())', t);
  END LOOP;
END $$;

-- The IdP sends the browser back with the state alone: the one cross-tenant read of sso_states.
CREATE FUNCTION sso_find_state_tenant(p_hash text)
  RETURNS uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$ SELECT tenant_id FROM sso_states WHERE state_hash = p_hash $$;
