import type { Logger } from 'pino';
import type { Database } from '../../../platform/db/database.js';
import { tenantDb, type TenantDb, type TenantTx } from '../../../platform/db/tenant-db.js';
import type { EventBus } from '../../../platform/events/bus.js';
import { AppError } from '../../../platform/http/errors.js';
import type { JobQueue } from '../../../platform/jobs/queue.js';
import type { EmbeddingResolver } from '../../ingestion/index.js';
import { emitEvent } from '../../webhooks/index.js';
import { embeddingModelKey } from '../embedding-model.js';
import { readProfile } from '../profile.repo.js';
import { findActiveRun, findRun, insertRun, listRuns, lockTenantRuns, updateRun, countProgress, anyOffTarget, type EmbeddingTarget } from './reindex.repo.js';
import { REINDEX_QUEUE, type ReindexReason, type ReindexRunRow, type ReindexStepPayload } from './reindex.table.js';
import { presentRun } from './reindex.present.js';

/** NOTIFY channel of run progress (the run's event stream listens to it): `{tenant_id, run_id}`. */
export const REINDEX_EVENTS_CHANNEL = 'reindex_run';
export interface ReindexRunEvent {
  tenant_id: string;
  run_id: string;
}

export interface ReindexDeps {
  db: Database;
  bus: EventBus;
  queue: JobQueue;
  log: Logger;
  embeddings: EmbeddingResolver;
}

export interface Requester {
  userId: string | null;
  apiKeyId: string | null;
}

/** A step runs as its own queue job; a failing step is retried this many times before the run is marked failed. */
const STEP_MAX_ATTEMPTS = 5;

/**
 * Tenant-wide re-embedding runs: bring every searchable document to the tenant's current embedding model.
 * A run is a row (reindex_runs) advanced by one queue job per step (reindex-step.ts), so it is fair to other
 * tenants (the queue's fair claims, one step of a tenant at a time), resumes after a restart (the state is in
 * the row, the next step in the queue) and stops when cancelled. One active run per tenant: asking again for
 * the same model returns the active run; a changed model supersedes it (cancelled, with the reason) by a new one.
 */
