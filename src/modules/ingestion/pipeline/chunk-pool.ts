import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import type { Chunk, ChunkOptions } from '../chunking/chunker.js';
import { ParseError, type ParsedDocument } from '../parsers/types.js';

/**
 * Chunking a large document tokenises every block: 25 MB of CSV takes ~11 s of CPU here. On the event loop
 * that would freeze the API (and the job heartbeats) for as long, so it runs in a worker thread, with the
 * same time and memory limits as parsing.
 */
export interface ChunkPool {
  chunk(doc: ParsedDocument, options: ChunkOptions, signal?: AbortSignal): Promise<Chunk[]>;
  close(): Promise<void>;
}

/** From source (tsx, vitest) the worker is the .ts file and needs tsx registered explicitly; compiled, it is .js. */
function workerEntry(): { filename: string; execArgv: string[] } {
  const fromSource = import.meta.url.endsWith('.ts');
  const filename = new URL(fromSource ? './chunk-worker.ts' : './chunk-worker.js', import.meta.url).href;
  if (!fromSource) return { filename, execArgv: [] };
  return { filename, execArgv: ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href] };
}

export function createChunkPool(options: { maxThreads: number; timeoutMs: number; maxOldGenerationSizeMb: number }): ChunkPool {
  const { filename, execArgv } = workerEntry();
  const piscina = new Piscina({
    filename,
    execArgv,
    minThreads: 0,
    maxThreads: options.maxThreads,
    idleTimeout: 60_000,
    concurrentTasksPerWorker: 1,
    resourceLimits: { maxOldGenerationSizeMb: options.maxOldGenerationSizeMb },
  });
  return {
    async chunk(doc, chunkOptions, signal) {
      const timeout = AbortSignal.timeout(options.timeoutMs);
      const abort = signal ? AbortSignal.any([signal, timeout]) : timeout;
      try {
        return (await piscina.run({ doc, options: chunkOptions }, { signal: abort })) as Chunk[];
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        if (timeout.aborted) {
          throw new ParseError('timeout', `Splitting the text into chunks took longer than ${Math.round(options.timeoutMs / 1000)} s; split the file into smaller files and upload again.`);
        }
        const e = error as { code?: string; message?: string };
        if (e?.code === 'ERR_WORKER_OUT_OF_MEMORY' || /out of memory/i.test(String(e?.message))) {
          throw new ParseError('out_of_memory', `The document's text is too large to split into chunks within ${options.maxOldGenerationSizeMb} MB; split the file into smaller files.`);
        }
        throw error;
      }
    },
    async close() {
      await piscina.close({ force: true });
    },
  };
}
