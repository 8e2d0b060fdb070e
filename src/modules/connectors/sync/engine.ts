import type { Readable } from 'node:stream';
import type { BaseLogger } from 'pino';
import type { Clock } from '../../../platform/clock.js';
import type { Database } from '../../../platform/db/database.js';
import { tenantDb, type TenantDb, type TenantTx } from '../../../platform/db/tenant-db.js';
import type { EventBus } from '../../../platform/events/bus.js';
import { AppError } from '../../../platform/http/errors.js';
import { queueNow } from '../../../platform/jobs/queue.repo.js';
import type { JobHandler } from '../../../platform/jobs/worker.js';
import type { GuardedClient } from '../../../platform/net/guarded-fetch.js';
import type { KeyRing } from '../../../platform/sealing.js';
import type { AcceptedFile, ConnectorContent } from '../../documents/index.js';
import { findConnector, updateConnector } from '../connectors.repo.js';
import type { ConnectorRow } from '../connectors.table.js';
import { openCredentials } from '../credentials.js';
import type { ConnectorContext, ConnectorEnv, ConnectorItem, ConnectorKind, ListResult } from '../kinds/kind.js';
import { addToCounts, deleteItems, findRun, insertRunError, itemMeta, knownItems, setItemMeta, staleItems, touchItems, updateRun, upsertItem, type KnownItem, type RunCounts } from '../runs.repo.js';
import { finishRun, type RunEnd } from './finish.js';
import { publishItem, RUN_EVENTS_CHANNEL, type RunEvent } from './run-events.js';
import { spoolItem, TooLargeError } from './spool.js';

/** The queue of connector runs: one job per run, its payload `{runId}`, its tenant the connector's. */
export const RUN_QUEUE = 'connector.run';

/** Unchanged items recorded per transaction (a run over an unchanged source writes little). */
const TOUCH_BATCH = 200;
/** Listing events between two reads of the run's status (besides the cancel's notification). */
const CANCEL_CHECK_EVERY = 100;
/** Items whose documents a complete listing deletes per transaction. */
const DELETE_BATCH = 200;

export interface EngineDeps {
  db: Pick<Database, 'tenant'>;
  bus: EventBus;
  clock: Pick<Clock, 'now' | 'advancedMs'>;
  log: Pick<BaseLogger, 'warn' | 'error'>;
  secrets: KeyRing;
  content: ConnectorContent;
  env: ConnectorEnv;
  http: GuardedClient;
  kinds: (kind: string) => ConnectorKind | null;
  limits: { maxItems: number; maxFileBytes: number };
  /** Where item contents are spooled before the documents module accepts them. */
  tmpRoot: string;
  leaseSec: number;
  /** Runs this process works on at once, and runs of one tenant at once across the workers. */
  concurrency: number;
  tenantCap: number;
}

/** The worker was stopped or lost the job's lease: the run stays `running`, and the job's next attempt resumes it. */
class Interrupted extends Error {}

export function runJob(deps: EngineDeps): JobHandler {
  return {
    queue: RUN_QUEUE,
    concurrency: deps.concurrency,
    leaseSec: deps.leaseSec,
    tenantCap: deps.tenantCap,
    handle: (job, { signal }) => new SyncRun(deps, tenantDb(deps.db, job.tenantId!), String(job.payload.runId), signal).run(),
    // Attempts spent (the run kept crashing its worker or timing out): the run fails like a broken listing.
    onDead: async (job, error) => {
      const tenant = tenantDb(deps.db, job.tenantId!);
      await tenant.run((t) => finishRun(t, { bus: deps.bus, now: queueNow(deps.clock.advancedMs) }, String(job.payload.runId), { status: 'failed', error: `The run stopped without finishing too many times (${error})` }));
    },
  };
}

/**
 * One run of one connector: the kind lists its source; each item is compared with what the connector recorded
 * (connector_items) and is unchanged (recorded as seen by this run, nothing read), added or updated (its content
 * spooled, accepted by the documents module and committed with the item's record in one transaction), deleted
 * (a delta source said so) or failed (recorded on the run, the document kept). Everything is committed as it goes,
 * so a new attempt after a crash skips what this run already recorded. After a complete full listing, the
 * documents of items it did not list are deleted; then the final transaction (finish.ts). See README.md.
 */
class SyncRun {
  private readonly now = () => queueNow(this.deps.clock.advancedMs);
  private known = new Map<string, KnownItem>();
  private touches: { externalId: string; url: string | null }[] = [];
  /** The meta `previous` read for an item this run, as JSON, so an unchanged item whose meta is the same is not rewritten. */
  private readonly metaRead = new Map<string, string>();
  private readonly cancel = new AbortController();
  private connector!: ConnectorRow;
  private kind!: ConnectorKind;
  private listed = 0;
  private listingErrors = 0;

