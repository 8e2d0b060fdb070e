/**
 * Core request-path benchmark: the same service process, loaded on loopback by autocannon,
 * for (a) a bare JSON route (the ceiling), (b) /api/auth/me with a JWT, (c) /api/auth/verify with
 * an API key, (d) a replayed idempotent POST, (e) /api/v1/api-keys/ with an API key (a database read).
 * Usage: npx tsx bench/core.ts            (embedded PGlite)
 *        DATABASE_URL=postgresql://... npx tsx bench/core.ts
 * BENCH_VARIANTS runs the whole set once per variant, one service after the other in this one run, e.g.
 *   BENCH_VARIANTS='before:;after:PGLITE_PIPELINE=true NODE_FLAGS=--liftoff-only' npx tsx bench/core.ts
 * (name:SETTING=value ...; NODE_FLAGS=a,b are flags of node itself, e.g. V8's, for the service process;
 * SERVICE_DIR=<dir> runs the service from another checkout, e.g. `git archive <commit> | tar -x -C <dir>`).
 */
import os from 'node:os';
import { execSync } from 'node:child_process';
import { cli, load, startServiceProcess, table, type LoadResult } from './lib.js';

const duration = Number(process.env.BENCH_DURATION ?? 8);

interface Variant {
  name: string;
  env: Record<string, string>;
}

function variants(): Variant[] {
  const spec = process.env.BENCH_VARIANTS;
  if (!spec) return [{ name: 'as configured', env: {} }];
  return spec.split(';').map((part) => {
    const [name, settings = ''] = part.split(/:(.*)/s);
    const env: Record<string, string> = {};
    for (const pair of settings.trim().split(/\s+/).filter(Boolean)) {
      const [key, value = ''] = pair.split(/=(.*)/s);
      env[key] = key === 'NODE_FLAGS' ? value.split(',').join(' ') : value;
    }
    return { name: name.trim(), env };
  });
}

async function measure(variant: Variant): Promise<{ results: LoadResult[]; rssMb: number }> {
  const service = await startServiceProcess(variant.env);
  try {
    const slug = `bench-${Date.now()}`;
    const password = 'bench-password-1';
    await cli(service.dataDir, ['tenant', 'create', '--name', 'Bench', '--slug', slug, '--admin-email', 'o@bench.io', '--admin-password', password, '--json']);
    const login = (await (
      await fetch(`${service.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'o@bench.io', password, tenant_id: slug }),
      })
    ).json()) as any;
    const jwt = { authorization: `Bearer ${login.access_token}` };
    const created = (await (
      await fetch(`${service.url}/api/v1/api-keys/`, {
        method: 'POST',
        headers: { ...jwt, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'bench', scopes: ['admin'] }),
      })
    ).json()) as any;
    const key = { authorization: `Bearer ${created.key}` };
    for (let i = 0; i < 20; i++) {
      await fetch(`${service.url}/api/v1/api-keys/`, {
        method: 'POST',
        headers: { ...jwt, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `filler-${i}`, scopes: ['documents:read'] }),
      });
    }
    const replayBody = JSON.stringify({ name: 'replayed', scopes: ['documents:read'] });
    const replayHeaders = { ...key, 'content-type': 'application/json', 'idempotency-key': 'bench-replay-1' };
    const first = await fetch(`${service.url}/api/v1/api-keys/`, { method: 'POST', headers: replayHeaders, body: replayBody });
    if (first.status !== 201) throw new Error(`setup failed: ${first.status}`);

    // Warm-up, then the measured runs, one after another in this one process.
    await load('warm-up', { url: `${service.url}/healthz`, duration: 2 });
    const results: LoadResult[] = [];
    results.push(await load('(a) bare JSON route GET /healthz', { url: `${service.url}/healthz`, duration }));
    results.push(await load('(b) GET /api/auth/me (JWT)', { url: `${service.url}/api/auth/me`, headers: jwt, duration }));
    results.push(await load('(c) GET /api/auth/verify (API key)', { url: `${service.url}/api/auth/verify`, headers: key, duration }));
    results.push(
      await load('(d) replayed idempotent POST /api/v1/api-keys/', {
        url: `${service.url}/api/v1/api-keys/`,
        method: 'POST',
        headers: replayHeaders,
        body: replayBody,
        duration,
      }),
    );
    results.push(await load('(e) GET /api/v1/api-keys/ (API key, DB read)', { url: `${service.url}/api/v1/api-keys/?limit=20`, headers: key, duration }));
    return { results, rssMb: await service.rssMb() };
  } finally {
    await service.stop();
  }
}

const db = process.env.DATABASE_URL ? 'PostgreSQL 15 server' : 'embedded PGlite';
const load1 = () => execSync('uptime').toString().trim().replace(/.*load average: /, '');
console.log(`\n### Core request path on ${db}\n`);
console.log(`${os.cpus().length} cores, ${os.cpus()[0]?.model}, Node ${process.version}; autocannon 20 connections, ${duration} s each, service in its own process, loopback.\n`);
const summary: string[] = [];
for (const variant of variants()) {
  const before = load1();
  const { results, rssMb } = await measure(variant);
  const after = load1();
  const settings = Object.entries(variant.env).map(([k, v]) => `${k}=${v}`).join(' ') || 'defaults';
  console.log(`#### ${variant.name} (${settings}); load average before ${before}, after ${after}\n`);
  console.log(table(results, results[0]));
  console.log(`\nPeak RSS of the service: ${rssMb} MB\n`);
  const read = results[results.length - 1];
  summary.push(`| ${variant.name} | ${settings} | ${results[0].rps} | ${read.rps} | ${((read.rps / results[0].rps) * 100).toFixed(1)}% | ${read.p50} | ${read.p99} | ${rssMb} |`);
}
if (summary.length > 1) {
  console.log('| variant | settings | (a) bare req/s | (e) tenant read req/s | (e) / (a) | (e) p50 ms | (e) p99 ms | peak RSS MB |');
  console.log('|---|---|---:|---:|---:|---:|---:|---:|');
  console.log(summary.join('\n'));
}
