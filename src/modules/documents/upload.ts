import type { FastifyRequest } from 'fastify';
import { isUuid } from '../../platform/db/database.js';
import { unprocessable } from '../../platform/http/errors.js';

export interface UploadForm {
  filename: string;
  bytes: Buffer;
  memoryId: string | null;
  folderId: string | null;
  tags: string[] | undefined;
}

/**
 * Reads the multipart form of a single upload: one `file` part, optional `memory_id`, `folder_id` and
 * `tags` (comma-separated, or the field repeated). The size limit is the multipart plugin's: a bigger
 * file fails with 413 while it is being read.
 */
export async function readUploadForm(request: FastifyRequest): Promise<UploadForm> {
  if (!request.isMultipart()) throw unprocessable(['body', 'file'], 'Send the file as multipart/form-data in a part named "file"', 'missing');
  let file: { filename: string; bytes: Buffer } | null = null;
  const fields: Record<string, string[]> = {};
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== 'file') {
        await part.toBuffer(); // drain it; only `file` is read
        continue;
      }
      if (file) throw unprocessable(['body', 'file'], 'Send one file per request; use bulk-upload for several');
      file = { filename: part.filename ?? '', bytes: await part.toBuffer() };
    } else {
      (fields[part.fieldname] ??= []).push(String(part.value ?? ''));
    }
  }
  if (!file) throw unprocessable(['body', 'file'], 'Field required', 'missing');
  return {
    ...file,
    memoryId: uuidField(fields, 'memory_id'),
    folderId: uuidField(fields, 'folder_id'),
    tags: fields.tags ? fields.tags.flatMap((value) => value.split(',')) : undefined,
  };
}

function uuidField(fields: Record<string, string[]>, name: string): string | null {
  const values = fields[name];
  if (!values || values.length === 0) return null;
  const value = values[values.length - 1].trim();
  if (!value || value === 'null') return null;
  if (!isUuid(value)) throw unprocessable(['body', name], 'Input should be a valid UUID', 'uuid_parsing');
  return value.toLowerCase();
}
