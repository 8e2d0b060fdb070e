import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Migrations are plain SQL files applied in name order, each once, each in its own transaction. */
const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface MigrationRunner {
  exec(sql: string): Promise<void>;
  rows(sql: string): Promise<Record<string, unknown>[]>;
}

export async function listMigrations(dir = MIGRATIONS_DIR): Promise<{ name: string; sql: string }[]> {
  const names = (await readdir(dir)).filter((n) => n.endsWith('.sql')).sort();
  return Promise.all(names.map(async (name) => ({ name, sql: await readFile(path.join(dir, name), 'utf8') })));
}

export async function runMigrations(runner: MigrationRunner, appRole: string): Promise<string[]> {
  await runner.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  const applied = new Set((await runner.rows('SELECT name FROM schema_migrations')).map((r) => String(r.name)));
  const done: string[] = [];
  for (const migration of await listMigrations()) {
    if (applied.has(migration.name)) continue;
    await runner.exec(`BEGIN;\n${migration.sql}\n;INSERT INTO schema_migrations (name) VALUES ('${migration.name}');\nCOMMIT;`);
    done.push(migration.name);
  }
  await grantAppRole(runner, appRole);
  return done;
}

/**
 * The app runs as a role that owns nothing and cannot bypass row-level security; the migrating
 * user (owner) keeps DDL rights. Cross-tenant reads happen only in SECURITY DEFINER functions.
 */
async function grantAppRole(runner: MigrationRunner, role: string): Promise<void> {
  await runner.exec(`
    DO $$ BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${role}') THEN
        CREATE ROLE ${role} NOLOGIN NOBYPASSRLS;
      END IF;
    END $$;
    GRANT USAGE ON SCHEMA public TO ${role};
    GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${role};
    GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${role};
    GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA public TO ${role};
    REVOKE ALL ON schema_migrations FROM ${role};
  `);
  const [me] = await runner.rows('SELECT rolsuper FROM pg_roles WHERE rolname = current_user');
  if (!me?.rolsuper) await runner.exec(`GRANT ${role} TO current_user`);
}
