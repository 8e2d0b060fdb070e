import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { expect } from 'vitest';
import { listMigrations } from '../../src/platform/db/migrate.js';

/**
 * A fresh embedded database migrated up to the migration `name` (not included), for a test that writes rows the old
 * way and then applies `name` to them with `apply`. The caller closes `db`.
 */
export async function schemaBefore(name: string): Promise<{ db: PGlite; apply: () => Promise<void> }> {
  const db = await PGlite.create({ extensions: { vector } });
  const migrations = await listMigrations();
  const at = migrations.findIndex((m) => m.name === name);
  expect(at).toBeGreaterThan(0);
  for (const m of migrations.slice(0, at)) await db.exec(m.sql);
  return { db, apply: async () => void (await db.exec(migrations[at].sql)) };
}
