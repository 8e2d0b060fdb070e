/**
 * App data benchmark: creating and listing records with an app access token, against
 * GET /api/auth/me with a JWT (no database) and GET /api/v1/api-keys/ (a tenant-scoped database read of the
 * platform) in the same run and the same process (the ratios are what to compare across machines). The service runs as its own process on loopback; autocannon drives it, and every response
 * time is kept so that p50/p95/p99 are exact.
 * Usage: npx tsx bench/app-data.ts            (embedded PGlite)
 *        DATABASE_URL=postgresql://... npx tsx bench/app-data.ts
 */
import os from 'node:os';
import autocannon from 'autocannon';
import { cli, startServiceProcess } from './lib.js';
import { handOverTable } from './report.js';

const duration = Number(process.env.BENCH_DURATION ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SEED = 1000;

interface Measured {
  name: string;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function measure(name: string, opts: { url: string; method?: 'GET' | 'POST'; headers: Record<string, string>; body?: string }): Promise<Measured> {
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url: opts.url, method: opts.method ?? 'GET', headers: opts.headers, body: opts.body, connections, duration, pipelining: 1 }, (error, done) =>
      error ? reject(error) : resolve(done),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
  times.sort((a, b) => a - b);
  return {
    name,
    rps: Math.round(result.requests.average),
    p50: Number(percentile(times, 50).toFixed(1)),
    p95: Number(percentile(times, 95).toFixed(1)),
    p99: Number(percentile(times, 99).toFixed(1)),
    non2xx: result.non2xx + result.errors,
  };
}

async function json(url: string, init: RequestInit & { expect: number }): Promise<any> {
  const res = await fetch(url, { ...init, headers: { ...(init.body ? { 'content-type': 'application/json' } : {}), ...(init.headers as Record<string, string>) } });
  if (res.status !== init.expect) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

const service = await startServiceProcess({ APP_DATA_MAX_RECORDS: '10000000' });
try {
  const base = service.url;
  const slug = `bench-${Date.now()}`;
  const password = 'bench-password-1';
  await cli(service.dataDir, ['tenant', 'create', '--name', 'Bench', '--slug', slug, '--admin-email', 'o@bench.io', '--admin-password', password, '--json']);
  const login = await json(`${base}/api/auth/login`, { method: 'POST', body: JSON.stringify({ email: 'o@bench.io', password, tenant_id: slug }), expect: 200 });
  const jwt = { authorization: `Bearer ${login.access_token}` };

  const manifest = {
    manifest_version: 1,
    id: 'com.example.bench',
    name: 'Bench',
    version: '1.0.0',
    publisher: { name: 'Bench' },
    entry_url: 'https://bench.example.com/',
    permissions: ['app_data:read', 'app_data:write'],
    collections: [
      {
        name: 'notes',
        schema: {
          type: 'object',
          required: ['title'],
          additionalProperties: false,
          properties: { title: { type: 'string', maxLength: 200 }, body: { type: 'string', maxLength: 10000 }, pinned: { type: 'boolean' } },
        },
        indexes: ['pinned'],
      },
    ],
  };
  const imported = await json(`${base}/api/v1/app-platform/manifests/import`, { method: 'POST', headers: jwt, body: JSON.stringify({ manifest }), expect: 201 });
  await json(`${base}/api/v1/app-platform/apps/${imported.app_id}/install`, { method: 'POST', headers: jwt, body: '{}', expect: 201 });
  const launch = await json(`${base}/api/v1/app-platform/apps/${imported.app_id}/launch-token`, { method: 'POST', headers: jwt, expect: 200 });
  const exchanged = await json(`${base}/api/v1/app-platform/runtime/exchange`, { method: 'POST', body: JSON.stringify({ launch_token: launch.launch_token }), expect: 200 });
  const app = { authorization: `Bearer ${exchanged.access_token}`, 'content-type': 'application/json' };

  const record = (i: number) => JSON.stringify({ data: { title: `note ${i}`, body: 'Some text of a typical note, about a hundred bytes long, to be stored and listed.', pinned: i % 5 === 0 } });
  for (let i = 0; i < SEED; i++) await json(`${base}/api/v1/app-data/notes/`, { method: 'POST', headers: app, body: record(i), expect: 201 });

  await measure('warm-up', { url: `${base}/api/v1/app-data/notes/?limit=20`, headers: app });
  const results: Measured[] = [];
  results.push(await measure('GET /api/auth/me (JWT; the reference)', { url: `${base}/api/auth/me`, headers: jwt }));
  results.push(await measure('GET /api/v1/api-keys/?limit=20 (JWT; a platform DB read)', { url: `${base}/api/v1/api-keys/?limit=20`, headers: jwt }));
  results.push(await measure('POST /api/v1/app-data/notes/ (create, app token)', { url: `${base}/api/v1/app-data/notes/`, method: 'POST', headers: app, body: record(1) }));
  results.push(await measure('GET /api/v1/app-data/notes/?limit=20 (list, app token)', { url: `${base}/api/v1/app-data/notes/?limit=20`, headers: app }));
  results.push(await measure('GET …/notes/?filter[pinned]=true&limit=20 (filtered list)', { url: `${base}/api/v1/app-data/notes/?filter[pinned]=true&limit=20`, headers: app }));
  const records = await json(`${base}/api/v1/app-data/notes/?limit=1`, { headers: app, expect: 200 });

  const db = process.env.DATABASE_URL ? 'PostgreSQL server' : 'embedded PGlite';
  console.log(`\n### App data on ${db}\n`);
  console.log(
    `${os.cpus().length} cores, ${os.cpus()[0]?.model}, Node ${process.version}; autocannon ${connections} connections, ${duration} s each, ` +
      `service in its own process, loopback; ${SEED} records seeded (${records.total} after the create run).\n`,
  );
  const reference = results[0];
  const table = [
    '| case | requests/s | p50 ms | p95 ms | p99 ms | requests/s vs /api/auth/me | non-2xx |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...results.map((r) => `| ${r.name} | ${r.rps} | ${r.p50} | ${r.p95} | ${r.p99} | ${((r.rps / reference.rps) * 100).toFixed(0)}% | ${r.non2xx} |`),
  ].join('\n');
  const peak = `Peak RSS of the service: ${await service.rssMb()} MB`;
  console.log(`${table}\n\n${peak}`);
  // A run measures one database: the document says which.
  handOverTable(`On ${db}, ${connections} connections, ${duration} s each.\n\n${table}\n\n${peak}.`);
} finally {
  await service.stop();
}
