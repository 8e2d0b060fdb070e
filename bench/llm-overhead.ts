/**
 * Language-model gateway overhead: the latency our chat endpoints add on top of the provider. In one run,
 * autocannon (50 connections, non-streamed chat) loads (a) the fake OpenAI provider directly and (b) the same
 * completion through the service: POST /api/v1/llm/chat and (c) the OpenAI-compatible POST /v1/chat/completions,
 * with a tenant whose openai key points at the fake (PROVIDER_ALLOW_PRIVATE_URLS=true), and (d) a bare node:http proxy
 * in front of the fake, the floor of any Node.js gateway here. Provider, service (or proxy) and load generator run as
 * separate processes on loopback. Then the same four, one request at a time, for the latency a single
 * caller sees without queueing. Each case also reports the CPU time the serving process spent per request (the fake
 * for (a), the service for (b) and (c), the proxy for (d), from /proc): on a shared machine it moves less than the rest.
 * Usage: npx tsx bench/llm-overhead.ts            (embedded PGlite)
 *        DATABASE_URL=postgresql://... npx tsx bench/llm-overhead.ts
 *        BENCH_CPU_PROF=<dir> (profile the service with --cpu-prof; summarise with bench/cpuprofile-summary.ts)
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { cli, load, startServiceProcess, type LoadResult } from './lib.js';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = 50;

/** User + system CPU of a process so far, in ms (/proc/<pid>/stat, clock ticks of 10 ms). */
async function cpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Where each measured case sits in the service's CPU profile (seconds since it was spawned). */
const windows: string[] = [];
let spawnedAt = 0;
const profileClock = () => ((performance.now() - spawnedAt) / 1000).toFixed(1);

/** Runs `work` and returns its result with the CPU ms `pid` spent during it. */
async function metered<T extends { name: string }>(pid: number, work: () => Promise<T>): Promise<T & { cpuMs: number }> {
  const before = await cpuMs(pid);
  const from = profileClock();
  const result = await work();
  windows.push(`${result.name}: --after ${from} --before ${profileClock()}`);
  return { ...result, cpuMs: (await cpuMs(pid)) - before };
}

/** A bench script in its own process that prints its base URL: the fake provider, the bare proxy. */
async function startChild(script: string, args: string[] = []): Promise<{ url: string; pid: number; stop(): void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, script), ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.once('data', (d) => resolve(String(d).trim()));
    child.once('exit', (code) => reject(new Error(`${script} exited ${code}`)));
  });
  return { url, pid: child.pid!, stop: () => child.kill('SIGTERM') };
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
  return { name, p50: at(0.5), p99: at(0.99), count };
}

