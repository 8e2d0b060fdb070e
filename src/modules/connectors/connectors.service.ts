import { randomUUID } from 'node:crypto';
import type { Principal } from '../../platform/auth/principal.js';
import type { Clock } from '../../platform/clock.js';
import type { TenantDb, TenantTx } from '../../platform/db/tenant-db.js';
import type { EventBus } from '../../platform/events/bus.js';
import { AppError, nonBlank, unprocessable } from '../../platform/http/errors.js';
import { queueNow } from '../../platform/jobs/queue.repo.js';
import type { JobQueue } from '../../platform/jobs/queue.js';
import type { KeyRing } from '../../platform/sealing.js';
import { audit } from '../audit/index.js';
import { folderExists, memoryExists, type ConnectorContent } from '../documents/index.js';
import {
  countConnectors,
  deleteConnector,
  documentCounts,
  findConnector,
  insertConnector,
  listConnectors,
  lockTenantConnectors,
  updateConnector,
} from './connectors.repo.js';
import { isTerminalRun, presentConnector, presentRun } from './connectors.present.js';
import type { ConnectorRow, RunTrigger } from './connectors.table.js';
import { sealCredentials } from './credentials.js';
import type { ConfigProblem, ConnectorEnv, ConnectorKind } from './kinds/kind.js';
import { findActiveRun, findRun, findRuns, insertRun, listRunErrors, listRuns, updateRun } from './runs.repo.js';
import { RUN_QUEUE } from './sync/engine.js';
import { finishRun, nextScheduled } from './sync/finish.js';
import { publishRunChanged } from './sync/run-events.js';
import { validateAgainst } from './validation.js';

export interface ConnectorsDeps {
  clock: Pick<Clock, 'advancedMs'>;
  secrets: KeyRing;
  bus: EventBus;
  queue: Pick<JobQueue, 'enqueue' | 'poke'>;
  content: Pick<ConnectorContent, 'remover' | 'detach' | 'documentIds'>;
  env: ConnectorEnv;
  kinds: readonly ConnectorKind[];
  maxPerTenant: number;
}

interface ConnectorInput {
  name: string;
  kind: string;
  config: Record<string, unknown>;
  credentials?: Record<string, unknown> | null;
  memory_id?: string | null;
  folder_id?: string | null;
  tags?: string[];
  schedule?: { every_minutes: number } | null;
  enabled?: boolean;
}

/** The errors a run shows at most (all are counted; RUN_ERRORS_KEPT are kept). */
const RUN_ERRORS_SHOWN = 100;

/** Runs get a few attempts: a crash or a lost lease resumes the run; only a run that keeps stopping fails. */
const RUN_MAX_ATTEMPTS = 5;

function uniqueTags(tags: readonly string[] | undefined): string[] {
  return [...new Set((tags ?? []).map((t) => t.normalize('NFC').trim()).filter(Boolean))];
}

