import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../harness.js';
import { startS3Peer, type S3Peer } from '../peers/s3-peer.js';
import { eventually } from '../support/eventually.js';
import { followEvents, removeMember, startMember, trickle, type Member } from './cluster.js';
import { cli as runCli } from '../support/processes.js';
import { REDACTED } from '../../src/platform/http/secret.js';
import { Webhook } from 'standardwebhooks';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The multi-process deployment, as an operator runs it on several machines: two RUN_MODE=api and
 * two RUN_MODE=worker processes, each an OS process with its own DATA_DIR, sharing one PostgreSQL database, Redis and
 * an S3-compatible store (s3rver on loopback). Runs only where CI's test-postgres stage runs (DATABASE_URL and
 * REDIS_URL set). The counts it measures are printed as one `multi-process counts` line.
 */
const enabled = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
const METRICS_TOKEN = `metrics-${randomUUID()}`;
/** Short leases, so that the jobs of a killed worker are picked up within seconds; heartbeats renew them every 2 s. */
const LEASE_SEC = 6;
const KEY_CREATIONS_PER_MINUTE = 6;

let peer: S3Peer;
let database: Awaited<ReturnType<typeof freshDatabase>>;
let sql: pg.Client;
let shared: Record<string, string>;
let api1: Member;
let api2: Member;
let worker1: Member;
let worker2: Member;
const report: Record<string, unknown> = {};

