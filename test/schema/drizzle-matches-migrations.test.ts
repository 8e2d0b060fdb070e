/**
 * The SQL migrations create the tables; the Drizzle definitions describe them to the code. Nothing else makes the
 * two agree, so this test migrates a fresh database and compares, table by table, every column (type, nullability,
 * whether it has a default, whether it is generated) and every index (name, columns and their order, method,
 * uniqueness, partial predicate) with the Drizzle tables listed in ./tables.ts.
 */
import { is, SQL } from 'drizzle-orm';
import { getTableConfig, PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, onPostgres } from '../harness.js';
import { openPglite } from '../../src/platform/db/pglite.js';
import { drizzleTables } from './tables.js';

/** Tables the migrations create that deliberately have no Drizzle definition, each with the reason. */
const SQL_ONLY: Record<string, string> = {
  schema_migrations: 'bookkeeping of the migration runner (platform/db/migrate.ts), never read by the app',
  idempotency_keys: 'records of platform/idempotency (tenant-scoped, NULL tenant for anonymous calls), read and written by raw SQL only',
  job_queue: 'global table of platform/queue, claimed with raw SQL (FOR UPDATE SKIP LOCKED)',
  upload_batches: 'written and read by raw SQL only (documents/bulk/bulk.repo.ts)',
  document_chunks:
    'vectors of any dimension and the generated tsvector are written and searched by raw SQL only (documents indexing, search.repo.ts)',
};

interface ColumnShape {
  type: string;
  notNull: boolean;
  hasDefault: boolean;
  generated: boolean;
}

interface IndexShape {
  method: string;
  unique: boolean;
  primary: boolean;
  /** Key columns in order, ' DESC' appended where descending; expressions as PostgreSQL prints them. */
  columns: string[];
  /** The partial index's predicate, normalised (see normalise()), or null. */
  where: string | null;
}

interface TableShape {
  columns: Record<string, ColumnShape>;
  indexes: Record<string, IndexShape>;
}

type Query = (text: string) => Promise<Record<string, unknown>[]>;

