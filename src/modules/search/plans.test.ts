import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestService, type TestService, type TestTenant } from '../../../test/harness.js';
import { indexedOk, uploadOk } from '../../../test/support/documents.js';
import { eventually } from '../../../test/support/eventually.js';
import { embeddingModelOf, explain, fixedQueryVector, pendingChunks, settleForPlans } from '../../../test/support/vector-leg.js';
import { rows, type Tx } from '../../platform/db/database.js';
import { chunkHits, fulltextLeg, fulltextLegStatement, IN_ROW_MAX_DIMENSIONS, tuneSearch, vectorLeg, vectorLegStatement } from './search.repo.js';

/**
 * What the latency work changed in the statements of a search, read from their plans and checked
 * against the plain formulas they replace (no timings: speed goes to docs/benchmarks.md).
 */
const WORDS = ['harbour', 'lantern', 'granite', 'orchard', 'meadow', 'copper', 'falcon', 'willow', 'quarry', 'saddle', 'thistle', 'ember'];
const DOCUMENTS = 24;

let t: TestService;
let tenant: TestTenant;
let memory: string;
let model: { model: string | null; dimensions: number };

/** Every document holds "common"; the others words vary, so chunks differ in how many query words they hold. */
function text(n: number): string {
  const sentences = Array.from({ length: 6 }, (_, s) => {
    const words = Array.from({ length: 8 }, (_, w) => WORDS[(n * 5 + s * 3 + w * 7) % WORDS.length]);
    return `The common ${words.join(' ')} story number ${n}.`;
  });
  return sentences.join(' ');
}

beforeAll(async () => {
  t = await startTestService();
  tenant = await createTenant(t, 'Plans');
  memory = (await t.app.inject({ method: 'POST', url: '/api/v1/memories', headers: tenant.auth(), payload: { name: 'Few' } })).json().id;
  const ids = [];
  for (let n = 0; n < DOCUMENTS; n++) {
    ids.push(await uploadOk(t, tenant, `story-${n}.txt`, text(n), n < 3 ? { fields: { memory_id: memory } } : {}));
  }
  for (const id of ids) await indexedOk(t, tenant, id);
  model = await embeddingModelOf(t, tenant);
  await settleForPlans(t);
}, 240_000);
afterAll(async () => t?.close());

const inTenant = <T>(fn: (tx: Tx) => Promise<T>) => t.service.ctx.db.tenant(tenant.tenantId, fn);
const queryVector = () => fixedQueryVector(model.dimensions);
/** The exact answer: every live chunk of the tenant (and `where`) by distance, for the legs to be checked against. */
const byDistance = (where: SQL = sql``) => {
  const cast = sql.raw(`vector(${model.dimensions})`);
  return inTenant((tx) =>
    rows<{ id: string; distance: number }>(tx, sql`
      SELECT c.id, (c.embedding::${cast}) <=> ${queryVector()}::${cast} AS distance FROM live_chunks c
      WHERE c.tenant_id = ${tenant.tenantId} ${where}
      ORDER BY distance, c.id`));
};

