import type { Clock } from '../../../platform/clock.js';
import type { Config } from '../../../platform/config.js';
import type { Principal } from '../../../platform/auth/principal.js';
import type { TenantDb, TenantTx } from '../../../platform/db/tenant-db.js';
import { AppError } from '../../../platform/http/errors.js';
import type { AppCollection } from '../../apps/index.js';
import { StaleVersion } from '../conflict.js';
import type { ContentScope, Scopes } from '../scope.js';
import { addUsage } from '../usage.repo.js';
import type { RecordRow } from '../app-content.table.js';
import { checkPatch, checkRecord, mergePatch } from './record-checks.js';
import { listSpec } from './list-query.js';
import { presentRecord, type PresentedRecord } from './records.present.js';
import { attachedAssets, deleteRecord, findRecord, findRecordWithAssets, insertRecord, listRecords, updateRecord, type CollectionKey } from './records.repo.js';

export interface RecordsDeps {
  clock: Clock;
  config: Pick<Config, 'appContent'>;
  scopes: Scopes;
}

/** Where a request points: the collection's name, and for users and keys the installation (`installation_id`). */
export interface RecordTarget {
  collection: string;
  installationId?: string;
}

/** A write's precondition: the version it was based on (If-Match or `version`), or none (last write wins). */
export type Expected = number | undefined;

/**
 * App data: JSON records in the collections an app's manifest declares, keyed by (tenant, installation,
 * collection, id). Every write is validated against the collection's schema and counted against the
 * installation's quotas in the same transaction as the write.
 */
export function createRecordsService(deps: RecordsDeps) {
  const { clock, scopes } = deps;
  const limits = deps.config.appContent;

  function collectionOf(scope: ContentScope, name: string): AppCollection {
    const collection = scope.manifest.collections.get(name);
    if (!collection) throw new AppError('app_collection_not_found', `The app's manifest declares no collection "${name.slice(0, 63)}"`);
    return collection;
  }

  async function open(tenant: TenantDb, principal: Principal, target: RecordTarget, access: 'read' | 'write' | 'delete') {
    const scope = await scopes.resolve(tenant, principal, target.installationId, access);
    const collection = collectionOf(scope, target.collection);
    const key: CollectionKey = { installationId: scope.installationId, collection: collection.name };
    return { scope, collection, key };
  }

  async function present(t: TenantTx, key: CollectionKey, row: RecordRow): Promise<PresentedRecord> {
    const assets = await attachedAssets(t, key, [row.id]);
    return presentRecord(row, assets.get(row.id) ?? []);
  }

  /** Adds to the installation's usage and refuses (rolling the write back) what goes over a quota. */
  async function count(t: TenantTx, installationId: string, records: number, bytes: number): Promise<void> {
    const usage = await addUsage(t, installationId, { records, recordBytes: bytes });
    if (records > 0 && usage.records > limits.maxRecords) {
      throw new AppError('app_data_record_quota', `This installation already holds ${limits.maxRecords} records, its quota (APP_DATA_MAX_RECORDS); delete records before adding more`);
    }
    if (bytes > 0 && usage.recordBytes > limits.maxDataBytes) {
      throw new AppError(
        'app_data_storage_quota',
        `This write would bring the installation's records to ${usage.recordBytes} bytes, over its quota of ${limits.maxDataBytes} bytes (APP_DATA_MAX_BYTES)`,
      );
    }
  }

  /** The record locked for a write, checked against the version the write was based on. */
  async function lockCurrent(t: TenantTx, key: CollectionKey, id: string, expected: Expected): Promise<RecordRow> {
    const row = await findRecord(t, key, id, { lock: true });
    if (!row) throw new AppError('app_record_not_found');
    if (expected !== undefined && row.version !== expected) {
      throw new StaleVersion('app_record_version_conflict', `The record is at version ${row.version}, not ${expected}; merge with \`current\` and send its version`, await present(t, key, row));
    }
    return row;
  }

  async function create(tenant: TenantDb, principal: Principal, target: RecordTarget, data: unknown): Promise<PresentedRecord> {
    const { scope, collection, key } = await open(tenant, principal, target, 'write');
    const size = checkRecord(collection, data, limits.maxRecordBytes);
    return tenant.run(async (t) => {
      const row = await insertRecord(t, key, { data: data as Record<string, unknown>, sizeBytes: size, createdBy: scope.actorUserId, now: clock.now() });
      // Counted last, so the usage row (which every write of the installation locks) is held only until the commit.
      await count(t, key.installationId, 1, size);
      return presentRecord(row, []);
    });
  }

  async function list(tenant: TenantDb, principal: Principal, target: RecordTarget, query: Record<string, unknown>) {
    const { collection, key } = await open(tenant, principal, target, 'read');
    const spec = listSpec(collection, query);
    return tenant.run(async (t) => {
      const { rows, total } = await listRecords(t, key, spec);
      const assets = await attachedAssets(t, key, rows.map((r) => r.id));
      return { items: rows.map((r) => presentRecord(r, assets.get(r.id) ?? [])), total, skip: spec.skip, limit: spec.limit };
    });
  }

  async function get(tenant: TenantDb, principal: Principal, target: RecordTarget, id: string): Promise<PresentedRecord> {
    const { key } = await open(tenant, principal, target, 'read');
    const found = await tenant.run((t) => findRecordWithAssets(t, key, id));
    if (!found) throw new AppError('app_record_not_found');
    return presentRecord(found.row, found.assetIds);
  }

  async function write(t: TenantTx, key: CollectionKey, before: RecordRow, data: Record<string, unknown>, size: number): Promise<PresentedRecord> {
    const after = await updateRecord(t, key, before.id, { data, sizeBytes: size, now: clock.now() });
    await count(t, key.installationId, 0, size - before.sizeBytes);
    return present(t, key, after);
  }

  /** Replaces the record (PUT). */
  async function replace(tenant: TenantDb, principal: Principal, target: RecordTarget, id: string, data: unknown, expected: Expected) {
    const { collection, key } = await open(tenant, principal, target, 'write');
    const size = checkRecord(collection, data, limits.maxRecordBytes);
    return tenant.run(async (t) => write(t, key, await lockCurrent(t, key, id, expected), data as Record<string, unknown>, size));
  }

  /** Applies a JSON merge patch (PATCH); the result must still match the schema. */
  async function patch(tenant: TenantDb, principal: Principal, target: RecordTarget, id: string, changes: unknown, expected: Expected) {
    const { collection, key } = await open(tenant, principal, target, 'write');
    const patchDoc = checkPatch(changes);
    return tenant.run(async (t) => {
      const before = await lockCurrent(t, key, id, expected);
      const after = mergePatch(before.data, patchDoc);
      const size = checkRecord(collection, after, limits.maxRecordBytes);
      return write(t, key, before, after as Record<string, unknown>, size);
    });
  }

  async function remove(tenant: TenantDb, principal: Principal, target: RecordTarget, id: string, expected: Expected): Promise<void> {
    const { key } = await open(tenant, principal, target, 'delete');
    await tenant.run(async (t) => {
      const row = await lockCurrent(t, key, id, expected);
      await deleteRecord(t, key, id);
      await count(t, key.installationId, -1, -row.sizeBytes);
    });
  }

  return { create, list, get, replace, patch, remove };
}
export type RecordsService = ReturnType<typeof createRecordsService>;
