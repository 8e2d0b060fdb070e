import { describeTablePlan, placeTables, TABLES_SQL, type TableFacts } from './tenant-tables.js';

/**
 * Citus readiness (docs/scaling.md): a table distributed by `tenant_id` can only enforce a primary key or a unique
 * constraint that includes `tenant_id`. This check reads every unique index (primary keys and unique constraints
 * included) of every table with a `tenant_id` column and sorts those without `tenant_id` into:
 * - surrogate keys: a single random-UUID `id` (gen_random_uuid()), unique across tenants by construction; the move to
 *   Citus widens each to (tenant_id, id), with the foreign keys that reference it (docs/operations.md lists the steps);
 * - credential lookups: a single `*_hash` column, the hash of a 256-bit secret looked up before any tenant is known
 *   (API keys, invitation and reset tokens); they must stay unique across tenants, which Citus cannot enforce on a
 *   distributed table: the lookup moves to a small reference table (hash → tenant_id, id), or relies on the secret's
 *   randomness;
 * - exceptions listed below by name, each with its reason;
 * - violations: anything else, e.g. a `UNIQUE (name)` that would let one tenant's name block another's. A violation
 *   fails the check (and test/schema/tenant-keys.test.ts).
 *
 *   script/check-tenant-keys                       the schema of this version (migrations on an in-memory database)
 *   DATABASE_URL=postgresql://… script/check-tenant-keys   a running database (read-only)
 *
 * test/schema/tenant-keys.test.ts runs the same check on the test database. The script also places every table
 * (tenant-tables.ts): distributed by tenant_id, reference or local; a table with no place fails it too.
 */

export interface UniqueIndex {
  table: string;
  index: string;
  primary: boolean;
  columns: string[];
  /** `tenant_id` may be NULL in this table: a global table that some rows tie to a tenant. */
  tenantNullable: boolean;
  /** Type and default of the first column (what tells a random-UUID surrogate key). */
  firstType: string;
  firstDefault: string | null;
}

/** Keys that do not include tenant_id on purpose, by `table` (the whole table) or `table.index`. */
export const EXCEPTIONS: Record<string, string> = {
  'document_chunks.document_chunks_document_id_job_id_chunk_index_key':
    "a chunk's position within one indexing job of one document: the document is the tenant's, so the key is per tenant " +
    'in meaning; under Citus it is widened to (tenant_id, document_id, job_id, chunk_index) with the primary key',
  'refresh_tokens.refresh_tokens_pkey':
    "the refresh token's id (its jti), a random UUID the service generates when it signs the token rather than a column " +
    'default: unique across tenants by construction, widened to (tenant_id, id) under Citus like the surrogate keys',
  'oauth_grants.oauth_grants_pkey':
    "the grant's id (the `gid` claim of its access tokens), a random UUID the service generates before it signs the first " +
    'token rather than a column default: unique across tenants by construction, widened to (tenant_id, id) under Citus',
  'oauth_clients.oauth_clients_client_id_key':
    'the public client identifier (128 random bits) arrives before any tenant is known (authorize, token, revoke) and ' +
    'platform-wide clients have no tenant: under Citus oauth_clients is a reference table, where this key holds',
  idempotency_keys:
    "a record is keyed by (hash of the caller, Idempotency-Key): the hash covers the caller's tenant, so the key is per " +
    'tenant in meaning; tenant_id is nullable (anonymous calls such as login have no tenant before they run) and a ' +
    'primary key cannot hold a nullable column. Under Citus it stays a local table on the coordinator like job_queue',
  job_queue:
    'the job queue is global (jobs without a tenant: mail, maintenance), tenant_id is nullable and only steers fair claims: ' +
    'under Citus it stays a local table on the coordinator (script/tenant-tables.ts places every global table)',
};

export const UNIQUE_INDEXES_SQL = `
  SELECT t.relname AS "table", i.relname AS "index", ix.indisprimary AS "primary",
         array(SELECT coalesce(a.attname, '(expression)') FROM unnest(ix.indkey::int2[]) WITH ORDINALITY k(attnum, n)
               LEFT JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum ORDER BY k.n)::text[] AS columns,
         NOT tid.attnotnull AS "tenantNullable",
         format_type(first.atttypid, first.atttypmod) AS "firstType",
         pg_get_expr(def.adbin, def.adrelid) AS "firstDefault"
  FROM pg_class t
  JOIN pg_namespace ns ON ns.oid = t.relnamespace AND ns.nspname = current_schema()
  JOIN pg_attribute tid ON tid.attrelid = t.oid AND tid.attname = 'tenant_id' AND NOT tid.attisdropped
  JOIN pg_index ix ON ix.indrelid = t.oid AND ix.indisunique
  JOIN pg_class i ON i.oid = ix.indexrelid
  LEFT JOIN pg_attribute first ON first.attrelid = t.oid AND first.attnum = ix.indkey[0]
  LEFT JOIN pg_attrdef def ON def.adrelid = t.oid AND def.adnum = ix.indkey[0]
  WHERE t.relkind IN ('r', 'p')
  ORDER BY 1, 2`;

