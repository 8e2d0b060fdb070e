import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, onPostgres, startTestService, type TestService, type TestTenant } from '../../../test/harness.js';
import { indexedOk, uploadOk } from '../../../test/support/documents.js';
import { eventually } from '../../../test/support/eventually.js';
import { rows } from '../../platform/db/database.js';

/**
 * The embedded database has no autovacuum: re-indexing (the replaced chunk set) and deleting documents leave
 * dead rows that only the service's own maintenance run reclaims (platform/db/maintenance.ts). Both paths ask
 * for that run; this follows them through the API to the VACUUM. A server leaves it to autovacuum, whose
 * timing is its own, so this runs on PGlite only.
 */
let t: TestService;
let tenant: TestTenant;
let other: TestTenant;
const ids: string[] = [];

const WORDS = ['harbour', 'lantern', 'granite', 'orchard', 'meadow', 'copper', 'falcon', 'willow', 'quarry', 'saddle'];
const text = (n: number) =>
  Array.from({ length: 300 }, (_, w) => WORDS[(n * 3 + w * 7) % WORDS.length]).join(' ') + `. Document ${n}.`;

/** The chunks' VACUUM count and dead rows as the owner reads them (PGlite's counters flushed first). */
async function chunkStats() {
  const [r] = (await t.service.ctx.db.maintain((owner) =>
    owner(`SELECT vacuum_count, n_dead_tup FROM pg_stat_user_tables WHERE relname = 'document_chunks'`)))!;
  return { vacuums: Number(r.vacuum_count), dead: Number(r.n_dead_tup) };
}

describe.skipIf(onPostgres)('dead rows on the embedded database', () => {
  beforeAll(async () => {
    // Every request runs at once, and a few rows are enough: what is tested is that the paths reach the VACUUM.
    t = await startTestService({ env: { DB_MAINTENANCE_INTERVAL_MS: '0', DB_ANALYZE_THRESHOLD_ROWS: '1' } });
    [tenant, other] = await Promise.all([createTenant(t, 'Vacuum'), createTenant(t, 'Other')]);
    const profile = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/documents/indexing-profile',
      headers: tenant.auth(),
      payload: { chunk_size: 64, chunk_overlap: 0, embedding_model: null, parallelism: 1 },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    for (let n = 0; n < 3; n++) ids.push(await uploadOk(t, tenant, `doc-${n}.txt`, text(n)));
    for (const id of ids) await indexedOk(t, tenant, id);
    await indexedOk(t, other, await uploadOk(t, other, 'other.txt', text(9)));
  }, 240_000);
  afterAll(async () => t?.close());

  it('re-indexing a document: the replaced chunk set is vacuumed away', async () => {
    const before = await chunkStats();
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/documents/${ids[0]}/reindex`, headers: tenant.auth() });
    expect(res.statusCode, res.body).toBe(202);
    const doc = await indexedOk(t, tenant, ids[0]);
    expect(doc.chunk_count).toBeGreaterThan(2);
    const after = await eventually('a VACUUM of the chunks', chunkStats, (s) => s.vacuums > before.vacuums, 30_000);
    expect(after.dead).toBeLessThan(doc.chunk_count);
    expect(t.service.ctx.maintenance.status().lastVacuumed).toContain('document_chunks');
  });

  it('deleting documents: their chunks are vacuumed away; the connection is the app role again, RLS applying', async () => {
    const before = await chunkStats();
    for (const id of ids.slice(1)) {
      const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/documents/${id}`, headers: tenant.auth() });
      expect(res.statusCode, res.body).toBe(204);
    }
    await eventually('a VACUUM of the chunks', chunkStats, (s) => s.vacuums > before.vacuums, 30_000);
    expect(t.service.ctx.maintenance.status().lastVacuumed).toContain('document_chunks');

    const db = t.service.ctx.db;
    expect((await db.query<{ u: string }>(sql`SELECT current_user AS u`))[0].u).toBe(t.config.databaseAppRole);
    expect((await db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM document_chunks`))[0].n).toBe(0);
    const seen = await db.tenant(other.tenantId, async (tx) =>
      rows<{ tenant: string }>(tx, sql`SELECT DISTINCT tenant_id::text AS tenant FROM document_chunks`));
    expect(seen).toEqual([{ tenant: other.tenantId }]);
    const listed = await t.app.inject({ method: 'GET', url: '/api/v1/documents/', headers: tenant.auth() });
    expect(listed.json().items.map((d: { document_id: string }) => d.document_id)).toEqual([ids[0]]);
  });
});
