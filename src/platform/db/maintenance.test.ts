import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { eventually } from '../../../test/support/eventually.js';
import { rows } from './database.js';
import { createDbMaintenance, maintainOnce, needsVacuum } from './maintenance.js';
import { tableSizes, type SearchedTable, type TableSize } from './maintenance.repo.js';
import { openPglite } from './pglite.js';

/**
 * The embedded database has no autovacuum: the maintenance run vacuums the searched tables once deletes have
 * left enough dead rows, as the owner, on the one connection every request shares. These run on real PGlite
 * (whichever database the rest of the suite uses): what must hold is that the dead rows go, and that the
 * connection is the app role again afterwards, with row-level security applying, even when VACUUM fails.
 */
const APP_ROLE = 'kb_app';
const DOCS_A = 40;
const CHUNKS_PER_DOC = 50;
const DELETED_DOCS = 30;
const DIMENSIONS = 384; // one of the HNSW indexes, so VACUUM has a vector graph to clean too
const THRESHOLD = 10;

let db: Awaited<ReturnType<typeof openPglite>>;
const tenantA = randomUUID();
const tenantB = randomUUID();

beforeAll(async () => {
  const template = inject('pgliteTemplate');
  db = await openPglite({ dataDir: null, appRole: APP_ROLE, loadFrom: template ? new Blob([await readFile(template)]) : undefined });
  // Seeded as the owner, in one go; the deletes below go through row-level security as the service's would.
  await db.maintain(async (owner) => {
    await owner(`INSERT INTO tenants (id, slug, name) VALUES ('${tenantA}', 'vacuum-a-${tenantA.slice(0, 8)}', 'A'), ('${tenantB}', 'vacuum-b-${tenantB.slice(0, 8)}', 'B')`);
    for (const [tenant, docs, chunks] of [[tenantA, DOCS_A, CHUNKS_PER_DOC], [tenantB, 1, 10]] as const) {
      await owner(`
        WITH d AS (
          INSERT INTO documents (tenant_id, filename, format, mime_type, size_bytes, sha256, blob_key, status, live_job_id)
          SELECT '${tenant}', 'doc-' || g || '.md', 'markdown', 'text/markdown', 100, md5(g::text), 'k/' || g, 'indexed', gen_random_uuid()
          FROM generate_series(1, ${docs}) g RETURNING id, live_job_id)
        INSERT INTO document_chunks (tenant_id, document_id, job_id, chunk_index, text, token_count, char_start, char_end, dimensions, embedding, ts_config)
        SELECT '${tenant}', d.id, d.live_job_id, c, 'chunk ' || c || ' of a document about lanterns', 8, 0, 40, ${DIMENSIONS},
               (SELECT array_agg(sin(c * 7 + i + length(d.id::text)))::vector FROM generate_series(1, ${DIMENSIONS}) i), 'simple'
        FROM d, generate_series(0, ${chunks - 1}) c`);
    }
  });
}, 180_000);
afterAll(async () => db?.close());

const currentUser = async () => (await db.query<{ u: string }>(sql`SELECT current_user AS u`))[0].u;
/** What a request sees with no tenant set: nothing, as long as row-level security applies (the owner would see all). */
const visibleWithoutTenant = async () => (await db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM document_chunks`))[0].n;
const chunksSeenBy = (tenant: string) =>
  db.tenant(tenant, async (tx) => (await rows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM document_chunks`))[0].n);
/** Live and dead rows as the maintenance reads them (as the owner, after PGlite has flushed its counters). */
const vacuumCount = async () =>
  Number((await db.maintain((owner) => owner(`SELECT vacuum_count FROM pg_stat_user_tables WHERE relname = 'document_chunks'`)))![0].vacuum_count);
const sizes = async (): Promise<Record<SearchedTable, TableSize>> =>
  Object.fromEntries((await db.maintain(tableSizes))!.map((s) => [s.table, s])) as Record<SearchedTable, TableSize>;

