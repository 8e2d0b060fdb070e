/**
 * App platform: what an app token costs against a user's JWT on the same routes, how
 * fast manifests validate, and the latency of opening an app (launch + exchange, one after the other).
 * Usage: npx tsx bench/apps.ts            (embedded PGlite)
 *        DATABASE_URL=postgresql://... npx tsx bench/apps.ts
 */
import os from 'node:os';
import { cli, load, postJson, startServiceProcess, table, type LoadResult } from './lib.js';
import { handOverTable } from './report.js';
import { sampleManifest } from '../test/support/apps.js';

const duration = Number(process.env.BENCH_DURATION ?? 8);
const service = await startServiceProcess();

const post = (url: string, headers: Record<string, string>, body: unknown) => postJson(service.url, url, headers, body);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

try {
  const slug = `bench-${Date.now()}`;
  const password = 'bench-password-1';
  await cli(service.dataDir, ['tenant', 'create', '--name', 'Bench', '--slug', slug, '--admin-email', 'o@bench.io', '--admin-password', password, '--json']);
  const login = await post('/api/auth/login', {}, { email: 'o@bench.io', password, tenant_id: slug });
  const jwt = { authorization: `Bearer ${login.access_token}` };
  const app = await post('/api/v1/app-platform/manifests/import', jwt, { manifest: sampleManifest() });
  await post(`/api/v1/app-platform/apps/${app.app_id}/install`, jwt, {});

  // Opening the app, sequentially: launch (a row written) then exchange (a row locked and spent, a JWT signed).
  const opens: number[] = [];
  let token = '';
  for (let i = 0; i < 300; i++) {
    const started = performance.now();
    const launch = await post(`/api/v1/app-platform/apps/${app.app_id}/launch-token`, jwt, {});
    token = (await post('/api/v1/app-platform/runtime/exchange', { origin: 'https://notes.example.com' }, { launch_token: launch.launch_token })).access_token;
    opens.push(performance.now() - started);
  }
  opens.sort((x, y) => x - y);
  const appToken = { authorization: `Bearer ${token}` };

  await load('warm-up', { url: `${service.url}/healthz`, duration: 2 });
  const results: LoadResult[] = [];
  results.push(await load('(a) GET /api/auth/me (JWT), the reference', { url: `${service.url}/api/auth/me`, headers: jwt, duration }));
  results.push(await load('(b) GET /api/v1/folders (JWT)', { url: `${service.url}/api/v1/folders`, headers: jwt, duration }));
  results.push(await load('(c) GET /api/v1/folders (app token)', { url: `${service.url}/api/v1/folders`, headers: appToken, duration }));
  results.push(await load('(d) GET /api/v1/folders (app token, Origin: CORS)', { url: `${service.url}/api/v1/folders`, headers: { ...appToken, origin: 'https://notes.example.com' }, duration }));
  results.push(
    await load('(e) POST /api/v1/app-platform/manifests/validate (sample manifest)', {
      url: `${service.url}/api/v1/app-platform/manifests/validate`,
      method: 'POST',
      headers: { ...jwt, 'content-type': 'application/json' },
      body: JSON.stringify({ manifest: sampleManifest() }),
      duration,
    }),
  );
  const hostile = { manifest: sampleManifest({ collections: Array.from({ length: 32 }, (_, i) => ({ name: `c${i}`, schema: { type: 'object', properties: Object.fromEntries(Array.from({ length: 60 }, (_, j) => [`p${j}`, { type: 'string', pattern: '^[a-z]+(-[a-z]+)*$', maxLength: 50 }])) } })) }) };
  results.push(
    await load('(f) validate, 32 collections × 60 patterned properties (~100 KB)', {
      url: `${service.url}/api/v1/app-platform/manifests/validate`,
      method: 'POST',
      headers: { ...jwt, 'content-type': 'application/json' },
      body: JSON.stringify(hostile),
      duration,
    }),
  );

  const db = process.env.DATABASE_URL ? 'PostgreSQL 15 server' : 'embedded PGlite';
  console.log(`\n### App platform on ${db}\n`);
  console.log(`${os.cpus().length} cores, ${os.cpus()[0]?.model}, Node ${process.version}; load average at start ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}; autocannon 20 connections, ${duration} s each, service in its own process, loopback.\n`);
  const opening = `Opening an app (launch-token + exchange, sequential, 300 times): p50 ${percentile(opens, 50).toFixed(1)} ms, p95 ${percentile(opens, 95).toFixed(1)} ms, p99 ${percentile(opens, 99).toFixed(1)} ms.`;
  const peak = `Peak RSS of the service: ${await service.rssMb()} MB`;
  console.log(`${table(results, results[0])}\n\n${opening}\n\n${peak}`);
  // A run measures one database: the document says which.
  handOverTable(`On ${db}, 20 connections, ${duration} s each.\n\n${table(results, results[0])}\n\n${opening} ${peak}.`);
} finally {
  await service.stop();
}
