/**
 * Migration 0009 fills documents.embedding_model from what is known about existing documents: the provider, model
 * and dimension their live chunk set's job recorded. Applied here to a database migrated up to the migration before
 * it, holding documents indexed the old way.
 */
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, expect, it } from 'vitest';
import { schemaBefore } from '../support/migrations.js';

const MIGRATION = '0009_embedding_models.sql';
let db: PGlite | undefined;
afterAll(async () => db?.close());

it('0009 records the live job model of existing documents, and leaves the others unknown', async () => {
  const schema = await schemaBefore(MIGRATION);
  db = schema.db;

  await db.exec(`
    INSERT INTO tenants (id, slug, name) VALUES ('00000000-0000-4000-8000-000000000001', 'acme', 'Acme');
    INSERT INTO documents (id, tenant_id, filename, format, mime_type, size_bytes, sha256, blob_key, status, live_job_id) VALUES
      ('00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-000000000001', 'a.md', 'md', 'text/markdown', 1, 'x', 'ka', 'indexed', '00000000-0000-4000-8000-0000000000a1'),
      ('00000000-0000-4000-8000-00000000000b', '00000000-0000-4000-8000-000000000001', 'b.md', 'md', 'text/markdown', 1, 'x', 'kb', 'indexed', '00000000-0000-4000-8000-0000000000b1'),
      ('00000000-0000-4000-8000-00000000000c', '00000000-0000-4000-8000-000000000001', 'c.md', 'md', 'text/markdown', 1, 'x', 'kc', 'pending', NULL);
    INSERT INTO document_jobs (id, tenant_id, document_id, source, status, provider, model, dimensions) VALUES
      -- a.md: an older job on another model, then the live one
      ('00000000-0000-4000-8000-0000000000a0', '00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-00000000000a', 'upload', 'succeeded', 'builtin', 'hashed-ngram-v1', 384),
      ('00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-00000000000a', 'admin', 'succeeded', 'openai', 'text-embedding-3-small', 1536),
      ('00000000-0000-4000-8000-0000000000b1', '00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-00000000000b', 'upload', 'succeeded', 'builtin', 'hashed-ngram-v1', 384),
      ('00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-00000000000c', 'upload', 'queued', NULL, NULL, NULL);
  `);
  await schema.apply();

  const { rows } = await db.query('SELECT filename, embedding_model, embedding_dimensions FROM documents ORDER BY filename');
  expect(rows).toEqual([
    { filename: 'a.md', embedding_model: 'openai/text-embedding-3-small', embedding_dimensions: 1536 },
    { filename: 'b.md', embedding_model: 'builtin/hashed-ngram-v1', embedding_dimensions: 384 },
    { filename: 'c.md', embedding_model: null, embedding_dimensions: null },
  ]);
});
