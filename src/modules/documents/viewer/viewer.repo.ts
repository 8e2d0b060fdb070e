import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../../platform/db/database.js';

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

export async function findViewableDocument(tx: Tx, tenantId: string, id: string): Promise<ViewableDocument | null> {
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
