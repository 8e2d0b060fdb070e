/**
 * Where every table of the schema goes on a PostgreSQL sharded by tenant with Citus (docs/scaling.md), so that no
 * table escapes script/check-tenant-keys: the unique-key check (tenant-keys.ts) reads only tables that have a
 * `tenant_id`, and a new table without one would otherwise pass unseen.
 * - a table with `tenant_id NOT NULL` is distributed by `tenant_id` and must have row-level security enabled (the
 *   app role reaches it only through `app.tenant_id`);
 * - every other table must be listed in GLOBAL_TABLES, as a reference table (copied to every node) or a local table
 *   (on the coordinator only), with the reason;
 * - anything else fails the check, as does a listed table that is not in the schema (the list would lie) or a
 *   listed table that has `tenant_id NOT NULL` (it would be distributed, not global).
 */

export interface TableFacts {
  table: string;
  /** `required`: tenant_id NOT NULL; `optional`: a nullable tenant_id; `none`: no such column. */
  tenantId: 'required' | 'optional' | 'none';
  /** Row-level security enabled. */
  rls: boolean;
}

export type GlobalPlacement = 'reference' | 'local';

/** The tables not distributed by tenant_id, each with where it goes under Citus and why. */
export const GLOBAL_TABLES: Record<string, { placement: GlobalPlacement; reason: string }> = {
  tenants: {
    placement: 'reference',
    reason: "every tenant table's tenant_id references it, and a distributed table keeps a foreign key only to a reference table (or a co-located one)",
  },
  llm_models: {
    placement: 'reference',
    reason: "the model catalog, the same for every tenant, written at start-up; tenants' access rules and preferences reference it",
  },
  oauth_clients: {
    placement: 'reference',
    reason: 'a client id is looked up before any tenant is known, platform-wide clients have no tenant, and codes, consents and grants reference it',
  },
  oauth_signing_keys: {
    placement: 'local',
    reason: "the authorization server's keys: a few rows read by the service, never joined with tenant data",
  },
  job_queue: {
    placement: 'local',
    reason: 'the queue is global (jobs without a tenant: mail, maintenance) and claimed with FOR UPDATE SKIP LOCKED many times a second; a reference table would write every node on each claim',
  },
  idempotency_keys: {
    placement: 'local',
    reason: 'anonymous calls (login) have no tenant; short-lived records written and read per request by the service only, purged by age',
  },
  schema_migrations: {
    placement: 'local',
    reason: "the migration runner's ledger, read and written on the coordinator",
  },
};

export const TABLES_SQL = `
  SELECT t.relname AS "table",
         CASE WHEN a.attname IS NULL THEN 'none' WHEN a.attnotnull THEN 'required' ELSE 'optional' END AS "tenantId",
         t.relrowsecurity AS rls
  FROM pg_class t
  JOIN pg_namespace ns ON ns.oid = t.relnamespace AND ns.nspname = current_schema()
  LEFT JOIN pg_attribute a ON a.attrelid = t.oid AND a.attname = 'tenant_id' AND NOT a.attisdropped
  WHERE t.relkind IN ('r', 'p') AND NOT t.relispartition
  ORDER BY 1`;

export interface TablePlan {
  distributed: string[];
  reference: string[];
  local: string[];
  violations: string[];
}

export function placeTables(tables: readonly TableFacts[], globals: typeof GLOBAL_TABLES = GLOBAL_TABLES): TablePlan {
  const plan: TablePlan = { distributed: [], reference: [], local: [], violations: [] };
  for (const t of tables) {
    const listed = globals[t.table];
    if (t.tenantId === 'required') {
      if (listed) plan.violations.push(`${t.table} has tenant_id NOT NULL but is listed as a ${listed.placement} table`);
      else if (!t.rls) plan.violations.push(`${t.table} has tenant_id but no row-level security`);
      else plan.distributed.push(t.table);
    } else if (listed) plan[listed.placement].push(t.table);
    else plan.violations.push(`${t.table} has ${t.tenantId === 'none' ? 'no tenant_id' : 'a nullable tenant_id'} and is not listed in GLOBAL_TABLES (script/tenant-tables.ts)`);
  }
  const present = new Set(tables.map((t) => t.table));
  for (const name of Object.keys(globals)) if (!present.has(name)) plan.violations.push(`${name} is listed in GLOBAL_TABLES but not in the schema`);
  return plan;
}

export function describeTablePlan(plan: TablePlan): string {
  const lines = [
    `${plan.distributed.length} tables distributed by tenant_id: ${plan.distributed.join(', ')}.`,
    `${plan.reference.length} reference tables: ${plan.reference.join(', ')}.`,
    `${plan.local.length} local tables (coordinator): ${plan.local.join(', ')}.`,
  ];
  for (const v of plan.violations) lines.push(`UNPLACED: ${v}`);
  lines.push(plan.violations.length ? `${plan.violations.length} table(s) without a place.` : 'Every table has a place.');
  return lines.join('\n');
}
