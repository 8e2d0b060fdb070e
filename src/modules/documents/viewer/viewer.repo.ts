import { sql } from 'drizzle-orm';
import { rows } from '../../../platform/db/database.js';
import type { TenantTx } from '../../../platform/db/tenant-db.js';

export interface ViewableDocument {
  id: string;
  filename: string;
  format: string;
  mimeType: string;
  blobKey: string;
  extractedKey: string | null;
  status: string;
  error: string | null;
}

export async function findViewableDocument({ tx, tenantId }: TenantTx, id: string): Promise<ViewableDocument | null> {
  const [row] = await rows<Record<string, any>>(tx, sql`
    SELECT id, filename, format, mime_type, blob_key, extracted_key, status, error
    FROM documents WHERE tenant_id = ${tenantId} AND id = ${id}`);
  if (!row) return null;
  return {
    id: row.id,
    filename: row.filename,
    format: row.format,
    mimeType: row.mime_type,
    blobKey: row.blob_key,
    extractedKey: row.extracted_key,
    status: row.status,
    error: row.error,
  };
}
