/**
 * Connectors: a first sync of a source of BENCH_CONNECTOR_ITEMS (2 000) items, and a re-sync of the same, unchanged
 * source, for two kinds against loopback peers (the ones the engine's matrix test drives):
 * - web: test/peers/connector-web.ts, pages /pages/<i>.html found through its sitemap index (one child sitemap per
 *   page) and its index page, ETag + If-None-Match; delay_ms 0, concurrency_per_host left at its default (2),
 *   max_pages raised to the item count;
 * - s3: test/peers/connector-s3.ts (s3rver on loopback), `page_size` 1000 (the peer's 1 is for its failure tests).
 * Each kind gets a tenant of its own, so the tenant-wide indexation counts are that connector's documents. Per kind:
 * the connector created through the API, POST /sync, GET of the run until it ends, then GET indexation-progress until
 * every document is indexed; when the service has gone quiet again (the vector catch-up), every document's
 * updated_at / indexed_at / sha256 / chunk count and its indexing jobs are read, the re-sync runs, and they are read
 * again: a no-change run must have added, updated and read nothing, and started no indexing job.
 * Run times are the service's own (the run's created_at → finished_at: queue wait included).
 * Usage: npx tsx bench/connectors.ts                          (embedded PGlite)
 *        DATABASE_URL=postgresql://... npx tsx bench/connectors.ts
 * Knobs: BENCH_CONNECTOR_ITEMS=2000  BENCH_CONNECTOR_KINDS=web,s3
 */
import os from 'node:os';
import type { ConnectorPeer } from '../test/support/connector-peer.js';
import { startS3ConnectorPeer } from '../test/peers/connector-s3.js';
import { startWebPeer, type WebPeer } from '../test/peers/connector-web.js';
import { cpuMeter, createTenant, fmt, json, quietAfter, rssSampler, type BenchTenant } from './docs-lib.js';
import { startServiceProcess, type RunningService } from './lib.js';
import { handOverTable } from './report.js';

const N = Number(process.env.BENCH_CONNECTOR_ITEMS ?? 2000);
const KINDS = (process.env.BENCH_CONNECTOR_KINDS ?? 'web,s3').split(',').filter(Boolean);
const LIMIT_MS = 60 * 60_000;

interface RunView {
  id: string;
  status: string;
  counts: { seen: number; added: number; updated: number; unchanged: number; deleted: number; failed: number };
  listing_complete: boolean;
  error: string | null;
  errors: { external_id: string | null; url: string | null; message: string }[];
  started_at: string | null;
  finished_at: string | null;
  created_at: string;
}

interface DocState {
  updatedAt: string;
  indexedAt: string | null;
  sha256: string;
  chunks: number;
  status: string;
  jobs: number;
}

interface KindResult {
  kind: string;
  first: RunView;
  firstRunS: number;
  firstIndexedS: number;
  firstCpuS: number;
  firstPeakMb: number;
  errored: number;
  chunks: number;
  documentsCount: number;
  quietS: number | null;
  second: RunView;
  secondRunS: number;
  secondWallS: number;
  secondCpuS: number;
  readsFirst: number;
  readsSecond: number;
  /** Requests the source saw during the re-sync (the web peer records them; null for s3). */
  requestsSecond: number | null;
  changedDocs: string[];
  jobsAdded: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const seconds = (run: RunView) => (Date.parse(run.finished_at!) - Date.parse(run.created_at)) / 1000;

async function startPeer(kind: string): Promise<ConnectorPeer> {
  if (kind === 'web') return startWebPeer();
  if (kind === 's3') return startS3ConnectorPeer();
  throw new Error(`BENCH_CONNECTOR_KINDS: unknown kind "${kind}" (web, s3)`);
}

/** The peer's config for a bench-sized source: everything through the sitemaps and the index, nothing held back. */
function benchConfig(peer: ConnectorPeer): Record<string, unknown> {
  if (peer.kind === 'web') return { ...peer.config, delay_ms: 0, max_pages: N };
  if (peer.kind === 's3') return { ...peer.config, page_size: 1000 };
  return peer.config;
}

async function waitRun(service: RunningService, tenant: BenchTenant, connectorId: string, runId: string, everyMs: number): Promise<RunView> {
  const started = performance.now();
  for (;;) {
    const run = await json<RunView>(`${service.url}/api/v1/connectors/${connectorId}/runs/${runId}`, { headers: tenant.headers });
    if (run.status !== 'queued' && run.status !== 'running') return run;
    if (performance.now() - started > LIMIT_MS) throw new Error(`run ${runId} not over after ${LIMIT_MS / 60_000} min: ${JSON.stringify(run.counts)}`);
    await sleep(everyMs);
  }
}

async function progress(service: RunningService, tenant: BenchTenant) {
  return json<{ indexed: number; error: number; total: number; in_progress: number }>(`${service.url}/api/v1/documents/indexation-progress`, { headers: tenant.headers });
}

/** Every document of the tenant (all the connector's) with what re-indexing would change, and its indexing jobs. */
async function snapshot(service: RunningService, tenant: BenchTenant): Promise<Map<string, DocState>> {
  const docs = new Map<string, DocState>();
  for (let page = 1; ; page++) {
    const list = await json<{ items: any[]; total: number }>(`${service.url}/api/v1/documents/?page=${page}&page_size=100`, { headers: tenant.headers });
    for (const d of list.items) docs.set(d.document_id, { updatedAt: d.updated_at, indexedAt: d.indexed_at, sha256: d.sha256, chunks: d.chunk_count, status: d.status, jobs: 0 });
    if (list.items.length < 100) break;
  }
  const ids = [...docs.keys()];
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < ids.length) {
        const id = ids[next++];
        docs.get(id)!.jobs = (await json<unknown[]>(`${service.url}/api/v1/documents/${id}/jobs`, { headers: tenant.headers })).length;
      }
    }),
  );
  return docs;
}

