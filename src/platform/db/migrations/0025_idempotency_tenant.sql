-- Idempotency records belong to the caller's tenant, under row-level security like every tenant table.
-- Until now they were global and kept the whole response for 24 hours, credentials included (a new API key, token
-- pairs): the store now redacts every field its route's response schema marks secret before it keeps a response.
-- The rows written before this migration may hold credentials in plaintext: they are deleted (a retry within the
-- next 24 hours of a call made before the upgrade runs again instead of replaying).
DELETE FROM idempotency_keys;

-- NULL for a call made without an authenticated caller (login, refresh, a sign-in code, an invitation, the OAuth
-- token endpoint, a route that checks a cookie or a body credential itself): there is no tenant to scope it by before
-- its handler ran. Such records are keyed by the client address and are visible only to a connection that set no
-- tenant; a tenant's transaction sees only its own.
ALTER TABLE idempotency_keys ADD COLUMN tenant_id uuid REFERENCES tenants(id) ON DELETE CASCADE;

ALTER TABLE idempotency_keys ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON idempotency_keys
  USING (tenant_id IS NOT DISTINCT FROM app_tenant_id()) WITH CHECK (tenant_id IS NOT DISTINCT FROM app_tenant_id());

-- The hourly purge crosses tenants: the one audited cross-tenant statement on this table.
CREATE FUNCTION idempotency_purge_expired()
  RETURNS integer
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public
  AS $$ WITH gone AS (DELETE FROM idempotency_keys WHERE expires_at < now() RETURNING 1) SELECT count(*)::int FROM gone $$;