/** Spelling differences between PostgreSQL's deparsed predicates and hand-written ones: casts, parens, quotes, case. */
function normalise(predicate: string): string {
  return predicate
    .replace(/::[a-z ]+(\[\])?/gi, '')
    .replace(/[()"\s]/g, '')
    .toLowerCase();
}

async function describeDatabase(query: Query): Promise<Map<string, TableShape>> {
  const tables = new Map<string, TableShape>();
  const tableRows = await query(`
    SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY c.relname`);
  for (const row of tableRows) tables.set(String(row.name), { columns: {}, indexes: {} });

  const columnRows = await query(`
    SELECT c.relname AS table_name, a.attname AS column_name, format_type(a.atttypid, a.atttypmod) AS type,
           a.attnotnull AS not_null, a.attgenerated <> '' AS generated,
           (a.atthasdef AND a.attgenerated = '') AS has_default
    FROM pg_attribute a
    JOIN pg_class c ON c.oid = a.attrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped`);
  for (const row of columnRows) {
    tables.get(String(row.table_name))!.columns[String(row.column_name)] = {
      type: String(row.type),
      notNull: Boolean(row.not_null),
      hasDefault: Boolean(row.has_default),
      generated: Boolean(row.generated),
    };
  }

  const indexRows = await query(`
    SELECT t.relname AS table_name, i.relname AS index_name, am.amname AS method,
           x.indisunique AS is_unique, x.indisprimary AS is_primary,
           pg_get_expr(x.indpred, x.indrelid) AS predicate,
           ARRAY(
             SELECT pg_get_indexdef(x.indexrelid, k, true) || CASE WHEN (x.indoption[k - 1]::int & 1) = 1 THEN ' DESC' ELSE '' END
             FROM generate_series(1, x.indnkeyatts) AS k ORDER BY k
           ) AS columns
    FROM pg_index x
    JOIN pg_class i ON i.oid = x.indexrelid
    JOIN pg_class t ON t.oid = x.indrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace
    JOIN pg_am am ON am.oid = i.relam
    WHERE n.nspname = 'public' AND t.relkind IN ('r', 'p')`);
  for (const row of indexRows) {
    tables.get(String(row.table_name))!.indexes[String(row.index_name)] = {
      method: String(row.method),
      unique: Boolean(row.is_unique),
      primary: Boolean(row.is_primary),
      columns: (row.columns as string[]).map(String),
      where: row.predicate == null ? null : normalise(String(row.predicate)),
    };
  }
  return tables;
}

const dialect = new PgDialect();
const render = (expression: SQL) => dialect.sqlToQuery(expression).sql;

function describeDrizzle(table: PgTable): TableShape {
  const config = getTableConfig(table);
  const shape: TableShape = { columns: {}, indexes: {} };
  const btree = (columns: string[], unique: boolean, primary = false): IndexShape => ({ method: 'btree', unique, primary, columns, where: null });

  for (const column of config.columns) {
    shape.columns[column.name] = {
      type: column.getSQLType(),
      notNull: column.notNull,
      // A default PostgreSQL applies; $defaultFn values are computed by Drizzle and need none.
      hasDefault: column.default !== undefined,
      generated: column.generated !== undefined,
    };
    if (column.primary) shape.indexes[`${config.name}_pkey`] = btree([column.name], true, true);
    if (column.isUnique) shape.indexes[column.uniqueName!] = btree([column.name], true);
  }
  for (const key of config.primaryKeys) {
    shape.indexes[key.name ?? `${config.name}_pkey`] = btree(key.columns.map((c) => c.name), true, true);
  }
  for (const constraint of config.uniqueConstraints) {
    if (!constraint.name) throw new Error(`${config.name}: every Drizzle unique constraint needs the migration's explicit name`);
    shape.indexes[constraint.name] = btree(constraint.columns.map((c) => c.name), true);
  }
  for (const index of config.indexes) {
    const { name, columns, unique, method, where } = index.config;
    if (!name) throw new Error(`${config.name}: every Drizzle index needs the migration's explicit name`);
    shape.indexes[name] = {
      method: method ?? 'btree',
      unique,
      primary: false,
      columns: columns.map((c) => {
        if (is(c, SQL)) return render(c);
        const column = c as { name: string; indexConfig?: { order?: string } };
        return column.indexConfig?.order === 'desc' ? `${column.name} DESC` : column.name;
      }),
      where: where ? normalise(render(where)) : null,
    };
  }
  return shape;
}

let database: Map<string, TableShape>;
let close: () => Promise<void>;

beforeAll(async () => {
  if (onPostgres) {
    const fresh = await freshDatabase();
    const client = new pg.Client({ connectionString: fresh.databaseUrl! });
    await client.connect();
    database = await describeDatabase(async (text) => (await client.query(text)).rows);
    close = async () => {
      await client.end();
      await fresh.drop();
    };
  } else {
    // No dump to start from: openPglite runs every migration on an empty in-memory database.
    const db = await openPglite({ dataDir: null, appRole: 'kb_app' });
    database = await describeDatabase(async (text) => (await db.pglite.query<Record<string, unknown>>(text)).rows);
    close = () => db.close();
  }
});

afterAll(async () => {
  await close?.();
});

const drizzleNames = drizzleTables.map((t) => getTableConfig(t).name);

describe('the Drizzle tables and the migrated database', () => {
  it('define the same set of tables (SQL-only tables are listed with a reason)', () => {
    const sqlTables = [...database.keys()].sort();
    expect({
      withoutDrizzle: sqlTables.filter((t) => !drizzleNames.includes(t) && !(t in SQL_ONLY)),
      withoutMigration: drizzleNames.filter((t) => !database.has(t)).sort(),
      listedButGone: Object.keys(SQL_ONLY).filter((t) => !database.has(t) || drizzleNames.includes(t)).sort(),
    }).toEqual({ withoutDrizzle: [], withoutMigration: [], listedButGone: [] });
    expect(new Set(drizzleNames).size).toBe(drizzleNames.length);
  });

  it.each(drizzleTables.map((t) => [getTableConfig(t).name, t] as const))('%s: columns and indexes agree', (name, table) => {
    const actual = database.get(name);
    expect(actual, `table ${name} is not created by any migration`).toBeDefined();
    const declared = describeDrizzle(table);
    expect(declared.columns).toEqual(actual!.columns);
    expect(declared.indexes).toEqual(actual!.indexes);
  });
});
