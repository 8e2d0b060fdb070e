import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestService, type TestService, type TestTenant } from '../../../test/harness.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../../test/peers/fake-openai.js';
import { indexedOk, uploadOk } from '../../../test/support/documents.js';
import { eventually } from '../../../test/support/eventually.js';
import { activate, configureProvider } from '../../../test/support/llm.js';
import { seriesValue } from '../../../test/support/metrics.js';

/**
 * A hybrid query over documents a provider embedded: the query's embedding is a round trip to that provider, and
 * the full-text leg, which needs no embedding, runs meanwhile, on one connection too (the embedded database, and a
 * server with SEARCH_PARALLEL_LEGS off, as here). Seen from outside through kb_search_step_seconds while the
 * provider holds the query's embedding back.
 */
const TOKEN = `metrics-${randomUUID()}`;

describe('a hybrid query while a provider embeds it', () => {
  let t: TestService;
  let fake: FakeOpenAI;
  let a: TestTenant;

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    t = await startTestService({ env: { METRICS_TOKEN: TOKEN, PROVIDER_ALLOW_PRIVATE_URLS: 'true', PROVIDER_MAX_RETRIES: '0', SEARCH_PARALLEL_LEGS: 'false' } });
    a = await createTenant(t, 'Overlap');
    await configureProvider(t, a, fake.url);
    await activate(t, a, 'text-embedding-3-small', true);
    const docs: [string, string][] = [
      ['police.md', '# Equipment\n\nMilitary equipment was transferred to police departments in Kansas and Nebraska.'],
      ['diner.md', '# Menu\n\nThe diner serves a hamburger with fries, and pie on Sundays.'],
    ];
    for (const [name, text] of docs) await indexedOk(t, a, await uploadOk(t, a, name, text));
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const steps = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode, res.body).toBe(200);
    const count = (step: string) => seriesValue(res.body, 'kb_search_step_seconds_count', { step }) ?? 0;
    return { embedding: count('embedding'), vector: count('vector'), fulltext: count('fulltext') };
  };

  it('runs its full-text leg before the provider has answered, then answers with both legs', async () => {
    const before = await steps();
    const heldBefore = fake.requests.filter((r) => r.path === '/v1/embeddings').length;
    fake.setMode({ mode: 'hold', times: 1 });
    const answer = t.app.inject({ method: 'POST', url: '/api/v1/documents/query', headers: a.auth(), payload: { query: 'military equipment police' } });
    await fake.waitFor((r) => r.filter((x) => x.path === '/v1/embeddings').length > heldBefore, 30_000);
    // The query's embedding is held: a search that waited for it would have run no leg at all.
    const during = await eventually('the full-text leg to end while the embedding is held', steps, (s) => s.fulltext > before.fulltext, 30_000);
    expect(during).toMatchObject({ embedding: before.embedding, vector: before.vector, fulltext: before.fulltext + 1 });
    fake.release();
    const res = await answer;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items[0].filename).toBe('police.md');
    expect(await steps()).toEqual({ embedding: before.embedding + 1, vector: before.vector + 1, fulltext: before.fulltext + 1 });
  });

  it('a vector query has no full-text leg to run early, and a full-text query no embedding', async () => {
    const before = await steps();
    for (const mode of ['vector', 'fulltext']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/documents/query', headers: a.auth(), payload: { query: 'hamburger pie', mode } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().items.length, mode).toBeGreaterThan(0);
    }
    expect(await steps()).toEqual({ embedding: before.embedding + 1, vector: before.vector + 1, fulltext: before.fulltext + 1 });
  });
});
