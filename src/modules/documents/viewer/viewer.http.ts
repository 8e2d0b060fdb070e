import { SENT, type HttpExchange } from '../../../platform/http/route.js';
import type { ViewResult } from './viewer.service.js';

/** The rendered page may use its inline stylesheet and data: images, and nothing else: no script, frame, form or base. */
export const VIEWER_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
/**
 * The same policy for the inline PDF (a PDF can carry scripts, forms and links: none may run or submit on our
 * origin), with one addition: Chromium shows a top-level PDF through an internal <embed> of the same URL (and, in
 * recent versions, a frame of it), which the `object-src`/`frame-src 'none'` implied by `default-src 'none'` would
 * block (crbug.com/271452); `'self'` for those two allows only that.
 */
const PDF_CSP = `${VIEWER_CSP}; object-src 'self'; frame-src 'self'`;

/** RFC 6266 / 5987: an ASCII fallback and the exact UTF-8 name. */
function inlineDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * The HTTP adapter of the view route: the privacy headers first, so that an error response carries them too,
 * then the original PDF inline or the rendered HTML page, each under its content security policy.
 */
export async function sendView({ reply }: HttpExchange, render: () => Promise<ViewResult>): Promise<typeof SENT> {
  // Whatever the outcome, nothing of this response is cached or leaks a referrer.
  reply.headers({ 'cache-control': 'private, no-store', 'referrer-policy': 'no-referrer', 'x-content-type-options': 'nosniff' });
  const result = await render();
  if (result.kind === 'pdf') {
    reply
      .type('application/pdf')
      .headers({
        'content-disposition': inlineDisposition(result.filename),
        'content-length': String(result.size),
        'content-security-policy': PDF_CSP,
      })
      .send(result.body as never); // a stream: the typed (content-map) response schema cannot describe it
  } else {
    reply.type('text/html; charset=utf-8').header('content-security-policy', VIEWER_CSP).send(result.html);
  }
  return SENT;
}
