-- Usage rows are written in batches of hundreds (llm/calls/usage.ts). The foreign key to tenants checked every row
-- with a lookup and a lock of the tenant's row: on the embedded database, about 40 % of the cost of writing a usage
-- row, which every call pays. The batch now takes that lock once, in its INSERT (llm/calls/usage.repo.ts:
-- a tenant deleted meanwhile gets no rows, one being deleted waits for the batch), and the tenant's rows still go
-- with it, by this trigger instead of the cascade. SECURITY DEFINER: the owner's delete is not limited by the row
-- security policy of the session that deletes the tenant.
ALTER TABLE llm_usage DROP CONSTRAINT llm_usage_tenant_id_fkey;

CREATE FUNCTION llm_usage_drop_tenant() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$
BEGIN
  DELETE FROM llm_usage WHERE tenant_id = OLD.id;
  RETURN OLD;
END
$$;

CREATE TRIGGER llm_usage_drop_tenant AFTER DELETE ON tenants FOR EACH ROW EXECUTE FUNCTION llm_usage_drop_tenant();
