-- Browser sessions (cookie `service_session`) and the OAuth 2.0 / OpenID Connect authorization server.

-- A browser session: the cookie holds an opaque random id, stored here only as its SHA-256. last_seen_at drives the
-- idle lifetime, expires_at is the absolute one; ended_at ends it (sign-out, rotation, user disabled, password reset).
CREATE TABLE browser_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  ended_at timestamptz
);
CREATE INDEX browser_sessions_tenant_user ON browser_sessions (tenant_id, user_id);

ALTER TABLE browser_sessions ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON browser_sessions USING (tenant_id = app_tenant_id()) WITH CHECK (tenant_id = app_tenant_id());

-- A session cookie arrives without a tenant: the one cross-tenant read of browser_sessions.
CREATE FUNCTION session_find_tenant(p_hash text)
  RETURNS uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$ SELECT tenant_id FROM browser_sessions WHERE token_hash = p_hash $$;

-- OAuth clients: platform-wide (tenant_id NULL, registered by the operator) or owned by one tenant (registered by
-- its admins). client_id is the public identifier; a confidential client's secret is stored only as its SHA-256.
-- Redirect and post-logout URIs are compared as exact strings.
CREATE TABLE oauth_clients (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id text NOT NULL UNIQUE,
  tenant_id uuid REFERENCES tenants(id) ON DELETE CASCADE,
  name text NOT NULL,
  logo_url text,
  redirect_uris text[] NOT NULL,
  post_logout_redirect_uris text[] NOT NULL DEFAULT '{}',
  confidential boolean NOT NULL,
  first_party boolean NOT NULL DEFAULT false,
  secret_hash text,
  allowed_scopes text[] NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (confidential = (secret_hash IS NOT NULL))
);
CREATE INDEX oauth_clients_tenant ON oauth_clients (tenant_id, created_at);

-- Every tenant reads the platform-wide clients and its own; it writes (and deletes) only its own. A transaction
-- with no tenant (the operator) reads and writes only the platform-wide ones.
ALTER TABLE oauth_clients ENABLE ROW LEVEL SECURITY;
CREATE POLICY clients_read ON oauth_clients FOR SELECT USING (tenant_id IS NULL OR tenant_id = app_tenant_id());
CREATE POLICY clients_write ON oauth_clients USING (tenant_id IS NOT DISTINCT FROM app_tenant_id()) WITH CHECK (tenant_id IS NOT DISTINCT FROM app_tenant_id());

-- A client_id arrives before any tenant is known (authorize, token, revoke): the one cross-tenant read of clients.
CREATE FUNCTION oauth_find_client(p_client_id text)
  RETURNS SETOF oauth_clients
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$ SELECT * FROM oauth_clients WHERE client_id = p_client_id $$;

-- The scopes a user granted a third-party client (first-party clients need none).
CREATE TABLE oauth_consents (
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  client_id text NOT NULL REFERENCES oauth_clients(client_id) ON DELETE CASCADE,
  scopes text[] NOT NULL,
  granted_at timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, user_id, client_id)
);

-- An authorization code, stored only as its SHA-256; bound to everything the token request must repeat or prove.
-- used_at makes it single use; grant_id names the grant its redemption created (revoked if it is presented again).
CREATE TABLE oauth_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  code_hash text NOT NULL UNIQUE,
  client_id text NOT NULL REFERENCES oauth_clients(client_id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  session_id uuid,
  redirect_uri text NOT NULL,
  scope text NOT NULL,
  code_challenge text,
  nonce text,
  auth_time timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  grant_id uuid
);
CREATE INDEX oauth_codes_tenant_expiry ON oauth_codes (tenant_id, expires_at);

-- A grant: what one redeemed code gave one client for one user. Its id is the `gid` claim of every access token
-- and the family of every refresh token issued from it; revoked_at ends them all.
CREATE TABLE oauth_grants (
  id uuid PRIMARY KEY,
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  client_id text NOT NULL REFERENCES oauth_clients(client_id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  session_id uuid,
  scope text NOT NULL,
  auth_time timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX oauth_grants_tenant_user ON oauth_grants (tenant_id, user_id);
CREATE INDEX oauth_grants_tenant_session ON oauth_grants (tenant_id, session_id);

-- Refresh tokens, stored only as their SHA-256, rotated at every use. The used one keeps its successor sealed
-- (AES-256-GCM under ENCRYPTION_KEY) for the grace window, so a concurrent duplicate gets the same successor.
CREATE TABLE oauth_refresh_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  grant_id uuid NOT NULL REFERENCES oauth_grants(id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  successor_sealed text
);
CREATE INDEX oauth_refresh_tokens_grant ON oauth_refresh_tokens (tenant_id, grant_id);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['oauth_consents', 'oauth_codes', 'oauth_grants', 'oauth_refresh_tokens'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_tenant_id()) WITH CHECK (tenant_id = app_tenant_id())', t);
  END LOOP;
END $$;

-- Codes and refresh tokens arrive without a tenant: the one cross-tenant read of each.
CREATE FUNCTION oauth_find_code_tenant(p_hash text)
  RETURNS uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$ SELECT tenant_id FROM oauth_codes WHERE code_hash = p_hash $$;

CREATE FUNCTION oauth_find_refresh_tenant(p_hash text)
  RETURNS uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$ SELECT tenant_id FROM oauth_refresh_tokens WHERE token_hash = p_hash $$;

-- The ID-token signing key of the platform (one issuer for every tenant): generated once by the service, its
-- private half sealed with ENCRYPTION_KEY. At most one is active; retired ones stay published in the JWKS.
CREATE TABLE oauth_signing_keys (
  kid text PRIMARY KEY,
  alg text NOT NULL,
  public_jwk jsonb NOT NULL,
  private_sealed text NOT NULL,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX oauth_signing_keys_one_active ON oauth_signing_keys (active) WHERE active;