describe('full-text leg', () => {
  it('reads a word every chunk holds through an index, not by testing every row of the table', async () => {
    const plans = await inTenant(async (tx) => {
      const statement = (await fulltextLegStatement({ tx, tenantId: tenant.tenantId }, {}, 'common', 32))!;
      const before = await explain(tx, statement);
      await tuneSearch(tx, null);
      return { before, after: await explain(tx, statement) };
    });
    // Without the search's settings the planner reads the table sequentially and tests every row (at 120 000
    // chunks: 80-120 ms for a word in a tenth of them); with them it goes through an index (here, a table this
    // small, from the tenant's documents to their chunks; at scale the GIN index: docs/benchmarks.md).
    expect(plans.before, plans.before).toMatch(/Seq Scan on document_chunks/);
    expect(plans.after, plans.after).not.toMatch(/Seq Scan on document_chunks/);
    expect(plans.after, plans.after).toMatch(/Index Scan (using|on) document_chunks_\w+/);
  });

  it('ranks as the plain formula does: terms held, then ts_rank_cd, then chunk id', async () => {
    for (const query of ['harbour lantern granite', 'common orchard', 'falcon willow quarry saddle']) {
      const words = query.split(' ');
      const got = await inTenant((tx) => fulltextLeg({ tx, tenantId: tenant.tenantId }, {}, query, 20));
      // Every chunk matching any word, each ranked over the whole set with the tsvector read as stored.
      const terms = (cfg: SQL) => words.map((w) => sql`plainto_tsquery(${cfg}, ${w})`);
      const expected = await inTenant((tx) =>
        rows<{ id: string; rank: number }>(tx, sql`
          SELECT c.id, (${sql.join(terms(sql`c.ts_config`).map((q) => sql`(c.tsv @@ ${q})::int`), sql` + `)})
                       + ts_rank_cd(c.tsv, ${sql.join(terms(sql`c.ts_config`), sql` || `)}, 32) AS rank
          FROM live_chunks c
          WHERE c.tenant_id = ${tenant.tenantId} AND c.document_status <> 'error'
            AND c.tsv @@ (${sql.join(terms(sql`c.ts_config`), sql` || `)})
          ORDER BY rank DESC, c.id LIMIT 20`));
      expect(got.map((r) => r.id)).toEqual(expected.map((r) => r.id));
      got.forEach((r, i) => expect(Number(r.rank)).toBeCloseTo(Number(expected[i].rank), 9));
    }
  });
});

describe.skipIf(Boolean(process.env.DATABASE_URL))('a search statement run as a prepared statement [embedded database]', () => {
  it('is planned for its own words every time, never with a generic plan', async () => {
    // The pipelined client runs a statement text it has seen as a named prepared statement, and PostgreSQL switches
    // such a statement to a generic plan (made without the query's values) after five runs; for the full-text leg
    // with a tag filter that plan took seconds (docs/benchmarks.md, "Search over 100 000 chunks"). Same statement text, other words.
    const queries = ['harbour lantern', 'granite orchard', 'meadow copper', 'falcon willow', 'quarry saddle', 'thistle ember', 'harbour ember', 'copper falcon'];
    for (const query of queries) {
      await inTenant(async (tx) => {
        await tuneSearch(tx, null);
        await fulltextLeg({ tx, tenantId: tenant.tenantId }, { tagsAny: ['none'] }, query, 5);
      });
    }
    const [plans] = await inTenant((tx) =>
      rows<{ generic: number; custom: number }>(tx, sql`
        SELECT sum(generic_plans)::int AS generic, sum(custom_plans)::int AS custom FROM pg_prepared_statements
        WHERE statement LIKE '%ts_rank_cd%' AND statement LIKE '%tags &&%' AND statement NOT LIKE '%pg_prepared_statements%'`));
    expect(plans.custom).toBeGreaterThanOrEqual(queries.length);
    expect(plans.generic).toBe(0);
  });
});

