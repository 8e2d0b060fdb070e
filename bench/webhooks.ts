/**
 * Webhooks: how fast committed events reach receivers, and what a slow receiver costs the others.
 * - latency: events made one at a time (an API key created: the event commits with it); per event, the time from the
 *   API's answer (the commit is before it) to its arrival at each of three fast receivers, p50/p95/max;
 * - drain: BENCH_WEBHOOK_EVENTS (10 000) events made by 20 concurrent clients, to three fast endpoints and one that takes
 *   10 s to answer each request; events/s delivered to the fast ones from the first creation to the last arrival,
 *   and the service's peak and final resident memory (bounded: deliveries are rows, sent one at a time per endpoint).
 * Usage: npx tsx bench/webhooks.ts            (embedded PGlite)
 *        DATABASE_URL=postgresql://... npx tsx bench/webhooks.ts
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import { percentile } from './docs-lib.js';
import { cli, postJson, startServiceProcess } from './lib.js';
import { handOverTable } from './report.js';

const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 10_000);
const LATENCY_EVENTS = Number(process.env.BENCH_WEBHOOK_LATENCY_EVENTS ?? 200);
const SLOW_MS = 10_000;

const service = await startServiceProcess({ WEBHOOK_ALLOW_HTTP_LOOPBACK: 'true', PROVIDER_ALLOW_PRIVATE_URLS: 'true' });

/** Arrival times by event id, per receiver path. */
const arrivals = new Map<string, Map<string, number>>();
let slowRequests = 0;
const receiver: Server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    const at = performance.now();
    if (req.url === '/slow') {
      slowRequests++;
      setTimeout(() => res.writeHead(204).end(), SLOW_MS).unref();
      return;
    }
    const seen = arrivals.get(req.url!) ?? new Map<string, number>();
    arrivals.set(req.url!, seen);
    const id = String(req.headers['webhook-id']);
    if (!seen.has(id)) seen.set(id, at);
    res.writeHead(204).end();
  });
});
receiver.keepAliveTimeout = 60_000;
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
const FAST = ['/fast-1', '/fast-2', '/fast-3'];

const post = (url: string, headers: Record<string, string>, body: unknown) => postJson(service.url, url, headers, body);
const until = async (what: string, done: () => boolean, limitMs: number) => {
  const started = performance.now();
  while (!done()) {
    if (performance.now() - started > limitMs) throw new Error(`${what}: not within ${limitMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 20));
  }
};
const arrivedEverywhere = (id: string) => FAST.every((p) => arrivals.get(p)?.has(id));
const rssMb = async () => Math.round(Number(/VmRSS:\s+(\d+)/.exec(await readFile(`/proc/${service.child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024);

try {
  const slug = `bench-${Date.now()}`;
  const password = 'bench-password-1';
  await cli(service.dataDir, ['tenant', 'create', '--name', 'Bench', '--slug', slug, '--admin-email', 'o@bench.io', '--admin-password', password, '--json']);
  const login = await post('/api/auth/login', {}, { email: 'o@bench.io', password, tenant_id: slug });
  const jwt = { authorization: `Bearer ${login.access_token}` };
  for (const p of FAST) await post('/api/v1/webhooks/endpoints', jwt, { url: `${base}${p}`, event_types: ['api_key.created'] });
  const createKey = async (n: number) => (await post('/api/v1/api-keys/', jwt, { name: `k${n}`, scopes: ['documents:read'] })).id as string;

  // Warm-up, then latency: one event at a time, each waited for at all three receivers before the next.
  for (let i = 0; i < 20; i++) await createKey(-i);
  await until('warm-up deliveries', () => (arrivals.get(FAST[0])?.size ?? 0) >= 20 && FAST.every((p) => (arrivals.get(p)?.size ?? 0) >= 20), 60_000);
  const latencies: number[] = [];
  for (let i = 0; i < LATENCY_EVENTS; i++) {
    const res = await fetch(`${service.url}/api/v1/api-keys/`, {
      method: 'POST',
      headers: { ...jwt, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `lat${i}`, scopes: ['documents:read'] }),
    });
    const answeredAt = performance.now();
    if (res.status !== 201) throw new Error(`api key: ${res.status}`);
    await res.arrayBuffer();
    // The event id is not in the answer: the event is the newest api_key.created.
    const events = (await (await fetch(`${service.url}/api/v1/events?type=api_key.created&limit=1`, { headers: jwt })).json()) as any;
    const eventId = events.items[0].id as string;
    await until(`event ${eventId} at every receiver`, () => arrivedEverywhere(eventId), 30_000);
    for (const p of FAST) latencies.push(arrivals.get(p)!.get(eventId)! - answeredAt);
  }
  latencies.sort((x, y) => x - y);

  // Drain: a fourth endpoint that takes 10 s per request, then many events at once from 20 clients.
  await post('/api/v1/webhooks/endpoints', jwt, { url: `${base}/slow`, event_types: ['api_key.created'] });
  const before = new Map(FAST.map((p) => [p, arrivals.get(p)!.size]));
  const rssBefore = await rssMb();
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      while (next < EVENTS) await createKey(next++);
    }),
  );
  const madeMs = performance.now() - started;
  await until('the drain', () => FAST.every((p) => arrivals.get(p)!.size - before.get(p)! >= EVENTS), 30 * 60_000);
  const drainMs = performance.now() - started;
  const rssAfter = await rssMb();
  const peak = await service.rssMb();

  const db = process.env.DATABASE_URL ? 'PostgreSQL 15 server' : 'embedded PGlite';
  const lines = [
    `On ${db}; service in its own process, receivers in the benchmark's process on loopback; ${os.cpus().length} cores, load average at start ${os.loadavg()[0].toFixed(1)}.`,
    '',
    '| measure | value |',
    '|---|---:|',
    `| commit → delivery, p50 (${LATENCY_EVENTS} events one at a time × 3 endpoints) | ${percentile(latencies, 50).toFixed(1)} ms |`,
    `| commit → delivery, p95 | ${percentile(latencies, 95).toFixed(1)} ms |`,
    `| commit → delivery, max | ${latencies[latencies.length - 1].toFixed(1)} ms |`,
    `| ${EVENTS} events made by 20 clients (API key creations) | ${(madeMs / 1000).toFixed(1)} s (${Math.round(EVENTS / (madeMs / 1000))} events/s) |`,
    `| all delivered to 3 fast endpoints, beside one answering in 10 s | ${(drainMs / 1000).toFixed(1)} s: ${Math.round(EVENTS / (drainMs / 1000))} events/s, ${Math.round((3 * EVENTS) / (drainMs / 1000))} deliveries/s |`,
    `| requests the slow endpoint received meanwhile | ${slowRequests} |`,
    `| service resident memory before the drain → after it; peak | ${rssBefore} → ${rssAfter} MB; ${peak} MB |`,
  ];
  console.log(lines.join('\n'));
  handOverTable(lines.join('\n'));
} finally {
  receiver.closeAllConnections();
  receiver.close();
  await service.stop();
}
