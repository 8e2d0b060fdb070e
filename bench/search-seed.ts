/**
 * Seeding for bench/search.ts: generated Markdown documents turned into exactly the rows the ingestion
 * pipeline writes (documents `indexed` with their live job, succeeded document_jobs, chunks from the real
 * chunker at the tenant's 512/64 profile, vectors from the real offline embedder), inserted as the database
 * owner in multi-row statements. Parsing is replaced by a direct conversion of the generator's (known,
 * simple) Markdown into the same blocks the Markdown parser produces: remark is the slow part of ingestion
 * and is measured by bench/ingestion.ts; the chunks, vectors and rows are the same.
 */
import { createHash, randomUUID } from 'node:crypto';
import { chunkDocument } from '../src/modules/ingestion/chunking/chunker.js';
import { createOfflineEmbedder } from '../src/modules/ingestion/embedding/offline-embedder.js';
import { vectorLiteral } from '../src/platform/db/vector.js';
import type { Block, ParsedDocument } from '../src/modules/ingestion/parsers/types.js';
import { generateMarkdown, prng, vocabulary, type GeneratedDoc } from './docs-lib.js';

/** The blocks parseMarkdown() gives for the generator's Markdown (headings, paragraphs, list items, a table, code, quotes). */
export function generatedToBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (!line) continue;
    const h = /^(#{1,6}) (.*)$/.exec(line);
    if (h) blocks.push({ kind: 'heading', level: h[1].length, text: h[2] });
    else if (line.startsWith('- ')) blocks.push({ kind: 'list_item', text: line.slice(2) });
    else if (/^\d+\. /.test(line)) blocks.push({ kind: 'list_item', text: line.replace(/^\d+\. /, '') });
    else if (line.startsWith('> ')) blocks.push({ kind: 'quote', text: line.slice(2) });
    else if (line.startsWith('```')) {
      const code: string[] = [];
      while (++i < lines.length && !lines[i].startsWith('```')) code.push(lines[i]);
      blocks.push({ kind: 'code', text: code.join('\n') });
    } else if (line.startsWith('|')) {
      const rows: string[][] = [];
      for (; i < lines.length && lines[i].startsWith('|'); i++) {
        if (/^\|( --- \|)+$/.test(lines[i])) continue;
        rows.push(lines[i].slice(2, -2).split(' | '));
      }
      i--;
      blocks.push({ kind: 'table', rows, text: rows.map((r) => r.filter((c) => c !== '').join(' | ')).join('\n') });
    } else blocks.push({ kind: 'paragraph', text: line });
  }
  return blocks;
}

export interface SeedRows {
  documents: unknown[][];
  jobs: unknown[][];
  chunks: unknown[][];
}

/** Column lists, in the order of the rows built below. */
// embedding_model/_dimensions: what the pipeline records since migration 0009 (search embeds the query per model).
export const DOC_COLUMNS = ['id', 'tenant_id', 'filename', 'format', 'mime_type', 'size_bytes', 'sha256', 'blob_key', 'status', 'tags', 'chunk_count', 'token_count', 'current_job_id', 'live_job_id', 'indexed_at', 'embedding_model', 'embedding_dimensions', 'memory_id'];
const DOC_TYPES = ['uuid', 'uuid', 'text', 'text', 'text', 'int8', 'text', 'text', 'text', 'text', 'int4', 'int4', 'uuid', 'uuid', 'timestamptz', 'text', 'int4', 'uuid'];
export const JOB_COLUMNS = ['id', 'tenant_id', 'document_id', 'source', 'status', 'attempts', 'provider', 'model', 'dimensions', 'chunk_count', 'started_at', 'finished_at'];
const JOB_TYPES = ['uuid', 'uuid', 'uuid', 'text', 'text', 'int4', 'text', 'text', 'int4', 'int4', 'timestamptz', 'timestamptz'];
// ts_config (migration 0006, NOT NULL without a default): the text-search configuration of the default profile.
export const CHUNK_COLUMNS = ['tenant_id', 'document_id', 'job_id', 'chunk_index', 'text', 'token_count', 'section', 'char_start', 'char_end', 'dimensions', 'embedding', 'ts_config'];
const CHUNK_TYPES = ['uuid', 'uuid', 'uuid', 'int4', 'text', 'int4', 'text', 'int4', 'int4', 'int4', 'text', 'text'];

/** One document in this many goes into the seeded memory (~10 000 of 100 000 chunks). */
export const MEMORY_EVERY = 10;

const TAGS = ['finance', 'legal', 'hr', 'engineering', 'sales', 'support', 'ops', 'security'];

/** `INSERT ... SELECT * FROM unnest($1::t1[], ...)`: one statement and one parameter per column, whatever the row count. */
export function unnestInsert(table: string, columns: string[], types: string[], casts: Record<string, string> = {}): string {
  const select = columns.map((c, i) => (casts[c] ? `u.c${i}::${casts[c]}` : `u.c${i}`)).join(', ');
  const unnest = types.map((t, i) => `$${i + 1}::${t}[]`).join(', ');
  return `INSERT INTO ${table} (${columns.join(', ')}) SELECT ${select} FROM unnest(${unnest}) AS u(${columns.map((_, i) => `c${i}`).join(', ')})`;
}

