import type { Logger } from 'pino';
import type { TenantDb } from '../../../platform/db/tenant-db.js';
import type { EventBus } from '../../../platform/events/bus.js';
import { BlobNotFoundError, type BlobStore } from '../../../platform/blobs/blob-store.js';
import {
  embedInBatches,
  type Chunk,
  type ChunkOptions,
  type DescriptionGenerator,
  type DocumentFormat,
  type EmbeddingProvider,
  type EmbeddingResolver,
  type ParsedDocument,
} from '../../ingestion/index.js';
import { appendJobWarnings, updateDocument, updateJob } from '../documents.repo.js';
import type { DocumentRow, IngestPayload } from '../documents.table.js';
import { embeddingModelKey } from '../embedding-model.js';
import { publishStatus } from '../events.js';
import { documentIndexed } from '../lifecycle-events.js';
import type { IndexingProfile } from '../profile.repo.js';
import { deleteChunkSetBatch, insertChunks } from './indexing.repo.js';
import { lockDocumentForJob } from './ownership.js';
import { DESCRIBE_INPUT_CHARS, extractiveSummary } from './summary.js';
import { databaseError, withoutNul } from './errors.js';

export interface IndexRun {
  bus: EventBus;
  blobs: BlobStore;
  log: Logger;
  parse(bytes: Uint8Array, format: DocumentFormat, filename: string, signal: AbortSignal): Promise<ParsedDocument>;
  chunk(doc: ParsedDocument, options: ChunkOptions, signal: AbortSignal): Promise<Chunk[]>;
  embeddings: EmbeddingResolver;
  describer: DescriptionGenerator;
}

/** The job stopped on purpose: the document was deleted or a newer job took it over. */
export class JobOutcome extends Error {
  constructor(readonly kind: 'deleted' | 'superseded') {
    super(kind);
  }
}

/** Wrong configuration or input: retrying the job cannot succeed. */
export class PermanentError extends Error {}

const NO_TEXT_MESSAGE = 'No text found in the file: there is nothing to index (a scanned PDF needs a text layer).';

// Each chunk write is its own short transaction, sized to take about this long: on PGlite every request
// and worker shares one connection, so a long insert would stall the API.
const TARGET_WRITE_MS = 150;
const MIN_WRITE_ROWS = 8;
const MAX_WRITE_ROWS = 256;
const DELETE_BATCH = 500;

interface Context {
  /** The document's tenant: every transaction of the job runs through it. */
  tenant: TenantDb;
  payload: IngestPayload;
  doc: DocumentRow;
  profile: IndexingProfile;
  signal: AbortSignal;
}

