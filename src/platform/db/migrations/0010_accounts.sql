-- Accounts: outbound mail, invitations, the audit trail. All three are tenant-owned.

-- Every mail the service sends, on either path: with SMTP_URL set a job sends it (status queued →
-- sent, or failed after its retries, attempts and last_error kept); without, it stays here as the
-- outbox the operator reads with `mail list` (status outbox).
CREATE TABLE mail_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  kind text NOT NULL,
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text NOT NULL,
  status text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX mail_messages_tenant_created ON mail_messages (tenant_id, created_at);

-- The token is only stored as its SHA-256; accepted_at/revoked_at end it, expires_at bounds it.
CREATE TABLE invitations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  email text NOT NULL,
  role text NOT NULL,
  name text NOT NULL DEFAULT '',
  token_hash text NOT NULL UNIQUE,
  invited_by_user_id uuid,
  inviter_name text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  accepted_at timestamptz,
  revoked_at timestamptz,
  accepted_user_id uuid
);
CREATE INDEX invitations_tenant_email ON invitations (tenant_id, email);

CREATE TABLE audit_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  type text NOT NULL,
  actor_kind text NOT NULL,
  actor_id uuid,
  target_id uuid,
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  ip text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_events_tenant_created ON audit_events (tenant_id, created_at);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['mail_messages', 'invitations', 'audit_events'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_tenant_id()) WITH CHECK (tenant_id = app_tenant_id())', t);
  END LOOP;
END $$;

-- An invitation token arrives without a tenant: this is the one audited cross-tenant read of invitations.
CREATE FUNCTION auth_find_invitation_tenant(p_hash text)
  RETURNS uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$ SELECT tenant_id FROM invitations WHERE token_hash = p_hash $$;