/** Connectors and their runs, for the routes and the scheduler. Every call takes the caller's tenant. */
export function createConnectorsService(deps: ConnectorsDeps) {
  const now = () => queueNow(deps.clock.advancedMs);
  const kindOf = (kind: string) => deps.kinds.find((k) => k.kind === kind) ?? null;

  async function found(t: TenantTx, id: string, forUpdate = false): Promise<ConnectorRow> {
    const row = await findConnector(t, id, { forUpdate });
    if (!row) throw new AppError('connector_not_found');
    return row;
  }

  async function present(t: TenantTx, rows: ConnectorRow[]) {
    const counts = await documentCounts(t, rows.map((r) => r.id));
    const runs = await findRuns(t, rows.flatMap((r) => (r.lastRunId ? [r.lastRunId] : [])));
    const active = await Promise.all(rows.map((r) => (r.status === 'queued' || r.status === 'running' ? findActiveRun(t, r.id) : null)));
    return rows.map((row, i) =>
      presentConnector(row, { lastRun: active[i] ?? runs.find((r) => r.id === row.lastRunId) ?? null, documentsCount: counts.get(row.id) ?? 0 }),
    );
  }

  /** The kind's schema and its own check (a folder outside the roots): 422s naming the field under body.config. */
  async function checkConfig(kind: ConnectorKind, config: Record<string, unknown>, credentials: Record<string, unknown> | null | undefined) {
    validateAgainst(kind.config, config, 'config');
    if (credentials) {
      if (!kind.credentials) throw unprocessable(['body', 'credentials'], `the ${kind.kind} kind takes no credentials`);
      validateAgainst(kind.credentials, credentials, 'credentials');
    }
    const problem: ConfigProblem | null = (await kind.check?.(config, deps.env)) ?? null;
    if (problem) throw unprocessable(['body', ...problem.loc], problem.message);
  }

  async function checkPlace(t: TenantTx, memoryId: string | null | undefined, folderId: string | null | undefined) {
    if (memoryId && !(await memoryExists(t, memoryId))) throw new AppError('memory_not_found');
    if (folderId && !(await folderExists(t, folderId))) throw new AppError('folder_not_found');
  }

  function listKinds() {
    return {
      items: deps.kinds.map((k) => ({ kind: k.kind, title: k.title, description: k.description, config_schema: k.config, credentials_schema: k.credentials })),
    };
  }

  async function create(tenant: TenantDb, principal: Principal, input: ConnectorInput) {
    const kind = kindOf(input.kind);
    if (!kind) throw unprocessable(['body', 'kind'], `unknown kind; one of: ${deps.kinds.map((k) => k.kind).join(', ')}`);
    const name = nonBlank(input.name, 'name');
    // The kind's checks may touch the file system or DNS: before the transaction.
    await checkConfig(kind, input.config, input.credentials);
    const id = randomUUID();
    const enabled = input.enabled ?? true;
    const every = input.schedule?.every_minutes ?? null;
    const row = await tenant.run(async (t) => {
      await lockTenantConnectors(t);
      if ((await countConnectors(t)) >= deps.maxPerTenant) {
        throw new AppError('connector_limit', `The tenant has ${deps.maxPerTenant} connectors, as many as it may have (CONNECTOR_MAX_PER_TENANT); delete one first`);
      }
      await checkPlace(t, input.memory_id, input.folder_id);
      const inserted = await insertConnector(t, {
        id,
        name,
        kind: kind.kind,
        config: input.config,
        credentialsSealed: input.credentials ? sealCredentials(deps.secrets, t.tenantId, id, input.credentials) : null,
        memoryId: input.memory_id ?? null,
        folderId: input.folder_id ?? null,
        tags: uniqueTags(input.tags),
        scheduleEveryMinutes: every,
        enabled,
        status: enabled ? 'idle' : 'paused',
        // A scheduled connector runs first at once: its documents should not wait a whole period.
        nextRunAt: enabled && every ? now() : null,
      });
      await audit(t, 'connector.created', principal, { targetId: id, targetName: name, details: { kind: kind.kind, schedule_every_minutes: every, enabled } });
      return inserted;
    });
    return (await tenant.run((t) => present(t, [row])))[0];
  }

  async function list(tenant: TenantDb, skip: number, limit: number) {
    return tenant.run(async (t) => {
      const { rows, total } = await listConnectors(t, skip, limit);
      return { items: await present(t, rows), total, skip, limit };
    });
  }

  async function get(tenant: TenantDb, id: string) {
    return tenant.run(async (t) => (await present(t, [await found(t, id)]))[0]);
  }

  async function update(tenant: TenantDb, principal: Principal, id: string, input: Partial<Omit<ConnectorInput, 'kind'>>) {
    const current = await tenant.run((t) => found(t, id));
    const kind = kindOf(current.kind);
    if (!kind) throw new AppError('connector_not_found');
    if (input.config !== undefined || input.credentials) await checkConfig(kind, input.config ?? current.config, input.credentials);
    return tenant.run(async (t) => {
      const before = await found(t, id, true);
      await checkPlace(t, input.memory_id, input.folder_id);
      const values: Parameters<typeof updateConnector>[2] = {};
      const changed: string[] = [];
      const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K], field: string) => {
        values[key] = value;
        changed.push(field);
      };
      if (input.name !== undefined) set('name', nonBlank(input.name, 'name'), 'name');
      if (input.config !== undefined) set('config', input.config, 'config');
      if (input.credentials !== undefined) set('credentialsSealed', input.credentials ? sealCredentials(deps.secrets, t.tenantId, id, input.credentials) : null, 'credentials');
      if (input.memory_id !== undefined) set('memoryId', input.memory_id, 'memory_id');
      if (input.folder_id !== undefined) set('folderId', input.folder_id, 'folder_id');
      if (input.tags !== undefined) set('tags', uniqueTags(input.tags), 'tags');
      if (input.schedule !== undefined) {
        const every = input.schedule?.every_minutes ?? null;
        set('scheduleEveryMinutes', every, 'schedule');
        if (before.enabled && before.status === 'idle') values.nextRunAt = every ? now() : null;
      }
      if (input.enabled !== undefined && input.enabled !== before.enabled) {
        changed.push('enabled');
        Object.assign(values, input.enabled ? resumed({ ...before, scheduleEveryMinutes: values.scheduleEveryMinutes ?? before.scheduleEveryMinutes }) : { enabled: false, status: 'paused', nextRunAt: null });
        if (!input.enabled) await cancelActive(t, id);
      }
      if (changed.length === 0) return (await present(t, [before]))[0];
      const after = (await updateConnector(t, id, values))!;
      await audit(t, 'connector.updated', principal, { targetId: id, targetName: after.name, details: { changed } });
      return (await present(t, [after]))[0];
    });
  }

  /** What resuming sets: enabled, idle, the failure streak forgotten, a scheduled connector due at once. */
  function resumed(row: Pick<ConnectorRow, 'scheduleEveryMinutes'>) {
    return { enabled: true, status: 'idle' as const, consecutiveFailures: 0, nextRunAt: row.scheduleEveryMinutes ? now() : null };
  }

  /** The active run, cancelled (its job stops at its next item). */
  async function cancelActive(t: TenantTx, connectorId: string): Promise<void> {
    const run = await findActiveRun(t, connectorId);
    if (!run) return;
    await updateRun(t, run.id, { status: 'cancelled', finishedAt: now() });
    await publishRunChanged(deps.bus, t, run.id);
  }

  /**
   * Deletes the connector, its runs and items. Its documents are deleted with it (the one hard-delete path), or,
   * with `keepDocuments`, kept as ordinary documents: their source is cleared, and they may be edited again.
   */
  async function remove(tenant: TenantDb, principal: Principal, id: string, keepDocuments: boolean): Promise<void> {
    const afterCommit = await tenant.run(async (t) => {
      const row = await found(t, id, true);
      await cancelActive(t, id);
      let cleanup: () => Promise<void> = async () => {};
      let documents: number;
      if (keepDocuments) {
        documents = await deps.content.detach(t, id);
      } else {
        const removed = await deps.content.remover.remove(t, await deps.content.documentIds(t, id));
        documents = removed.removed;
        cleanup = removed.afterCommit;
      }
      await audit(t, 'connector.deleted', principal, { targetId: id, targetName: row.name, details: { kind: row.kind, keep_documents: keepDocuments, documents } });
      await deleteConnector(t, id);
      return cleanup;
    });
    await afterCommit();
  }

  /** A new run in the caller's transaction; 409 naming the run already queued or running. */
  async function startRun(t: TenantTx, connector: ConnectorRow, trigger: RunTrigger): Promise<string> {
    const active = await findActiveRun(t, connector.id);
    if (active) throw new AppError('connector_run_in_progress', `A run of this connector is already ${active.status} (run ${active.id})`, {});
    const runId = randomUUID();
    await insertRun(t, { id: runId, connectorId: connector.id, trigger });
    await updateConnector(t, connector.id, { status: 'queued', lastRunId: runId, nextRunAt: null });
    await deps.queue.enqueue(t.tx, RUN_QUEUE, t.tenantId, { runId }, { maxAttempts: RUN_MAX_ATTEMPTS });
    return runId;
  }

  async function sync(tenant: TenantDb, id: string) {
    const runId = await tenant.run(async (t) => {
      const connector = await found(t, id, true);
      if (!connector.enabled || connector.status === 'paused') throw new AppError('connector_paused');
      return startRun(t, connector, 'manual');
    });
    deps.queue.poke(RUN_QUEUE);
    return { run_id: runId };
  }

  /** For the scheduler: a scheduled run of a claimed connector, unless it changed meanwhile (paused, running). */
  async function startScheduled(tenant: TenantDb, id: string): Promise<string | null> {
    const runId = await tenant.run(async (t) => {
      const connector = await findConnector(t, id, { forUpdate: true });
      if (!connector || !connector.enabled || connector.status !== 'idle') return null;
      if (await findActiveRun(t, id)) return null;
      return startRun(t, connector, 'schedule');
    });
    if (runId) deps.queue.poke(RUN_QUEUE);
    return runId;
  }

  async function pause(tenant: TenantDb, principal: Principal, id: string) {
    return update(tenant, principal, id, { enabled: false });
  }

  async function resume(tenant: TenantDb, principal: Principal, id: string) {
    return tenant.run(async (t) => {
      const before = await found(t, id, true);
      if (before.enabled && before.status !== 'error') return (await present(t, [before]))[0];
      const after = (await updateConnector(t, id, resumed(before)))!;
      await audit(t, 'connector.updated', principal, { targetId: id, targetName: after.name, details: { changed: ['enabled'], resumed_from: before.status } });
      return (await present(t, [after]))[0];
    });
  }

  /** Cancels a queued or running run (its job stops at the next item); an ended run is left as it is. */
  async function cancel(tenant: TenantDb, id: string, runId: string) {
    return tenant.run(async (t) => {
      await found(t, id);
      const run = await findRun(t, runId, { connectorId: id, forUpdate: true });
      if (!run) throw new AppError('connector_run_not_found');
      if (isTerminalRun(run.status)) return { run_id: run.id, status: run.status };
      if (run.status === 'queued') {
        // No job has started it: nothing else will release the connector.
        await updateRun(t, runId, { status: 'cancelled', finishedAt: now() });
        await finishRun(t, { bus: deps.bus, now: now() }, runId, { status: 'cancelled' });
      } else {
        await updateRun(t, runId, { status: 'cancelled', finishedAt: now() });
        await publishRunChanged(deps.bus, t, runId);
      }
      return { run_id: run.id, status: 'cancelled' as const };
    });
  }

  async function runs(tenant: TenantDb, id: string, skip: number, limit: number) {
    return tenant.run(async (t) => {
      await found(t, id);
      const { rows, total } = await listRuns(t, id, skip, limit);
      return { items: rows.map((r) => presentRun(r, [])).map(({ errors: _e, ...summary }) => summary), total, skip, limit };
    });
  }

  /** The run with its first errors, or null (the SSE stream reads it this way). */
  async function findRunOf(tenant: TenantDb, id: string, runId: string) {
    return tenant.run(async (t) => {
      if (!(await findConnector(t, id))) return null;
      const run = await findRun(t, runId, { connectorId: id });
      return run ? presentRun(run, await listRunErrors(t, runId, RUN_ERRORS_SHOWN)) : null;
    });
  }

  async function run(tenant: TenantDb, id: string, runId: string) {
    const found = await findRunOf(tenant, id, runId);
    if (!found) throw new AppError('connector_run_not_found');
    return found;
  }

  return { listKinds, create, list, get, update, remove, sync, startScheduled, pause, resume, cancel, runs, run, findRunOf, nextScheduled };
}
export type ConnectorsService = ReturnType<typeof createConnectorsService>;
