import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Principal } from '../../platform/auth/principal.js';
import type { TenantDb } from '../../platform/db/tenant-db.js';
import type { DocumentRow } from './documents.table.js';
import type { IngestOptions, IngestService } from './ingest.js';

/** Plain text to store as a document: its file name (a .txt one) and the text itself. */
interface TextFile {
  filename: string;
  text: string;
}

export type TextIngest = (tenant: TenantDb, principal: Principal, file: TextFile, opts?: IngestOptions) => Promise<DocumentRow>;

/**
 * Text that did not come as an upload (an app's rich document, made searchable) enters the way an upload does:
 * ingestion reads from a spooled file, so the text is written to one under `tmpRoot`, accepted with every check
 * an upload passes, and the spooled file removed either way.
 */
export function createTextIngest(deps: { ingest: Pick<IngestService, 'ingestFile'>; tmpRoot: string }): TextIngest {
  return async (tenant, principal, file, opts = {}) => {
    await mkdir(deps.tmpRoot, { recursive: true });
    const spooled = path.join(deps.tmpRoot, `text-${randomUUID()}.txt`);
    const bytes = Buffer.from(file.text, 'utf8');
    await writeFile(spooled, bytes);
    try {
      return await deps.ingest.ingestFile(tenant, principal, { filename: file.filename, path: spooled, size: bytes.byteLength }, opts);
    } finally {
      await rm(spooled, { force: true });
    }
  };
}