export function createReindexService(deps: ReindexDeps) {
  const { db, bus, queue, log } = deps;

  /** The model new documents of the tenant are embedded with now: the profile's, else the default, else offline. */
  async function currentTarget(tenant: TenantDb): Promise<EmbeddingTarget> {
    const profile = await tenant.run(readProfile);
    const provider = await deps.embeddings.forTenant(tenant.tenantId, profile.embeddingModel);
    return { model: embeddingModelKey(provider), dimensions: provider.dimensions };
  }

  async function publish(t: TenantTx, runId: string): Promise<void> {
    const event: ReindexRunEvent = { tenant_id: t.tenantId, run_id: runId };
    await bus.publish(REINDEX_EVENTS_CHANNEL, event, t.tx);
  }

  /**
   * Ends the run with its final progress. A completed run is announced in the event log (`reindex.completed`, in
   * this transaction); a cancelled or failed one is not: it did not do what it was started for.
   */
  async function finish(t: TenantTx, run: ReindexRunRow, status: 'cancelled' | 'failed' | 'completed', error: string | null) {
    const progress = await countProgress(t, { model: run.targetModel, dimensions: run.targetDimensions });
    const finished = await updateRun(t, run.id, { status, error, ...progress, finishedAt: new Date() });
    await publish(t, run.id);
    if (status === 'completed') {
      // Runs are tenant-wide (memory_id is always null): `documents` are the searchable ones it covered, `done` those
      // now on `embedding_model`, `failed` those whose re-embedding failed.
      await emitEvent(t, 'reindex.completed', {
        run_id: run.id,
        memory_id: null,
        documents: finished.total,
        done: finished.done,
        failed: finished.failed,
        reason: run.reason,
        embedding_model: run.targetModel,
      });
    }
    return finished;
  }

  /**
   * Starts a run to the current model, or returns the active one already going there. `onlyIfNeeded` (a changed
   * model): no run when every searchable document is on the current model already (an active run to another
   * model is then cancelled: there is nothing left for it to do that the current model wants).
   */
  async function start(tenant: TenantDb, reason: ReindexReason, by: Requester, onlyIfNeeded = false) {
    const target = await currentTarget(tenant);
    const outcome = await tenant.run(async (t) => {
      await lockTenantRuns(t);
      const active = await findActiveRun(t);
      if (active && active.targetModel === target.model && active.targetDimensions === target.dimensions) {
        return { run: active, created: false };
      }
      const superseded = `Superseded: the tenant's embedding model is now ${target.model}.`;
      if (onlyIfNeeded && !(await anyOffTarget(t, target))) {
        if (active) await finish(t, active, 'cancelled', superseded);
        return null;
      }
      if (active) await finish(t, active, 'cancelled', superseded);
      const progress = await countProgress(t, target);
      const run = await insertRun(t, {
        targetModel: target.model,
        targetDimensions: target.dimensions,
        reason,
        requestedByUserId: by.userId,
        requestedByApiKeyId: by.apiKeyId,
        ...progress,
      });
      await enqueueStep(t, run, 0);
      await publish(t, run.id);
      return { run, created: true };
    });
    if (outcome?.created) queue.poke(REINDEX_QUEUE);
    return outcome;
  }

  async function enqueueStep(t: TenantTx, run: ReindexRunRow, delaySec: number): Promise<void> {
    const payload: ReindexStepPayload = { run_id: run.id, seq: run.stepSeq };
    await queue.enqueue(t.tx, REINDEX_QUEUE, t.tenantId, payload, { tenantCap: 1, delaySec, maxAttempts: STEP_MAX_ATTEMPTS });
  }

  /** POST /api/v1/documents/reindex-all */
  async function startAll(tenant: TenantDb, by: Requester) {
    const outcome = (await start(tenant, 'admin', by))!;
    return { run_id: outcome.run.id, created: outcome.created, run: presentRun(outcome.run) };
  }

  /**
   * The port the indexing profile and the language-model area call when the tenant's embedding model may have
   * changed: starts (or supersedes) a run when documents are not on the current model. Never fails the caller's
   * request: a model that cannot be resolved now (no key yet) is logged, and new documents will say why.
   */
  async function onEmbeddingModelChanged(tenantId: string, reason: Exclude<ReindexReason, 'admin'>, by: Requester = { userId: null, apiKeyId: null }) {
    try {
      return await start(tenantDb(db, tenantId), reason, by, true);
    } catch (error) {
      log.warn({ err: error, tenantId }, 'embedding model changed but no re-embedding run could start');
      return null;
    }
  }

  async function requireRun(t: TenantTx, id: string, forUpdate = false): Promise<ReindexRunRow> {
    const run = await findRun(t, id, forUpdate);
    if (!run) throw new AppError('reindex_run_not_found');
    return run;
  }

  /** GET /api/v1/documents/reindex-runs/{id} */
  async function get(tenant: TenantDb, id: string) {
    return presentRun(await tenant.run((t) => requireRun(t, id)));
  }

  /** GET /api/v1/documents/reindex-runs: newest first (an automatically started run is found here). */
  async function list(tenant: TenantDb, query: { skip: number; limit: number }) {
    const { items, total } = await tenant.run((t) => listRuns(t, query.skip, query.limit));
    return { items: items.map(presentRun), total, skip: query.skip, limit: query.limit };
  }

  /** The row itself, for the event stream. */
  async function find(tenant: TenantDb, id: string): Promise<ReindexRunRow | null> {
    return tenant.run((t) => findRun(t, id));
  }

  /**
   * POST /api/v1/documents/reindex-runs/{id}/cancel: no further documents are scheduled (those already being
   * re-embedded finish). Cancelling a finished run changes nothing and returns it.
   */
  async function cancel(tenant: TenantDb, id: string) {
    const run = await tenant.run(async (t) => {
      await lockTenantRuns(t);
      const found = await requireRun(t, id, true);
      if (found.status !== 'queued' && found.status !== 'running') return found;
      return finish(t, found, 'cancelled', 'Cancelled by request.');
    });
    return presentRun(run);
  }

  return { start, startAll, onEmbeddingModelChanged, list, get, find, cancel, enqueueStep, finish, publish };
}
export type ReindexService = ReturnType<typeof createReindexService>;
