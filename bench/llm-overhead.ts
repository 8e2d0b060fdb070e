/**
 * Language-model gateway overhead (issue 4): the latency our chat endpoints add on top of the provider. In one run,
 * autocannon (50 connections, non-streamed chat) loads (a) the fake OpenAI provider directly and (b) the same
 * completion through the service: POST /api/v1/llm/chat and (c) the OpenAI-compatible POST /v1/chat/completions,
 * with a tenant whose openai key points at the fake (PROVIDER_ALLOW_PRIVATE_URLS=true). Provider, service and load
 * generator run as three processes on loopback. Then the same three, one request at a time, for the latency a single
 * caller sees without queueing.
 * Usage: npx tsx bench/llm-overhead.ts            (embedded PGlite)
 *        DATABASE_URL=postgresql://... npx tsx bench/llm-overhead.ts
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { cli, load, startServiceProcess, type LoadResult } from './lib.js';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = 50;

async function startFake(): Promise<{ url: string; stop(): void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'llm-fake.ts')], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.once('data', (d) => resolve(String(d).trim()));
    child.once('exit', (code) => reject(new Error(`fake provider exited ${code}`)));
  });
  return { url, stop: () => child.kill('SIGTERM') };
}

/**
 * One request at a time over a keep-alive connection, timed with performance.now(): the latency a single caller
 * sees, without the queueing of a saturated run, and with sub-millisecond resolution (autocannon's is 1 ms).
 */
async function sequential(name: string, target: { url: string; headers: Record<string, string>; body: string }, count: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const once = () =>
    new Promise<void>((resolve, reject) => {
      const req = http.request(target.url, { method: 'POST', headers: target.headers, agent }, (res) => {
        res.resume();
        res.once('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`${name}: HTTP ${res.statusCode}`))));
      });
      req.once('error', reject);
      req.end(target.body);
    });
  for (let i = 0; i < 200; i++) await once();
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await once();
    times.push(performance.now() - started);
  }
  agent.destroy();
  times.sort((x, y) => x - y);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))] * 1000) / 1000;
  return { name, p50: at(0.5), p99: at(0.99) };
}

async function json(url: string, init: RequestInit & { headers?: Record<string, string> } = {}): Promise<any> {
  const res = await fetch(url, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
  const body = await res.json();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

const fake = await startFake();
const service = await startServiceProcess({ PROVIDER_ALLOW_PRIVATE_URLS: 'true' });
try {
  const slug = `bench-${Date.now()}`;
  const password = 'bench-password-1';
  await cli(service.dataDir, ['tenant', 'create', '--name', 'Bench', '--slug', slug, '--admin-email', 'o@bench.io', '--admin-password', password, '--json']);
  const login = await json(`${service.url}/api/auth/login`, { method: 'POST', body: JSON.stringify({ email: 'o@bench.io', password, tenant_id: slug }) });
  const admin = { authorization: `Bearer ${login.access_token}` };
  const created = await json(`${service.url}/api/v1/api-keys/`, { method: 'POST', headers: admin, body: JSON.stringify({ name: 'bench', scopes: ['chat:query'] }) });
  const key = { authorization: `Bearer ${created.key}`, 'content-type': 'application/json' };
  await json(`${service.url}/api/v2/llm/providers/openai/credentials`, { method: 'PUT', headers: admin, body: JSON.stringify({ api_key: 'sk-bench', base_url: fake.url }) });
  await json(`${service.url}/api/v2/llm/models/activate`, { method: 'POST', headers: admin, body: JSON.stringify({ model_name: 'gpt-4o-mini' }) });

  const body = JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'how much latency do we add' }] });
  const direct = { url: `${fake.url}/chat/completions`, method: 'POST' as const, headers: { authorization: 'Bearer sk-bench', 'content-type': 'application/json' }, body };
  const ours = { url: `${service.url}/api/v1/llm/chat`, method: 'POST' as const, headers: key, body };
  const gateway = { url: `${service.url}/v1/chat/completions`, method: 'POST' as const, headers: key, body };
  const check = await json(ours.url, { method: 'POST', headers: key, body });
  if (check.content !== 'echo: how much latency do we add') throw new Error(`unexpected answer ${JSON.stringify(check)}`);

  // Warm-up (JIT, connection pools, caches), then the measured runs, one after another.
  await load('warm-up', { ...direct, connections, duration: 2 });
  await load('warm-up', { ...ours, connections, duration: 3 });
  await load('warm-up', { ...gateway, connections, duration: 2 });
  const results: LoadResult[] = [];
  results.push(await load('(a) fake provider, direct', { ...direct, connections, duration }));
  results.push(await load('(b) POST /api/v1/llm/chat through the service', { ...ours, connections, duration }));
  results.push(await load('(c) POST /v1/chat/completions (OpenAI gateway)', { ...gateway, connections, duration }));

  const sequentialCount = Number(process.env.BENCH_SEQUENTIAL ?? 2000);
  const single = [
    await sequential('(a) fake provider, direct', direct, sequentialCount),
    await sequential('(b) POST /api/v1/llm/chat', ours, sequentialCount),
    await sequential('(c) POST /v1/chat/completions', gateway, sequentialCount),
  ];

  const db = process.env.DATABASE_URL ? 'PostgreSQL server' : 'embedded PGlite';
  console.log(`\n### Language-model gateway overhead on ${db}\n`);
  console.log(`${os.cpus().length} cores, ${os.cpus()[0]?.model}, Node ${process.version}; non-streamed chat; provider, service and load generator in separate processes on loopback.\n`);
  console.log(`Under load: autocannon, ${connections} connections, ${duration} s each (latency resolution 1 ms).\n`);
  console.log('| case | requests/s | p50 ms | p99 ms | added p50 ms | added p99 ms | non-2xx |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  const [base] = results;
  for (const r of results) {
    const added = r === base ? ['—', '—'] : [String(r.p50 - base.p50), String(r.p99 - base.p99)];
    console.log(`| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${added[0]} | ${added[1]} | ${r.non2xx + r.errors} |`);
  }
  console.log(`\nOne caller: ${sequentialCount} sequential requests on a keep-alive connection, timed in-process.\n`);
  console.log('| case | p50 ms | p99 ms | added p50 ms | added p99 ms |');
  console.log('|---|---:|---:|---:|---:|');
  for (const r of single) {
    const added = r === single[0] ? ['—', '—'] : [(r.p50 - single[0].p50).toFixed(3), (r.p99 - single[0].p99).toFixed(3)];
    console.log(`| ${r.name} | ${r.p50.toFixed(3)} | ${r.p99.toFixed(3)} | ${added[0]} | ${added[1]} |`);
  }
  console.log(`\nPeak RSS of the service: ${await service.rssMb()} MB`);
} finally {
  await service.stop();
  fake.stop();
}
