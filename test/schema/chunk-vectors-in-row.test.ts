/**
 * Migration 0023 keeps chunk vectors in their rows (STORAGE MAIN) and rewrites the chunks already stored, whose
 * vectors went out of line under the type's own EXTERNAL storage. Applied here to a database migrated up to the
 * migration before it, holding chunks written the old way: every vector that fits is in its row afterwards and every
 * value is unchanged, a vector too large for a row (1 536 dimensions) included.
 */
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, expect, it } from 'vitest';
import { schemaBefore } from '../support/migrations.js';

const MIGRATION = '0023_chunk_vectors_in_row.sql';
const TENANT = '00000000-0000-4000-8000-000000000001';
const DOC = '00000000-0000-4000-8000-00000000000a';
const JOB = '00000000-0000-4000-8000-0000000000a1';
let db: PGlite | undefined;
afterAll(async () => db?.close());

/** Vectors stored out of line, by dimension: TOAST values of 4 + 4 × D bytes (none of these texts is that long). */
async function outOfLine(d: PGlite, dimensions: number): Promise<number> {
  const { rows } = await d.query<{ toast: string }>(`SELECT reltoastrelid::regclass::text AS toast FROM pg_class WHERE oid = 'document_chunks'::regclass`);
  const counted = await d.query<{ n: number }>(`
    SELECT count(*)::int AS n FROM (SELECT chunk_id FROM ${rows[0].toast} GROUP BY chunk_id HAVING sum(length(chunk_data)) = ${4 + 4 * dimensions}) v`);
  return counted.rows[0].n;
}

it('0023 moves the stored chunks\' vectors into their rows and leaves their values as they were', async () => {
  const schema = await schemaBefore(MIGRATION);
  db = schema.db;

  await db.exec(`
    INSERT INTO tenants (id, slug, name) VALUES ('${TENANT}', 'acme', 'Acme');
    INSERT INTO documents (id, tenant_id, filename, format, mime_type, size_bytes, sha256, blob_key, status, live_job_id)
      VALUES ('${DOC}', '${TENANT}', 'a.md', 'md', 'text/markdown', 1, 'x', 'ka', 'indexed', '${JOB}');`);
  // Texts that do not compress (hex digests), so each row passes the TOAST threshold as a real chunk's does.
  const insert = (dimensions: number, from: number, count: number) =>
    db!.exec(`
      INSERT INTO document_chunks (tenant_id, document_id, job_id, chunk_index, text, token_count, char_start, char_end, dimensions, embedding, ts_config)
      SELECT '${TENANT}', '${DOC}', '${JOB}', i,
             (SELECT string_agg(md5(i::text || '-' || x::text), ' ') FROM generate_series(1, 24) x), 100, 0, 100, ${dimensions},
             (SELECT array_agg(sin(i * 31 + k)::real) FROM generate_series(1, ${dimensions}) k)::vector, 'simple'
      FROM generate_series(${from}, ${from + count - 1}) i`);
  await insert(384, 0, 20);
  await insert(1536, 100, 3);
  const before = await db.query<{ id: string; e: string }>(`SELECT id::text, embedding::text AS e FROM document_chunks ORDER BY chunk_index`);
  expect(await outOfLine(db, 384)).toBe(20);
  expect(await outOfLine(db, 1536)).toBe(3);

  await schema.apply();

  expect(await outOfLine(db, 384)).toBe(0);
  const after = await db.query<{ id: string; e: string }>(`SELECT id::text, embedding::text AS e FROM document_chunks ORDER BY chunk_index`);
  expect(after.rows).toEqual(before.rows);
  const { rows: storage } = await db.query<{ s: string }>(`SELECT attstorage AS s FROM pg_attribute WHERE attrelid = 'document_chunks'::regclass AND attname = 'embedding'`);
  expect(storage[0].s).toBe('m');
  // Chunks written from now on are laid out the same way.
  await insert(384, 200, 5);
  expect(await outOfLine(db, 384)).toBe(0);
}, 60_000);