describe('VACUUM on the embedded database', () => {
  it('deleting documents leaves dead rows that a maintenance run reclaims; the app role and RLS hold afterwards', async () => {
    // As the document remover does: the documents, their chunks following by cascade.
    const deleted = await db.tenant(tenantA, async (tx) =>
      (await rows(tx, sql`DELETE FROM documents WHERE tenant_id = ${tenantA} AND substring(filename from '[0-9]+')::int > ${DOCS_A - DELETED_DOCS} RETURNING id`)).length);
    expect(deleted).toBe(DELETED_DOCS);

    const before = await sizes();
    expect(before.document_chunks.dead).toBeGreaterThanOrEqual(DELETED_DOCS * CHUNKS_PER_DOC);
    expect(before.documents.dead).toBeGreaterThanOrEqual(DELETED_DOCS);
    expect(needsVacuum(before.document_chunks, THRESHOLD)).toBe(true);
    expect(needsVacuum(before.documents, THRESHOLD)).toBe(true);

    // Driven as the service drives it: a request, run off the caller's path (the first one at once).
    let clock = 1_000_000;
    const maintenance = createDbMaintenance({ db, log: { info() {}, error() {} }, intervalMs: 60_000, thresholdRows: THRESHOLD, now: () => clock });
    maintenance.request('changes');
    const status = await eventually('the maintenance run', () => maintenance.status(), (s) => s.runs === 1);
    expect(status.lastVacuumed).toEqual(['documents', 'document_chunks']);
    expect(status.lastAnalysed).toEqual(['documents', 'document_chunks']);

    const after = await sizes();
    console.log(`dead rows before/after VACUUM: document_chunks ${before.document_chunks.dead} -> ${after.document_chunks.dead}, documents ${before.documents.dead} -> ${after.documents.dead}`);
    expect(after.document_chunks.dead).toBe(0);
    expect(after.documents.dead).toBe(0);
    expect(after.document_chunks.rows).toBe((DOCS_A - DELETED_DOCS) * CHUNKS_PER_DOC + 10);
    // VACUUM (ANALYZE) analysed them too: the planner's row count is the live one.
    expect(after.document_chunks.analysed).toBe(after.document_chunks.rows);

    expect(await currentUser()).toBe(APP_ROLE);
    expect(await visibleWithoutTenant()).toBe(0);
    expect(await chunksSeenBy(tenantB)).toBe(10);
    expect(await chunksSeenBy(tenantA)).toBe((DOCS_A - DELETED_DOCS) * CHUNKS_PER_DOC);

    // Rate-limited: a request right after waits for the interval, and closing drops it.
    clock += 1;
    maintenance.request('changes');
    await maintenance.close();
    expect(maintenance.status().runs).toBe(1);
  }, 180_000);

  it('below the threshold a run does not vacuum', async () => {
    const vacuumsBefore = await vacuumCount();
    await db.tenant(tenantB, (tx) => tx.execute(sql`DELETE FROM document_chunks WHERE tenant_id = ${tenantB} AND chunk_index = 0`));
    const run = await maintainOnce(db, 'changes', THRESHOLD);
    expect(run).toEqual({ analysed: [], vacuumed: [], tasks: [] });
    expect((await sizes()).document_chunks.dead).toBe(1);
    expect(await vacuumCount()).toBe(vacuumsBefore);
  });

  it('a failing VACUUM leaves the connection as the app role, row-level security applying', async () => {
    await expect(db.vacuum!(['no_such_table'])).rejects.toThrow(/no_such_table/);
    expect(await currentUser()).toBe(APP_ROLE);
    expect(db.pglite.isInTransaction()).toBe(false);
    expect(await visibleWithoutTenant()).toBe(0);
    expect(await chunksSeenBy(tenantB)).toBe(9);
  });

  it('waits for an open transaction, and no other statement runs as the owner meanwhile', async () => {
    // Asked for in the middle of a tenant's transaction: running between its statements would fail
    // (VACUUM inside a transaction block) and leave the rest of that transaction running as the owner.
    const vacuumsBefore = await vacuumCount();
    let vacuum: Promise<void> | undefined;
    // (One dead row is too few for VACUUM to clean the indexes: it leaves the row's line pointer, which ANALYZE
    // then counts as dead. So this checks that the VACUUM ran, not what it reclaimed.)
    const seen = await db.tenant(tenantB, async (tx) => {
      const first = (await rows<{ u: string }>(tx, sql`SELECT current_user AS u`))[0].u;
      vacuum = db.vacuum!(['documents', 'document_chunks']);
      await Promise.resolve();
      const second = (await rows<{ u: string; n: number }>(tx, sql`SELECT current_user AS u, (SELECT count(*)::int FROM document_chunks) AS n`))[0];
      return [first, second.u, second.n];
    });
    const concurrent = Array.from({ length: 10 }, () => currentUser());
    await vacuum;
    expect(seen).toEqual([APP_ROLE, APP_ROLE, 9]);
    expect(await Promise.all(concurrent)).toEqual(Array(10).fill(APP_ROLE));
    expect(await vacuumCount()).toBe(vacuumsBefore + 1);
  });

  it('without the capability (a server: autovacuum) a run only analyses', async () => {
    const deadBefore = (await sizes()).document_chunks.dead;
    await db.tenant(tenantA, (tx) => tx.execute(sql`DELETE FROM document_chunks WHERE tenant_id = ${tenantA} AND chunk_index < 40`));
    const server = { ...db, vacuum: undefined };
    const run = await maintainOnce(server, 'changes', THRESHOLD);
    expect(run).toEqual({ analysed: ['document_chunks'], vacuumed: [], tasks: [] });
    expect((await sizes()).document_chunks.dead).toBe(deadBefore + (DOCS_A - DELETED_DOCS) * 40);
  });

  it("runs the modules' tasks as the owner after the statistics, and a failing task keeps them", async () => {
    await db.tenant(tenantA, (tx) => tx.execute(sql`DELETE FROM document_chunks WHERE tenant_id = ${tenantA} AND chunk_index = 40`));
    const seen: string[] = [];
    const run = await maintainOnce(db, 'batch', THRESHOLD, [
      async (owner, kind) => {
        seen.push(String((await owner('SELECT current_user AS u'))[0].u), kind);
        return ['looked'];
      },
    ]);
    expect(run?.tasks).toEqual(['looked']);
    expect(seen).toEqual([expect.not.stringMatching(APP_ROLE), 'pglite']);
    const analysed = (await sizes()).document_chunks.analysed;
    await db.tenant(tenantA, (tx) => tx.execute(sql`DELETE FROM document_chunks WHERE tenant_id = ${tenantA} AND chunk_index = 41`));
    await expect(maintainOnce(db, 'batch', THRESHOLD, [async (owner) => (await owner('SELECT no_such_column FROM documents'), [])])).rejects.toThrow(/no_such_column/);
    // The ANALYZE before the failed task was committed: the planner's row count moved by the deleted chunks.
    expect((await sizes()).document_chunks.analysed).toBe(analysed! - (DOCS_A - DELETED_DOCS));
    expect(await currentUser()).toBe(APP_ROLE);
  });
});