async function benchKind(service: RunningService, peer: ConnectorPeer): Promise<KindResult> {
  const tenant = await createTenant(service, `conn-${peer.kind}`, {});
  const h = tenant.headers;
  const connector = await json<{ id: string }>(`${service.url}/api/v1/connectors`, {
    method: 'POST',
    headers: h,
    body: JSON.stringify({ name: `bench ${peer.kind}`, kind: peer.kind, config: benchConfig(peer), ...(peer.credentials ? { credentials: peer.credentials } : {}), schedule: null }),
  });
  const sync = () => json<{ run_id: string }>(`${service.url}/api/v1/connectors/${connector.id}/sync`, { method: 'POST', headers: h, body: '{}' });

  // First sync: every item added; indexing runs beside the listing, as each item's document commits.
  const readsBefore = peer.contentReads();
  const cpu = cpuMeter(service.child.pid!, null);
  await cpu.start();
  const rss = rssSampler(service.child.pid!);
  const t0 = performance.now();
  const { run_id: firstId } = await sync();
  const first = await waitRun(service, tenant, connector.id, firstId, 200);
  if (first.status !== 'succeeded') throw new Error(`${peer.kind}: first run ${first.status}: ${first.error} ${JSON.stringify(first.errors.slice(0, 3))}`);
  let counts = await progress(service, tenant);
  while (counts.in_progress > 0 || counts.indexed + counts.error < first.counts.added) {
    if (performance.now() - t0 > LIMIT_MS) throw new Error(`${peer.kind}: not indexed after ${LIMIT_MS / 60_000} min: ${JSON.stringify(counts)}`);
    await sleep(200);
    counts = await progress(service, tenant);
  }
  const firstIndexedS = (performance.now() - t0) / 1000;
  const firstCpuS = (await cpu.stop()).serviceCpuS;
  const firstPeakMb = await rss.stop();
  const readsFirst = peer.contentReads() - readsBefore;
  const { documents_count: documentsCount } = await json<{ documents_count: number }>(`${service.url}/api/v1/connectors/${connector.id}`, { headers: h });
  console.log(`${peer.kind}: first sync ${fmt(seconds(first))} s, all indexed ${fmt(firstIndexedS)} s; counts ${JSON.stringify(first.counts)}`);

  // The re-sync on a quiet service: the vector catch-up that follows a batch would otherwise be measured with it.
  const quiet = await quietAfter(service.child.pid!, null, performance.now(), 300);
  const before = await snapshot(service, tenant);
  const chunks = [...before.values()].reduce((a, d) => a + d.chunks, 0);

  const readsAtResync = peer.contentReads();
  const requestsAtResync = peer.kind === 'web' ? (peer as WebPeer).requests.length : 0;
  const cpu2 = cpuMeter(service.child.pid!, null);
  await cpu2.start();
  const t1 = performance.now();
  const { run_id: secondId } = await sync();
  const second = await waitRun(service, tenant, connector.id, secondId, 50);
  const secondWallS = (performance.now() - t1) / 1000;
  const secondCpuS = (await cpu2.stop()).serviceCpuS;
  if (second.status !== 'succeeded') throw new Error(`${peer.kind}: re-sync ${second.status}: ${second.error}`);
  const readsSecond = peer.contentReads() - readsAtResync;
  const requestsSecond = peer.kind === 'web' ? (peer as WebPeer).requests.length - requestsAtResync : null;

  // A re-embedded document would show a new job (created with the replacement, in the run's own transaction) or a
  // moved updated_at / indexed_at.
  const after = await snapshot(service, tenant);
  const changedDocs: string[] = [];
  let jobsAdded = 0;
  for (const [id, was] of before) {
    const now = after.get(id);
    if (!now) {
      changedDocs.push(`${id} gone`);
      continue;
    }
    jobsAdded += now.jobs - was.jobs;
    if (now.updatedAt !== was.updatedAt || now.indexedAt !== was.indexedAt || now.sha256 !== was.sha256 || now.chunks !== was.chunks || now.jobs !== was.jobs) changedDocs.push(id);
  }
  for (const id of after.keys()) if (!before.has(id)) changedDocs.push(`${id} new`);
  console.log(`${peer.kind}: re-sync ${fmt(seconds(second), 2)} s; counts ${JSON.stringify(second.counts)}; content reads ${readsSecond}; documents changed ${changedDocs.length}`);

  return {
    kind: peer.kind,
    first,
    firstRunS: seconds(first),
    firstIndexedS,
    firstCpuS,
    firstPeakMb,
    errored: counts.error,
    chunks,
    documentsCount,
    quietS: quiet?.quietS ?? null,
    second,
    secondRunS: seconds(second),
    secondWallS,
    secondCpuS,
    readsFirst,
    readsSecond,
    requestsSecond,
    changedDocs,
    jobsAdded,
  };
}

