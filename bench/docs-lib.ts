/**
 * Helpers shared by the documents benchmarks (bench/ingestion.ts, bench/search.ts): a seeded generator of
 * realistic Markdown (Zipf-distributed vocabulary, per-document topics, headings, lists, a table, code), a
 * tenant with an API key, a throw-away PostgreSQL database, a service started on a given data directory,
 * and small measurement utilities (load average, CPU time of processes, percentiles).
 */
import { readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { cli, type RunningService } from './lib.js';

// ---------------------------------------------------------------------------------------------------------
// Seeded randomness and vocabulary

/** mulberry32: small, fast, good enough for generating test data deterministically. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Rng = () => number;
const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)];
const int = (rng: Rng, lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1));

const FUNCTION_WORDS = (
  'the of and to in a is that for it as was with be by on not he this are or his from at which but have an they ' +
  'you were her she there been one all we their has would when if so no will more can its who what about how into ' +
  'than them only other some could these two may then do first any my now such like our over also new after use'
).split(' ');

const FUNCTION_SET = new Set(FUNCTION_WORDS);

const DOMAIN_WORDS = (
  'account address agreement analysis application approval archive audit backup balance batch billing budget cache ' +
  'calendar capacity certificate channel checklist claim client cluster compliance configuration connector contract ' +
  'cost customer dashboard database deadline delivery deployment device discount document domain employee encryption ' +
  'endpoint estimate event expense export failover feedback filter firewall forecast gateway governance hardware ' +
  'incident index inventory invoice latency ledger license limit maintenance manager memory metric migration ' +
  'milestone monitoring network notification onboarding order outage partner password payment payroll permission ' +
  'pipeline policy portal price procurement product profile project quota recovery refund region release replication ' +
  'report request retention revenue review risk roadmap role rollback router schedule schema security server service ' +
  'session shipment snapshot software storage subscription supplier support survey tax template tenant ticket token ' +
  'training transaction upgrade upload user vendor version warehouse warranty webhook workflow workload'
).split(' ');

// Pseudo-words are built from English morphemes so that they tokenise like real words (~4 characters per
// cl100k token on the generated prose, as for English text), e.g. "transportive", "substancement".
const PREFIXES = ['', '', '', 're', 'con', 'pre', 'de', 'in', 'ex', 'pro', 'com', 'dis', 'sub', 'inter', 'trans', 'over', 'un'];
const ROOTS = ['form', 'port', 'duct', 'struct', 'tract', 'spect', 'press', 'mit', 'vert', 'cept', 'fer', 'pose', 'ject', 'scrib', 'stat', 'gress', 'tain', 'cess', 'pend', 'sist', 'vent', 'stance', 'mark', 'light', 'land', 'stock', 'hold', 'work', 'line', 'field', 'bridge', 'stone', 'flow', 'grade', 'rank', 'shift', 'point', 'frame', 'track', 'core'];
const SUFFIXES = ['', '', 'ion', 'ment', 'er', 'al', 'able', 'ive', 'ity', 'ure', 'ence', 'ing', 'ed', 'or', 'ance', 'ous', 'ize', 's'];

export interface Vocabulary {
  words: string[];
  /** Cumulative Zipf weights over `words` (rank order). */
  cdf: Float64Array;
}

/** ~6 000 words: function words first (most frequent), then domain words, then pseudo-words; Zipf(1.05) by rank. */
export function vocabulary(seed = 7): Vocabulary {
  const rng = prng(seed);
  const words = [...FUNCTION_WORDS];
  const seen = new Set(words);
  const add = (w: string) => {
    if (seen.has(w)) return;
    words.push(w);
    seen.add(w);
  };
  for (const w of DOMAIN_WORDS) add(w);
  while (words.length < 6000) {
    const w = pick(rng, PREFIXES) + pick(rng, ROOTS) + (rng() < 0.15 ? pick(rng, ROOTS) : '') + pick(rng, SUFFIXES);
    add(w);
  }
  const cdf = new Float64Array(words.length);
  let sum = 0;
  for (let r = 0; r < words.length; r++) cdf[r] = sum += 1 / Math.pow(r + 1, 1.05);
  for (let r = 0; r < words.length; r++) cdf[r] /= sum;
  return { words, cdf };
}

