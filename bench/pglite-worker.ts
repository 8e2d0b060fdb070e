/**
 * Would PGlite in a worker thread of its own serve the tenant read of (e) faster than on the
 * service's event loop? Measures, in one run, the service's embedded database (openPglite, pipelined client,
 * migrations, pgvector; one tenant, 22 API keys) with the read of GET /api/v1/api-keys/?limit=20
 * (listApiKeys(t, 0, 20) in db.tenant()):
 *   1. in the main thread (no worker), 1 and 8 outstanding reads;
 *   2. in a worker_threads Worker (bench/pglite-worker-thread.ts) over a MessagePort, 1, 8 and 32 outstanding;
 *      plus the read's floor (one call into WebAssembly, no decoding, no Drizzle) in both threads, `SELECT 1`, and
 *      an empty echo through the worker (the messaging alone);
 *   3. through HTTP: a bare node:http server in a process of its own with the database in-process and in a
 *      worker, loaded by autocannon from this process (20 connections, as bench/core.ts): a bare JSON route,
 *      the read in-process, the read through the worker.
 * Every case runs ROUNDS times, interleaved, so drift of the machine's load shows as spread.
 * Usage: flock /work/bench.lock npx tsx bench/pglite-worker.ts
 *   PGW_SECONDS (3) per in-process/worker case, PGW_HTTP_SECONDS (8) per HTTP case, PGW_ROUNDS (2), PGW_HTTP=0 to skip 3.
 */
import { spawn } from 'node:child_process';
import { execSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { MessageChannel, Worker } from 'node:worker_threads';
import { freePort } from '../test/support/processes.js';
import { load, type LoadResult } from './lib.js';
import { KEYS, openSeeded } from './pglite-worker-thread.js';

const seconds = Number(process.env.PGW_SECONDS ?? 3);
const httpSeconds = Number(process.env.PGW_HTTP_SECONDS ?? 8);
const rounds = Number(process.env.PGW_ROUNDS ?? 2);
const loadAvg = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');

/** The database in a worker thread; `call(op)` posts [id, op] on a MessagePort and resolves with the payload. */
async function startWorker(dataDir: string) {
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(new URL('./pglite-worker-thread.ts', import.meta.url), {
    workerData: { dataDir, port: port2 },
    transferList: [port2],
  });
  const ready = new Promise<{ tenantId: string }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`worker exited ${code}`)));
  });
  const pending = new Map<number, (payload: unknown) => void>();
  let next = 0;
  port1.on('message', ([id, payload]: [number, unknown]) => {
    const resolve = pending.get(id)!;
    pending.delete(id);
    resolve(payload);
  });
  const call = (op: string) =>
    new Promise<any>((resolve, reject) => {
      pending.set(++next, (payload: any) => (payload?.error ? reject(new Error(payload.error)) : resolve(payload)));
      port1.postMessage([next, op]);
    });
  await ready;
  return {
    worker,
    call,
    close: async () => {
      await call('close');
      port1.close();
      await worker.terminate();
    },
  };
}

interface Row {
  case: string;
  outstanding: number;
  perSecond: number;
  p50: number;
  p99: number;
  mainCpuUs: number;
  workerCpuUs: number | null;
  mainElu: number;
  workerElu: number | null;
  load: string;
}

/** `outstanding` loops each awaiting `op` back to back for `seconds`: rate, latency, CPU of each thread per op. */
async function measure(name: string, outstanding: number, op: () => Promise<unknown>, worker: Worker | null): Promise<Row> {
  const latencies: number[] = [];
  const cpu0 = process.threadCpuUsage();
  const wcpu0 = worker ? await worker.cpuUsage() : null;
  const elu0 = performance.eventLoopUtilization();
  const welu0 = worker?.performance.eventLoopUtilization();
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: outstanding }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        await op();
        latencies.push((performance.now() - t) * 1000);
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  const cpu = process.threadCpuUsage(cpu0);
  const wcpu1 = worker ? await worker.cpuUsage() : null;
  const elu = performance.eventLoopUtilization(elu0);
  const welu = worker ? worker.performance.eventLoopUtilization(welu0) : null;
  latencies.sort((a, b) => a - b);
  const n = latencies.length;
  return {
    case: name,
    outstanding,
    perSecond: n / elapsed,
    p50: latencies[Math.floor(n * 0.5)],
    p99: latencies[Math.floor(n * 0.99)],
    mainCpuUs: (cpu.user + cpu.system) / n,
    workerCpuUs: wcpu0 && wcpu1 ? (wcpu1.user + wcpu1.system - wcpu0.user - wcpu0.system) / n : null,
    mainElu: elu.utilization,
    workerElu: welu ? welu.utilization : null,
    load: loadAvg(),
  };
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US').replace(/,/g, ' ');
const pct = (n: number) => `${(n * 100).toFixed(0)} %`;

