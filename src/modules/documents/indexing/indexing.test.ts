import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTenant, startTestService, type TestService, type TestTenant } from '../../../../test/harness.js';
import { rows } from '../../../platform/db/database.js';
import { DOCUMENT_EVENTS_CHANNEL, type DocumentStatusEvent } from '../events.js';
import { allChunks, getDocument, indexedOk, search, settled, uploadOk } from '../../../../test/support/documents.js';
import { eventually } from '../../../../test/support/eventually.js';

/** Chunk rows of a document in the database, every chunk set included (staged leftovers would show here). */
async function storedChunkRows(t: TestService, tenant: TestTenant, documentId: string): Promise<number> {
  const [{ n }] = await t.service.ctx.db.tenant(tenant.tenantId, (tx) =>
    rows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM document_chunks WHERE tenant_id = ${tenant.tenantId} AND document_id = ${documentId}`),
  );
  return n;
}

async function jobsOf(t: TestService, tenant: TestTenant, id: string) {
  return (await t.app.inject({ method: 'GET', url: `/api/v1/documents/${id}/jobs`, headers: tenant.auth() })).json() as any[];
}

describe('one service', () => {
  let t: TestService;
  let a: TestTenant;
  beforeAll(async () => {
    t = await startTestService({ env: { WORKER_CONCURRENCY: '4' } });
    a = await createTenant(t, 'Pipeline');
  });
  afterAll(async () => t?.close());

  it('publishes every status change, in order, with the documented payload', async () => {
    const events: DocumentStatusEvent[] = [];
    const unsubscribe = await t.service.ctx.bus.subscribe(DOCUMENT_EVENTS_CHANNEL, (e: DocumentStatusEvent) => events.push(e));
    try {
      const good = await uploadOk(t, a, 'events.txt', 'Events are published on commit. '.repeat(50));
      const bad = await uploadOk(t, a, 'broken.pdf', Buffer.from('%PDF-1.4\nbroken'));
      await indexedOk(t, a, good);
      await settled(t, a, bad);
      const seen = (id: string) => eventually(`events of ${id}`, async () => events.filter((e) => e.document_id === id), (list) => ['indexed', 'error'].includes(list.at(-1)?.status ?? ''));
      expect((await seen(good)).map((e) => e.status)).toEqual(['pending', 'parsing', 'indexing', 'indexed']);
      const failed = await seen(bad);
      expect(failed.map((e) => e.status)).toEqual(['pending', 'parsing', 'error']);
      expect(failed.at(-1)).toEqual({ tenant_id: a.tenantId, document_id: bad, batch_id: null, filename: 'broken.pdf', status: 'error', error: expect.stringMatching(/PDF/) });
    } finally {
      unsubscribe();
    }
  });

  it("the profile's parallelism caps the tenant's concurrent jobs", async () => {
    const tenant = await createTenant(t, 'Serial');
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/documents/indexing-profile',
      headers: tenant.auth(),
      payload: { chunk_size: 256, chunk_overlap: 0, embedding_model: null, parallelism: 1 },
    });
    expect(put.statusCode).toBe(200);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await uploadOk(t, tenant, `serial-${i}.txt`, `Document number ${i} about things. `.repeat(400)));
    for (const id of ids) await indexedOk(t, tenant, id);
    const spans = (await Promise.all(ids.map((id) => jobsOf(t, tenant, id)))).map((jobs) => jobs[0]).map((j) => [Date.parse(j.started_at), Date.parse(j.finished_at)]);
    spans.sort((x, y) => x[0] - y[0]);
    for (let i = 1; i < spans.length; i++) expect(spans[i][0]).toBeGreaterThanOrEqual(spans[i - 1][1]);
  });

  it('a parser that runs out of memory fails only its document; the pool keeps serving', async () => {
    const tiny = await startTestService({ env: { PARSE_MAX_MEMORY_MB: '64' } });
    try {
      const tenant = await createTenant(tiny, 'Tiny parser');
      const rowsOfCsv = ['id,name,comment'];
      for (let i = 0; i < 400_000; i++) rowsOfCsv.push(`${i},name ${i},"a comment with a few words, number ${i}"`);
      const big = await uploadOk(tiny, tenant, 'huge.csv', rowsOfCsv.join('\n'));
      const small = await uploadOk(tiny, tenant, 'small.txt', 'Small files still index.');
      const failed = await settled(tiny, tenant, big, 180_000);
      expect(failed.status).toBe('error');
      expect(failed.error).toMatch(/memory|too large/i);
      await indexedOk(tiny, tenant, small);
      await indexedOk(tiny, tenant, await uploadOk(tiny, tenant, 'after.txt', 'And after the crash too.'));
    } finally {
      await tiny.close();
    }
  });

  it('a parse over the time limit fails with a clear message', async () => {
    const hasty = await startTestService({ env: { PARSE_TIMEOUT_MS: '100' } });
    try {
      const tenant = await createTenant(hasty, 'Hasty');
      // 25 MB of CSV cannot be read in 100 ms.
      const rowsOfCsv = ['id,comment'];
      for (let i = 0; i < 500_000; i++) rowsOfCsv.push(`${i},"comment number ${i} with words"`);
      const id = await uploadOk(hasty, tenant, 'slow.csv', rowsOfCsv.join('\n'));
      const doc = await settled(hasty, tenant, id);
      expect(doc.status).toBe('error');
      expect(doc.error).toMatch(/longer than 0\.1 s/);
    } finally {
      await hasty.close();
    }
  });
});

describe('across restarts (a persistent data dir / database)', () => {
  const services: TestService[] = [];
  const start = async (env: Record<string, string>, reuse?: TestService) => {
    const s = reuse
      ? await startTestService({ env, reuse: { dataDir: reuse.config.dataDir, databaseUrl: reuse.config.databaseUrl } })
      : await startTestService({ env, persistent: true });
    services.push(s);
    return s;
  };
  // Close every service of the test, newest first, then remove what the persistent one kept.
  afterEach(async () => {
    const all = services.splice(0).reverse();
    for (const s of all) await s.close();
    for (const s of all) await s.destroy();
  });

  it('watchdog: a job whose last lease expired marks its document error with an explicit message', async () => {
    // Deterministic: an API-only service queues the job (no worker claims it); SQL then makes it look like a
    // worker claimed it for the last time and died; the next service's worker reaps it on start.
    const first = await start({ RUN_MODE: 'api', JOB_MAX_ATTEMPTS: '3' });
    const tenant = await createTenant(first, 'Watchdog');
    const id = await uploadOk(first, tenant, 'stuck.txt', 'This one never finishes.');
    await first.service.ctx.db.query(sql`
      UPDATE job_queue SET status = 'running', attempts = max_attempts, locked_by = 'a-worker-that-died',
             lease_expires_at = now() - interval '1 minute'
      WHERE queue = 'ingest' AND payload->>'document_id' = ${id}`);
    await first.close();
    const second = await start({ JOB_MAX_ATTEMPTS: '3' }, first);
    const doc = await settled(second, tenant, id);
    expect(doc.status).toBe('error');
    expect(doc.error).toBe('Indexing did not finish after 3 attempts (worker stopped or timed out).');
    const [job] = await jobsOf(second, tenant, id);
    expect(job).toMatchObject({ status: 'failed', error: doc.error });
    expect(job.finished_at).not.toBeNull();
  });

  it('reindex: the old chunks stay searchable until the new set is swapped in; a superseded job stops', async () => {
    const first = await start({});
    const tenant = await createTenant(first, 'Swap');
    const id = await uploadOk(first, tenant, 'airship.txt', 'The zeppelin floated over the harbour at dawn. '.repeat(120));
    const before = await indexedOk(first, tenant, id);
    const oldIds = (await allChunks(first, tenant, id)).map((c) => c.chunk_id);
    await first.close();

    // No worker: the reindex jobs stay queued, so the in-between state can be looked at calmly.
    const apiOnly = await start({ RUN_MODE: 'api' }, first);
    const reindex = () => apiOnly.app.inject({ method: 'POST', url: `/api/v1/documents/${id}/reindex`, headers: tenant.auth() });
    const superseded = (await reindex()).json().job_id;
    const current = (await reindex()).json().job_id;
    expect((await getDocument(apiOnly, tenant, id)).status).toBe('pending');
    const hits = await search(apiOnly, tenant, { query: 'zeppelin harbour', mode: 'hybrid' });
    expect(hits.items.map((h) => h.chunk_id)).toEqual(expect.arrayContaining([expect.any(String)]));
    expect(hits.items.every((h) => oldIds.includes(h.chunk_id))).toBe(true);
    expect((await allChunks(apiOnly, tenant, id)).map((c) => c.chunk_id)).toEqual(oldIds);
    await apiOnly.close();

    const worker = await start({}, first);
    const after = await indexedOk(worker, tenant, id);
    expect(after.chunk_count).toBe(before.chunk_count);
    const newIds = (await allChunks(worker, tenant, id)).map((c) => c.chunk_id);
    expect(newIds).toHaveLength(before.chunk_count);
    expect(newIds.some((c) => oldIds.includes(c))).toBe(false);
    expect(await storedChunkRows(worker, tenant, id)).toBe(before.chunk_count);
    const jobs = await jobsOf(worker, tenant, id);
    expect(jobs.find((j) => j.job_id === superseded)).toMatchObject({ status: 'failed', error: expect.stringMatching(/Superseded/) });
    expect(jobs.find((j) => j.job_id === current)).toMatchObject({ status: 'succeeded' });
    const found = await search(worker, tenant, { query: 'zeppelin harbour' });
    expect(found.items.length).toBeGreaterThan(0);
    expect(found.items.every((h) => newIds.includes(h.chunk_id))).toBe(true);
  });

  it('restart: documents caught mid-indexing by a shutdown all end indexed, with exact chunk counts', async () => {
    const env = { WORKER_CONCURRENCY: '2', SHUTDOWN_GRACE_MS: '0' };
    const first = await start(env);
    const tenant = await createTenant(first, 'Restart');
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      ids.push(await uploadOk(first, tenant, `doc-${i}.txt`, `Paragraph ${i} of a long document about restarts. `.repeat(i % 2 ? 20_000 : 200)));
    }
    // Stop once work is under way (whatever the exact states are then: the outcome must not depend on them).
    await eventually('indexing to start', async () => Promise.all(ids.map(async (id) => (await getDocument(first, tenant, id)).status)), (s) => s.some((x) => x === 'indexing' || x === 'indexed'));
    const atStop = await Promise.all(ids.map(async (id) => (await getDocument(first, tenant, id)).status));
    await first.close();

    const second = await start(env, first);
    for (const id of ids) {
      const doc = await settled(second, tenant, id, 180_000);
      expect(doc.status, `${doc.filename} (was ${atStop[ids.indexOf(id)]} at the stop): ${doc.error}`).toBe('indexed');
      const chunks = await allChunks(second, tenant, id);
      expect(chunks).toHaveLength(doc.chunk_count);
      expect(chunks.map((c) => c.index)).toEqual(chunks.map((_, i) => i));
      expect(await storedChunkRows(second, tenant, id)).toBe(doc.chunk_count);
    }
    const list = (await second.app.inject({ method: 'GET', url: '/api/v1/documents/?page_size=100', headers: tenant.auth() })).json();
    expect(list.total).toBe(ids.length);
  }, 180_000); // two service starts on a loaded machine can pass the default minute
});
