-- Sign-in by e-mailed code and password reset. Both tenant-owned.

-- A 6-digit code is only stored as an HMAC (server secret) over tenant, e-mail, purpose and code.
-- ended_at ends it: used, burned by wrong tries, or replaced by a newer request.
CREATE TABLE login_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  email text NOT NULL,
  purpose text NOT NULL,
  code_hmac text NOT NULL,
  failed_attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  ended_at timestamptz
);
CREATE INDEX login_codes_tenant_email ON login_codes (tenant_id, email, purpose, created_at);

-- The reset token is only stored as its SHA-256; used_at ends it (spent or replaced), expires_at bounds it.
CREATE TABLE password_resets (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  user_id uuid NOT NULL,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX password_resets_tenant_user ON password_resets (tenant_id, user_id);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['login_codes', 'password_resets'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_tenant_id()) WITH CHECK (tenant_id = app_tenant_id())', t);
  END LOOP;
END $$;

-- A reset token arrives without a tenant: the one cross-tenant read of password_resets.
CREATE FUNCTION auth_find_password_reset_tenant(p_hash text)
  RETURNS uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$ SELECT tenant_id FROM password_resets WHERE token_hash = p_hash $$;

-- The device a desktop sign-in named (POST /api/auth/electron/verify-otp), carried along the family.
ALTER TABLE refresh_tokens ADD COLUMN device_name text;