describe('vector leg over few chunks', () => {
  const options = () => ({ ...model, vector: queryVector(), limit: 5 });
  const filters = () => ({ memoryIds: [memory] });
  /** Rows the statement's branch (CTE `exact` or `nearest`) returned, read from EXPLAIN ANALYZE. */
  const rowsOf = (p: string, cte: 'exact' | 'nearest') => Number(new RegExp(`CTE Scan on ${cte} \\(actual[^)]*rows=(\\d+)`).exec(p)?.[1] ?? NaN);

  it('compares the few chunks exactly and leaves the index unwalked', async () => {
    const { analysed, got } = await inTenant(async (tx) => {
      await tuneSearch(tx, 40);
      return {
        analysed: await explain(tx, vectorLegStatement(tenant.tenantId, filters(), options()), true),
        got: await vectorLeg({ tx, tenantId: tenant.tenantId }, filters(), options()),
      };
    });
    expect(rowsOf(analysed, 'exact'), analysed).toBeGreaterThan(0);
    expect(rowsOf(analysed, 'nearest'), analysed).toBe(0);
    // The exact answer: every chunk of the memory's documents, by distance.
    const all = await byDistance(sql`AND c.memory_id = ${memory}`);
    expect(all.length).toBeGreaterThan(0);
    expect(all.length).toBeLessThan(50);
    expect(got.map((r) => Number(r.distance))).toEqual(all.slice(0, 5).map((r) => Number(r.distance)));
    expect(new Set(got.map((r) => r.id))).toEqual(new Set(all.slice(0, 5).map((r) => r.id)));
  });

  it('compares a small tenant exactly without any filter, and finds what a full sort finds', async () => {
    const { analysed, got } = await inTenant(async (tx) => {
      await tuneSearch(tx, 40);
      return {
        analysed: await explain(tx, vectorLegStatement(tenant.tenantId, {}, options()), true),
        got: await vectorLeg({ tx, tenantId: tenant.tenantId }, {}, options()),
      };
    });
    expect(rowsOf(analysed, 'exact'), analysed).toBe(5);
    expect(rowsOf(analysed, 'nearest'), analysed).toBe(0);
    const all = await byDistance();
    expect(all.length).toBeGreaterThan(5);
    expect(got.map((r) => Number(r.distance))).toEqual(all.slice(0, 5).map((r) => Number(r.distance)));
  });

  it('above the always-exact count, compares exactly only a filter passing at most a quarter of the chunks', async () => {
    // The tenant is alone in the table: all of its chunks are the whole graph, which a walk serves best; its memory
    // (3 of its 24 documents) is an eighth of it, which the walk would have to pass over to reach.
    const limits = { exactAlwaysChunks: 1, exactMaxChunks: 10_000 };
    const [whole, ofMemory] = await inTenant(async (tx) => {
      await tuneSearch(tx, 40);
      return [
        await explain(tx, vectorLegStatement(tenant.tenantId, {}, { ...options(), ...limits }), true),
        await explain(tx, vectorLegStatement(tenant.tenantId, filters(), { ...options(), ...limits }), true),
      ];
    });
    expect(rowsOf(whole, 'exact'), whole).toBe(0);
    expect(rowsOf(whole, 'nearest'), whole).toBeGreaterThan(0);
    expect(rowsOf(ofMemory, 'exact'), ofMemory).toBeGreaterThan(0);
    expect(rowsOf(ofMemory, 'nearest'), ofMemory).toBe(0);
  });

  it('stops counting at the threshold: the documents read to decide are those that hold it', async () => {
    // Every document of the fixture holds a few chunks: with a threshold of 1 the running sum passes it at the
    // first document, so the decision reads one document (two at most, with ties) of the tenant's 24.
    const analysed = await inTenant(async (tx) => {
      await tuneSearch(tx, 40);
      return explain(tx, vectorLegStatement(tenant.tenantId, {}, { ...options(), exactMaxChunks: 1 }), true);
    });
    const window = /WindowAgg \(actual[^)]*rows=(\d+)/.exec(analysed);
    expect(window, analysed).not.toBeNull();
    expect(Number(window![1]), analysed).toBeLessThanOrEqual(2);
    expect(rowsOf(analysed, 'exact'), analysed).toBe(0);
    expect(rowsOf(analysed, 'nearest'), analysed).toBeGreaterThan(0);
  });

  it('keeps a chunk vector of the built-in model in its row (migration 0023), so an exact comparison reads no TOAST', async () => {
    expect(model.dimensions).toBeLessThanOrEqual(IN_ROW_MAX_DIMENSIONS);
    const [column] = await t.service.ctx.db.query<{ storage: string }>(sql`
      SELECT attstorage AS storage FROM pg_attribute WHERE attrelid = 'document_chunks'::regclass AND attname = 'embedding'`);
    expect(column.storage).toBe('m');
    // The fixture's rows (text, tsvector and a 1.5 kB vector) pass the ~2 kB TOAST threshold: with the type's own
    // EXTERNAL storage the vector, their largest value, went out of line, one TOAST row of its 4 + 4 × D bytes each.
    const [{ toast }] = await t.service.ctx.db.query<{ toast: string }>(sql`
      SELECT reltoastrelid::regclass::text AS toast FROM pg_class WHERE oid = 'document_chunks'::regclass`);
    // The owner reads the TOAST table (the app role may not); null from maintain: another maintainer, try again.
    const counted = await eventually(
      'the TOAST table counted as the owner',
      () => t.service.ctx.db.maintain((run) => run(`
        SELECT (SELECT count(*)::int FROM ${toast} WHERE length(chunk_data) = 4 + 4 * ${Number(model.dimensions)}) AS vectors,
               (SELECT count(*)::int FROM document_chunks WHERE dimensions = ${Number(model.dimensions)}) AS chunks`)),
      (done) => done !== null,
    );
    const { vectors, chunks } = counted![0] as { vectors: number; chunks: number };
    expect(chunks).toBeGreaterThan(0);
    expect(vectors).toBe(0);
  });

  it('walks the index instead once the filtered chunks outnumber the threshold', async () => {
    const analysed = await inTenant(async (tx) => {
      await tuneSearch(tx, 40);
      return explain(tx, vectorLegStatement(tenant.tenantId, filters(), { ...options(), exactMaxChunks: 1 }), true);
    });
    // (On a table this small the planner may sort instead of walking HNSW: the branch is what is checked.)
    expect(rowsOf(analysed, 'exact'), analysed).toBe(0);
    expect(rowsOf(analysed, 'nearest'), analysed).toBeGreaterThan(0);
  });

  it('still finds chunks not yet in the HNSW graph when it walks the index', async () => {
    const overflow = { ...options(), exactMaxChunks: 1 };
    const inGraph = await inTenant(async (tx) => (await tuneSearch(tx, 40), vectorLeg({ tx, tenantId: tenant.tenantId }, filters(), overflow)));
    expect(inGraph.length).toBeGreaterThan(0);
    // As right after an indexing job: the memory's chunks written outside the graph; answered as before,
    // from the pending branch. Rolled back, so the other tests keep the graph.
    let seen: { analysed: string; got: { id: string }[] } | undefined;
    const rolledBack = new Error('rolled back on purpose');
    await inTenant(async (tx) => {
      await rows(tx, sql`
        UPDATE document_chunks SET ann_pending = true WHERE tenant_id = ${tenant.tenantId}
          AND job_id IN (SELECT live_job_id FROM documents WHERE tenant_id = ${tenant.tenantId} AND memory_id = ${memory}) RETURNING id`);
      await tuneSearch(tx, 40);
      seen = {
        analysed: await explain(tx, vectorLegStatement(tenant.tenantId, filters(), overflow), true),
        got: await vectorLeg({ tx, tenantId: tenant.tenantId }, filters(), overflow),
      };
      throw rolledBack;
    }).catch((error) => {
      if (error !== rolledBack) throw error;
    });
    const { analysed, got } = seen!;
    expect(Number(/CTE Scan on pending \(actual[^)]*rows=(\d+)/.exec(analysed)?.[1]), analysed).toBeGreaterThan(0);
    expect(got.map((r) => r.id)).toEqual(inGraph.map((r) => r.id));
    expect(await pendingChunks(t)).toBe(0);
  });
});

describe('hit rows', () => {
  it('are read from live chunk sets only: a chunk of a set swapped out is dropped', async () => {
    const rolledBack = new Error('rolled back on purpose');
    let seen: { before: number; after: number } | undefined;
    await inTenant(async (tx) => {
      const [doc] = await rows<{ id: string }>(tx, sql`SELECT id FROM documents WHERE tenant_id = ${tenant.tenantId} AND memory_id = ${memory} LIMIT 1`);
      const ids = (await rows<{ id: string }>(tx, sql`SELECT id FROM live_chunks WHERE document_id = ${doc.id}`)).map((r) => r.id);
      const before = (await chunkHits({ tx, tenantId: tenant.tenantId }, ids)).length;
      // As right after a reindex's swap, before the old set's rows are deleted: the document points at another set.
      await rows(tx, sql`UPDATE documents SET live_job_id = gen_random_uuid() WHERE id = ${doc.id} RETURNING id`);
      seen = { before, after: (await chunkHits({ tx, tenantId: tenant.tenantId }, ids)).length };
      throw rolledBack;
    }).catch((error) => {
      if (error !== rolledBack) throw error;
    });
    expect(seen!.before).toBeGreaterThan(0);
    expect(seen!.after).toBe(0);
  });
});
