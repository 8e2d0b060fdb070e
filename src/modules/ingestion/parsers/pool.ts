import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import type { ParseOptions } from './options.js';
import { ParseError, type DocumentFormat, type ParsedDocument } from './types.js';
import type { ParseTask, ParseTaskResult } from './worker.js';

/**
 * Parsing runs in worker threads so that a hostile or enormous file can cost at most one worker: each call
 * has a time limit (the worker is terminated on abort), each worker a V8 heap limit (an OOM kills only that
 * worker), and piscina replaces dead workers so the pool keeps serving.
 */

export interface ParserPoolOptions {
  /** Default: one less than the CPUs (at least 1, at most 4): parsing is CPU- and memory-heavy. */
  maxThreads?: number;
  /** Per-file limit; the worker running an overdue parse is terminated. */
  timeoutMs?: number;
  /** V8 old-generation heap limit per worker. */
  maxOldGenerationSizeMb?: number;
  /** Told about workers that died outside any parse (e.g. failed start-up), for logging. */
  onWorkerError?: (err: unknown) => void;
}

/** Extractor options, plus a per-file override of the pool's time limit. */
type PoolParseOptions = ParseOptions & { timeoutMs?: number };

export interface ParserPool {
  /**
   * Parses in a worker. The bytes' ArrayBuffer is transferred (not copied) when the view covers all of it,
   * which leaves the caller's buffer detached: pass a copy if you still need it.
   */
  parse(bytes: Uint8Array, format: DocumentFormat, opts?: PoolParseOptions): Promise<ParsedDocument>;
  close(): Promise<void>;
}

/**
 * Compiled, the worker is worker.js beside this file. From source (tsx, vitest) worker threads do not inherit
 * a TypeScript loader, so tsx is registered in each worker explicitly — by absolute URL, because an `--import`
 * specifier resolves from the process's cwd, not from this file — and the entry is worker-tsx.mjs, which
 * makes piscina load the graph as ESM (see the comment in that file).
 */
function workerEntry(): { filename: string; execArgv: string[] } {
  const fromSource = import.meta.url.endsWith('.ts');
  const filename = new URL(fromSource ? './worker-tsx.mjs' : './worker.js', import.meta.url).href;
  if (!fromSource) return { filename, execArgv: [] };
  const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { filename, execArgv: ['--import', tsxLoader] };
}

/** Hands the buffer over when we may; otherwise copies once into a buffer we own. */
function transferable(bytes: Uint8Array): { payload: Uint8Array; transferList: ArrayBuffer[] } {
  const whole = bytes.buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  // A real copy: a Buffer's slice() is a view of the same memory, often Node's shared pool, which cannot be transferred.
  const payload = whole ? bytes : new Uint8Array(bytes);
  return { payload, transferList: [payload.buffer as ArrayBuffer] };
}

export function createParserPool(options: ParserPoolOptions = {}): ParserPool {
  const timeoutMs = options.timeoutMs ?? 120_000;
  const maxOldGenerationSizeMb = options.maxOldGenerationSizeMb ?? 1024;
  const maxThreads = options.maxThreads ?? Math.max(1, Math.min(availableParallelism() - 1, 4));
  const { filename, execArgv } = workerEntry();
  const piscina = new Piscina<ParseTask, ParseTaskResult>({
    filename,
    execArgv,
    minThreads: 0,
    maxThreads,
    idleTimeout: 60_000,
    // One parse per worker at a time: the memory limit is then a per-file limit.
    concurrentTasksPerWorker: 1,
    resourceLimits: { maxOldGenerationSizeMb },
  });

  // Piscina reports a worker that dies with no task assigned (e.g. during start-up) as an 'error' event;
  // unhandled, that event would crash the whole process. Tasks waiting on such a pool end at their time limit.
  piscina.on('error', (err: unknown) => options.onWorkerError?.(err));

  // Calls wait here, not in piscina's queue, so that the time limit starts when a worker is free:
  // a file queued behind a slow one must not time out without ever having run.
  let running = 0;
  const waiting: Array<() => void> = [];
  const acquire = async (): Promise<void> => {
    if (running < maxThreads) {
      running++;
      return;
    }
    await new Promise<void>((resolve) => waiting.push(resolve)); // the releasing call hands its slot over
  };
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };

  return {
    async parse(bytes, format, { timeoutMs: callTimeoutMs, ...opts } = {}) {
      const limitMs = callTimeoutMs ?? timeoutMs;
      const { payload, transferList } = transferable(bytes);
      await acquire();
      const signal = AbortSignal.timeout(limitMs);
      let result: ParseTaskResult;
      try {
        result = await piscina.run({ bytes: payload, format, opts }, { signal, transferList });
      } catch (err) {
        if (signal.aborted) {
          throw new ParseError('timeout', `Parsing took longer than ${Math.round(limitMs / 100) / 10} s and was stopped; split the file into smaller files and upload again.`);
        }
        const e = err as { code?: string; message?: string };
        if (e?.code === 'ERR_WORKER_OUT_OF_MEMORY' || /out of memory/i.test(String(e?.message))) {
          throw new ParseError('out_of_memory', `Parsing needed more than ${maxOldGenerationSizeMb} MB of memory and was stopped; split the file into smaller files and upload again.`);
        }
        throw new ParseError('corrupt', `The parser stopped unexpectedly on this file (${String(e?.message ?? err).split('\n')[0].slice(0, 160)}).`);
      } finally {
        release();
      }
      if (result.ok) return result.doc;
      throw new ParseError(result.code, result.message);
    },
    async close() {
      await piscina.close({ force: true });
    },
  };
}
