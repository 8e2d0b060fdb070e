import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sharedTestService, type TestService } from '../harness.js';
import { describeVerdict, judge, UNIQUE_INDEXES_SQL, type UniqueIndex } from '../../script/tenant-keys.js';
import { describeTablePlan, GLOBAL_TABLES, placeTables, TABLES_SQL, type TableFacts } from '../../script/tenant-tables.js';

/**
 * Citus readiness (script/check-tenant-keys, docs/scaling.md): no unique key of a table with tenant_id goes without
 * tenant_id unless it is a random-UUID surrogate key, a credential-hash lookup, or an exception listed with its reason.
 * A new `UNIQUE (name)` in a tenant table fails here: it would also let one tenant's value block another tenant.
 */
let t: TestService;
beforeAll(async () => {
  t = await sharedTestService();
});

describe('unique keys of tenant tables', () => {
  it('include tenant_id, or are surrogate keys, credential lookups or listed exceptions', async () => {
    const indexes = await t.service.ctx.db.query<UniqueIndex>(sql.raw(UNIQUE_INDEXES_SQL));
    expect(indexes.length).toBeGreaterThan(20); // the catalog query sees the schema
    const verdict = judge(indexes);
    expect(verdict.violations, describeVerdict(verdict)).toEqual([]);
    expect(verdict.accepted.filter((a) => a.kind === 'credential').map((a) => a.table).sort()).toEqual([
      'api_keys', 'app_launch_tokens', 'browser_sessions', 'invitations', 'oauth_codes', 'oauth_refresh_tokens', 'password_resets', 'sso_states',
    ]);
  });

  it('flags a unique key a tenant table adds without tenant_id', () => {
    const base = { primary: false, tenantNullable: false, firstType: 'text', firstDefault: null };
    const verdict = judge([
      { ...base, table: 'widgets', index: 'widgets_name_key', columns: ['name'] },
      { ...base, table: 'widgets', index: 'widgets_tenant_id_name_key', columns: ['tenant_id', 'name'] },
      { ...base, table: 'widgets', index: 'widgets_pkey', primary: true, columns: ['id'], firstType: 'uuid', firstDefault: 'gen_random_uuid()' },
      { ...base, table: 'widgets', index: 'widgets_serial_pkey', primary: true, columns: ['id'], firstType: 'bigint', firstDefault: "nextval('widgets_id_seq'::regclass)" },
    ]);
    expect(verdict.violations.map((v) => v.index)).toEqual(['widgets_name_key', 'widgets_serial_pkey']);
  });
});

/**
 * Every table has a place on a cluster sharded by tenant_id (docs/scaling.md): distributed by tenant_id (NOT NULL,
 * with row-level security), or listed as a reference or local table with its reason. The unique-key check above
 * reads only tables with a tenant_id; this one reads every table, so a new table cannot escape both.
 */
describe('every table of the schema', () => {
  it('is distributed by tenant_id with row-level security, or listed as global', async () => {
    const tables = await t.service.ctx.db.query<TableFacts>(sql.raw(TABLES_SQL));
    const plan = placeTables(tables);
    expect(plan.violations, describeTablePlan(plan)).toEqual([]);
    expect([...plan.reference, ...plan.local].sort()).toEqual(Object.keys(GLOBAL_TABLES).sort());
    expect(plan.distributed.length).toBe(tables.filter((x) => x.tenantId === 'required').length);
    expect(plan.distributed).toContain('document_chunks');
  });

  it('flags a table without tenant_id that is not listed, a tenant table without row-level security, and a stale entry', () => {
    const plan = placeTables(
      [
        { table: 'widgets', tenantId: 'required', rls: true },
        { table: 'gadgets', tenantId: 'required', rls: false },
        { table: 'settings', tenantId: 'none', rls: false },
        { table: 'tenants', tenantId: 'none', rls: false },
      ],
      { tenants: GLOBAL_TABLES.tenants, gone: { placement: 'local', reason: 'removed' } },
    );
    expect(plan.distributed).toEqual(['widgets']);
    expect(plan.reference).toEqual(['tenants']);
    expect(plan.violations).toEqual([
      'gadgets has tenant_id but no row-level security',
      'settings has no tenant_id and is not listed in GLOBAL_TABLES (script/tenant-tables.ts)',
      'gone is listed in GLOBAL_TABLES but not in the schema',
    ]);
  });
});
