import type {} from '@fastify/multipart'; // request.parts() and isMultipart()
import type { HttpExchange } from '../../../platform/http/route.js';
import { unprocessable } from '../../../platform/http/errors.js';
import { MAX_BULK_FILES } from './bulk.service.js';
import { spoolUpload, type SpooledUpload, type UploadPart } from '../index.js';

/**
 * The HTTP adapter of a bulk upload: streams the multipart body to a private temporary directory (spool.ts),
 * the repeated `files` parts as files and the other parts as fields, read afterwards by the same field parser
 * as a single upload (../multipart-fields.ts). The caller must call `cleanup()` on the result.
 */
export async function readBulkForm({ request }: HttpExchange, options: { tmpRoot: string; uploadMaxBytes: number }): Promise<SpooledUpload> {
  if (!request.isMultipart()) throw unprocessable(['body'], 'Expected a multipart/form-data body with repeated "files" parts');
  try {
    // Files past the size limit arrive truncated and are rejected one by one (the option is untyped but honoured).
    const limits = {
      limits: { fileSize: options.uploadMaxBytes, files: MAX_BULK_FILES + 1, parts: MAX_BULK_FILES + 60 },
      throwFileSizeLimit: false,
    };
    const parts = request.parts(limits as Parameters<typeof request.parts>[0]) as AsyncIterable<UploadPart>;
    return await spoolUpload(parts, { tmpRoot: options.tmpRoot, fileField: 'files', maxFiles: MAX_BULK_FILES });
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw unprocessable(['body', 'files'], `At most ${MAX_BULK_FILES} files per request; split the upload`, 'too_many_files');
    }
    throw error;
  }
}
