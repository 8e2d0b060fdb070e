import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestService, type TestService, type TestTenant } from '../../../test/harness.js';
import { eventually } from '../../../test/support/eventually.js';
import { embeddingModelOf, fixedQueryVector } from '../../../test/support/vector-leg.js';
import { rows } from '../../platform/db/database.js';
import { tenantDb } from '../../platform/db/tenant-db.js';
import { fulltextLegStatement, vectorLegStatement } from './search.repo.js';

/**
 * Right after a bulk load the tables had no planner statistics, so both legs of a search scanned
 * every chunk instead of using the GIN (tsv) and HNSW (embedding) indexes. The service now analyses the tables
 * itself once a batch has been indexed; this fills a fresh database through the API and reads the plans.
 */
const DOCUMENTS = 400;
const WORDS = ['harbour', 'lantern', 'granite', 'orchard', 'meadow', 'copper', 'falcon', 'willow', 'quarry', 'saddle', 'thistle', 'ember', 'glacier', 'marble', 'pepper', 'raven', 'timber', 'velvet', 'walnut', 'cobalt'];

let t: TestService;
let tenant: TestTenant;

beforeAll(async () => {
  t = await startTestService({ env: { DB_MAINTENANCE_INTERVAL_MS: '0' } });
  tenant = await createTenant(t, 'Planner');
});
afterAll(async () => t?.close());

/** A Markdown document of ~300 words; `doc-N` is a word only that document holds (a selective full-text query). */
function markdown(n: number): string {
  const paragraphs = Array.from({ length: 12 }, (_, p) => {
    const words = Array.from({ length: 25 }, (_, w) => WORDS[(n * 7 + p * 13 + w * 3) % WORDS.length]);
    return `${words.join(' ')} uniqueterm${n}x.`;
  });
  return `# Report ${n}\n\n${paragraphs.join('\n\n')}\n`;
}

async function bulkUpload(files: { name: string; content: string }[]) {
  const form = new FormData();
  for (const f of files) form.append('files', new Blob([f.content]), f.name);
  const res = new Response(form);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/documents/bulk-upload',
    headers: { ...tenant.auth(), 'content-type': res.headers.get('content-type')! },
    payload: Buffer.from(await res.arrayBuffer()),
  });
}

/** The plan as the app role sees it, under the tenant's setting: the way search runs its statements. */
const explain = (statement: ReturnType<typeof sql>) =>
  t.service.ctx.db.tenant(tenant.tenantId, async (tx) =>
    (await rows<{ 'QUERY PLAN': string }>(tx, sql`EXPLAIN ${statement}`)).map((r) => r['QUERY PLAN']).join('\n'));

/** The plan of the vector leg's graph branch (CTE nearest): exactMaxChunks 0 leaves its exact branch unexecuted. */
const graphBranchOf = (plan: string) => plan.split(/\n {2}CTE /).find((part) => part.startsWith('nearest')) ?? plan;

