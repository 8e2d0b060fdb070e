import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTenant, startTestService, type TestService, type TestTenant } from '../../../../test/harness.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../../../test/peers/fake-openai.js';
import { rows } from '../../../platform/db/database.js';
import { embedInBatches } from '../../ingestion/embedding/types.js';
import { OFFLINE_MODEL, OFFLINE_PROVIDER } from '../../ingestion/embedding/offline-embedder.js';
import type { DescriptionGenerator, EmbeddingResolver } from '../../ingestion/ports.js';
import { createLlmCalls } from '../index.js';
import { activate, configureProvider, usageRows } from '../../../../test/support/llm.js';

let t: TestService;
let fake: FakeOpenAI;
let a: TestTenant;
let embeddings: EmbeddingResolver;
let describer: DescriptionGenerator;
let stopCalls: () => Promise<void>;

beforeAll(async () => {
  // 1536: what the catalog declares for text-embedding-3-small.
  fake = await startFakeOpenAI({ dimensions: 1536 });
  t = await startTestService({ env: { PROVIDER_ALLOW_PRIVATE_URLS: 'true', PROVIDER_MAX_RETRIES: '1' } });
  a = await createTenant(t, 'Acme');
  // The same objects the composition root hands to the documents module, on this service's context.
  const ctx = t.service.ctx;
  const calls = createLlmCalls(ctx);
  embeddings = calls.embeddings;
  describer = calls.describer;
  stopCalls = () => calls.usage.stop();
});
afterAll(async () => {
  await stopCalls?.();
  await t?.close();
  await fake?.close();
});
beforeEach(() => fake.reset());

const texts = (n: number) => Array.from({ length: n }, (_, i) => `chunk number ${i}`);
const embeddingCalls = () => fake.requests.filter((r) => r.path === '/v1/embeddings');

