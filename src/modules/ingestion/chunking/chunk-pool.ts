import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import { chunkDocument, type Chunk, type ChunkOptions } from './chunker.js';
import { ParseError, type ParsedDocument } from '../parsers/types.js';
import { createLimiter } from '../limiter.js';

/**
 * Chunking a large document tokenises every block: 25 MB of CSV takes ~11 s of CPU here. On the event loop
 * that would freeze the API (and the job heartbeats) for as long, so it runs in a worker thread, with the
 * parser's memory limit. Small documents (most of them) are chunked in place: a few milliseconds, and no
 * waiting behind a big one for the thread.
 */
const INLINE_MAX_CHARS = 100_000;
/** The limit grows with the text: chunking is linear, and 56 M characters is a real workbook, not an attack. */
const MS_PER_MILLION_CHARS = 5_000;
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
  // Calls wait here, not in piscina's queue, so the time limit only counts the work itself.
  const slots = createLimiter(options.maxThreads);
  return {
    async chunk(doc, chunkOptions, signal) {
      let chars = 0;
      for (const block of doc.blocks) chars += block.text.length;
      if (chars <= INLINE_MAX_CHARS) return chunkDocument(doc, chunkOptions);
      const limitMs = options.timeoutMs + Math.round((chars / 1e6) * MS_PER_MILLION_CHARS);
      return slots.run(async () => {
        const timeout = AbortSignal.timeout(limitMs);
        const abort = signal ? AbortSignal.any([signal, timeout]) : timeout;
        try {
          return (await piscina.run({ doc, options: chunkOptions }, { signal: abort })) as Chunk[];
        } catch (error) {
          if (signal?.aborted) throw signal.reason;
          if (timeout.aborted) {
            throw new ParseError('timeout', `Splitting the text into chunks took longer than ${Math.round(limitMs / 1000)} s; split the file into smaller files and upload again.`);
          }
          const e = error as { code?: string; message?: string };
          if (e?.code === 'ERR_WORKER_OUT_OF_MEMORY' || /out of memory/i.test(String(e?.message))) {
            throw new ParseError('out_of_memory', `The document's text is too large to split into chunks within ${options.maxOldGenerationSizeMb} MB; split the file into smaller files.`);
          }
          throw error;
        }
      }, signal);
    },
    async close() {
      await piscina.close({ force: true });
    },
  };
}