  constructor(
    private readonly deps: EngineDeps,
    private readonly tenant: TenantDb,
    private readonly runId: string,
    private readonly jobSignal: AbortSignal,
  ) {}

  async run(): Promise<void> {
    if (!(await this.begin())) return;
    const unsubscribe = await this.deps.bus.subscribe(RUN_EVENTS_CHANNEL, (event: RunEvent) => {
      if (event?.tenant_id === this.tenant.tenantId && event.run_id === this.runId && event.type === 'run') void this.checkCancelled();
    });
    try {
      await this.checkCancelled();
      const end = await this.sync();
      await this.finish(end);
    } finally {
      unsubscribe();
    }
  }

  /** Marks the run running; false when there is nothing to do (the run ended, or its connector is gone). */
  private async begin(): Promise<boolean> {
    return this.tenant.run(async (t) => {
      const run = await findRun(t, this.runId, { forUpdate: true });
      if (!run || (run.status !== 'queued' && run.status !== 'running')) return false;
      const connector = await findConnector(t, run.connectorId, { forUpdate: true });
      const kind = connector && this.deps.kinds(connector.kind);
      if (!connector || !kind) {
        if (connector) await finishRun(t, { bus: this.deps.bus, now: this.now() }, this.runId, { status: 'failed', error: `Unknown connector kind "${connector.kind}"` });
        return false;
      }
      this.connector = connector;
      this.kind = kind;
      if (run.status === 'queued') await updateRun(t, this.runId, { status: 'running', startedAt: this.now() });
      if (connector.status !== 'paused') await updateConnector(t, connector.id, { status: 'running' });
      for (const item of await knownItems(t, connector.id)) this.known.set(item.externalId, item);
      return true;
    });
  }

  private async checkCancelled(): Promise<void> {
    const run = await this.tenant.run((t) => findRun(t, this.runId)).catch(() => null);
    if (run && run.status !== 'queued' && run.status !== 'running' && !this.cancel.signal.aborted) this.cancel.abort(new Error('run cancelled'));
  }

  private get signal(): AbortSignal {
    return AbortSignal.any([this.jobSignal, this.cancel.signal]);
  }

  private interrupted(): boolean {
    return this.jobSignal.aborted || this.cancel.signal.aborted;
  }

  private context(signal: AbortSignal): ConnectorContext {
    const c = this.connector;
    return {
      connectorId: c.id,
      tenantId: this.tenant.tenantId,
      config: c.config,
      credentials: c.credentialsSealed ? openCredentials(this.deps.secrets, this.tenant.tenantId, c.id, c.credentialsSealed) : null,
      env: this.deps.env,
      http: this.deps.http,
      signal,
      previous: async (externalId) => {
        const known = this.known.get(externalId);
        if (!known) return null;
        if (!known.hasMeta) return { version: known.version };
        const meta = await this.tenant.run((t) => itemMeta(t, c.id, externalId));
        if (meta) this.metaRead.set(externalId, JSON.stringify(meta));
        return { version: known.version, ...(meta ? { meta } : {}) };
      },
      cursor: c.cursor ?? null,
      limits: this.deps.limits,
      now: () => this.deps.clock.now().getTime(),
    };
  }

