import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestService, type TestService, type TestTenant } from '../../../../test/harness.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../../../test/peers/fake-openai.js';
import { indexedOk, uploadOk } from '../../../../test/support/documents.js';
import { eventually } from '../../../../test/support/eventually.js';
import { activate, CHAT_PATHS, configureProvider } from '../../../../test/support/llm.js';

/**
 * Provider errors of background work name their document and indexing job in their own fields:
 * a tenant whose indexing profile asks for model-written descriptions, a provider that fails, and the error log
 * lists each failed attempt with `document_id` and `job_id`, filterable by document. One worker slot, so each
 * document's description step ends before the next document's starts.
 */
// The default path only: the error log's document and job fields is the chat engine core's work, shared by both adapters (the wire-level
// files, such as calls/chat.test.ts, run both paths).
describe.each(CHAT_PATHS.filter((p) => p.passthrough))('$path', (chatPath) => {
  let t: TestService;
  let fake: FakeOpenAI;
  let a: TestTenant;

  interface LoggedError {
    document_id: string | null;
    job_id: string | null;
    user_id: string | null;
    request_id: string | null;
    error_code: string;
  }

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: a.auth() });
  const jobsOf = async (id: string) => (await get(`/api/v1/documents/${id}/jobs`)).json() as { job_id: string; warnings: string[] }[];
  const errorsOf = async (query = '') => (await get(`/api/v1/llm/errors?limit=100${query}`)).json() as { items: LoggedError[]; total: number };

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    t = await startTestService({ env: { ...chatPath.env, PROVIDER_ALLOW_PRIVATE_URLS: 'true', PROVIDER_MAX_RETRIES: '1', WORKER_CONCURRENCY: '1' } });
    a = await createTenant(t, 'Described');
    await configureProvider(t, a, fake.url);
    await activate(t, a, 'gpt-4o-mini', true);
    const profile = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/documents/indexing-profile',
      headers: a.auth(),
      payload: { chunk_size: 512, chunk_overlap: 64, embedding_model: null, parallelism: 4, ai_descriptions: true },
    });
    expect(profile.statusCode, profile.body).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  /** Uploads a document while the provider fails, and returns it with its job once the fallback is recorded. */
  async function describedWhileFailing(name: string, text: string) {
    const id = await uploadOk(t, a, name, text);
    await indexedOk(t, a, id);
    const [job] = await eventually(`the fallback warning of ${name}`, () => jobsOf(id), (jobs) => jobs[0]?.warnings.length > 0);
    return { id, jobId: job.job_id };
  }

  describe('GET /api/v1/llm/errors: errors of a document description', () => {
    it('carry the document and the job, and the document_id filter returns exactly them', async () => {
      fake.setMode('server_error');
      const sentBefore = fake.requests.length;
      const first = await describedWhileFailing('glaciers.txt', 'Glaciers retreat in the Alps as the summers grow warmer.');
      const firstAttempts = fake.requests.length - sentBefore;
      const second = await describedWhileFailing('deltas.txt', 'River deltas move as sediment settles along the coast.');
      fake.setMode('ok');

      // PROVIDER_MAX_RETRIES=1: two attempts per description, each failed attempt one entry.
      expect(firstAttempts).toBe(2);
      const all = await errorsOf();
      expect(all.total).toBe(4);
      expect(all.items.map((e) => [e.document_id, e.job_id])).toEqual([
        [second.id, second.jobId],
        [second.id, second.jobId],
        [first.id, first.jobId],
        [first.id, first.jobId],
      ]);
      // Background work: no caller behind it.
      expect(all.items.map((e) => e.user_id)).toEqual([null, null, null, null]);

      const ofFirst = await errorsOf(`&document_id=${first.id}`);
      expect(ofFirst.total).toBe(2);
      expect(ofFirst.items.map((e) => e.job_id)).toEqual([first.jobId, first.jobId]);
    });

    it('errors of calls made for a caller carry no document or job', async () => {
      fake.setMode('server_error');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/llm/chat',
        headers: { ...a.auth(), 'x-request-id': 'caller-call-1' },
        payload: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hello' }] },
      });
      fake.setMode('ok');
      expect(res.statusCode).toBe(502);
      const mine = (await errorsOf()).items.filter((e) => e.request_id === 'caller-call-1');
      expect(mine.map((e) => [e.document_id, e.job_id])).toEqual([
        [null, null],
        [null, null],
      ]);
    });

    it('refuses a document_id that is not a UUID with 422', async () => {
      const res = await get('/api/v1/llm/errors?document_id=not-a-uuid');
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('validation_error');
    });
  });
});