// ---------------------------------------------------------------------------------------------------------------
// 3. The HTTP server process (started by the driver below with --serve).
if (process.argv.includes('--serve')) {
  const dirs = [await mkdtemp(path.join(os.tmpdir(), 'kb-pgw-in-')), await mkdtemp(path.join(os.tmpdir(), 'kb-pgw-w-'))];
  const inProcess = await openSeeded(dirs[0]);
  const inWorker = await startWorker(dirs[1]);
  // What the route answers: the page as the service's JSON (the public shape is close enough for the cost).
  const body = (r: { rows: any[]; total: number }) =>
    JSON.stringify({
      items: r.rows.map((k) => ({ id: k.id, name: k.name, prefix: k.prefix, scopes: k.scopes, created_at: k.createdAt, expires_at: k.expiresAt, last_used_at: k.lastUsedAt })),
      total: r.total,
    });
  const send = (res: import('node:http').ServerResponse, status: number, text: string) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
    res.end(text);
  };
  const server = createServer((req, res) => {
    if (req.url === '/bare') return send(res, 200, '{"status":"ok"}');
    const read = req.url === '/inproc' ? inProcess.read() : req.url === '/worker' ? inWorker.call('read') : null;
    if (!read) return send(res, 404, '{}');
    read.then(
      (r) => send(res, 200, body(r)),
      (e) => send(res, 500, JSON.stringify({ error: String(e) })),
    );
  });
  const port = Number(process.argv[process.argv.indexOf('--serve') + 1]);
  server.listen(port, '127.0.0.1', () => process.send!({ ready: true, pid: process.pid }));
  process.on('message', async (m: any) => {
    if (m === 'cpu') return process.send!({ main: process.threadCpuUsage(), worker: await inWorker.worker.cpuUsage() });
    if (m !== 'stop') return;
    server.close();
    await inProcess.db.close();
    await inWorker.close();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
    process.exit(0);
  });
} else {
  await driver();
}

