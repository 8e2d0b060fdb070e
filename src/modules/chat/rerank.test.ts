import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTenant, startTestService, type TestService, type TestTenant } from '../../../test/harness.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../../test/peers/fake-openai.js';
import { lexicalRerankScores } from '../../../test/peers/lexical-reranker.js';
import { activate, configureProvider, usageRows } from '../../../test/support/llm.js';
import { ask, seedDocuments } from '../../../test/support/chat.js';

/**
 * Reranking with the tenant's default `rerank` model (Cohere's rerank-v3.5 of the catalog, served by a second loopback
 * peer in Cohere's shape, scoring with the lexical cross-scorer of test/peers/lexical-reranker.ts): the order it gives
 * is the order of the sources; a failure leaves the fused order, is written to the error log, and never fails the answer.
 */
let t: TestService;
let openai: FakeOpenAI;
let cohere: FakeOpenAI;
let r: TestTenant;

const QUERY = 'late payment fee on an unpaid invoice';
// The fused order puts dense.md first (every query word, many times over); the cross-scorer prefers fees.md, whose one
// sentence holds the words as asked ("late payment fee", "unpaid invoice"), and does not stem "fees" or "invoices".
const DOCS = [
  {
    name: 'fees.md',
    text:
      '# Terms of sale\n\nOur terms of sale cover delivery, returns, warranty and support. Goods are shipped within five working days from ' +
      'our warehouse, and returns are accepted within thirty days when the goods are unused. A late payment fee applies to any unpaid ' +
      'invoice. Warranty claims go to the support desk, which answers within two working days.',
  },
  {
    name: 'dense.md',
    text: '# Late payments\n\nLate payments and fees: unpaid invoices, late fees, fees on unpaid invoices, late payments of invoices, payments, fees, invoices, late, unpaid.',
  },
  { name: 'invoices.md', text: '# Invoices\n\nAn invoice lists the invoice number, the invoice date and the amount.' },
  { name: 'payments.md', text: '# Payments\n\nPayment by card or by transfer. Payment is due on receipt.' },
  { name: 'holidays.md', text: '# Holidays\n\nThe office is closed on public holidays.' },
];

beforeAll(async () => {
  [openai, cohere] = await Promise.all([startFakeOpenAI(), startFakeOpenAI()]);
  t = await startTestService({ env: { PROVIDER_ALLOW_PRIVATE_URLS: 'true', PROVIDER_MAX_RETRIES: '1' } });
  r = await createTenant(t, 'Reranked');
  await configureProvider(t, r, openai.url);
  await configureProvider(t, r, cohere.url, 'co-fake-key', 'cohere');
  await activate(t, r, 'gpt-4o-mini', true);
  await activate(t, r, 'rerank-v3.5', true);
  await seedDocuments(t, r, DOCS);
});
afterAll(async () => {
  await t?.close();
  await Promise.all([openai?.close(), cohere?.close()]);
});
beforeEach(() => {
  openai.reset();
  cohere.reset();
});

const names = (sources: { filename: string }[]) => sources.map((s) => s.filename);

describe('with a default rerank model', () => {
  it("orders the sources by the model's scores over a wider set of fused candidates", async () => {
    const fused = (await ask(t, r, { query: QUERY, mode: 'retrieve', top_k: 3, rerank: false })).json();
    expect(fused.reranked_by).toBeNull();
    expect(cohere.requests).toEqual([]);

    const res = await ask(t, r, { query: QUERY, mode: 'retrieve', top_k: 3 });
    expect(res.statusCode, res.body).toBe(200);
    const reranked = res.json();
    expect(reranked.reranked_by).toBe('rerank-v3.5');

    // The peer was asked in Cohere's shape, with the tenant's Cohere key, about every fused candidate (not only the top 3).
    expect(cohere.requests).toHaveLength(1);
    const call = cohere.requests[0];
    expect(call.path).toBe('/v1/rerank');
    expect(call.headers.authorization).toBe('Bearer co-fake-key');
    const sent = call.body as { model: string; query: string; documents: string[]; top_n: number };
    expect(sent).toMatchObject({ model: 'rerank-v3.5', query: QUERY, top_n: 3 });
    expect(sent.documents).toHaveLength(DOCS.length);

    // The order and the scores are the reranker's.
    const scores = lexicalRerankScores(QUERY, sent.documents);
    const expected = sent.documents.map((text, i) => ({ text, score: scores[i] })).sort((x, y) => y.score - x.score).slice(0, 3);
    expect(reranked.sources.map((s: any) => s.score)).toEqual(expected.map((e) => e.score));
    expect(reranked.sources.map((s: any) => s.snippet)).toEqual(expected.map((e) => e.text.replace(/\s+/g, ' ').trim()));
    expect(reranked.sources.map((s: any) => s.n)).toEqual([1, 2, 3]);
    // ... which is not the fused order.
    expect(names(fused.sources)[0]).toBe('dense.md');
    expect(names(reranked.sources)[0]).toBe('fees.md');

    // Usage of the rerank call: one query, priced by the catalog (0.002 USD per query).
    const rows = await usageRows(t, r.tenantId, (found) => found.some((u) => u.mode === 'rerank'));
    expect(rows.find((u) => u.mode === 'rerank')).toMatchObject({ model: 'rerank-v3.5', provider: 'cohere' });
    expect(Number(rows.find((u) => u.mode === 'rerank')!.cost_usd)).toBeCloseTo(0.002, 10);
  });

  it('answers from the reranked sources', async () => {
    const res = await ask(t, r, { query: QUERY, top_k: 2 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().reranked_by).toBe('rerank-v3.5');
    expect(names(res.json().sources)[0]).toBe('fees.md');
    expect((openai.requests[0].body as any).messages.at(-1).content).toMatch(/^<sources>\n<source id="1" document="fees.md"/);
  });

  it('a failing rerank model leaves the fused order, is logged in the error log, and the answer still comes', async () => {
    const fused = (await ask(t, r, { query: QUERY, mode: 'retrieve', top_k: 3, rerank: false })).json();
    cohere.setMode('server_error');
    const res = await ask(t, r, { query: QUERY, top_k: 3 });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.reranked_by).toBeNull();
    expect(names(body.sources)).toEqual(names(fused.sources));
    expect(body.answer).toContain('echo:');
    expect(cohere.requests.map((q) => q.status)).toEqual([500, 500]); // the first attempt and PROVIDER_MAX_RETRIES=1

    const log = (await t.app.inject({ method: 'GET', url: '/api/v1/llm/errors?provider=cohere', headers: r.auth() })).json();
    expect(log.items[0]).toMatchObject({ provider: 'cohere', model: 'rerank-v3.5', error_code: 'provider_error', status_code: 500 });
  });

  it('a rerank model the tenant cannot call (no key) degrades the same way and is logged', async () => {
    const k = await createTenant(t, 'No rerank key');
    await configureProvider(t, k, openai.url);
    await activate(t, k, 'gpt-4o-mini', true);
    await activate(t, k, 'rerank-v3.5', true);
    await seedDocuments(t, k, DOCS.slice(0, 2));
    const res = await ask(t, k, { query: QUERY });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().reranked_by).toBeNull();
    expect(res.json().sources).toHaveLength(2);
    expect(cohere.requests).toEqual([]);
    const log = (await t.app.inject({ method: 'GET', url: '/api/v1/llm/errors', headers: k.auth() })).json();
    expect(log.items[0]).toMatchObject({ provider: 'cohere', model: 'rerank-v3.5', error_code: 'provider_not_configured', status_code: 400 });
  });
});
