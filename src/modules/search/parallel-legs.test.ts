import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, onPostgres, startTestService, type TestService, type TestTenant } from '../../../test/harness.js';
import { indexedOk, uploadOk } from '../../../test/support/documents.js';
import { eventually } from '../../../test/support/eventually.js';

/**
 * SEARCH_PARALLEL_LEGS (PostgreSQL server only, on by default): a hybrid query's full-text leg runs on a second
 * connection while the vector leg runs. An instance with the setting on must answer exactly what one with it off
 * answers, hits, order and scores, filters included; and a pool smaller than the searches in flight must drain.
 */
describe.skipIf(!onPostgres)('hybrid search with its legs on two connections [PostgreSQL only]', () => {
  let t: TestService;
  let parallel: TestService;
  let a: TestTenant;

  beforeAll(async () => {
    t = await startTestService({ env: { SEARCH_PARALLEL_LEGS: 'false' } });
    // Two connections: every hybrid query needs both, so concurrent searches queue for them.
    parallel = await startTestService({ reuse: { dataDir: t.config.dataDir, databaseUrl: t.config.databaseUrl }, env: { SEARCH_PARALLEL_LEGS: 'true', DATABASE_POOL_SIZE: '2' } });
    a = await createTenant(t, 'Parallel');
    const docs: [string, string, string[]][] = [
      ['police.md', '# Equipment\n\nMilitary equipment was transferred to police departments in Kansas and Nebraska.', ['gov']],
      ['diner.md', '# Menu\n\nThe diner serves a hamburger with fries, and pie on Sundays.', ['food']],
      ['lighthouse.md', '# Coast\n\nThe lighthouse keeper logged every ship that passed in the night.', ['gov', 'sea']],
    ];
    for (const [name, text, tags] of docs) await indexedOk(t, a, await uploadOk(t, a, name, text, { fields: { tags } }));
  });
  afterAll(async () => {
    await parallel?.close();
    await t?.close();
  });

  const search = (service: TestService, payload: object) =>
    service.app.inject({ method: 'POST', url: '/api/v1/documents/query', headers: a.auth(), payload });

  it('answers exactly what the one-connection path answers', async () => {
    const queries = [
      { query: 'military equipment police Kansas' },
      { query: 'hamburger pie' },
      { query: 'ship passed in the night', top_k: 2 },
      { query: 'equipment lighthouse', tags: { any: ['gov'] } },
      { query: 'nothing here matches zebra' },
    ];
    for (const q of queries) {
      const [one, two] = await Promise.all([search(t, q), search(parallel, q)]);
      expect(two.statusCode, JSON.stringify(q)).toBe(200);
      expect(two.json(), JSON.stringify(q)).toEqual(one.json());
    }
    expect((await search(parallel, { query: 'military equipment' })).json().items[0].filename).toBe('police.md');
  });

  it('drains more concurrent searches than the pool has connections, each answering what it answers alone', async () => {
    // A vector transaction that took a connection before its full-text half had one would wait on it for ever once
    // vector halves held both connections; the service orders them so that cannot happen.
    const queries = Array.from({ length: 12 }, (_, i) => ({ query: ['military equipment', 'hamburger pie', 'lighthouse ship'][i % 3], top_k: 1 + (i % 3) }));
    const alone = [];
    for (const q of queries) alone.push((await search(t, q)).json());
    const together = await Promise.all(queries.map((q) => search(parallel, q)));
    expect(together.map((r) => r.statusCode)).toEqual(queries.map(() => 200));
    expect(together.map((r) => r.json())).toEqual(alone);
  });

  it('starts its full-text leg without waiting for the query embedding', async () => {
    // The embedding's first step, the lookup of the models in use, reads documents; the full-text leg's first
    // statement reads only chunks, its second the live chunks (documents too). With documents locked by another
    // transaction, a search whose full-text leg waited for the embedding shows no full-text statement; this one shows
    // it, blocked on documents beside the lookup. A pool of its own: a worker's poll may block on documents as well.
    const wide = await startTestService({ reuse: { dataDir: t.config.dataDir, databaseUrl: t.config.databaseUrl }, env: { SEARCH_PARALLEL_LEGS: 'true', DATABASE_POOL_SIZE: '8' } });
    const locker = new pg.Client({ connectionString: t.config.databaseUrl! });
    const watcher = new pg.Client({ connectionString: t.config.databaseUrl! });
    try {
      await Promise.all([locker.connect(), watcher.connect()]);
      const payload = { query: 'military equipment police' };
      const expected = (await search(t, payload)).json();
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE documents IN ACCESS EXCLUSIVE MODE');
      const answer = search(wide, payload);
      const blocked = () =>
        watcher
          .query<{ query: string }>("SELECT query FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'")
          .then((r) => r.rows.map((row) => row.query));
      const waiting = await eventually('the full-text leg to wait on documents', blocked, (qs) => qs.some((q) => q.includes('ts_rank_cd')), 30_000);
      expect(waiting.some((q) => q.includes('RECURSIVE models'))).toBe(true); // the embedding is still waiting
      await locker.query('COMMIT');
      const res = await answer;
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(expected);
    } finally {
      await locker.end();
      await watcher.end();
      await wide.close();
    }
  });

  it("keeps the tenant's rows to the tenant on both connections", async () => {
    const b = await createTenant(t, 'Other');
    const res = await parallel.app.inject({ method: 'POST', url: '/api/v1/documents/query', headers: b.auth(), payload: { query: 'military equipment hamburger lighthouse' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([]);
  });
});