describe('EmbeddingResolver.forTenant', () => {
  it('falls back to the built-in offline embedder when the tenant has no embedding model', async () => {
    const provider = await embeddings.forTenant(a.tenantId);
    expect(provider).toMatchObject({ provider: OFFLINE_PROVIDER, model: OFFLINE_MODEL });
    expect((await provider.embed(['hello']))[0]).toHaveLength(provider.dimensions);
    expect(fake.requests).toHaveLength(0);
  });

  it("uses the tenant's default embedding model, in batches, with the catalog's dimensions, counted as usage", async () => {
    await configureProvider(t, a, fake.url);
    await activate(t, a, 'text-embedding-3-small', true);
    const provider = await embeddings.forTenant(a.tenantId);
    expect(provider).toMatchObject({ provider: 'openai', model: 'text-embedding-3-small', dimensions: 1536, maxBatchSize: 96 });
    expect(fake.requests).toHaveLength(0); // the catalog knew the size: no probe

    const vectors = await embedInBatches(provider, texts(200));
    expect(vectors).toHaveLength(200);
    expect(vectors[199]).toHaveLength(1536);
    expect(embeddingCalls().map((r) => (r.body as { input: string[] }).input.length)).toEqual([96, 96, 8]);
    const usage = await usageRows(t, a.tenantId, (found) => found.filter((r) => r.mode === 'embedding').length >= 3);
    expect(usage.filter((r) => r.mode === 'embedding')).toHaveLength(3);
    expect(usage[0]).toMatchObject({ model: 'text-embedding-3-small', user_id: null, api_key_id: null });
  });

  it('retries a rate-limited batch', async () => {
    fake.setMode({ mode: 'rate_limit', times: 1, retryAfter: 0 });
    const provider = await embeddings.forTenant(a.tenantId);
    expect(await provider.embed(['again'])).toHaveLength(1);
    expect(embeddingCalls().map((r) => r.status)).toEqual([429, 200]);
  });

  it('rejects when its signal aborts', async () => {
    fake.setMode('hang');
    const provider = await embeddings.forTenant(a.tenantId);
    const controller = new AbortController();
    const pending = provider.embed(['never'], controller.signal);
    await fake.waitFor((r) => r.length === 1);
    controller.abort();
    await expect(pending).rejects.toThrow();
    await fake.waitFor((r) => r[0].aborted);
  });

  it('surfaces a provider failure as a readable error', async () => {
    fake.setMode('unauthorized');
    const provider = await embeddings.forTenant(a.tenantId);
    await expect(provider.embed(['x'])).rejects.toThrow(/provider key rejected/);
  });

  it('takes an explicit model, and refuses one it cannot use instead of switching silently', async () => {
    expect((await embeddings.forTenant(a.tenantId, 'text-embedding-3-small')).model).toBe('text-embedding-3-small');
    await expect(embeddings.forTenant(a.tenantId, 'gpt-4o-mini')).rejects.toThrow(/not embedding|chat model/);
    await expect(embeddings.forTenant(a.tenantId, 'text-embedding-3-large')).rejects.toThrow(/not enabled/);
    await expect(embeddings.forTenant(a.tenantId, 'no-such-model')).rejects.toThrow(/not found/);
  });

  it('learns the dimensions of a model the catalog gives none for, once', async () => {
    await configureProvider(t, a, fake.url, 'sk-mistral', 'mistral');
    await activate(t, a, 'mistral-embed');
    const first = await embeddings.forTenant(a.tenantId, 'mistral-embed');
    expect(first).toMatchObject({ provider: 'mistral', dimensions: 1536 });
    expect(embeddingCalls()).toHaveLength(1); // the probe
    const again = await embeddings.forTenant(a.tenantId, 'mistral-embed');
    expect(again.dimensions).toBe(1536);
    expect(embeddingCalls()).toHaveLength(1);
    const stored = await t.service.ctx.db.tenant(a.tenantId, (tx) =>
      rows(tx, sql`SELECT provider, model, dimensions FROM llm_embedding_dimensions WHERE tenant_id = ${a.tenantId}`),
    );
    expect(stored).toEqual([{ provider: 'mistral', model: 'mistral-embed', dimensions: 1536 }]);
  });

  it("corrects a catalog size this tenant's server does not return", async () => {
    await configureProvider(t, a, fake.url, 'unused', 'ollama');
    await activate(t, a, 'nomic-embed-text');
    const declared = await embeddings.forTenant(a.tenantId, 'nomic-embed-text');
    expect(declared.dimensions).toBe(768);
    await expect(embedInBatches(declared, ['x'])).rejects.toThrow(/expected vectors of 768 dimensions, got 1536/);
    expect((await embeddings.forTenant(a.tenantId, 'nomic-embed-text')).dimensions).toBe(1536);
  });
});

describe('DescriptionGenerator.describe', () => {
  it('is null while the tenant has no default chat model', async () => {
    expect(await describer.describe(a.tenantId, 'A report about rivers.')).toBeNull();
  });

  it("describes with the tenant's default chat model", async () => {
    await activate(t, a, 'gpt-4o-mini', true);
    const description = await describer.describe(a.tenantId, 'A report about rivers.');
    expect(description).toEqual({ text: 'echo: A report about rivers.', model: 'gpt-4o-mini' });
    expect(fake.requests[0].body).toMatchObject({ model: 'gpt-4o-mini', messages: [{ role: 'system' }, { role: 'user', content: 'A report about rivers.' }] });
  });

  it('sends a bounded excerpt of a long document', async () => {
    await describer.describe(a.tenantId, 'word '.repeat(10_000));
    const sent = (fake.requests[0].body as { messages: { content: string }[] }).messages[1].content;
    expect(sent.length).toBeLessThanOrEqual(12_000);
  });

  it('is null when the provider fails (the failure is in the error log)', async () => {
    fake.setMode('server_error');
    expect(await describer.describe(a.tenantId, 'A report about lakes.')).toBeNull();
    const log = await t.app.inject({ method: 'GET', url: '/api/v1/llm/errors?error_code=provider_error', headers: a.auth() });
    expect(log.json().total).toBe(2); // the attempt and its one retry (PROVIDER_MAX_RETRIES=1)
  });

  it('rejects when aborted', async () => {
    fake.setMode('hang');
    const controller = new AbortController();
    const pending = describer.describe(a.tenantId, 'wait', controller.signal);
    await fake.waitFor((r) => r.length === 1);
    controller.abort();
    await expect(pending).rejects.toThrow();
  });
});