async function driver() {
  console.log(`\n### PGlite in a worker thread (bench/pglite-worker.ts)\n`);
  console.log(
    `${os.cpus().length} cores, ${os.cpus()[0]?.model}, Node ${process.version}, ${new Date().toISOString()}; load average at start ${loadAvg()}; ${seconds} s per case, ${rounds} rounds interleaved.\n`,
  );
  const dirs = [await mkdtemp(path.join(os.tmpdir(), 'kb-pgw-in-')), await mkdtemp(path.join(os.tmpdir(), 'kb-pgw-w-'))];
  const [inProcess, inWorker] = await Promise.all([openSeeded(dirs[0]), startWorker(dirs[1])]);
  // Same answer both ways (structured clone keeps the Dates).
  const a = await inProcess.read();
  const b = await inWorker.call('read');
  if (a.rows.length !== 20 || b.rows.length !== 20 || a.total !== KEYS || b.total !== KEYS || !(b.rows[0].createdAt instanceof Date))
    throw new Error('the two databases do not read the same page');
  // Warm-up: JIT and WebAssembly tier-up on both threads.
  for (let i = 0; i < 500; i++) await inProcess.read();
  for (let i = 0; i < 500; i++) await inWorker.call('read');

  const cases: [string, number, () => Promise<unknown>, Worker | null][] = [
    ['read, main thread (no worker)', 1, inProcess.read, null],
    ['read, main thread (no worker)', 8, inProcess.read, null],
    ['read, worker', 1, () => inWorker.call('read'), inWorker.worker],
    ['read, worker', 8, () => inWorker.call('read'), inWorker.worker],
    ['read, worker', 32, () => inWorker.call('read'), inWorker.worker],
    ['one call per read (floor), main thread', 8, inProcess.oneCall, null],
    ['one call per read (floor), worker', 8, () => inWorker.call('oneCall'), inWorker.worker],
    ['floor without the page (`BEGIN; set_config; COMMIT`), worker', 8, () => inWorker.call('txOnly'), inWorker.worker],
    ['floor, the page alone (`EXECUTE`), worker', 8, () => inWorker.call('pageOnly'), inWorker.worker],
    ['read answered with its total only (no rows cloned), worker', 8, () => inWorker.call('readTotal'), inWorker.worker],
    ['`SELECT 1`, worker', 8, () => inWorker.call('select1'), inWorker.worker],
    ['`SELECT 1`, main thread', 8, inProcess.select1, null],
    ['echo (no database), worker', 8, () => inWorker.call('echo'), inWorker.worker],
  ];
  const results: Row[][] = cases.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (const [i, [name, outstanding, op, worker]] of cases.entries()) {
      const row = await measure(name, outstanding, op, worker);
      results[i].push(row);
      console.error(`round ${round + 1}: ${name} ×${outstanding}: ${fmt(row.perSecond)}/s, load ${row.load}`);
    }
  }
  await inProcess.db.close();
  await inWorker.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });

  console.log('| case | outstanding | ops/s (each round) | p50 µs | p99 µs | main thread CPU µs/op | worker CPU µs/op | main / worker busy (ELU) | load (1/5/15 min) at end |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---|---|');
  for (const runs of results) {
    const r = runs;
    const med = (f: (x: Row) => number) => r.map(f).sort((x, y) => x - y)[Math.floor((r.length - 1) / 2)];
    console.log(
      `| ${r[0].case} | ${r[0].outstanding} | ${r.map((x) => fmt(x.perSecond)).join(' / ')} | ${r.map((x) => fmt(x.p50)).join(' / ')} | ${r.map((x) => fmt(x.p99)).join(' / ')} | ${r.map((x) => fmt(x.mainCpuUs)).join(' / ')} | ${r[0].workerCpuUs === null ? '–' : r.map((x) => fmt(x.workerCpuUs!)).join(' / ')} | ${pct(med((x) => x.mainElu))} / ${r[0].workerElu === null ? '–' : pct(med((x) => x.workerElu!))} | ${r[r.length - 1].load} |`,
    );
  }
  const best = (i: number) => Math.max(...results[i].map((x) => x.perSecond));
  const inBest = Math.max(best(0), best(1));
  const wBest = Math.max(best(3), best(4));
  const wCpu = Math.min(...[3, 4].flatMap((i) => results[i].map((x) => x.workerCpuUs!)));
  console.log(
    `\nBest in the main thread ${fmt(inBest)} reads/s; through the worker ${fmt(wBest)} reads/s (${(wBest / inBest).toFixed(2)}×), the worker's CPU ${fmt(wCpu)} µs per read at best, so its one core caps it at ${fmt(1e6 / wCpu)} reads/s.`,
  );

  if (process.env.PGW_HTTP === '0') return;
  // 3. Through HTTP, server in its own process (database in-process and in a worker), autocannon here.
  const port = await freePort();
  const child = spawn(process.execPath, [...process.execArgv, import.meta.filename, '--serve', String(port)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
  const childCpu = () => new Promise<any>((resolve) => (child.once('message', resolve), child.send('cpu')));
  const url = `http://127.0.0.1:${port}`;
  const probe = (await (await fetch(`${url}/worker`)).json()) as { items: unknown[]; total: number };
  if (probe.items.length !== 20 || probe.total !== KEYS) throw new Error('HTTP read check failed');
  await load('warm-up', { url: `${url}/inproc`, duration: 2 });
  await load('warm-up', { url: `${url}/worker`, duration: 2 });
  const routes: [string, string][] = [
    ['bare JSON route (node:http)', '/bare'],
    ['read, database in the main thread', '/inproc'],
    ['read, database in a worker thread', '/worker'],
  ];
  const http: { r: LoadResult; load: string; mainUs: number; workerUs: number }[][] = routes.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (const [i, [name, route]] of routes.entries()) {
      const c0 = await childCpu();
      const r = await load(name, { url: `${url}${route}`, duration: httpSeconds });
      const c1 = await childCpu();
      const n = r.rps * httpSeconds;
      http[i].push({
        r,
        load: loadAvg(),
        mainUs: (c1.main.user + c1.main.system - c0.main.user - c0.main.system) / n,
        workerUs: (c1.worker.user + c1.worker.system - c0.worker.user - c0.worker.system) / n,
      });
      console.error(`HTTP round ${round + 1}: ${name}: ${fmt(r.rps)} req/s, load ${loadAvg()}`);
    }
  }
  child.send('stop');
  await new Promise((r) => child.once('exit', r));
  console.log(`\nThrough HTTP (autocannon 20 connections, ${httpSeconds} s each, server in its own process; CPU of the server's threads per request):\n`);
  console.log('| route | requests/s (each round) | share of the bare route | p50 / p99 ms | server main thread CPU µs/req | worker CPU µs/req | non-2xx | load at end |');
  console.log('|---|---:|---:|---|---:|---:|---:|---|');
  for (const [i, runs] of http.entries()) {
    const share = runs.map((x, k) => pct(x.r.rps / http[0][k].r.rps)).join(' / ');
    console.log(
      `| ${runs[0].r.name} | ${runs.map((x) => fmt(x.r.rps)).join(' / ')} | ${share} | ${runs.map((x) => `${x.r.p50} / ${x.r.p99}`).join(', ')} | ${runs.map((x) => fmt(x.mainUs)).join(' / ')} | ${i === 2 ? runs.map((x) => fmt(x.workerUs)).join(' / ') : '–'} | ${runs.reduce((s, x) => s + x.r.non2xx + x.r.errors, 0)} | ${runs[runs.length - 1].load} |`,
    );
  }
  console.log(`\nLoad average at the end ${loadAvg()}; uptime: ${execSync('uptime').toString().trim()}`);
}