export type Kind = 'surrogate' | 'credential' | 'excepted';

export interface Verdict {
  checked: UniqueIndex[];
  /** Keys without tenant_id, sorted by why they are acceptable today. */
  accepted: Array<UniqueIndex & { kind: Kind; reason: string }>;
  /** Keys without tenant_id and no reason: each breaks tenant isolation of uniqueness and distribution by tenant_id. */
  violations: UniqueIndex[];
}

const SURROGATE = 'random-UUID surrogate key; widened to (tenant_id, id) with its foreign keys when moving to Citus';
const CREDENTIAL = 'hash of a 256-bit secret looked up before the tenant is known; a reference lookup table under Citus';

export function judge(indexes: UniqueIndex[]): Verdict {
  const verdict: Verdict = { checked: indexes, accepted: [], violations: [] };
  for (const index of indexes) {
    if (index.columns.includes('tenant_id')) continue;
    const single = index.columns.length === 1 ? index.columns[0] : null;
    const excepted = EXCEPTIONS[`${index.table}.${index.index}`] ?? EXCEPTIONS[index.table];
    if (excepted) verdict.accepted.push({ ...index, kind: 'excepted', reason: excepted });
    else if (single === 'id' && index.firstType === 'uuid' && /gen_random_uuid\(\)/.test(index.firstDefault ?? '')) {
      verdict.accepted.push({ ...index, kind: 'surrogate', reason: SURROGATE });
    } else if (single?.endsWith('_hash') && !index.primary) verdict.accepted.push({ ...index, kind: 'credential', reason: CREDENTIAL });
    else verdict.violations.push(index);
  }
  return verdict;
}

export function describeVerdict(v: Verdict): string {
  const tables = new Set(v.checked.map((i) => i.table));
  const withTenant = v.checked.length - v.accepted.length - v.violations.length;
  const lines = [`${v.checked.length} unique keys of ${tables.size} tables with tenant_id: ${withTenant} include tenant_id.`];
  for (const kind of ['surrogate', 'credential', 'excepted'] as const) {
    const of = v.accepted.filter((a) => a.kind === kind);
    if (!of.length) continue;
    lines.push(`${of.length} ${kind === 'excepted' ? 'listed exceptions' : kind === 'surrogate' ? 'surrogate keys' : 'credential lookups'}:`);
    for (const a of of) lines.push(`  ${a.table}.${a.index} (${a.columns.join(', ')})${kind === 'excepted' ? `: ${a.reason}` : ''}`);
    if (kind !== 'excepted') lines.push(`  why: ${of[0].reason}`);
  }
  for (const i of v.violations) lines.push(`MISSING tenant_id: ${i.table}.${i.index} ${i.primary ? 'primary key' : 'unique'} (${i.columns.join(', ')})`);
  lines.push(v.violations.length ? `${v.violations.length} key(s) without tenant_id and without a reason.` : 'No key lacks tenant_id without a reason.');
  return lines.join('\n');
}

async function main(): Promise<number> {
  const url = process.env.DATABASE_URL;
  let indexes: UniqueIndex[];
  let tables: TableFacts[];
  if (url) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      indexes = (await client.query<UniqueIndex>(UNIQUE_INDEXES_SQL)).rows;
      tables = (await client.query<TableFacts>(TABLES_SQL)).rows;
    } finally {
      await client.end();
    }
  } else {
    const { openPglite } = await import('../src/platform/db/pglite.js');
    const db = await openPglite({ dataDir: null, appRole: 'kb_app' });
    try {
      indexes = (await db.pglite.query<UniqueIndex>(UNIQUE_INDEXES_SQL)).rows;
      tables = (await db.pglite.query<TableFacts>(TABLES_SQL)).rows;
    } finally {
      await db.close();
    }
  }
  const verdict = judge(indexes);
  const plan = placeTables(tables);
  process.stdout.write(describeTablePlan(plan) + '\n' + describeVerdict(verdict) + '\n');
  return verdict.violations.length || plan.violations.length ? 1 : 0;
}

if (process.argv[1] && import.meta.url === (await import('node:url')).pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main();
}