async function cli(argv: string[]): Promise<any> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kb-mp-cli-'));
  try {
    const out = await runCli([...argv, '--json'], { ...shared, DATA_DIR: dataDir });
    if (out.code !== 0) throw new Error(`cli ${argv.join(' ')}: ${out.stderr}`);
    return JSON.parse(out.stdout);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function tenant(name: string) {
  const slug = `mp-${randomUUID().slice(0, 8)}`;
  const password = 'correct horse battery staple';
  await cli(['tenant', 'create', '--name', name, '--slug', slug, '--admin-email', `owner@${slug}.test`, '--admin-password', password]);
  const res = await fetch(api1.url('/api/auth/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `owner@${slug}.test`, password, tenant_id: slug }),
  });
  expect(res.status).toBe(200);
  const token = ((await res.json()) as { access_token: string }).access_token;
  return { slug, auth: { authorization: `Bearer ${token}` } };
}

async function createKey(api: Member, auth: Record<string, string>, scopes: string[], extra: Record<string, string> = {}) {
  const res = await fetch(api.url('/api/v1/api-keys/'), {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json', ...extra },
    body: JSON.stringify({ name: `key-${randomUUID().slice(0, 6)}`, scopes }),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
}

beforeAll(async () => {
  if (!enabled) return;
  peer = await startS3Peer();
  database = await freshDatabase();
  sql = new pg.Client({ connectionString: database.databaseUrl! });
  await sql.connect();
  shared = {
    ...peer.env(`mp-${randomUUID().slice(0, 8)}/`),
    DATABASE_URL: database.databaseUrl!,
    REDIS_URL: process.env.REDIS_URL!,
    // What several machines must share (docs/operations.md).
    JWT_SECRET: randomBytes(48).toString('base64url'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    RATE_LIMIT_PREFIX: `mp${randomUUID().slice(0, 8)}`,
    RATE_LIMIT_PER_MINUTE: '100000',
    RATE_LIMIT_KEY_CREATIONS_PER_TENANT_PER_MINUTE: String(KEY_CREATIONS_PER_MINUTE),
    METRICS_TOKEN,
    JOB_LEASE_SEC: String(LEASE_SEC),
    // Webhook receivers on loopback (the test's own); an endpoint's pump lease is this plus the job lease.
    WEBHOOK_ALLOW_HTTP_LOOPBACK: 'true',
    PROVIDER_ALLOW_PRIVATE_URLS: 'true',
    WEBHOOK_TIMEOUT_MS: '5000',
    JOB_POLL_INTERVAL_MS: '200',
    WORKER_CONCURRENCY: '2',
    DATABASE_POOL_SIZE: '4',
    SHUTDOWN_GRACE_MS: '5000',
    LOG_LEVEL: 'warn',
  };
  const t0 = Date.now();
  [api1, api2, worker1, worker2] = await Promise.all([
    startMember('api1', 'api', shared, METRICS_TOKEN),
    startMember('api2', 'api', shared, METRICS_TOKEN),
    startMember('worker1', 'worker', shared, METRICS_TOKEN),
    startMember('worker2', 'worker', shared, METRICS_TOKEN),
  ]);
  report.startMs = Date.now() - t0;
}, 240_000);

afterAll(async () => {
  if (!enabled) return;
  console.log(`multi-process counts ${JSON.stringify(report)}`);
  for (const member of [api1, api2, worker1, worker2]) if (member) await removeMember(member);
  await sql?.end().catch(() => {});
  await database?.drop();
  await peer?.close();
}, 60_000);

describe.runIf(enabled)('two API and two worker processes on PostgreSQL, Redis and an S3 store', { timeout: 240_000 }, () => {
  let a: Awaited<ReturnType<typeof tenant>>;
  beforeAll(async () => {
    a = await tenant('Multi-process');
  }, 60_000);

  it('a 100-file batch uploaded through API 1 is followed to the end on API 2; a worker killed mid-batch loses nothing; every job runs once', async () => {
    const ingestKey = await createKey(api1, a.auth, ['documents:ingest', 'documents:read']);
    expect(ingestKey.status).toBe(201);
    const keyAuth = { authorization: `Bearer ${ingestKey.body.key}` };

    const form = new FormData();
    for (let i = 0; i < 100; i++) {
      const text = Array.from({ length: 400 }, (_, line) => `Document ${i}, line ${line}: the shared store keeps every file once.`).join('\n');
      form.append('files', new Blob([text]), `doc-${String(i).padStart(3, '0')}.txt`);
    }
    const uploaded = await fetch(api1.url('/api/v1/documents/bulk-upload'), { method: 'POST', headers: keyAuth, body: form });
    expect(uploaded.status).toBe(202);
    const batch = (await uploaded.json()) as { batch_id: string; total: number };
    expect(batch.total).toBe(100);
    const stream = await followEvents(api2.url(`/api/v1/documents/bulk-upload/${batch.batch_id}/stream`), keyAuth);

    // SIGKILL worker 2 while it holds jobs: its leases are the only record of them.
    const held = (pid: number) =>
      sql.query<{ id: string }>(`SELECT id FROM job_queue WHERE queue = 'ingest' AND status = 'running' AND locked_by LIKE $1`, [`worker-${pid}-%`]);
    await eventually('worker 2 to hold ingest jobs', async () => (await held(worker2.pid)).rowCount, (n) => (n ?? 0) > 0, 60_000, 20);
    const killed = await worker2.stop('SIGKILL');
    expect(killed.signal).toBe('SIGKILL');
    const orphaned = (await held(worker2.pid)).rows.map((r) => r.id);
    expect(orphaned.length).toBeGreaterThan(0);

    await stream.ended;
    const done = stream.events.find((e) => e.event === 'done');
    expect(done?.data).toMatchObject({ total: 100, indexed: 100, errored: 0, done: true });
    const statusEvents = stream.events.filter((e) => e.event === 'status').length;

    // Every job done, once: one attempt each, two for those the killed worker held (picked up after their lease).
    // A job row is marked done just after its document's last event: wait for the rows to settle.
    const jobs = await eventually(
      'the ingest jobs to finish',
      async () => (await sql.query<{ id: string; status: string; attempts: number }>(`SELECT id, status, attempts FROM job_queue WHERE queue = 'ingest'`)).rows,
      (rows) => rows.length === 100 && rows.every((j) => j.status === 'done' || j.status === 'dead'),
      30_000,
    );
    expect(jobs.filter((j) => j.status !== 'done')).toEqual([]);
    const retried = jobs.filter((j) => j.attempts > 1).map((j) => j.id).sort();
    expect(retried).toEqual([...orphaned].sort());
    expect(jobs.filter((j) => orphaned.includes(j.id)).every((j) => j.attempts === 2)).toBe(true);
    const documents = (await sql.query<{ status: string; n: number }>(`SELECT status, count(*)::int AS n FROM documents GROUP BY status`)).rows;
    expect(documents).toEqual([{ status: 'indexed', n: 100 }]);
    const twice = await sql.query(`SELECT document_id FROM document_jobs WHERE status = 'succeeded' GROUP BY document_id HAVING count(*) > 1`);
    expect(twice.rowCount).toBe(0);
    // The files are in the shared store, under the tenant's prefix.
    expect(peer.requests.filter((r) => r.method === 'PUT' && r.path.includes('/tenants/')).length).toBeGreaterThanOrEqual(200);

    report.batch = {
      documents: 100,
      indexed: done!.data.indexed,
      statusEventsOnApi2: statusEvents,
      jobs: jobs.length,
      attempts: jobs.reduce((n, j) => n + j.attempts, 0),
      jobsHeldByKilledWorker: orphaned.length,
      jobsRunTwice: retried.length,
      dead: jobs.filter((j) => j.status === 'dead').length,
    };
  });

  it('an API key revoked on API 1 is refused by API 2 at once', async () => {
    const key = await createKey(api1, a.auth, ['documents:read']);
    expect(key.status).toBe(201);
    const read = (api: Member) => fetch(api.url('/api/v1/documents/indexation-progress'), { headers: { authorization: `Bearer ${key.body.key}` } });
    expect((await read(api2)).status).toBe(200); // API 2 has the key in its cache now
    const revoked = await fetch(api1.url(`/api/v1/api-keys/${key.body.id}`), { method: 'DELETE', headers: a.auth });
    expect(revoked.status).toBe(204);
    const next = await read(api2);
    expect(next.status).toBe(401);
    report.revocation = { firstRequestOnApi2AfterRevoke: next.status };
  });

  it('idempotency keys are shared: a write made on API 1 is replayed on API 2, not executed again', async () => {
    const idempotencyKey = randomUUID();
    const body = JSON.stringify({ name: 'idempotent', scopes: ['documents:read'] });
    const post = (api: Member) =>
      fetch(api.url('/api/v1/api-keys/'), { method: 'POST', headers: { ...a.auth, 'content-type': 'application/json', 'idempotency-key': idempotencyKey }, body });
    const first = await post(api1);
    expect(first.status).toBe(201);
    const replay = await post(api2);
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const [one, two] = [(await first.json()) as Record<string, unknown>, await replay.json()];
    expect(two).toEqual({ ...one, key: REDACTED }); // the secret key is never kept for a replay
    expect(replay.headers.get('idempotent-redacted')).toBe('key');
    const named = await sql.query(`SELECT id FROM api_keys WHERE name = 'idempotent'`);
    expect(named.rowCount).toBe(1);
    report.idempotency = { replayedOnApi2: true, keysCreated: named.rowCount };
  });

  it('the rate-limit budget is shared: key creations on both APIs spend one budget', async () => {
    const b = await tenant('Budget');
    const statuses: number[] = [];
    for (let i = 0; i <= KEY_CREATIONS_PER_MINUTE; i++) statuses.push((await createKey(i % 2 ? api2 : api1, b.auth, ['documents:read'])).status);
    expect(statuses).toEqual([...Array(KEY_CREATIONS_PER_MINUTE).fill(201), 429]);
    report.rateLimit = { budget: KEY_CREATIONS_PER_MINUTE, statuses };
  });

  it('a rolling restart of both APIs under a steady trickle drops no request a client would not retry', async () => {
    const key = await createKey(api1, a.auth, ['documents:read']);
    const load = trickle([api1, api2], '/api/v1/documents/indexation-progress', { authorization: `Bearer ${key.body.key}` }, 20);
    const exits: Array<number | null> = [];
    const restartMs: number[] = [];
    for (const api of [api1, api2]) {
      await new Promise((resolve) => setTimeout(resolve, 1000)); // steady traffic before each restart
      const t0 = Date.now();
      exits.push((await api.stop('SIGTERM')).code);
      await api.restart();
      restartMs.push(Date.now() - t0);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const counts = await load.stop();
    expect(exits).toEqual([0, 0]);
    report.rollingRestart = { ...counts, restartMs };
    expect(counts.dropped, counts.droppedDetail.join('\n')).toBe(0);
    expect(counts.firstTry + counts.afterRetry).toBe(counts.requests);
    expect(counts.requests).toBeGreaterThan(100);
  });

  it('a worker killed with SIGKILL while it delivers a webhook loses no event: another delivers it after the leases', async () => {
    // A receiver that holds the first request open (the worker is killed meanwhile) and answers the rest.
    const received: { id: string; verified: boolean }[] = [];
    let secret = '';
    let hold = true;
    const receiver = createServer(async (req: IncomingMessage, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks).toString('utf8');
      let verified = true;
      try {
        new Webhook(secret).verify(body, req.headers as Record<string, string>);
      } catch {
        verified = false;
      }
      received.push({ id: String(req.headers['webhook-id']), verified });
      if (hold) {
        hold = false;
        return; // never answered: its worker dies holding it
      }
      res.writeHead(204).end();
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
      const made = await fetch(api1.url('/api/v1/webhooks/endpoints'), {
        method: 'POST',
        headers: { ...a.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ url, event_types: ['*'] }),
      });
      expect(made.status).toBe(201);
      const endpoint = (await made.json()) as { id: string; secret: string };
      secret = endpoint.secret;
      const sent = await fetch(api2.url(`/api/v1/webhooks/endpoints/${endpoint.id}/test`), { method: 'POST', headers: a.auth });
      expect(sent.status).toBe(202);
      const { event_id: eventId } = (await sent.json()) as { event_id: string };

      // The worker whose pump holds the delivery, found by its lease on the pump job, is killed mid-request.
      await eventually('the first attempt to reach the receiver', async () => received.length, (n) => n >= 1, 60_000, 20);
      const holder = await eventually(
        'the pump job holding the delivery',
        async () => (await sql.query<{ locked_by: string }>(`SELECT locked_by FROM job_queue WHERE queue = 'webhook.pump' AND status = 'running'`)).rows,
        (rows) => rows.length === 1,
        10_000,
        20,
      );
      const worker = [worker1, worker2].find((w) => holder[0].locked_by.startsWith(`worker-${w.pid}-`))!;
      expect(worker).toBeDefined();
      expect((await worker.stop('SIGKILL')).signal).toBe('SIGKILL');
      await worker.restart();

      // Delivered again (at least once), recorded as succeeded, every request signed with the endpoint's secret.
      const delivery = await eventually(
        'the delivery to succeed after the leases ran out',
        async () => (await sql.query<{ status: string; attempts: number }>(`SELECT status, attempts FROM webhook_deliveries WHERE event_id = $1`, [eventId])).rows,
        (rows) => rows.length === 1 && rows[0].status === 'succeeded',
        90_000,
        200,
      );
      expect(delivery[0].attempts).toBe(1); // the killed attempt was never recorded: only the one that succeeded
      expect(received.map((r) => r.id)).toEqual([eventId, eventId]);
      expect(received.every((r) => r.verified)).toBe(true);
      report.webhookKill = { requests: received.length, attemptsRecorded: delivery[0].attempts };
    } finally {
      receiver.closeAllConnections();
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});

describe.skipIf(enabled)('multi-process deployment', () => {
  it.skip('runs only with DATABASE_URL and REDIS_URL (CI test-postgres stage)', () => {});
});