export const INSERT_DOCS = unnestInsert('documents', DOC_COLUMNS, DOC_TYPES, { tags: 'text[]' });
export const INSERT_JOBS = unnestInsert('document_jobs', JOB_COLUMNS, JOB_TYPES);
export const INSERT_CHUNKS = unnestInsert('document_chunks', CHUNK_COLUMNS, CHUNK_TYPES, { embedding: 'vector', ts_config: 'regconfig' });

/** Rows as column arrays (what unnest() takes). */
export function columns(rows: unknown[][], width: number): unknown[][] {
  const out = Array.from({ length: width }, () => new Array<unknown>(rows.length));
  for (let r = 0; r < rows.length; r++) for (let c = 0; c < width; c++) out[c][r] = rows[r][c];
  return out;
}

export interface Seeder {
  /** Documents generated so far (queries are drawn from them). */
  docs: GeneratedDoc[];
  /** Regenerates the first `count` documents only (no chunks): the queries of a database seeded earlier. */
  replay(count: number): GeneratedDoc[];
  /** Builds the next documents of `tenantId` until at least `chunks` chunks, yielding insert batches. */
  batches(tenantId: string, chunks: number, docsPerBatch?: number, memoryId?: string | null): AsyncGenerator<SeedRows & { chunkCount: number }>;
}

export function createSeeder(seed: number, kb: number, dimensions: number): Seeder {
  const v = vocabulary();
  const rng = prng(seed);
  const embedder = createOfflineEmbedder({ dimensions });
  const docs: GeneratedDoc[] = [];
  let index = 0;
  return {
    docs,
    replay(count) {
      for (let i = 0; i < count; i++) docs.push(generateMarkdown(v, rng, index++, Math.round(kb * 1024 * (0.85 + 0.3 * rng()))));
      return docs;
    },
    /** With `memoryId`, every MEMORY_EVERY-th document goes into that memory (the memory-filter case). */
    async *batches(tenantId, target, docsPerBatch = 50, memoryId = null) {
      let made = 0;
      while (made < target) {
        const batch: SeedRows & { chunkCount: number } = { documents: [], jobs: [], chunks: [], chunkCount: 0 };
        for (let k = 0; k < docsPerBatch && made < target; k++) {
          const doc = generateMarkdown(v, rng, index++, Math.round(kb * 1024 * (0.85 + 0.3 * rng())));
          docs.push(doc);
          const parsed: ParsedDocument = { format: 'md', blocks: generatedToBlocks(doc.text), metadata: {}, warnings: [] };
          const chunks = chunkDocument(parsed, { chunkSize: 512, overlap: 64 });
          const vectors: Float32Array[] = [];
          for (let i = 0; i < chunks.length; i += embedder.maxBatchSize) vectors.push(...(await embedder.embed(chunks.slice(i, i + embedder.maxBatchSize).map((c) => c.text))));
          const documentId = randomUUID();
          const jobId = randomUUID();
          const bytes = Buffer.from(doc.text);
          const tokens = chunks.reduce((a, c) => a + c.tokenCount, 0);
          const tags = [TAGS[index % TAGS.length], TAGS[(index * 7 + 3) % TAGS.length]];
          const now = new Date().toISOString();
          batch.documents.push([documentId, tenantId, doc.filename, 'md', 'text/markdown', bytes.byteLength, createHash('sha256').update(bytes).digest('hex'), `bench/${documentId}`, 'indexed', `{${tags.join(',')}}`, chunks.length, tokens, jobId, jobId, now, `builtin/${embedder.model}`, dimensions, memoryId && index % MEMORY_EVERY === 0 ? memoryId : null]);
          batch.jobs.push([jobId, tenantId, documentId, 'api', 'succeeded', 1, 'builtin', embedder.model, dimensions, chunks.length, now, now]);
          chunks.forEach((c, i) => batch.chunks.push([tenantId, documentId, jobId, c.index, c.text, c.tokenCount, c.section, c.charStart, c.charEnd, dimensions, vectorLiteral(vectors[i]), 'english']));
          made += chunks.length;
          batch.chunkCount += chunks.length;
        }
        yield batch;
      }
    },
  };
}

export const ROW_WIDTHS = { documents: DOC_COLUMNS.length, jobs: JOB_COLUMNS.length, chunks: CHUNK_COLUMNS.length };

/** Runs a statement with parameters on whichever database the seeding connection is (as the owner). */
export type Exec = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/** One batch of documents, jobs and chunks in one transaction, the chunks `perStatement` at a time. */
export async function insertBatch(exec: Exec, b: SeedRows, perStatement = 1000): Promise<void> {
  await exec('BEGIN');
  try {
    await exec(INSERT_DOCS, columns(b.documents, ROW_WIDTHS.documents));
    await exec(INSERT_JOBS, columns(b.jobs, ROW_WIDTHS.jobs));
    for (let i = 0; i < b.chunks.length; i += perStatement) await exec(INSERT_CHUNKS, columns(b.chunks.slice(i, i + perStatement), ROW_WIDTHS.chunks));
    await exec('COMMIT');
  } catch (error) {
    await exec('ROLLBACK').catch(() => {});
    throw error;
  }
}
