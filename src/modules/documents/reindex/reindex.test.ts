import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestService, type TestService, type TestTenant } from '../../../../test/harness.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../../../test/peers/fake-openai.js';
import { allChunks, indexedOk, search, uploadOk } from '../../../../test/support/documents.js';
import { eventually } from '../../../../test/support/eventually.js';
import { activate, configureProvider } from '../../../../test/support/llm.js';
import { rows } from '../../../platform/db/database.js';

const OFFLINE = 'builtin/hashed-ngram-v1';
const OPENAI = 'openai/text-embedding-3-small';
const TEXTS = {
  'alpha.md': 'Photosynthesis converts light energy into chemical energy inside the chloroplasts of green plants.',
  'beta.md': 'The harbour master records every vessel that enters the port, with its tonnage and its cargo.',
  'gamma.md': 'A sourdough starter is a living culture of wild yeast and lactic acid bacteria fed with flour and water.',
};
// A short provider timeout: a 'hang' of the fake ends in a retried attempt, not a minute's wait.
const ENV = { PROVIDER_ALLOW_PRIVATE_URLS: 'true', PROVIDER_MAX_RETRIES: '0', PROVIDER_TIMEOUT_MS: '1500', JOB_MAX_ATTEMPTS: '8' };

type Run = { id: string; status: string; reason: string; target_model: string; target_dimensions: number; total: number; done: number; failed: number; remaining: number; error: string | null };

async function call(t: TestService, tenant: TestTenant, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object, token?: string) {
  return t.app.inject({ method, url, headers: tenant.auth(token), ...(payload ? { payload } : {}) });
}

async function reindexAll(t: TestService, tenant: TestTenant) {
  const res = await call(t, tenant, 'POST', '/api/v1/documents/reindex-all');
  if (res.statusCode !== 200 && res.statusCode !== 202) throw new Error(`reindex-all: ${res.statusCode} ${res.body}`);
  return { status: res.statusCode, body: res.json() as { run_id: string; created: boolean; run: Run } };
}

async function getRun(t: TestService, tenant: TestTenant, id: string): Promise<Run> {
  const res = await call(t, tenant, 'GET', `/api/v1/documents/reindex-runs/${id}`);
  if (res.statusCode !== 200) throw new Error(`run ${id}: ${res.statusCode} ${res.body}`);
  return res.json();
}

const terminal = (run: Run) => ['completed', 'cancelled', 'failed'].includes(run.status);
const finished = (t: TestService, tenant: TestTenant, id: string) => eventually(`run ${id} to end`, () => getRun(t, tenant, id), terminal);

/** The embedding model each document's live vectors came from, by filename. */
async function modelsByFile(t: TestService, tenant: TestTenant) {
  const found = await t.service.ctx.db.tenant(tenant.tenantId, (tx) =>
    rows<{ filename: string; embedding_model: string | null }>(tx, sql`
      SELECT filename, embedding_model FROM documents WHERE tenant_id = ${tenant.tenantId} ORDER BY filename`),
  );
  return Object.fromEntries(found.map((r) => [r.filename, r.embedding_model]));
}

/** Steps of the tenant's runs still waiting in the queue. */
async function queuedSteps(t: TestService, tenant: TestTenant) {
  const [{ n }] = await t.service.ctx.db.system((tx) =>
    rows<{ n: number }>(tx, sql`
      SELECT count(*)::int AS n FROM job_queue WHERE queue = 'reindex' AND tenant_id = ${tenant.tenantId} AND status IN ('queued', 'running')`),
  );
  return n;
}

/** Vector search with a document's own chunk text: a document in the right vector space comes back first. */
async function topHitFor(t: TestService, tenant: TestTenant, ids: Record<string, string>, filename: string) {
  const [chunk] = await allChunks(t, tenant, ids[filename]);
  const result = await search(t, tenant, { query: chunk.text, mode: 'vector', top_k: 3 });
  return result.items[0]?.document_id === ids[filename] ? filename : result.items.map((i) => i.document_id).join(',');
}

async function setDefaultEmbedding(t: TestService, tenant: TestTenant, isDefault: boolean) {
  const res = await call(t, tenant, 'PATCH', '/api/v1/llm/models/text-embedding-3-small/preference', { is_default: isDefault });
  if (res.statusCode !== 200) throw new Error(`preference: ${res.statusCode} ${res.body}`);
}

