import path from 'node:path';
import type { HttpExchange } from '../../platform/http/route.js';
import { AppError, unprocessable } from '../../platform/http/errors.js';
import { readUploadFields, type UploadFields } from './multipart-fields.js';
import type { UploadedFile } from './ingest.js';
import { spoolUpload, type UploadPart } from './spool.js';

export interface UploadForm extends UploadFields, UploadedFile {
  /** Removes the spooled file: call it once the upload is handled, whatever the outcome. */
  cleanup(): Promise<void>;
}

/**
 * The HTTP adapter of a single upload: one `file` part, streamed to a private temporary file under `tmpRoot` (never
 * held whole in memory), and the fields of multipart-fields.ts (`memory_id`, `folder_id`, `tags`), read by the same
 * rules as bulk upload. The size limit is the multipart plugin's: a bigger file fails with 413 while it is being read.
 * File parts under another name are read and ignored.
 */
export async function readUploadForm({ request }: HttpExchange, options: { tmpRoot: string }): Promise<UploadForm> {
  if (!request.isMultipart()) throw unprocessable(['body', 'file'], 'Send the file as multipart/form-data in a part named "file"', 'missing');
  const spooled = await spoolUpload(request.parts() as AsyncIterable<UploadPart>, { tmpRoot: path.join(options.tmpRoot), fileField: 'file', maxFiles: 1 });
  try {
    if (spooled.fileCount > 1) throw unprocessable(['body', 'file'], 'Send one file per request; use bulk-upload for several');
    const file = spooled.files[0];
    if (!file) throw unprocessable(['body', 'file'], 'Field required', 'missing');
    if (file.truncated) throw new AppError('payload_too_large', 'The file is larger than the upload limit.');
    return { filename: file.filename, path: file.path, size: file.size, ...readUploadFields(spooled.fields), cleanup: spooled.cleanup };
  } catch (error) {
    await spooled.cleanup();
    throw error;
  }
}