const peers: ConnectorPeer[] = [];
let service: RunningService | null = null;
try {
  for (const kind of KINDS) {
    const peer = await startPeer(kind);
    peers.push(peer);
    const t = performance.now();
    await peer.seed(N);
    console.log(`${kind}: ${N} items seeded in ${fmt((performance.now() - t) / 1000)} s`);
  }
  const env = Object.assign({}, ...peers.map((p) => p.env)) as Record<string, string>;
  // The operator cap must not be what stops a listing (a web crawl past it fails the run).
  service = await startServiceProcess({ ...env, CONNECTOR_MAX_ITEMS_PER_RUN: String(Math.max(10_000, N + 10)) });
  const loadAtStart = os.loadavg()[0];
  const results: KindResult[] = [];
  for (const peer of peers) results.push(await benchKind(service, peer));
  const hwm = await service.rssMb();

  const db = process.env.DATABASE_URL ? 'PostgreSQL 15 server' : 'embedded PGlite';
  const yes = (ok: boolean) => (ok ? 'holds' : '**does not hold**');
  const col = (f: (r: KindResult) => string) => `| ${results.map(f).join(' | ')} |`;
  const title = (r: KindResult) => (r.kind === 'web' ? `web: ${N} pages` : r.kind === 's3' ? `s3: ${N} objects` : `${r.kind}: ${N} items`);
  const lines = [
    `On ${db}; ${N} items per source; service in its own process (defaults: WORKER_CONCURRENCY 4), peers in the benchmark's process on loopback; ` +
      `${os.cpus().length} cores, load average at start ${loadAtStart.toFixed(1)}. Web: sitemap index with one child sitemap per page, plus the index page; ` +
      'delay_ms 0, concurrency_per_host 2 (default). S3: s3rver, page_size 1000. Run times are the run\'s created_at → finished_at.',
    '',
    `| measure ${col(title)}`,
    `|---${results.map(() => '|---:').join('')}|`,
    `| first sync: run ${col((r) => `${fmt(r.firstRunS)} s (${Math.round(N / r.firstRunS)} items/s)`)}`,
    `| first sync: all documents indexed (from POST /sync) ${col((r) => `${fmt(r.firstIndexedS)} s (${Math.round(N / r.firstIndexedS)} items/s)`)}`,
    `| first sync: counts; documents indexed / in error; chunks ${col((r) => `added ${r.first.counts.added}, failed ${r.first.counts.failed}; ${r.documentsCount - r.errored} / ${r.errored}; ${r.chunks}`)}`,
    `| first sync: service CPU; peak RSS ${col((r) => `${fmt(r.firstCpuS)} s; ${r.firstPeakMb} MB`)}`,
    `| no-change re-sync: run ${col((r) => `${fmt(r.secondRunS, 2)} s (${fmt((100 * r.secondRunS) / r.firstRunS)} % of the first run, ${fmt((100 * r.secondRunS) / r.firstIndexedS)} % of first sync + indexing)`)}`,
    `| re-sync under 10 % of the first run ${col((r) => yes(r.secondRunS < 0.1 * r.firstRunS))}`,
    `| re-sync: service CPU; requests the source saw ${col((r) => `${fmt(r.secondCpuS)} s; ${r.requestsSecond ?? 'n/a'}`)}`,
    `| re-sync counts (seen / unchanged / added / updated / deleted / failed) ${col((r) => [r.second.counts.seen, r.second.counts.unchanged, r.second.counts.added, r.second.counts.updated, r.second.counts.deleted, r.second.counts.failed].join(' / '))}`,
    `| content reads at the source: first sync → re-sync ${col((r) => `${r.readsFirst} → ${r.readsSecond}`)}`,
    `| documents whose updated_at, indexed_at, sha256, chunks or jobs changed; jobs added ${col((r) => `${r.changedDocs.length} of ${N}; ${r.jobsAdded}`)}`,
    `| nothing re-read or re-embedded (unchanged == ${N}, added == updated == 0, no reads, no document or job changed) ${col((r) =>
      yes(r.second.counts.unchanged === N && r.second.counts.added === 0 && r.second.counts.updated === 0 && r.readsSecond === 0 && r.changedDocs.length === 0),
    )}`,
    `| service peak resident memory (VmHWM, whole run) | ${hwm} MB${results.slice(1).map(() => ' | ').join('')} |`,
  ];
  console.log(lines.join('\n'));
  handOverTable(lines.join('\n'));
} finally {
  await service?.stop();
  for (const peer of peers) await peer.close();
}