async function json(url: string, init: RequestInit & { headers?: Record<string, string> } = {}): Promise<any> {
  const res = await fetch(url, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
  const body = await res.json();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

const fake = await startChild('llm-fake.ts');
// The floor of any Node.js gateway on this machine: forward, parse, answer; nothing else (bench/llm-bare-proxy.ts).
const bare = await startChild('llm-bare-proxy.ts', [fake.url]);
const profEnv: Record<string, string> = process.env.BENCH_CPU_PROF
  ? { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --cpu-prof --cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`.trim() }
  : {};
spawnedAt = performance.now();
const service = await startServiceProcess({ PROVIDER_ALLOW_PRIVATE_URLS: 'true', ...profEnv });
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
  const floor = { url: `${bare.url}/chat/completions`, method: 'POST' as const, headers: { 'content-type': 'application/json' }, body };
  const check = await json(ours.url, { method: 'POST', headers: key, body });
  if (check.content !== 'echo: how much latency do we add') throw new Error(`unexpected answer ${JSON.stringify(check)}`);

  // Warm-up (JIT, connection pools, caches), then the measured runs, one after another.
  await load('warm-up', { ...direct, connections, duration: 2 });
  await load('warm-up', { ...ours, connections, duration: 3 });
  await load('warm-up', { ...gateway, connections, duration: 2 });
  await load('warm-up', { ...floor, connections, duration: 2 });
  const loadBefore = os.loadavg().map((x) => x.toFixed(1)).join(' / ');
  const servicePid = service.child.pid!;
  const results: (LoadResult & { cpuMs: number })[] = [];
  results.push(await metered(fake.pid, () => load('(a) fake provider, direct', { ...direct, connections, duration })));
  results.push(await metered(servicePid, () => load('(b) POST /api/v1/llm/chat through the service', { ...ours, connections, duration })));
  results.push(await metered(servicePid, () => load('(c) POST /v1/chat/completions (OpenAI gateway)', { ...gateway, connections, duration })));
  results.push(await metered(bare.pid, () => load('(d) reference: bare node:http proxy', { ...floor, connections, duration })));

  const sequentialCount = Number(process.env.BENCH_SEQUENTIAL ?? 2000);
  const single = [
    await metered(fake.pid, () => sequential('(a) fake provider, direct', direct, sequentialCount)),
    await metered(servicePid, () => sequential('(b) POST /api/v1/llm/chat', ours, sequentialCount)),
    await metered(servicePid, () => sequential('(c) POST /v1/chat/completions', gateway, sequentialCount)),
    await metered(bare.pid, () => sequential('(d) reference: bare node:http proxy', floor, sequentialCount)),
  ];
  const loadAfter = os.loadavg().map((x) => x.toFixed(1)).join(' / ');
  if (process.env.BENCH_CPU_PROF) console.log(`\nWindows of the service's CPU profile (bench/cpuprofile-summary.ts):\n${windows.join('\n')}`);
  /** CPU ms per request of the serving process (warm-up requests of `sequential` included: 200 more). */
  const perRequest = (cpu: number, requests: number) => (cpu / requests).toFixed(3);

  const db = process.env.DATABASE_URL ? 'PostgreSQL server' : 'embedded PGlite';
  console.log(`\n### Language-model gateway overhead on ${db}\n`);
  console.log(`${os.cpus().length} cores, ${os.cpus()[0]?.model}, Node ${process.version}; non-streamed chat; provider, service and load generator in separate processes on loopback.\n`);
  console.log(`Load average (1 / 5 / 15 min) ${loadBefore} before the measured runs, ${loadAfter} after.\n`);
  console.log(`Under load: autocannon, ${connections} connections, ${duration} s each (latency resolution 1 ms).\n`);
  console.log('| case | requests/s | ratio to (a) | p50 ms | p99 ms | added p50 ms | added p99 ms | non-2xx | CPU ms/request |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  const [base] = results;
  for (const r of results) {
    const added = r === base ? ['—', '—'] : [String(r.p50 - base.p50), String(r.p99 - base.p99)];
    const ratio = `${((r.rps / base.rps) * 100).toFixed(0)}%`;
    console.log(`| ${r.name} | ${r.rps} | ${ratio} | ${r.p50} | ${r.p99} | ${added[0]} | ${added[1]} | ${r.non2xx + r.errors} | ${perRequest(r.cpuMs, r.rps * duration)} |`);
  }
  console.log(`\nOne caller: ${sequentialCount} sequential requests on a keep-alive connection, timed in-process.\n`);
  console.log('| case | p50 ms | p99 ms | added p50 ms | added p99 ms | CPU ms/request |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of single) {
    const added = r === single[0] ? ['—', '—'] : [(r.p50 - single[0].p50).toFixed(3), (r.p99 - single[0].p99).toFixed(3)];
    console.log(`| ${r.name} | ${r.p50.toFixed(3)} | ${r.p99.toFixed(3)} | ${added[0]} | ${added[1]} | ${perRequest(r.cpuMs, r.count + 200)} |`);
  }
  console.log('\nCPU ms/request: user + system CPU of the process that served the case ((a) the fake, (b) and (c) the service, (d) the bare proxy), over the requests of the case.');
  console.log('(d) is a reference, not a product: a node:http server that forwards the body to the fake and relays its parsed answer, with no authentication, validation or bookkeeping (bench/llm-bare-proxy.ts).');
  console.log(`\nPeak RSS of the service: ${await service.rssMb()} MB`);
} finally {
  await service.stop();
  bare.stop();
  fake.stop();
}
