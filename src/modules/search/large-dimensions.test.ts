import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestService, type TestService, type TestTenant } from '../../../test/harness.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../../test/peers/fake-openai.js';
import { indexedOk, search, uploadOk } from '../../../test/support/documents.js';
import { eventually } from '../../../test/support/eventually.js';
import { activate, configureProvider } from '../../../test/support/llm.js';
import { embeddingModelOf, explain, fixedQueryVector, settleForPlans } from '../../../test/support/vector-leg.js';
import { rows, type Tx } from '../../platform/db/database.js';
import { exactLimits, graphCast, tuneSearch, underLegSettings, vectorLeg, vectorLegStatement } from './search.repo.js';
import { listGraphs, ownGraphName, ownGraphsTask } from './tenant-graphs.js';

/**
 * Embedding models of more than 2 000 dimensions (text-embedding-3-large: 3 072) have HNSW graphs too, indexed as
 * halfvec (migration 0024): pgvector indexes `vector` of at most 2 000 dimensions, and before 0024 such a tenant's
 * vector leg had no graph to walk and sorted every chunk of its filters by distance. On both databases, with the
 * documents embedded through the API by the fake provider at 3 072 dimensions.
 */
const DIMENSIONS = 3072;
let fake: FakeOpenAI;
let t: TestService;
let tenant: TestTenant;
let model: { model: string | null; dimensions: number };

const words = ['harbour', 'lantern', 'granite', 'orchard', 'meadow', 'copper', 'falcon', 'willow'];
const text = (n: number) => `Note ${n}: ${words.map((w, i) => words[(n + i * 3) % words.length] + (i === n % 8 ? ' ' + w : '')).join(' ')}.`;

const inTenant = <T>(fn: (tx: Tx) => Promise<T>) => t.service.ctx.db.tenant(tenant.tenantId, fn);
const options = () => ({ ...model, vector: fixedQueryVector(DIMENSIONS), limit: 5 });
/**
 * The leg's walk (exact branch ruled out) as the planner plans it under the leg's own settings (underLegSettings,
 * as vectorLeg runs it): with eight documents' chunks it would rather sort them all than walk any graph.
 */
const walkPlan = () =>
  inTenant(async (tx) => {
    await tuneSearch(tx, 40);
    return underLegSettings(tx, DIMENSIONS, () => explain(tx, vectorLegStatement(tenant.tenantId, {}, { ...options(), exactMaxChunks: 0 })));
  });

beforeAll(async () => {
  fake = await startFakeOpenAI({ dimensions: DIMENSIONS });
  t = await startTestService({ env: { PROVIDER_ALLOW_PRIVATE_URLS: 'true', PROVIDER_MAX_RETRIES: '0', SEARCH_OWN_GRAPHS: 'false' } });
  tenant = await createTenant(t, 'Large vectors');
  await configureProvider(t, tenant, fake.url);
  await activate(t, tenant, 'text-embedding-3-large', true);
  const ids = [];
  for (let n = 0; n < 8; n++) ids.push(await uploadOk(t, tenant, `note-${n}.txt`, text(n)));
  for (const id of ids) await indexedOk(t, tenant, id);
  model = await embeddingModelOf(t, tenant);
  await settleForPlans(t);
}, 240_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('vectors of more than 2 000 dimensions', () => {
  it('are indexed as halfvec, and vector up to 2 000', () => {
    expect(graphCast(384)).toEqual({ type: 'vector(384)', ops: 'vector_cosine_ops' });
    expect(graphCast(2000)).toEqual({ type: 'vector(2000)', ops: 'vector_cosine_ops' });
    expect(graphCast(2001)).toEqual({ type: 'halfvec(2001)', ops: 'halfvec_cosine_ops' });
    expect(() => graphCast(0)).toThrow(/bad dimensions/);
  });

  it('are compared exactly up to fewer chunks as they grow (each is read out of line)', () => {
    expect(exactLimits(384)).toEqual({ always: 4_000, max: 12_000 });
    expect(exactLimits(768)).toEqual({ always: 2_000, max: 2_000 });
    expect(exactLimits(1536)).toEqual({ always: 1_000, max: 1_000 });
    expect(exactLimits(3072)).toEqual({ always: 500, max: 500 });
  });

  it('plan the sort of every chunk without the leg settings, and the walk with them', async () => {
    const plain = await inTenant(async (tx) => (await tuneSearch(tx, 40), explain(tx, vectorLegStatement(tenant.tenantId, {}, { ...options(), exactMaxChunks: 0 }))));
    // Without them the planner sorts these few chunks (it does not see the TOAST read of each vector)...
    expect(plain).not.toContain(`Index Scan using document_chunks_hnsw_${DIMENSIONS} `);
    // ...and within them it walks the graph, and the settings are back as they were after the leg.
    expect(await walkPlan()).toContain(`Index Scan using document_chunks_hnsw_${DIMENSIONS} `);
    const after = await inTenant(async (tx) => {
      await tuneSearch(tx, 40);
      await vectorLeg({ tx, tenantId: tenant.tenantId }, {}, options());
      return (await rows<{ sort: string; jit: string }>(tx, sql`SELECT current_setting('enable_sort') AS sort, current_setting('jit') AS jit`))[0];
    });
    expect(after).toEqual({ sort: 'on', jit: 'off' });
  });

  it("walk the dimension's shared graph, and answer as the exact comparison does", async () => {
    expect(model.dimensions).toBe(DIMENSIONS);
    expect(await walkPlan()).toContain(`Index Scan using document_chunks_hnsw_${DIMENSIONS} `);
    const [walked, exact] = await inTenant(async (tx) => {
      await tuneSearch(tx, 40);
      return [await vectorLeg({ tx, tenantId: tenant.tenantId }, {}, { ...options(), exactMaxChunks: 0 }), await vectorLeg({ tx, tenantId: tenant.tenantId }, {}, { ...options(), exactAlwaysChunks: 1000 })];
    });
    expect(walked.length).toBe(5);
    expect(walked.map((r) => r.id)).toEqual(exact.map((r) => r.id));
    // Half precision on the graph: the same distances to three decimals.
    walked.forEach((r, i) => expect(r.distance).toBeCloseTo(exact[i].distance, 3));
  });

  it('get a tenant its own graph, as halfvec too', async () => {
    // The rule lowered so one tenant holding every 3 072-dimension chunk qualifies (the rule itself: tenant-graphs.test.ts).
    const built = await eventually(
      'a maintenance run of the own-graphs task',
      () => t.service.ctx.db.maintain((run) => ownGraphsTask({ minChunks: 1, maxShare: 1 })(run, t.service.ctx.db.kind)),
      (done) => done !== null,
    );
    const name = ownGraphName(tenant.tenantId, DIMENSIONS);
    expect(built).toEqual([expect.stringMatching(new RegExp(`^built ${name} over \\d+ chunks`))]);
    expect((await t.service.ctx.db.maintain(listGraphs))?.own.map((g) => [g.name, g.valid])).toEqual([[name, true]]);
    expect(await walkPlan()).toContain(`Index Scan using ${name} `);
  });

  it('are found through the API by hybrid and vector queries', async () => {
    for (const mode of ['hybrid', 'vector']) {
      const res = await search(t, tenant, { query: text(3), mode, top_k: 3 });
      expect(res.items[0].filename, mode).toBe('note-3.txt');
    }
  });
});
