import type { HttpExchange } from '../../../platform/http/route.js';
import { AppError, unprocessable } from '../../../platform/http/errors.js';

export interface AssetUpload {
  filename: string;
  bytes: Buffer;
  /** The part's Content-Type, as the client declared it (the bytes decide what the file is). */
  declaredType: string | undefined;
}

/**
 * The HTTP adapter of an asset upload: one multipart part named `file`, read with the app's max_file_bytes
 * as the limit, so a larger file is refused (413) while it arrives rather than after it was buffered.
 */
export async function readAssetUpload({ request }: HttpExchange, maxFileBytes: number): Promise<AssetUpload> {
  if (!request.isMultipart()) throw unprocessable(['body', 'file'], 'Send the file as multipart/form-data in a part named "file"', 'missing');
  let file: AssetUpload | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxFileBytes } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file' || file) {
        await part.toBuffer(); // drained; only one `file` is read
        if (part.fieldname === 'file') throw unprocessable(['body', 'file'], 'Send one file per request');
        continue;
      }
      file = { filename: part.filename ?? '', bytes: await part.toBuffer(), declaredType: part.mimetype || undefined };
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('app_asset_too_large', `The app accepts files of at most ${maxFileBytes} bytes (max_file_bytes)`);
    }
    // The parser's own complaints (a boundary that never comes, a truncated part) are the client's malformed body.
    if (!(error instanceof AppError) && error instanceof Error && /multipart|boundary|part/i.test(error.message) && !(error as { statusCode?: number }).statusCode) {
      throw new AppError('bad_request', `The multipart body is malformed: ${error.message}`);
    }
    throw error;
  }
  if (!file) throw unprocessable(['body', 'file'], 'Field required', 'missing');
  return file;
}
