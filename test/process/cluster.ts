import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eventually } from '../support/eventually.js';
import { readSseFrames, type SseEvent } from '../support/sse.js';
import { freePort, startMain, type Exit, type Started } from '../support/processes.js';

/**
 * Service processes as an operator runs them on several machines: each `node --import tsx src/main.ts` (never
 * script/server, which bootstraps), its own DATA_DIR and RUN_MODE, the shared settings in `shared`.
 */
export interface Member {
  name: string;
  mode: 'api' | 'worker';
  /** HTTP port of an API; metrics port of a worker (its only port). */
  port: number;
  dataDir: string;
  process: Started;
  pid: number;
  /** SIGTERM and wait for the exit (a drain), or SIGKILL (a crash). */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<Exit>;
  /** Starts the same process again: same port, same DATA_DIR, same settings. */
  restart(): Promise<void>;
  url(pathname: string): string;
}

export async function startMember(name: string, mode: 'api' | 'worker', shared: Record<string, string>, metricsToken: string): Promise<Member> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `kb-${name}-`));
  const env = {
    ...shared,
    RUN_MODE: mode,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    ...(mode === 'api' ? { PORT: String(port) } : { METRICS_PORT: String(port) }),
  };
  const member: Member = {
    name,
    mode,
    port,
    dataDir,
    process: null as unknown as Started,
    pid: 0,
    url: (pathname) => `http://127.0.0.1:${port}${pathname}`,
    async stop(signal = 'SIGTERM') {
      const { child, exited } = member.process;
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
    async restart() {
      member.process = startMain(env);
      member.pid = member.process.child.pid!;
      await ready(member, metricsToken);
    },
  };
  await member.restart();
  return member;
}

/** An API is ready when /readyz says so; a worker when its metrics port answers (opened once its workers run). */
async function ready(member: Member, metricsToken: string): Promise<void> {
  let exited = false;
  void member.process.exited.then(() => (exited = true));
  await eventually(
    `${member.name} to be ready`,
    async () => {
      if (exited) throw new Error(`${member.name} exited while starting:\n${member.process.output()}`);
      const target = member.mode === 'api' ? member.url('/readyz') : member.url('/metrics');
      const res = await fetch(target, { headers: { authorization: `Bearer ${metricsToken}` } }).catch(() => null);
      await res?.arrayBuffer();
      return res?.status ?? 0;
    },
    (status) => status === 200,
    120_000,
    200,
  );
}

export async function removeMember(member: Member): Promise<void> {
  await member.stop('SIGKILL').catch(() => {});
  await rm(member.dataDir, { recursive: true, force: true });
}

export interface TrickleCounts {
  /** Requests the client wanted answered. */
  requests: number;
  /** Answered 2xx on the first instance tried. */
  firstTry: number;
  /** Answered 2xx after one retry on the other instance. */
  afterRetry: number;
  /** Why first tries failed: refused connections, 503 while draining, connections closed under a request. */
  retriedBecause: { refused: number; draining503: number; closedMidRequest: number };
  /** Never answered 2xx, or answered with anything a client does not retry. */
  dropped: number;
  droppedDetail: string[];
}

/**
 * A steady trickle of idempotent reads, round-robin over the APIs as a load balancer without health checks sends
 * them; a client retries a refused connection, a 503 (the draining answer, with Retry-After) or a connection closed
 * under its request once, on the other instance, and anything else counts as dropped.
 */
export function trickle(apis: Member[], pathname: string, headers: Record<string, string>, everyMs: number) {
  const counts: TrickleCounts = { requests: 0, firstTry: 0, afterRetry: 0, retriedBecause: { refused: 0, draining503: 0, closedMidRequest: 0 }, dropped: 0, droppedDetail: [] };
  let running = true;
  let n = 0;
  const attempt = async (member: Member): Promise<{ ok: true } | { ok: false; retryable: keyof TrickleCounts['retriedBecause'] | null; why: string }> => {
    try {
      const res = await fetch(member.url(pathname), { headers, signal: AbortSignal.timeout(10_000) });
      await res.arrayBuffer();
      if (res.ok) return { ok: true };
      return { ok: false, retryable: res.status === 503 ? 'draining503' : null, why: `${member.name} answered ${res.status}` };
    } catch (error) {
      const code = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
      if (code === 'ECONNREFUSED') return { ok: false, retryable: 'refused', why: code };
      if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE') return { ok: false, retryable: 'closedMidRequest', why: code };
      return { ok: false, retryable: null, why: `${member.name}: ${code} ${(error as Error).message}` };
    }
  };
  const inFlight = new Set<Promise<void>>();
  const loop = (async () => {
    while (running) {
      const first = apis[n++ % apis.length];
      const other = apis[n % apis.length];
      const one = (async () => {
        counts.requests++;
        const a = await attempt(first);
        if (a.ok) return void counts.firstTry++;
        if (!a.retryable) {
          counts.dropped++;
          counts.droppedDetail.push(a.why);
          return;
        }
        counts.retriedBecause[a.retryable]++;
        const b = await attempt(other);
        if (b.ok) return void counts.afterRetry++;
        counts.dropped++;
        counts.droppedDetail.push(`${a.why}, then ${b.why}`);
      })();
      inFlight.add(one);
      void one.finally(() => inFlight.delete(one));
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    counts,
    async stop(): Promise<TrickleCounts> {
      running = false;
      await loop;
      await Promise.all(inFlight);
      return counts;
    },
  };
}

/** A server-sent-events client over fetch(): the events of the stream, until the server closes it. */
export async function followEvents(url: string, headers: Record<string, string>) {
  const res = await fetch(url, { headers: { ...headers, accept: 'text/event-stream' } });
  if (res.status !== 200 || !res.body) throw new Error(`stream: ${res.status} ${await res.text()}`);
  const events: SseEvent[] = [];
  const ended = readSseFrames(res.body as unknown as AsyncIterable<Uint8Array>, events);
  return { events, ended };
}
