import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTenant, startTestService, type TestService, type TestTenant } from '../../../../test/harness.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../../../test/peers/fake-openai.js';
import { getDocument, indexedOk, uploadOk } from '../../../../test/support/documents.js';
import { eventually } from '../../../../test/support/eventually.js';
import { DESCRIPTION_FALLBACK } from './index-document.js';

/**
 * Model-written descriptions are a setting of the indexing profile, off by default: a tenant
 * whose default chat model is set sends nothing to it until `ai_descriptions` is on; then each provider error is
 * logged under the document and job, and the fallback to the extractive description is a job warning.
 * One worker slot: a job (its description step included) ends before the next one starts, so what the provider
 * received can be attributed to one document.
 */
let t: TestService;
let fake: FakeOpenAI;
let a: TestTenant;

const chatRequests = () => fake.requests.filter((r) => r.path === '/v1/chat/completions');
const jobsOf = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/v1/documents/${id}/jobs`, headers: a.auth() })).json();
const setProfile = (aiDescriptions?: boolean) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/v1/documents/indexing-profile',
    headers: a.auth(),
    payload: { chunk_size: 512, chunk_overlap: 64, embedding_model: null, parallelism: 4, ...(aiDescriptions !== undefined && { ai_descriptions: aiDescriptions }) },
  });

beforeAll(async () => {
  fake = await startFakeOpenAI();
  t = await startTestService({ env: { PROVIDER_ALLOW_PRIVATE_URLS: 'true', PROVIDER_MAX_RETRIES: '1', WORKER_CONCURRENCY: '1' } });
  a = await createTenant(t, 'Descriptions');
  const credentials = await t.app.inject({
    method: 'PUT',
    url: '/api/v2/llm/providers/openai/credentials',
    headers: a.auth(),
    payload: { api_key: 'sk-fake-tenant-key', base_url: fake.url },
  });
  expect(credentials.statusCode, credentials.body).toBe(200);
  // The tenant's default chat model, as the README sets it up.
  const activated = await t.app.inject({ method: 'POST', url: '/api/v2/llm/models/activate', headers: a.auth(), payload: { model_name: 'gpt-4o-mini', is_default: true } });
  expect(activated.statusCode, activated.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => fake.reset());

describe('ai_descriptions in the indexing profile', () => {
  it('is off by default, and off sends no document to the default chat model', async () => {
    const profile = await t.app.inject({ method: 'GET', url: '/api/v1/documents/indexing-profile', headers: a.auth() });
    expect(profile.json().ai_descriptions).toBe(false);
    const quiet = await uploadOk(t, a, 'rivers.txt', 'The report describes the rivers of the northern valley in detail.');
    const doc = await indexedOk(t, a, quiet);
    expect(doc.ai_description).toBe('The report describes the rivers of the northern valley in detail.');

    // Turned on, the next document is described; the first one never reached the provider (one job at a time).
    expect((await setProfile(true)).json().ai_descriptions).toBe(true);
    const described = await uploadOk(t, a, 'lakes.txt', 'The survey counts the lakes of the southern plateau every spring.');
    await indexedOk(t, a, described);
    const withModel = await eventually('the model-written description', () => getDocument(t, a, described), (d) => d.ai_description?.startsWith('echo:'));
    expect(withModel.ai_description).toBe('echo: The survey counts the lakes of the southern plateau every spring.');
    expect(chatRequests()).toHaveLength(1);
    expect((await jobsOf(quiet))[0].warnings).toEqual([]);
    expect((await jobsOf(described))[0].warnings).toEqual([]);

    // A replace without the field turns it off again.
    expect((await setProfile()).json().ai_descriptions).toBe(false);
  });

  it('a failing provider: each error is logged under the document and job, and the fallback is a job warning', async () => {
    expect((await setProfile(true)).statusCode).toBe(200);
    fake.setMode('server_error');
    const id = await uploadOk(t, a, 'glaciers.txt', 'Glaciers retreat in the Alps as the summers grow warmer.');
    const doc = await indexedOk(t, a, id);
    const [job] = await eventually('the fallback warning', () => jobsOf(id), (jobs) => jobs[0].warnings.length > 0);
    expect(job.warnings).toEqual([DESCRIPTION_FALLBACK]);
    expect((await getDocument(t, a, id)).ai_description).toBe('Glaciers retreat in the Alps as the summers grow warmer.');
    expect(doc.status).toBe('indexed');

    const sent = chatRequests().length;
    expect(sent).toBeGreaterThan(0);
    const log = (await t.app.inject({ method: 'GET', url: '/api/v1/llm/errors?limit=100', headers: a.auth() })).json();
    const ours = log.items.filter((e: { request_id: string | null }) => e.request_id === `document:${id} job:${job.job_id}`);
    // One entry per failed attempt, every one of them attributed: none without a document and job.
    expect(ours).toHaveLength(sent);
    expect(log.items.filter((e: { request_id: string | null }) => e.request_id === null)).toEqual([]);
    expect((await setProfile(false)).statusCode).toBe(200);
  });
});
