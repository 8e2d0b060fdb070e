import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '../test/support/processes.js';

export interface LoadResult {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export interface RunningService {
  url: string;
  dataDir: string;
  child: ChildProcess;
  rssMb(): Promise<number>;
  stop(): Promise<void>;
}

/** The V8 flags script/server gives node in the checkout `dir` (its script/node-flags; none when it has no such file). */
export async function nodeFlagsOf(dir: string): Promise<string[]> {
  return (await readFile(path.join(dir, 'script/node-flags'), 'utf8').catch(() => '')).split(/\s+/).filter(Boolean);
}

/**
 * Starts the service as its own process (as in production) on a data directory the caller owns; stop()
 * leaves the directory, so a seeded embedded database can be reopened by a second service process.
 */
export async function startServiceOn(dataDir: string, env: Record<string, string> = {}): Promise<RunningService> {
  const port = await freePort();
  // SERVICE_DIR (or BENCH_SERVICE_DIR): another checkout of the service (e.g. the commit before a change, for a before/after in one run).
  const serviceDir = env.SERVICE_DIR ?? process.env.BENCH_SERVICE_DIR ?? path.resolve(import.meta.dirname, '..');
  // The node command line of script/server: its V8 flags (script/node-flags, when that checkout has the file), then
  // NODE_FLAGS (space-separated, e.g. "--liftoff-only"): V8 flags cannot be set in NODE_OPTIONS.
  const nodeFlags = [...(await nodeFlagsOf(serviceDir)), ...(env.NODE_FLAGS ?? process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean)];
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', 'src/main.ts'], {
    cwd: serviceDir,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      // BENCH_LOG_LEVEL=info, e.g. for the line a new embedded database's creation logs (its time, its process's peak).
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      RATE_LIMIT_PER_MINUTE: '100000000',
      RATE_LIMIT_LOGIN_FAILURES_PER_IP_PER_MINUTE: '100000000',
      RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT_PER_HOUR: '100000000',
      RATE_LIMIT_KEY_CREATIONS_PER_TENANT_PER_MINUTE: '100000000',
      RATE_LIMIT_MANIFEST_CHECKS_PER_TENANT_PER_MINUTE: '100000000',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`service exited with ${child.exitCode}`);
    if (i > 900) throw new Error('service did not become ready in 180 s');
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    dataDir,
    child,
    rssMb: async () => Math.round(Number(/VmHWM:\s+(\d+)/.exec(await readFile(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024),
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
    },
  };
}

/** Starts the service as its own process on a fresh data dir, removed on stop. */
export async function startServiceProcess(env: Record<string, string> = {}): Promise<RunningService> {
  const service = await startServiceOn(await mkdtemp(path.join(os.tmpdir(), 'kb-bench-')), env);
  return {
    ...service,
    stop: async () => {
      await service.stop();
      await rm(service.dataDir, { recursive: true, force: true });
    },
  };
}

/** POSTs JSON to the service and answers the JSON body; a status of 300 or more throws, naming the route. */
export async function postJson(baseUrl: string, url: string, headers: Record<string, string>, body: unknown): Promise<any> {
  const res = await fetch(`${baseUrl}${url}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = (await res.json()) as any;
  if (res.status >= 300) throw new Error(`${url}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** Runs the operator CLI against the running service (it hands the command over the socket). */
export async function cli(dataDir: string, argv: string[], env: Record<string, string> = {}): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...argv], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  const code = await new Promise((r) => child.once('exit', r));
  if (code !== 0) throw new Error(`cli ${argv.join(' ')} exited ${code}`);
  return out.trim();
}

export async function load(
  name: string,
  opts: { url: string; method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string; connections?: number; duration?: number },
): Promise<LoadResult> {
  const result = await autocannon({
    url: opts.url,
    method: opts.method ?? 'GET',
    headers: opts.headers,
    body: opts.body,
    connections: opts.connections ?? 20,
    duration: opts.duration ?? 8,
    pipelining: 1,
  });
  return {
    name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

export function table(rows: LoadResult[], ceiling: LoadResult): string {
  const lines = [
    '| case | requests/s | p50 ms | p99 ms | ratio to ceiling | non-2xx |',
    '|---|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    lines.push(`| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${((r.rps / ceiling.rps) * 100).toFixed(0)}% | ${r.non2xx + r.errors} |`);
  }
  return lines.join('\n');
}
