import { sql } from 'drizzle-orm';
import { rows } from '../../../platform/db/database.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestService, type TestService, type TestTenant } from '../../../../test/harness.js';
import { indexedOk, search, uploadOk } from '../../../../test/support/documents.js';
import { eventually } from '../../../../test/support/eventually.js';
import { VECTOR_CATCHUP_QUEUE } from './vector-catchup.js';

/**
 * Chunks are written outside the HNSW graph (ann_pending) and moved in by the 'vector-catchup' queue.
 * A pending chunk must be exactly as searchable as one in the graph, and the catch-up must leave none behind.
 */
let t: TestService;
let a: TestTenant;
let b: TestTenant;

const TOPICS = [
  'Glaciers are melting quickly in the Arctic; the ice sheet retreats every summer.',
  'A volcano erupts with hot lava and ash; magma chambers feed the eruption.',
  'Sand dunes move across the desert with the wind; camels cross the dunes at night.',
  'Coral reefs grow in warm shallow seas; fish shelter among the branches.',
  'Rain forests hold most of the species on land; the canopy shades the floor.',
  'Rivers carve canyons over millions of years; the water carries sediment to the sea.',
];
const QUERIES = ['glacier ice melting', 'lava eruption', 'desert camels', 'coral fish', 'forest canopy species', 'river canyon water'];

/** One statement in the tenant's transaction (row-level security hides every chunk without it). */
const asTenant = <T,>(tenantId: string, statement: ReturnType<typeof sql>) => t.service.ctx.db.tenant(tenantId, (tx) => rows<T>(tx, statement));

/** Chunks of the tenant still outside the graph. */
const pending = async (tenantId: string) =>
  (await asTenant<{ n: number }>(tenantId, sql`SELECT count(*)::int AS n FROM document_chunks WHERE tenant_id = ${tenantId} AND ann_pending`))[0].n;

/** What each query answers, vector and hybrid: chunk ids and scores in order. */
async function answers(tenant: TestTenant) {
  const out: Record<string, { chunk_id: string; score: number }[]> = {};
  for (const query of QUERIES) {
    for (const mode of ['vector', 'hybrid']) {
      const res = await search(t, tenant, { query, mode, top_k: 5 });
      out[`${mode}: ${query}`] = res.items.map((i: { chunk_id: string; score: number }) => ({ chunk_id: i.chunk_id, score: i.score }));
    }
  }
  return out;
}

const caughtUp = (tenantId: string) => eventually('the catch-up to move every chunk into the graph', () => pending(tenantId), (n) => n === 0, 120_000);

beforeAll(async () => {
  t = await startTestService();
  [a, b] = await Promise.all([createTenant(t, 'Catch-up A'), createTenant(t, 'Catch-up B')]);
  for (const [i, text] of TOPICS.entries()) await indexedOk(t, a, await uploadOk(t, a, `topic-${i}.txt`, `${text} ${text}`));
  await indexedOk(t, b, await uploadOk(t, b, 'other.txt', `${TOPICS[0]} But in tenant B.`));
});
afterAll(async () => t?.close());

describe('chunks outside the HNSW graph', () => {
  it('the catch-up moves every chunk of an indexed batch into the graph, in every tenant', async () => {
    await caughtUp(a.tenantId);
    await caughtUp(b.tenantId);
    const [{ n }] = await asTenant<{ n: number }>(a.tenantId, sql`SELECT count(*)::int AS n FROM document_chunks WHERE tenant_id = ${a.tenantId}`);
    expect(n).toBeGreaterThanOrEqual(TOPICS.length);
  });

  it('search answers the same whether chunks are pending, partly pending or in the graph', async () => {
    await caughtUp(a.tenantId);
    const inGraph = await answers(a);
    expect(inGraph['vector: lava eruption'].length).toBeGreaterThan(0);

    // As right after an indexing job: every chunk written, none in the graph yet.
    await asTenant(a.tenantId, sql`UPDATE document_chunks SET ann_pending = true WHERE tenant_id = ${a.tenantId} RETURNING id`);
    expect(await answers(a)).toEqual(inGraph);

    // Mid catch-up: some in the graph, some not.
    await asTenant(a.tenantId, sql`
      UPDATE document_chunks SET ann_pending = false
      WHERE id IN (SELECT id FROM document_chunks WHERE tenant_id = ${a.tenantId} ORDER BY id LIMIT (SELECT count(*) / 2 FROM document_chunks WHERE tenant_id = ${a.tenantId}))
      RETURNING id`);
    expect(await pending(a.tenantId)).toBeGreaterThan(0);
    expect(await answers(a)).toEqual(inGraph);

    // The queue's own step finishes the job.
    await t.service.ctx.db.tenant(a.tenantId, (tx) => t.service.ctx.queue.enqueue(tx, VECTOR_CATCHUP_QUEUE, a.tenantId, {}, { tenantCap: 1 }));
    t.service.ctx.queue.poke(VECTOR_CATCHUP_QUEUE);
    await caughtUp(a.tenantId);
    expect(await answers(a)).toEqual(inGraph);
  });

  it("a pending chunk of another tenant is never an answer", async () => {
    await asTenant(b.tenantId, sql`UPDATE document_chunks SET ann_pending = true WHERE tenant_id = ${b.tenantId} RETURNING id`);
    const res = await search(t, a, { query: 'glacier ice melting in tenant B', mode: 'vector', top_k: 20 });
    const bChunks = await asTenant<{ id: string }>(b.tenantId, sql`SELECT id FROM document_chunks WHERE tenant_id = ${b.tenantId}`);
    expect(bChunks.length).toBeGreaterThan(0);
    for (const item of res.items) expect(bChunks.map((c) => c.id)).not.toContain(item.chunk_id);
  });
});
