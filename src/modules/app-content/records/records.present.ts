import type { RecordRow } from '../app-content.table.js';

export function presentRecord(row: RecordRow, assetIds: readonly string[]) {
  return {
    id: row.id,
    collection: row.collection,
    installation_id: row.installationId,
    data: row.data,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    created_by: row.createdBy,
    asset_ids: [...assetIds],
  };
}
export type PresentedRecord = ReturnType<typeof presentRecord>;