function zipfWord(v: Vocabulary, rng: Rng): string {
  const x = rng();
  let lo = 0;
  let hi = v.cdf.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (v.cdf[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return v.words[lo];
}

// ---------------------------------------------------------------------------------------------------------
// Markdown documents

export interface GeneratedDoc {
  filename: string;
  text: string;
  /** The document's topic words (queries about it use them). */
  topic: string[];
}

/**
 * One Markdown document of about `targetBytes`: a title, sections with `##`/`###` headings, paragraphs of
 * sentences mixing the global Zipf vocabulary with the document's topic words, bullet and numbered lists,
 * one GFM table per ~20 KB, and an occasional fenced code block.
 */
export function generateMarkdown(v: Vocabulary, rng: Rng, index: number, targetBytes: number): GeneratedDoc {
  const topic = Array.from({ length: 12 }, () => (rng() < 0.4 ? pick(rng, DOMAIN_WORDS) : v.words[int(rng, 200, v.words.length - 1)]));
  const word = () => (rng() < 0.25 ? pick(rng, topic) : zipfWord(v, rng));
  const sentence = () => {
    const n = int(rng, 7, 22);
    const ws: string[] = [];
    for (let i = 0; i < n; i++) ws.push(word());
    if (rng() < 0.15) ws.splice(int(rng, 1, n - 1), 0, String(int(rng, 2, 9999)));
    const s = ws.join(' ');
    return s[0].toUpperCase() + s.slice(1) + (rng() < 0.1 ? '?' : '.');
  };
  const paragraph = () => Array.from({ length: int(rng, 2, 6) }, sentence).join(' ');
  const title = (n: number) => Array.from({ length: n }, word).join(' ').replace(/^./, (c) => c.toUpperCase());

  const parts: string[] = [`# ${title(int(rng, 3, 6))}`, '', paragraph(), ''];
  let size = parts.join('\n').length;
  let section = 0;
  let nextTable = 6_000 + int(rng, 0, 8_000);
  const add = (s: string) => {
    parts.push(s, '');
    size += s.length + 2;
  };
  while (size < targetBytes) {
    section++;
    add(`${rng() < 0.7 ? '##' : '###'} ${section}. ${title(int(rng, 2, 5))}`);
    const blocks = int(rng, 2, 5);
    for (let b = 0; b < blocks && size < targetBytes; b++) {
      const r = rng();
      if (size > nextTable) {
        nextTable += 20_000;
        const cols = int(rng, 3, 5);
        const head = Array.from({ length: cols }, () => word());
        const rowsOut = [`| ${head.join(' | ')} |`, `|${' --- |'.repeat(cols)}`];
        for (let i = int(rng, 4, 10); i > 0; i--) {
          rowsOut.push(`| ${Array.from({ length: cols }, (_, c) => (c === 0 ? word() : rng() < 0.5 ? String(int(rng, 1, 99999)) : `${word()} ${word()}`)).join(' | ')} |`);
        }
        add(rowsOut.join('\n'));
      } else if (r < 0.6) add(paragraph());
      else if (r < 0.78) add(Array.from({ length: int(rng, 3, 7) }, () => `- ${sentence()}`).join('\n'));
      else if (r < 0.92) add(Array.from({ length: int(rng, 3, 6) }, (_, i) => `${i + 1}. ${sentence()}`).join('\n'));
      else if (r < 0.97) add(['```yaml', ...Array.from({ length: int(rng, 3, 8) }, () => `${word()}_${word()}: ${int(rng, 0, 500)}`), '```'].join('\n'));
      else add(`> ${sentence()} ${sentence()}`);
    }
  }
  return { filename: `doc-${String(index).padStart(5, '0')}-${topic[0]}.md`, text: parts.join('\n'), topic };
}

/** `count` documents of ~`kb` KB each, fully determined by `seed`. */
export function generateCorpus(count: number, kb: number, seed: number): GeneratedDoc[] {
  const v = vocabulary();
  const rng = prng(seed);
  return Array.from({ length: count }, (_, i) => generateMarkdown(v, rng, i, Math.round(kb * 1024 * (0.85 + 0.3 * rng()))));
}

/**
 * Realistic search queries over generated documents (seeded): 50% a run of 2-4 consecutive words lifted from
 * a paragraph (someone who remembers a phrase; runs of function words only are skipped), 30% 2-3 topic words of a document (keywords), 20% a question
 * in natural language around a topic word. Full-text matching is AND over every word ('simple' config, no
 * stop words), so some keyword and question queries legitimately find nothing in the full-text leg.
 */
export function generateQueries(docs: readonly GeneratedDoc[], count: number, seed: number): string[] {
  const rng = prng(seed);
  const out: string[] = [];
  while (out.length < count) {
    const doc = pick(rng, docs);
    const r = rng();
    if (r < 0.5) {
      const lines = doc.text.split('\n').filter((l) => /^[A-Z]/.test(l));
      const words = pick(rng, lines).replace(/[.?]/g, '').toLowerCase().split(' ');
      const n = int(rng, 2, 4);
      const at = int(rng, 0, Math.max(0, words.length - n));
      const run = words.slice(at, at + n);
      // People search for something: a run made of function words only ("of and") is not a query anyone types.
      if (run.every((w) => FUNCTION_SET.has(w))) continue;
      out.push(run.join(' '));
    } else if (r < 0.8) {
      const n = int(rng, 2, 3);
      out.push(Array.from({ length: n }, () => pick(rng, doc.topic)).join(' '));
    } else {
      const t = pick(rng, doc.topic);
      out.push(pick(rng, [`how do I configure the ${t}`, `what is the ${t} policy`, `${t} for new users`, `when was the ${t} changed`]));
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Service, tenants, databases

export interface BenchTenant {
  tenantId: string;
  slug: string;
  /** Authorization header of an admin-scoped API key (covers documents:ingest and documents:read). */
  headers: Record<string, string>;
}

export async function json<T = any>(url: string, init: RequestInit & { headers?: Record<string, string> } = {}): Promise<T> {
  const res = await fetch(url, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${text.slice(0, 500)}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** A tenant created with the operator CLI, its owner logged in, and an admin API key for the benchmark. */
export async function createTenant(service: RunningService, name: string, dbEnv: Record<string, string>): Promise<BenchTenant> {
  const slug = `${name}-${Date.now().toString(36)}`;
  const password = 'bench-password-1';
  const email = `owner@${slug}.bench.io`;
  const out = await cli(service.dataDir, ['tenant', 'create', '--name', name, '--slug', slug, '--admin-email', email, '--admin-password', password, '--json'], dbEnv);
  const { tenant_id: tenantId } = JSON.parse(out.split('\n').pop()!) as { tenant_id: string };
  const login = await json(`${service.url}/api/auth/login`, { method: 'POST', body: JSON.stringify({ email, password, tenant_id: slug }) });
  const key = await json(`${service.url}/api/v1/api-keys/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${login.access_token}` },
    body: JSON.stringify({ name: 'bench', scopes: ['admin'] }),
  });
  return { tenantId, slug, headers: { authorization: `Bearer ${key.key}` } };
}

/** A fresh database `bench_<timestamp>` on the server of `serverUrl`, dropped by `drop()`. */
export async function createBenchDatabase(serverUrl: string): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `bench_${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  return {
    name,
    url: target.toString(),
    drop: async () => {
      const a = new pg.Client({ connectionString: serverUrl });
      await a.connect();
      try {
        await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await a.end();
      }
    },
  };
}

/** The multipart body of a bulk upload: one "files" part per document. */
export function bulkForm(docs: readonly { filename: string; text: string }[]): FormData {
  const form = new FormData();
  for (const d of docs) form.append('files', new Blob([d.text], { type: 'text/markdown' }), d.filename);
  return form;
}

// ---------------------------------------------------------------------------------------------------------
// Measurement

export function loadAverage(): string {
  return os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' / ');
}

/** Clock ticks of user+system CPU of one process (all its threads), or 0 when it is gone. */
async function cpuTicks(pid: number): Promise<number> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of stat)
  } catch {
    return 0;
  }
}

/** Pids of the PostgreSQL backends serving database `dbName` (their titles name it). */
async function backendPids(dbName: string): Promise<number[]> {
  const out: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = await readFile(`/proc/${entry}/cmdline`, 'utf8');
      if (cmd.startsWith('postgres:') && cmd.includes(` ${dbName} `)) out.push(Number(entry));
    } catch {
      /* gone */
    }
  }
  return out;
}

const TICK = 100; // USER_HZ on Linux

/**
 * CPU seconds used by the service process and (on PostgreSQL) by the backends of its database, sampled
 * while a measurement runs: backends come and go with the pool, so each pid's last seen count is kept.
 */
export function cpuMeter(servicePid: number, dbName: string | null) {
  const backends = new Map<number, { first: number; last: number }>();
  let serviceStart = 0;
  let timer: NodeJS.Timeout | null = null;
  const sampleBackends = async () => {
    if (!dbName) return;
    for (const pid of await backendPids(dbName)) {
      const t = await cpuTicks(pid);
      const seen = backends.get(pid);
      if (seen) seen.last = Math.max(seen.last, t);
      else backends.set(pid, { first: t, last: t });
    }
  };
  return {
    async start() {
      serviceStart = await cpuTicks(servicePid);
      await sampleBackends();
      timer = setInterval(() => void sampleBackends(), 500);
    },
    async stop(): Promise<{ serviceCpuS: number; postgresCpuS: number | null }> {
      if (timer) clearInterval(timer);
      await sampleBackends();
      const serviceCpuS = ((await cpuTicks(servicePid)) - serviceStart) / TICK;
      let pgTicks = 0;
      for (const b of backends.values()) pgTicks += b.last - b.first;
      return { serviceCpuS, postgresCpuS: dbName ? pgTicks / TICK : null };
    },
  };
}

/** Peak VmRSS of a process, sampled every `everyMs` while a measurement runs (VmHWM also covers start-up). */
export function rssSampler(pid: number, everyMs = 200) {
  let peakKb = 0;
  const sample = async () => {
    try {
      const kb = Number(/VmRSS:\s+(\d+)/.exec(await readFile(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
      peakKb = Math.max(peakKb, kb);
    } catch {
      /* gone */
    }
  };
  void sample();
  const timer = setInterval(() => void sample(), everyMs);
  return {
    async stop(): Promise<number> {
      clearInterval(timer);
      await sample();
      return Math.round(peakKb / 1024);
    },
  };
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

export const fmt = (x: number, digits = 1) => (Number.isFinite(x) ? x.toFixed(digits) : 'n/a');

export function machine(): string {
  return `${os.cpus().length} cores (${os.cpus()[0]?.model?.trim()}), ${Math.round(os.totalmem() / 2 ** 30)} GB RAM, Node ${process.version}, ${os.type()} ${os.release()}`;
}

export async function removeDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}

/** Requests/s and latency of `POST /api/v1/documents/query` at 4 connections, cycling through `bodies` (JSON). */
export async function queryThroughput(service: RunningService, tenant: BenchTenant, bodies: readonly string[], duration: number) {
  let i = 0;
  const result = await autocannon({
    url: service.url,
    connections: 4,
    duration,
    pipelining: 1,
    requests: [
      {
        method: 'POST',
        path: '/api/v1/documents/query',
        headers: { ...tenant.headers, 'content-type': 'application/json' },
        setupRequest: (req: any) => ({ ...req, body: bodies[i++ % bodies.length] }),
      },
    ],
  });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx + result.errors };
}

/**
 * Waits for the service (and, on PostgreSQL, its database's backends) to go quiet after a measurement: the
 * background work that follows an indexed batch (the HNSW catch-up, planner statistics). Quiet: under
 * 10 % of one core in a whole second, twice in a row. Returns when the first quiet second began (seconds since
 * `t0`, a performance.now() value) and the CPU seconds used from the call until then; null after `capS`.
 */
export async function quietAfter(servicePid: number, dbName: string | null, t0: number, capS = 600) {
  const total = async () => {
    let ticks = await cpuTicks(servicePid);
    if (dbName) for (const pid of await backendPids(dbName)) ticks += await cpuTicks(pid);
    return ticks;
  };
  const start = await total();
  let last = start;
  let quietSince: { at: number; ticks: number } | null = null;
  const began = performance.now();
  while ((performance.now() - began) / 1000 < capS) {
    const at = performance.now();
    await new Promise((r) => setTimeout(r, 1000));
    const now = await total();
    if (now - last < 10) {
      if (quietSince) return { quietS: (quietSince.at - t0) / 1000, cpuS: (quietSince.ticks - start) / TICK };
      quietSince = { at, ticks: last };
    } else {
      quietSince = null;
    }
    last = now;
  }
  return null;
}