  /** Lists and records every item; how the run ends (not yet committed). Throws Interrupted when the worker stops. */
  private async sync(): Promise<RunEnd> {
    const signal = this.signal;
    const ctx = this.context(signal);
    const listing = this.kind.list(ctx);
    let result: ListResult;
    let events = 0;
    try {
      for (;;) {
        const next = await listing.next();
        if (next.done) {
          result = next.value;
          break;
        }
        const event = next.value;
        if (event.type === 'item') {
          if (++this.listed > this.deps.limits.maxItems) {
            await listing.return(undefined as never).catch(() => {});
            await this.flushTouches();
            return { status: 'succeeded', listingComplete: false, error: `The listing passed ${this.deps.limits.maxItems} items (CONNECTOR_MAX_ITEMS_PER_RUN): the rest was not listed and nothing was deleted` };
          }
          await this.onItem(ctx, event.item);
        } else if (event.type === 'unchanged') {
          this.listed++;
          await this.onUnchanged(event.externalId, event.meta);
        } else if (event.type === 'deleted') {
          await this.onDeleted(event.externalId);
        } else {
          if (!event.externalId) this.listingErrors++;
          await this.onError(event.externalId ?? null, event.url ?? null, event.message);
        }
        // The cancel's notification is the prompt path; this catches one that was missed (a dropped LISTEN connection).
        if (++events % CANCEL_CHECK_EVERY === 0) await this.checkCancelled();
        if (this.interrupted()) break;
      }
    } catch (error) {
      if (error instanceof Interrupted) throw error;
      await this.flushTouches();
      if (this.jobSignal.aborted) throw new Interrupted('worker stopping');
      if (this.cancel.signal.aborted) return { status: 'cancelled' };
      return { status: 'failed', error: `The listing failed: ${(error as Error).message}` };
    }
    await this.flushTouches();
    if (this.jobSignal.aborted) throw new Interrupted('worker stopping');
    if (this.cancel.signal.aborted) return { status: 'cancelled' };
    // A kind that stops at the item cap with an error and returns has not listed everything either.
    if (this.listed >= this.deps.limits.maxItems && this.listingErrors > 0) {
      return { status: 'succeeded', listingComplete: false, error: `The listing stopped at ${this.deps.limits.maxItems} items (CONNECTOR_MAX_ITEMS_PER_RUN): nothing was deleted` };
    }
    if (result!.mode === 'full') await this.deleteUnlisted();
    if (this.interrupted()) return this.jobSignal.aborted ? Promise.reject(new Interrupted('worker stopping')) : { status: 'cancelled' };
    return { status: 'succeeded', listingComplete: true, error: null, cursor: result!.cursor };
  }

  private async onItem(ctx: ConnectorContext, item: ConnectorItem): Promise<void> {
    const known = this.known.get(item.externalId);
    // Recorded by this run already (an attempt before a crash, or listed twice): nothing to do, nothing to count.
    if (known && known.lastSeenRunId === this.runId && known.version === item.version) return;
    if (known && known.version === item.version && known.documentId) {
      this.touches.push({ externalId: item.externalId, url: item.url });
      known.lastSeenRunId = this.runId;
      await this.keepMeta(item.externalId, item.meta);
      if (this.touches.length >= TOUCH_BATCH) await this.flushTouches();
      return;
    }
    this.metaRead.delete(item.externalId); // the item's record is rewritten whole below
    await this.flushTouches();
    let spooled: Awaited<ReturnType<typeof spoolItem>> | null = null;
    let accepted: AcceptedFile | null = null;
    let content: Readable | Buffer | null = null;
    try {
      content = item.body ?? (await this.kind.open(ctx, item));
      spooled = await spoolItem(this.deps.tmpRoot, content, this.deps.limits.maxFileBytes, ctx.signal);
      accepted = await this.deps.content.accept(this.tenant.tenantId, { filename: item.filename, path: spooled.path, size: spooled.size });
    } catch (error) {
      if (content && !Buffer.isBuffer(content)) content.destroy();
      await spooled?.remove();
      if (this.interrupted()) return;
      await this.onError(item.externalId, item.url, itemMessage(error));
      return;
    }
    await spooled.remove();
    try {
      const afterCommit = await this.tenant.run(async (t) => {
        const connector = this.connector;
        let documentId: string;
        let decision: 'added' | 'updated' = 'added';
        let cleanup: (() => Promise<void>) | null = null;
        const replaced = known?.documentId ? await this.deps.content.replace(t, known.documentId, accepted!) : null;
        if (replaced) {
          documentId = replaced.document.id;
          decision = 'updated';
          cleanup = replaced.afterCommit;
        } else {
          const created = await this.deps.content.create(t, accepted!, {
            source: { connectorId: connector.id, externalId: item.externalId, url: item.url },
            memoryId: connector.memoryId,
            folderId: connector.folderId,
            tags: connector.tags,
          });
          documentId = created.id;
        }
        await upsertItem(t, { connectorId: connector.id, externalId: item.externalId, version: item.version, documentId, url: item.url, meta: item.meta ?? null, runId: this.runId });
        await addToCounts(t, this.runId, { seen: 1, [decision]: 1 });
        await publishItem(this.deps.bus, t, this.runId, { external_id: item.externalId, url: item.url, decision, document_id: documentId });
        this.known.set(item.externalId, { externalId: item.externalId, version: item.version, documentId, lastSeenRunId: this.runId, hasMeta: Boolean(item.meta) });
        return cleanup;
      });
      this.deps.content.poke();
      await afterCommit?.();
    } catch (error) {
      await this.deps.content.discard(accepted);
      // The documents module refused it (its memory or folder is gone): an item error. Anything else is the
      // database's: the job's next attempt resumes the run.
      if (!(error instanceof AppError)) throw error;
      await this.onError(item.externalId, item.url, itemMessage(error));
    }
  }

