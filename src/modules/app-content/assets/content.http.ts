import type { Readable } from 'node:stream';
import { SENT, type HttpExchange } from '../../../platform/http/route.js';
import { contentDisposition } from '../../documents/index.js';

/**
 * The HTTP adapter of an asset's bytes. A file an app uploaded may be anything its manifest allowed (an
 * SVG with a script, HTML saved as text): it is always an attachment, never sniffed, never cached, and
 * sandboxed by its CSP should a browser render it anyway.
 */
export function sendAsset({ reply }: HttpExchange, file: { stream: Readable; filename: string; mimeType: string; size: number }): typeof SENT {
  reply
    .header('content-type', file.mimeType)
    .header('content-length', String(file.size))
    .header('content-disposition', contentDisposition(file.filename))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "sandbox; default-src 'none'")
    .header('cache-control', 'private, no-store')
    .send(file.stream);
  return SENT;
}
