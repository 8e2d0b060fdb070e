import type { HttpExchange } from '../../platform/http/route.js';
import { unprocessable } from '../../platform/http/errors.js';
import { readUploadFields, type UploadFields } from './multipart-fields.js';

export interface UploadForm extends UploadFields {
  filename: string;
  bytes: Buffer;
}

/**
 * The HTTP adapter of a single upload: one `file` part, and the fields of multipart-fields.ts (`memory_id`,
 * `folder_id`, `tags`), read by the same rules as bulk upload. The size limit is the multipart plugin's: a
 * bigger file fails with 413 while it is being read.
 */
export async function readUploadForm({ request }: HttpExchange): Promise<UploadForm> {
  if (!request.isMultipart()) throw unprocessable(['body', 'file'], 'Send the file as multipart/form-data in a part named "file"', 'missing');
  let file: { filename: string; bytes: Buffer } | null = null;
  const fields = new Map<string, unknown[]>();
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== 'file') {
        await part.toBuffer(); // drain it; only `file` is read
        continue;
      }
      if (file) throw unprocessable(['body', 'file'], 'Send one file per request; use bulk-upload for several');
      file = { filename: part.filename ?? '', bytes: await part.toBuffer() };
    } else {
      fields.set(part.fieldname, [...(fields.get(part.fieldname) ?? []), part.value]);
    }
  }
  if (!file) throw unprocessable(['body', 'file'], 'Field required', 'missing');
  return { ...file, ...readUploadFields(fields) };
}
