import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, onPostgres, startTestService, type TestService, type TestTenant } from '../../../test/harness.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../../test/peers/fake-openai.js';
import { startS3Peer, type S3Peer } from '../../../test/peers/s3-peer.js';
import { indexedOk, uploadOk } from '../../../test/support/documents.js';
import { activate, chatBody, configureProvider } from '../../../test/support/llm.js';
import { eventually } from '../../../test/support/eventually.js';
import { seriesValue as value } from '../../../test/support/metrics.js';

/**
 * GET /metrics: Prometheus text, behind METRICS_TOKEN on the HTTP port or on METRICS_PORT, with the
 * series an operator watches; and /readyz reporting Redis and the object store.
 */
const TOKEN = `metrics-${randomUUID()}`;
let t: TestService;
let a: TestTenant;
let fake: FakeOpenAI;

beforeAll(async () => {
  fake = await startFakeOpenAI();
  t = await startTestService({
    env: { METRICS_TOKEN: TOKEN, PROVIDER_ALLOW_PRIVATE_URLS: 'true', PROVIDER_MAX_RETRIES: '0', RATE_LIMIT_KEY_CREATIONS_PER_TENANT_PER_MINUTE: '1' },
  });
  a = await createTenant(t, 'Metrics');
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const scrape = async (target = t) => {
  const res = await target.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
};


describe('GET /metrics on the HTTP port', () => {
  it('requires the METRICS_TOKEN bearer; a JWT or an API key does not open it', async () => {
    const key = await a.apiKey(['admin']).catch(() => null); // the tenant's key budget is 1 a minute: at most one here
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', `Bearer ${a.token}`, key ? `Bearer ${key.key}` : 'Bearer sk-x']) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json().code).toBe('unauthorized');
    }
  });

  it('is 404 when no token is configured', async () => {
    const plain = await startTestService();
    try {
      const res = await plain.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('counts requests by route template and status, with latency histograms, and reports event-loop lag', async () => {
    const missing = randomUUID();
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/documents/${missing}`, headers: a.auth() });
      expect(res.statusCode).toBe(404);
    }
    const text = await scrape();
    const labels = { method: 'GET', route: '/api/v1/documents/:document_id', status: '404' };
    expect(value(text, 'kb_http_requests_total', labels)).toBe(3);
    expect(value(text, 'kb_http_request_duration_seconds_count', labels)).toBe(3);
    expect(value(text, 'kb_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(3);
    expect(text).not.toContain(missing); // ids never become labels
    expect(value(text, 'nodejs_eventloop_lag_seconds')).toEqual(expect.any(Number));
    expect(value(text, 'nodejs_eventloop_lag_p99_seconds')).toEqual(expect.any(Number));
  });

  it('reports jobs run per kind, the shared queue depth and ingestion throughput', async () => {
    const id = await uploadOk(t, a, 'metrics.txt', 'Counting what the workers do.\n'.repeat(50));
    await indexedOk(t, a, id);
    // The document turns indexed inside the job; the queue counts the job as finished just after it returns.
    const text = await eventually('the finished ingest job in /metrics', scrape, (scraped) => value(scraped, 'kb_jobs_finished_total', { queue: 'ingest', outcome: 'completed' }) !== null && value(scraped, 'kb_jobs_running', { queue: 'ingest' }) === 0);
    expect(value(text, 'kb_jobs_finished_total', { queue: 'ingest', outcome: 'completed' })).toBeGreaterThanOrEqual(1);
    expect(value(text, 'kb_job_attempts_total', { queue: 'ingest' })).toBeGreaterThanOrEqual(1);
    expect(value(text, 'kb_jobs_running', { queue: 'ingest' })).toBe(0);
    expect(value(text, 'kb_documents_ingested_total', { outcome: 'indexed' })).toBeGreaterThanOrEqual(1);
    expect(value(text, 'kb_documents_ingested_bytes_total', { outcome: 'indexed' })).toBeGreaterThanOrEqual(50 * 30);
    expect(text).toMatch(/^# TYPE kb_job_queue_depth gauge$/m);
  });

  it('counts provider requests and errors per provider', async () => {
    await configureProvider(t, a, fake.url);
    await activate(t, a, 'gpt-4o-mini');
    const ok = await t.app.inject({ method: 'POST', url: '/api/v1/llm/chat', headers: a.auth(), payload: chatBody('gpt-4o-mini') });
    expect(ok.statusCode, ok.body).toBe(200);
    fake.setMode({ mode: 'server_error', times: 1 });
    const failed = await t.app.inject({ method: 'POST', url: '/api/v1/llm/chat', headers: a.auth(), payload: chatBody('gpt-4o-mini') });
    expect(failed.statusCode).toBe(502);
    const text = await scrape();
    expect(value(text, 'kb_llm_provider_requests_total', { provider: 'openai', outcome: 'success' })).toBe(1);
    expect(value(text, 'kb_llm_provider_requests_total', { provider: 'openai', outcome: 'error' })).toBe(1);
    expect(value(text, 'kb_llm_provider_errors_total', { provider: 'openai', code: 'provider_error' })).toBe(1);
    expect(value(text, 'kb_llm_provider_latency_seconds_count', { provider: 'openai', mode: 'chat' })).toBe(1);
  });

  it('counts rate-limit rejections by budget', async () => {
    const create = () => t.app.inject({ method: 'POST', url: '/api/v1/api-keys/', headers: a.auth(), payload: { name: 'k', scopes: ['documents:read'] } });
    let refused = 0;
    for (let i = 0; i < 3; i++) if ((await create()).statusCode === 429) refused++;
    expect(refused).toBeGreaterThanOrEqual(2);
    expect(value(await scrape(), 'kb_rate_limit_rejections_total', { policy: 'key_creation' })).toBeGreaterThanOrEqual(refused);
  });

  it.runIf(onPostgres)('reports the database pool of this process', async () => {
    const text = await scrape();
    expect(value(text, 'kb_db_pool_connections', { state: 'max' })).toBe(t.config.databasePoolSize);
    expect(value(text, 'kb_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(value(text, 'kb_db_pool_connections', { state: 'waiting' })).toBe(0);
  });
});

describe('GET /metrics on METRICS_PORT', () => {
  it('serves the same registry on a port of its own, behind the token when one is set', async () => {
    const s = await startTestService({ listen: true, env: { METRICS_PORT: '0', METRICS_TOKEN: TOKEN, RUN_MODE: 'worker' } });
    try {
      expect(s.service.app).toBeNull(); // a worker serves no HTTP: this port is how it is scraped
      const url = `http://127.0.0.1:${s.service.metricsPort}/metrics`;
      expect((await fetch(url)).status).toBe(401);
      const res = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).toMatch(/^# TYPE kb_jobs_finished_total counter$/m);
      expect((await fetch(`http://127.0.0.1:${s.service.metricsPort}/other`)).status).toBe(404);
    } finally {
      await s.close();
    }
  });
});

describe('/readyz', () => {
  it('reports each dependency; an unreachable object store makes the instance degraded, not unready', async () => {
    let peer: S3Peer | null = await startS3Peer();
    const s = await startTestService({ env: peer.env(`readyz-${randomUUID().slice(0, 8)}/`) });
    try {
      const ready = await s.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', data_dir: 'ok', object_store: 'ok', ...(process.env.REDIS_URL ? { redis: 'ok' } : {}) } });
      await peer.close();
      peer = null;
      const degraded = await s.app.inject({ method: 'GET', url: '/readyz' });
      expect(degraded.statusCode).toBe(200);
      expect(degraded.json()).toMatchObject({ status: 'degraded', checks: { database: 'ok', object_store: 'unreachable' } });
    } finally {
      await s.close();
      await peer?.close();
    }
  });

  it.runIf(Boolean(process.env.REDIS_URL))('reports Redis unreachable as degraded', async () => {
    // A proxy in front of the real Redis, cut during the test.
    const target = new URL(process.env.REDIS_URL!);
    const sockets = new Set<net.Socket>();
    const proxy = net.createServer((client) => {
      const upstream = net.connect(Number(target.port || 6379), target.hostname);
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on('error', () => {});
        s.on('close', () => sockets.delete(s));
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const port = (proxy.address() as net.AddressInfo).port;
    const s = await startTestService({ env: { REDIS_URL: `redis://127.0.0.1:${port}` } });
    try {
      expect((await s.app.inject({ method: 'GET', url: '/readyz' })).json().checks.redis).toBe('ok');
      await new Promise<void>((resolve) => {
        proxy.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
      const degraded = await s.app.inject({ method: 'GET', url: '/readyz' });
      expect(degraded.statusCode).toBe(200);
      expect(degraded.json()).toMatchObject({ status: 'degraded', checks: { database: 'ok', redis: 'unreachable' } });
      const text = (await s.app.inject({ method: 'GET', url: '/metrics' })).statusCode;
      expect(text).toBe(404); // no token on this service
    } finally {
      await s.close();
    }
  });
});