describe('planner statistics after a bulk load', () => {
  it('both legs of a search use their indexes once the batch is indexed', async () => {
    const profile = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/documents/indexing-profile',
      headers: tenant.auth(),
      payload: { chunk_size: 64, chunk_overlap: 0, embedding_model: null, parallelism: 4 },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const res = await bulkUpload(Array.from({ length: DOCUMENTS }, (_, n) => ({ name: `report-${n}.md`, content: markdown(n) })));
    expect(res.statusCode, res.body).toBe(202);
    const batchId = res.json().batch_id;
    const counts = await eventually(
      'the batch to be indexed',
      async () => (await t.app.inject({ method: 'GET', url: `/api/v1/documents/bulk-upload/${batchId}`, headers: tenant.auth() })).json(),
      (c) => c.done,
      // A cap on the wait, not a measure: 400 documents on a loaded 2-core machine may take minutes.
      360_000,
    );
    expect(counts.indexed).toBe(DOCUMENTS);

    // The maintenance run that follows the batch: pg_class.reltuples is what ANALYZE (or VACUUM) leaves behind.
    const chunkCount = await t.service.ctx.db.tenant(tenant.tenantId, async (tx) =>
      (await rows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM document_chunks WHERE tenant_id = ${tenant.tenantId}`))[0].n);
    await eventually(
      'the chunks to be analysed',
      async () => (await t.service.ctx.db.query<{ n: number }>(sql`SELECT reltuples::int AS n FROM pg_class WHERE oid = 'document_chunks'::regclass`))[0].n,
      (n) => n === chunkCount && t.service.ctx.maintenance.status().lastReason === 'batch',
      60_000,
    );
    expect(t.service.ctx.maintenance.status().lastAnalysed).toEqual(['documents', 'document_chunks']);

    const doc = await embeddingModelOf(t, tenant);
    // The batch's chunks go into the HNSW graph after it (vector-catchup.ts), and the maintenance run that
    // follows the catch-up describes the rewritten rows.
    await eventually(
      'the chunks to be in the HNSW graph',
      async () =>
        t.service.ctx.db.tenant(tenant.tenantId, async (tx) =>
          (await rows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM document_chunks WHERE tenant_id = ${tenant.tenantId} AND ann_pending`))[0].n),
      (n) => n === 0,
      120_000,
    );
    const vectorStatement = vectorLegStatement(tenant.tenantId, {}, { model: doc.model, dimensions: doc.dimensions, vector: fixedQueryVector(doc.dimensions), limit: 10, exactMaxChunks: 0 });
    const vectorPlan = await eventually(
      'the vector leg to walk the HNSW index',
      () => explain(vectorStatement),
      (plan) => new RegExp(`Index Scan using \\S*${doc.dimensions}\\S*`).test(plan) && !/Seq Scan on document_chunks/.test(graphBranchOf(plan)),
      60_000,
    ).catch(() => explain(vectorStatement)); // the assertions below then show the plan
    const fulltext = await tenantDb(t.service.ctx.db, tenant.tenantId).run((tt) => fulltextLegStatement(tt, {}, 'uniqueterm17x', 10));
    const fulltextPlan = await explain(fulltext!);

    expect(fulltextPlan, fulltextPlan).toMatch(/Bitmap Index Scan on \S*tsv\S*|Index Scan using \S*tsv\S*/);
    expect(fulltextPlan, fulltextPlan).not.toMatch(/Seq Scan on document_chunks/);
    const graphBranch = graphBranchOf(vectorPlan);
    expect(graphBranch, vectorPlan).toMatch(new RegExp(`Index Scan using \\S*${doc.dimensions}\\S*`));
    expect(graphBranch, vectorPlan).not.toMatch(/Seq Scan on document_chunks/);
  }, 480_000);

  it('deleting documents asks for the check too: the chunk statistics follow the deletion', async () => {
    const runsBefore = t.service.ctx.maintenance.status().runs;
    const listed = await t.app.inject({ method: 'GET', url: '/api/v1/documents/?page=1&page_size=100', headers: tenant.auth() });
    expect(listed.statusCode, listed.body).toBe(200);
    const ids: string[] = listed.json().items.map((d: { document_id: string }) => d.document_id);
    expect(ids.length).toBe(100);
    for (const id of ids) {
      const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/documents/${id}`, headers: tenant.auth() });
      expect(res.statusCode, res.body).toBe(204);
    }
    const chunkCount = await t.service.ctx.db.tenant(tenant.tenantId, async (tx) =>
      (await rows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM document_chunks WHERE tenant_id = ${tenant.tenantId}`))[0].n);
    await eventually('a maintenance run after the deletions', async () => t.service.ctx.maintenance.status(), (st) => st.runs > runsBefore && st.lastReason === 'changes', 60_000);
    // ANALYZE samples, and deleted rows are dead until a VACUUM: the estimate follows the deletion, not to the row.
    const [{ n }] = await t.service.ctx.db.query<{ n: number }>(sql`SELECT reltuples::int AS n FROM pg_class WHERE oid = 'document_chunks'::regclass`);
    expect(Math.abs(n - chunkCount)).toBeLessThan(chunkCount * 0.1);
    expect(t.service.ctx.maintenance.status().lastAnalysed).toContain('document_chunks');
  }, 240_000);
});
