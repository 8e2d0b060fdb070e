import type { Readable } from 'node:stream';
import { SENT, type HttpExchange } from '../../platform/http/route.js';
import { contentDisposition } from './content-disposition.js';

/**
 * The HTTP adapter of a document's original file: streamed as an attachment with its own type, never
 * sniffed or cached (it may be anything a tenant uploaded).
 */
export function sendDocumentFile({ reply }: HttpExchange, file: { stream: Readable; filename: string; mimeType: string; size: number }): typeof SENT {
  reply
    .header('content-type', file.mimeType)
    .header('content-length', String(file.size))
    .header('content-disposition', contentDisposition(file.filename))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.stream);
  return SENT;
}
