-- The event log (an outbox: an event is written in the transaction of the change it describes) and outbound
-- webhooks: the tenant's endpoints and one delivery per event and endpoint, which the delivery pump works through.

CREATE TABLE events (
  id text PRIMARY KEY,                                   -- evt_ + 26 base32 characters
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  seq bigint GENERATED ALWAYS AS IDENTITY,               -- creation order, also among events of one transaction
  type text NOT NULL,
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX events_tenant_seq ON events (tenant_id, seq DESC);
CREATE INDEX events_tenant_type_seq ON events (tenant_id, type, seq DESC);
CREATE INDEX events_created ON events (created_at);

CREATE TABLE webhook_endpoints (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  url text NOT NULL,
  description text,
  event_types text[] NOT NULL,                           -- the types it receives, or {'*'} for all
  enabled boolean NOT NULL DEFAULT true,
  disabled_reason text,                                  -- why the service disabled it (null when an admin did)
  secret_sealed text NOT NULL,                           -- the signing secret, sealed (packSealed; never in clear)
  previous_secret_sealed text,                           -- the secret before a rotation, signing beside the new one
  previous_secret_until timestamptz,                     -- until then
  failing_since timestamptz,                             -- the first failed attempt since the last success
  pump_lease_until timestamptz,                          -- a delivery pump works on this endpoint until then
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, id)
);
CREATE INDEX webhook_endpoints_tenant ON webhook_endpoints (tenant_id, created_at);

CREATE TABLE webhook_deliveries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id uuid NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  endpoint_id uuid NOT NULL,
  event_id text NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  event_seq bigint NOT NULL,                             -- the event's order, so an endpoint gets events in order
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed', 'cancelled')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_attempt_at timestamptz,
  response_status integer,
  latency_ms integer,
  response_body text,                                    -- the first 2 KB of the last response
  error text,                                            -- why the last attempt failed, when it did
  delivered_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (tenant_id, endpoint_id) REFERENCES webhook_endpoints (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (endpoint_id, next_attempt_at, event_seq) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, created_at DESC);
CREATE INDEX webhook_deliveries_event ON webhook_deliveries (event_id);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['events', 'webhook_endpoints', 'webhook_deliveries'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_tenant_id()) WITH CHECK (tenant_id = app_tenant_id())', t);
  END LOOP;
END $$;

-- The sweep that restarts delivery after a lost pump crosses tenants: endpoints with a delivery due at `at` and no
-- pump holding them. It answers ids only.
CREATE FUNCTION webhook_endpoints_due(at timestamptz)
  RETURNS TABLE (tenant_id uuid, endpoint_id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
    SELECT e.tenant_id, e.id FROM webhook_endpoints e
    WHERE e.enabled AND (e.pump_lease_until IS NULL OR e.pump_lease_until < at)
      AND EXISTS (SELECT 1 FROM webhook_deliveries d
                  WHERE d.endpoint_id = e.id AND d.status = 'pending' AND d.next_attempt_at <= at)
  $$;

-- The daily purge of the event log crosses tenants: events older than `before` go, with their deliveries.
CREATE FUNCTION events_purge_before(before timestamptz)
  RETURNS integer
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public
  AS $$ WITH gone AS (DELETE FROM events WHERE created_at < before RETURNING 1) SELECT count(*)::int FROM gone $$;