/** Parses, chunks, embeds and writes one document, then swaps its chunk set in (see handler.ts). */
export async function indexDocument(run: IndexRun, ctx: Context): Promise<void> {
  const { bus, blobs, log } = run;
  const { tenant, payload, doc, profile, signal } = ctx;
  const { tenantId } = tenant;
  const jobId = payload.job_id;
  const stats: Record<string, number> = {};
  const t0 = performance.now();
  const lap = (name: string, since: number) => (stats[name] = Math.round(performance.now() - since));

  let bytes: Buffer;
  try {
    bytes = await blobs.get(doc.blobKey);
  } catch (error) {
    // A store that is down is retried by the queue; only a file that is gone fails the document.
    if (error instanceof BlobNotFoundError) throw new PermanentError('The uploaded file is missing from storage; upload it again.');
    throw error;
  }
  let t = performance.now();
  const parsed = withoutNul(await run.parse(bytes, doc.format as DocumentFormat, doc.filename, signal));
  lap('parse_ms', t);
  const warnings = parsed.warnings.slice(0, 100);

  // The viewer renders the extracted blocks; written before the swap so the swap can publish its key.
  const extracted = await blobs.put(Buffer.from(JSON.stringify(parsed)), { tenantId, kind: 'extracted' });
  let swapped = false;
  try {
    await advance(run, ctx, 'indexing');

    t = performance.now();
    const chunks = await run.chunk(parsed, { chunkSize: profile.chunkSize, overlap: profile.chunkOverlap }, signal);
    lap('chunk_ms', t);
    stats.blocks = parsed.blocks.length;
    stats.chunks = chunks.length;
    // A file that parsed but holds no text (blank text file, scanned PDF without a text layer) would be
    // `indexed` with nothing searchable; say why instead. Permanent: a retry parses the same bytes.
    if (chunks.length === 0) throw new PermanentError(NO_TEXT_MESSAGE);

    let provider: EmbeddingProvider;
    try {
      provider = await run.embeddings.forTenant(tenantId, profile.embeddingModel);
    } catch (error) {
      // A 4xx is the configuration (unknown or disabled model, no key): retrying cannot fix it.
      const status = (error as { statusCode?: number }).statusCode;
      if (status === undefined || status < 400 || status >= 500) throw error;
      const name = profile.embeddingModel ? `"${profile.embeddingModel}"` : 'of this tenant';
      throw new PermanentError(`The embedding model ${name} is not available: ${(error as Error).message}`);
    }

    await discardStaged(tenant, payload); // what a crashed earlier attempt of this job left behind
    const written = await writeChunks(run, ctx, provider, chunks, stats);
    const summary = extractiveSummary(parsed);

    t = performance.now();
    const outcome = await tenant.run(async (t) => {
      const owner = await lockDocumentForJob(t, doc.id, jobId);
      if (owner.state !== 'owner') return new JobOutcome(owner.state);
      const current = owner.doc;
      // A user's own description survives reindexing; a generated one stays until the describer replaces it.
      const keepDescription = current.aiDescriptionSource === 'user' || current.aiDescriptionSource === 'generated';
      const indexed = await updateDocument(t, doc.id, {
        status: 'indexed',
        error: null,
        liveJobId: jobId,
        chunkCount: chunks.length,
        tokenCount: written.tokens,
        pageCount: parsed.pageCount ?? null,
        metadata: parsed.metadata,
        extractedKey: extracted.key,
        indexedAt: new Date(),
        // Search compares this document only with queries embedded by the same model (embedding-model.ts).
        embeddingModel: embeddingModelKey(provider),
        embeddingDimensions: provider.dimensions,
        ...(keepDescription ? {} : { aiDescription: summary, aiDescriptionSource: summary ? ('extractive' as const) : null }),
      });
      stats.total_ms = Math.round(performance.now() - t0);
      await updateJob(t, jobId, {
        status: 'succeeded',
        error: null,
        finishedAt: new Date(),
        warnings,
        provider: provider.provider,
        model: provider.model,
        dimensions: provider.dimensions,
        chunkCount: chunks.length,
        stats,
      });
      await publishStatus(bus, t.tx, indexed!);
      await documentIndexed(t, indexed!);
      return { previousLive: current.liveJobId, previousExtracted: current.extractedKey };
    });
    if (outcome instanceof JobOutcome) throw outcome;
    swapped = true;

    // The replaced set is invisible since the swap; delete it in short transactions.
    if (outcome.previousLive && outcome.previousLive !== jobId) {
      await deleteChunkSet(tenant, doc.id, outcome.previousLive);
    }
    if (outcome.previousExtracted && outcome.previousExtracted !== extracted.key) {
      await blobs.delete(outcome.previousExtracted).catch(() => {});
    }
    await describe(run, ctx, parsed).catch((error) => log.warn({ err: error, documentId: doc.id }, 'document description failed'));
  } catch (error) {
    if (!swapped) {
      await blobs.delete(extracted.key).catch(() => {});
      if (error instanceof JobOutcome) await discardStaged(tenant, payload).catch(() => {});
      if (error instanceof Error) Object.assign(error, { stats, warnings });
    }
    throw error;
  }
}

/** Moves the document to `status` if this job still owns it. */
async function advance(run: IndexRun, ctx: Context, status: 'indexing'): Promise<void> {
  const outcome = await ctx.tenant.run(async (t) => {
    const owner = await lockDocumentForJob(t, ctx.doc.id, ctx.payload.job_id);
    if (owner.state !== 'owner') return new JobOutcome(owner.state);
    const updated = await updateDocument(t, ctx.doc.id, { status });
    await publishStatus(run.bus, t.tx, updated!);
    return null;
  });
  if (outcome) throw outcome;
}