  private async onUnchanged(externalId: string, meta: Record<string, unknown> | undefined): Promise<void> {
    const known = this.known.get(externalId);
    if (!known) return this.onError(externalId, null, 'The source reported an item unchanged that this connector never indexed');
    if (known.lastSeenRunId === this.runId) return;
    known.lastSeenRunId = this.runId;
    await this.keepMeta(externalId, meta);
    this.touches.push({ externalId, url: null });
    if (this.touches.length >= TOUCH_BATCH) await this.flushTouches();
  }

  /**
   * An unchanged item's meta, written only when it differs from what `previous` read: most often it is the same
   * (same validators, same links), and rewriting it costs a transaction per item.
   */
  private async keepMeta(externalId: string, meta: Record<string, unknown> | undefined): Promise<void> {
    const read = this.metaRead.get(externalId);
    this.metaRead.delete(externalId);
    if (meta && JSON.stringify(meta) !== read) await this.tenant.run((t) => setItemMeta(t, this.connector.id, externalId, meta));
  }

  /** Unchanged items, recorded as seen by this run in one transaction (with their counts and stream events). */
  private async flushTouches(): Promise<void> {
    if (this.touches.length === 0) return;
    const batch = this.touches;
    this.touches = [];
    await this.tenant.run(async (t) => {
      await touchItems(t, this.connector.id, this.runId, batch.map((b) => b.externalId));
      await addToCounts(t, this.runId, { seen: batch.length, unchanged: batch.length });
      for (const b of batch) {
        const known = this.known.get(b.externalId);
        await publishItem(this.deps.bus, t, this.runId, { external_id: b.externalId, url: b.url, decision: 'unchanged', document_id: known?.documentId ?? null });
      }
    });
  }

  private async onDeleted(externalId: string): Promise<void> {
    const known = this.known.get(externalId);
    if (!known) return;
    await this.flushTouches();
    await this.removeItems([{ externalId, documentId: known.documentId, url: null }]);
  }

  /** An item the listing or the fetch failed on: recorded on the run; a known item keeps its document and version. */
  private async onError(externalId: string | null, url: string | null, message: string): Promise<void> {
    await this.flushTouches();
    const known = externalId ? this.known.get(externalId) : undefined;
    await this.tenant.run(async (t) => {
      await insertRunError(t, this.runId, { externalId, url, message });
      await addToCounts(t, this.runId, externalId ? { seen: 1, failed: 1 } : { failed: 1 });
      if (known) await touchItems(t, this.connector.id, this.runId, [known.externalId]);
      await publishItem(this.deps.bus, t, this.runId, { external_id: externalId, url, decision: 'failed', document_id: known?.documentId ?? null, message });
    });
    if (known) known.lastSeenRunId = this.runId;
  }

  /** After a complete full listing: the items it did not list, and their documents, in batches. */
  private async deleteUnlisted(): Promise<void> {
    for (;;) {
      if (this.interrupted()) return;
      const stale = await this.tenant.run((t) => staleItems(t, this.connector.id, this.runId, DELETE_BATCH));
      if (stale.length === 0) return;
      await this.removeItems(stale);
    }
  }

  private async removeItems(items: { externalId: string; documentId: string | null; url: string | null }[]): Promise<void> {
    const afterCommit = await this.tenant.run(async (t: TenantTx) => {
      const documentIds = items.flatMap((i) => (i.documentId ? [i.documentId] : []));
      const removed = await this.deps.content.remover.remove(t, documentIds);
      await deleteItems(t, this.connector.id, items.map((i) => i.externalId));
      const counts: Partial<RunCounts> = { deleted: items.length };
      await addToCounts(t, this.runId, counts);
      for (const i of items) await publishItem(this.deps.bus, t, this.runId, { external_id: i.externalId, url: i.url, decision: 'deleted', document_id: i.documentId });
      return removed.afterCommit;
    });
    for (const i of items) this.known.delete(i.externalId);
    await afterCommit();
  }

  private async finish(end: RunEnd): Promise<void> {
    await this.tenant.run((t) => finishRun(t, { bus: this.deps.bus, now: this.now() }, this.runId, end));
  }
}

/** What the run shows for an item: the refusal's detail as an upload would show it, or the kind's message. */
function itemMessage(error: unknown): string {
  if (error instanceof AppError) return typeof error.detail === 'string' ? error.detail : Array.isArray(error.detail) ? String(error.detail[0]?.msg ?? error.message) : error.message;
  if (error instanceof TooLargeError) return `The item is ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}