describe('re-embedding runs', () => {
  let t: TestService;
  let fake: FakeOpenAI;
  let a: TestTenant;
  let b: TestTenant;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    fake = await startFakeOpenAI({ dimensions: 1536 });
    t = await startTestService({ env: ENV });
    a = await createTenant(t, 'Acme');
    b = await createTenant(t, 'Bravo');
    for (const [name, text] of Object.entries(TEXTS)) ids[name] = await uploadOk(t, a, name, text);
    for (const id of Object.values(ids)) await indexedOk(t, a, id);
    await configureProvider(t, a, fake.url);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('records the offline model on documents indexed without a configured model', async () => {
    expect(await modelsByFile(t, a)).toEqual({ 'alpha.md': OFFLINE, 'beta.md': OFFLINE, 'gamma.md': OFFLINE });
  });

  let firstRun: string;
  it("keeps documents findable by vector search after the default model changes, and re-embeds them all in the background", async () => {
    fake.setMode('hang'); // no document can reach the new model until the fake answers again
    await activate(t, a, 'text-embedding-3-small', true);

    // The change started a run: asking for one returns it (one active run per tenant).
    const again = await reindexAll(t, a);
    expect(again.status).toBe(200);
    expect(again.body.created).toBe(false);
    expect(again.body.run).toMatchObject({ reason: 'default_model', target_model: OPENAI, target_dimensions: 1536, total: 3, done: 0 });
    firstRun = again.body.run_id;
    const listed = await call(t, a, 'GET', '/api/v1/documents/reindex-runs');
    expect(listed.json()).toMatchObject({ total: 1, skip: 0, limit: 50, items: [{ id: firstRun, status: again.body.run.status }] });

    // Before the run finishes every document is still found, each compared in its own (offline) vector space.
    for (const name of Object.keys(TEXTS)) expect(await topHitFor(t, a, ids, name)).toBe(name);
    expect(['queued', 'running']).toContain((await getRun(t, a, firstRun)).status);

    fake.setMode('ok');
    const run = await finished(t, a, firstRun);
    expect(run).toMatchObject({ status: 'completed', total: 3, done: 3, failed: 0, remaining: 0, error: null });
    expect(await modelsByFile(t, a)).toEqual({ 'alpha.md': OPENAI, 'beta.md': OPENAI, 'gamma.md': OPENAI });
    for (const name of Object.keys(TEXTS)) expect(await topHitFor(t, a, ids, name)).toBe(name);
  });

  it('switching back re-embeds with the previous model, and the event stream ends with the final status', async () => {
    await setDefaultEmbedding(t, a, false); // the offline embedder is the tenant's model again
    const { body } = await reindexAll(t, a);
    expect(body).toMatchObject({ created: false, run: { reason: 'default_model', target_model: OFFLINE, target_dimensions: 384, total: 3 } });

    const stream = await call(t, a, 'GET', `/api/v1/documents/reindex-runs/${body.run_id}/events`);
    expect(stream.statusCode).toBe(200);
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    const events = stream.body
      .split('\n\n')
      .map((block) => ({ event: /^event: (.*)$/m.exec(block)?.[1], data: /^data: (.*)$/m.exec(block)?.[1] }))
      .filter((e) => e.event);
    expect(events[0].event).toBe('progress');
    const last = events[events.length - 1];
    expect(last.event).toBe('done');
    expect(JSON.parse(last.data!)).toMatchObject({ id: body.run_id, status: 'completed', total: 3, done: 3, failed: 0 });

    expect(await modelsByFile(t, a)).toEqual({ 'alpha.md': OFFLINE, 'beta.md': OFFLINE, 'gamma.md': OFFLINE });
    for (const name of Object.keys(TEXTS)) expect(await topHitFor(t, a, ids, name)).toBe(name);
    // A finished run's stream answers at once: its state, then done.
    const replay = await call(t, a, 'GET', `/api/v1/documents/reindex-runs/${firstRun}/events`);
    expect(replay.body).toMatch(/^event: progress\n[\s\S]*event: done\ndata: .*"status":"completed"/m);
  });

  it('a cancelled run schedules no more documents; documents of both models are found meanwhile', async () => {
    const profile = { chunk_size: 512, chunk_overlap: 64, embedding_model: null, parallelism: 1 };
    expect((await call(t, a, 'PUT', '/api/v1/documents/indexing-profile', profile)).statusCode).toBe(200);
    fake.reset();
    fake.setMode('hang');
    await setDefaultEmbedding(t, a, true);
    const { body } = await reindexAll(t, a);
    expect(body).toMatchObject({ created: false, run: { reason: 'default_model', target_model: OPENAI } });
    // Parallelism 1: a step schedules two documents (one runs, one waits in the queue); cancel once the first runs.
    await eventually('a document to be re-embedding', () => fake.requests.filter((r) => r.path === '/v1/embeddings').length, (n) => n > 0);
    const cancelled = await call(t, a, 'POST', `/api/v1/documents/reindex-runs/${body.run_id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', error: 'Cancelled by request.' });

    fake.setMode('ok');
    await eventually('the two scheduled documents to finish', () => modelsByFile(t, a), (m) => Object.values(m).filter((x) => x === OPENAI).length === 2);
    await eventually('no step of the run to be left', () => queuedSteps(t, a), (n) => n === 0);
    const models = Object.values(await modelsByFile(t, a)).sort();
    expect(models).toEqual([OFFLINE, OPENAI, OPENAI]);
    expect((await getRun(t, a, body.run_id)).status).toBe('cancelled');
    // Mixed vector spaces: the query is embedded once per model, and each document is found in its own.
    for (const name of Object.keys(TEXTS)) expect(await topHitFor(t, a, ids, name)).toBe(name);
    // Cancelling again changes nothing.
    expect((await call(t, a, 'POST', `/api/v1/documents/reindex-runs/${body.run_id}/cancel`)).json()).toMatchObject({ status: 'cancelled' });
  });

  it("a model whose query embedding fails loses its own leg only; vector mode fails when every model failed", async () => {
    fake.setMode('server_error'); // the openai model's documents cannot be compared; the offline ones still can
    const onOpenai = Object.entries(await modelsByFile(t, a)).filter(([, m]) => m === OPENAI).map(([f]) => f);
    const onOffline = Object.keys(TEXTS).filter((f) => !onOpenai.includes(f));
    expect(onOffline).toHaveLength(1);
    for (const name of onOffline) expect(await topHitFor(t, a, ids, name)).toBe(name);
    // Hybrid still answers the openai document from full text.
    const [chunk] = await allChunks(t, a, ids[onOpenai[0]]);
    const hybrid = await search(t, a, { query: chunk.text, mode: 'hybrid', top_k: 3 });
    expect(hybrid.items.map((i) => i.document_id)).toContain(ids[onOpenai[0]]);
    fake.setMode('ok');
  });

  it('an admin starts a run for the rest; a second start returns the active run', async () => {
    fake.setMode('hang');
    const started = await reindexAll(t, a);
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ created: true, run: { reason: 'admin', target_model: OPENAI, total: 3, done: 2, failed: 0, remaining: 1 } });
    const again = await reindexAll(t, a);
    expect(again).toMatchObject({ status: 200, body: { run_id: started.body.run_id, created: false } });
    fake.setMode('ok');
    expect(await finished(t, a, started.body.run_id)).toMatchObject({ status: 'completed', total: 3, done: 3, failed: 0, remaining: 0 });
    expect(await modelsByFile(t, a)).toEqual({ 'alpha.md': OPENAI, 'beta.md': OPENAI, 'gamma.md': OPENAI });

    fake.setMode('server_error');
    const failed = await call(t, a, 'POST', '/api/v1/documents/query', { query: TEXTS['alpha.md'], mode: 'vector' });
    expect(failed.statusCode).toBe(502);
    fake.setMode('ok');
  });

  it("another tenant's run is a 404 on every route", async () => {
    expect((await call(t, b, 'GET', '/api/v1/documents/reindex-runs')).json()).toMatchObject({ total: 0, items: [] });
    for (const [method, url] of [
      ['GET', `/api/v1/documents/reindex-runs/${firstRun}`],
      ['GET', `/api/v1/documents/reindex-runs/${firstRun}/events`],
      ['POST', `/api/v1/documents/reindex-runs/${firstRun}/cancel`],
    ] as const) {
      const res = await call(t, b, method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toMatchObject({ code: 'reindex_run_not_found' });
    }
    expect((await getRun(t, a, firstRun)).status).toBe('completed');
  });

  it('only admins start, read and cancel runs', async () => {
    const member = await a.userToken('member');
    const key = await a.apiKey(['documents:read', 'documents:ingest']);
    for (const token of [member.token, key.key]) {
      for (const [method, url] of [
        ['POST', '/api/v1/documents/reindex-all'],
        ['GET', '/api/v1/documents/reindex-runs'],
        ['GET', `/api/v1/documents/reindex-runs/${firstRun}`],
        ['GET', `/api/v1/documents/reindex-runs/${firstRun}/events`],
        ['POST', `/api/v1/documents/reindex-runs/${firstRun}/cancel`],
      ] as const) {
        expect((await call(t, a, method, url, undefined, token)).statusCode, `${method} ${url}`).toBe(403);
      }
    }
    const adminKey = await a.apiKey(['admin']);
    expect((await call(t, a, 'GET', `/api/v1/documents/reindex-runs/${firstRun}`, undefined, adminKey.key)).statusCode).toBe(200);
  });

  it("changing the indexing profile's embedding model starts a run to it", async () => {
    await setDefaultEmbedding(t, a, false); // back to the offline embedder (a run, awaited through the documents)
    await eventually('every document on the offline model', () => modelsByFile(t, a), (m) => Object.values(m).every((x) => x === OFFLINE));
    fake.setMode('hang');
    const profile = { chunk_size: 512, chunk_overlap: 64, embedding_model: 'text-embedding-3-small', parallelism: 4 };
    expect((await call(t, a, 'PUT', '/api/v1/documents/indexing-profile', profile)).statusCode).toBe(200);
    const { body } = await reindexAll(t, a);
    expect(body).toMatchObject({ created: false, run: { reason: 'profile', target_model: OPENAI, total: 3 } });
    fake.setMode('ok');
    expect(await finished(t, a, body.run_id)).toMatchObject({ status: 'completed', total: 3, done: 3, failed: 0 });
  });

  it("a run keeps to its tenant's parallelism: another tenant's upload is indexed meanwhile", async () => {
    const profile = (embedding_model: string | null) => ({ chunk_size: 512, chunk_overlap: 64, embedding_model, parallelism: 2 });
    expect((await call(t, a, 'PUT', '/api/v1/documents/indexing-profile', profile(null))).statusCode).toBe(200);
    await eventually('every document on the offline model', () => modelsByFile(t, a), (m) => Object.values(m).every((x) => x === OFFLINE));
    fake.setMode('hang'); // the run's documents hold two of the four workers until the fake answers again
    expect((await call(t, a, 'PUT', '/api/v1/documents/indexing-profile', profile('text-embedding-3-small'))).statusCode).toBe(200);
    const { body } = await reindexAll(t, a);
    expect(body.run).toMatchObject({ reason: 'profile', target_model: OPENAI, done: 0 });

    const other = await uploadOk(t, b, 'other.md', 'Tidal pools shelter anemones, crabs and small fish between the tides.');
    await indexedOk(t, b, other);
    expect(await getRun(t, a, body.run_id)).toMatchObject({ done: 0 });
    expect(['queued', 'running']).toContain((await getRun(t, a, body.run_id)).status);
    fake.setMode('ok');
    expect(await finished(t, a, body.run_id)).toMatchObject({ status: 'completed', total: 3, done: 3, failed: 0 });
  });
});

describe('a re-embedding run after a restart', () => {
  let fake: FakeOpenAI;
  let first: TestService | undefined;
  let second: TestService | undefined;

  beforeAll(async () => {
    fake = await startFakeOpenAI({ dimensions: 1536 });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await first?.destroy();
    await fake?.close();
  });

  // Two service starts on an on-disk database, three indexings and a run: about a minute of work on a shared machine.
  it('resumes from the database and finishes', { timeout: 180_000 }, async () => {
    first = await startTestService({ env: ENV, persistent: true });
    const a = await createTenant(first, 'Acme');
    const ids: Record<string, string> = {};
    for (const [name, text] of Object.entries(TEXTS)) ids[name] = await uploadOk(first, a, name, text);
    for (const id of Object.values(ids)) await indexedOk(first, a, id);
    await configureProvider(first, a, fake.url);
    fake.setMode('hang');
    await activate(first, a, 'text-embedding-3-small', true);
    const { body } = await reindexAll(first, a);
    expect(body.run).toMatchObject({ total: 3, done: 0 });
    await eventually('documents to be re-embedding', () => fake.requests.filter((r) => r.path === '/v1/embeddings').length, (n) => n > 0);
    const { dataDir, databaseUrl } = first.config;
    await first.close();

    fake.setMode('ok');
    second = await startTestService({ env: ENV, reuse: { dataDir, databaseUrl } });
    const run = await finished(second, a, body.run_id);
    expect(run).toMatchObject({ status: 'completed', total: 3, done: 3, failed: 0, remaining: 0 });
    expect(await modelsByFile(second, a)).toEqual({ 'alpha.md': OPENAI, 'beta.md': OPENAI, 'gamma.md': OPENAI });
    for (const name of Object.keys(TEXTS)) expect(await topHitFor(second, a, ids, name)).toBe(name);
  });
});