/** Embeds in provider-sized groups and writes each group in short transactions, staged under the job id. */
async function writeChunks(run: IndexRun, ctx: Context, provider: EmbeddingProvider, chunks: Chunk[], stats: Record<string, number>) {
  const { tenant, doc, payload, signal } = ctx;
  const ids = { documentId: doc.id, jobId: payload.job_id };
  const group = Math.min(512, Math.max(64, provider.maxBatchSize));
  let rowsPerWrite = 32;
  let tokens = 0;
  stats.embed_ms = 0;
  stats.write_ms = 0;
  stats.write_batches = 0;
  for (let from = 0; from < chunks.length; from += group) {
    signal.throwIfAborted();
    const slice = chunks.slice(from, from + group);
    let t = performance.now();
    const vectors = await embedInBatches(provider, slice.map((c) => c.text), { signal });
    stats.embed_ms += Math.round(performance.now() - t);
    for (let i = 0; i < slice.length; ) {
      signal.throwIfAborted();
      const n = Math.min(rowsPerWrite, slice.length - i);
      t = performance.now();
      try {
        await tenant.run((t) => insertChunks(t, ids, slice.slice(i, i + n), vectors.slice(i, i + n)));
      } catch (error) {
        // The document was deleted meanwhile (its rows are gone, so the foreign key refuses the chunks).
        if (databaseError(error)?.code === '23503') {
          throw new JobOutcome('deleted');
        }
        throw error;
      }
      const elapsed = performance.now() - t;
      stats.write_ms += Math.round(elapsed);
      stats.write_batches++;
      rowsPerWrite = Math.round(Math.min(MAX_WRITE_ROWS, Math.max(MIN_WRITE_ROWS, (n * TARGET_WRITE_MS) / Math.max(1, elapsed))));
      i += n;
    }
    for (const c of slice) tokens += c.tokenCount;
  }
  return { tokens };
}

/** Drops the chunks this job staged (never a live set). */
export async function discardStaged(tenant: TenantDb, payload: IngestPayload): Promise<void> {
  await deleteChunkSet(tenant, payload.document_id, payload.job_id);
}

async function deleteChunkSet(tenant: TenantDb, documentId: string, jobId: string): Promise<void> {
  for (;;) {
    const n = await tenant.run((t) => deleteChunkSetBatch(t, documentId, jobId, DELETE_BATCH));
    if (n < DELETE_BATCH) return;
  }
}

/**
 * A model-written description, when the indexing profile asks for one (`ai_descriptions`; off by default, since
 * it sends the beginning of every document to the tenant's chat provider). Provider errors reach the LLM error
 * log under this document and job (the describer's request id); when no description comes back, the job records
 * a warning and the extractive description stays.
 */
async function describe(run: IndexRun, ctx: Context, parsed: ParsedDocument): Promise<void> {
  if (!ctx.profile.aiDescriptions) return;
  const text = leadingText(parsed, DESCRIBE_INPUT_CHARS).trim();
  if (!text) return;
  const { tenant, doc, payload } = ctx;
  const generated = await run.describer.describe(tenant.tenantId, text, ctx.signal, { documentId: doc.id, jobId: payload.job_id });
  const description = generated?.text.trim();
  await tenant.run(async (t) => {
    const owner = await lockDocumentForJob(t, doc.id, payload.job_id, 'live');
    if (owner.state !== 'owner') return;
    if (!description) {
      await appendJobWarnings(t, payload.job_id, [DESCRIPTION_FALLBACK]);
      return;
    }
    // A user override stays shown; the fresh generated text becomes the original it overrides.
    const fields =
      owner.doc.aiDescriptionSource === 'user'
        ? { aiDescriptionOriginal: description }
        : { aiDescription: description, aiDescriptionSource: 'generated' as const };
    await updateDocument(t, doc.id, fields);
  });
}

export const DESCRIPTION_FALLBACK =
  "No model-written description: the tenant's default chat model is missing or unusable, or its provider failed " +
  '(see the LLM error log for this document and job). The extractive description is shown instead.';

/** The first `max` characters of the document text, without joining all of a huge document first. */
function leadingText(parsed: ParsedDocument, max: number): string {
  let out = '';
  for (const block of parsed.blocks) {
    if (out.length >= max) break;
    out += (out ? '\n\n' : '') + block.text;
  }
  return out.slice(0, max);
}
