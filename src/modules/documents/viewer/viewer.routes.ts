import { Type } from 'typebox';
import { auth, type App } from '../../../platform/http/types.js';
import { principalOf } from '../../../platform/auth/plugin.js';
import { ErrorBody, IdParams, authErrors } from '../../../platform/http/pagination.js';
import type { ViewerService } from './viewer.service.js';
import { ViewHeaders, ViewQuery, ViewerTokenResponse } from './viewer.api.js';

/** The rendered page may use its inline stylesheet and data: images, and nothing else: no script, frame, form or base. */
export const VIEWER_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
/**
 * The same policy for the inline PDF (a PDF can carry scripts, forms and links: none may run or submit on our
 * origin), with one addition: Chromium shows a top-level PDF through an internal <embed> of the same URL (and, in
 * recent versions, a frame of it), which the `object-src`/`frame-src 'none'` implied by `default-src 'none'` would
 * block (crbug.com/271452); `'self'` for those two allows only that.
 */
export const PDF_CSP = `${VIEWER_CSP}; object-src 'self'; frame-src 'self'`;

/** RFC 6266 / 5987: an ASCII fallback and the exact UTF-8 name. */
function inlineDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

export function viewerRoutes(service: ViewerService) {
  return (app: App) => {
    app.post(
      '/api/v1/documents/:id/viewer-token',
      {
        schema: {
          tags: ['documents'],
          summary: 'A viewer token for this document, valid 10 minutes',
          params: IdParams,
          response: { 200: ViewerTokenResponse, 404: ErrorBody, ...authErrors },
        },
        config: { auth: auth.scopes('documents:read') },
      },
      async (request) => service.issueToken(principalOf(request).tenantId, request.params.id),
    );

    app.get(
      '/api/v1/documents/:id/view',
      {
        schema: {
          tags: ['documents'],
          summary: 'Render a document with a viewer token (no bearer): PDFs inline, other formats as an HTML page',
          params: IdParams,
          headers: ViewHeaders,
          querystring: ViewQuery,
          response: {
            200: {
              description: 'The original PDF, or the extracted content as a self-contained HTML page',
              content: {
                'application/pdf': { schema: Type.String({ format: 'binary' }) },
                'text/html': { schema: Type.String() },
              },
            },
            401: ErrorBody,
            404: ErrorBody,
            409: ErrorBody,
            422: ErrorBody,
            429: ErrorBody,
          },
        },
        config: { auth: auth.custom('viewer token') },
      },
      async (request, reply) => {
        // Whatever the outcome, nothing of this response is cached or leaks a referrer.
        reply.headers({ 'cache-control': 'private, no-store', 'referrer-policy': 'no-referrer', 'x-content-type-options': 'nosniff' });
        const token = request.headers['x-viewer-token'] ?? request.query.viewer_token;
        const result = await service.view(request.params.id, token);
        if (result.kind === 'pdf') {
          return reply
            .type('application/pdf')
            .headers({
              'content-disposition': inlineDisposition(result.filename),
              'content-length': String(result.size),
              'content-security-policy': PDF_CSP,
            })
            .send(result.body as never); // a stream: the typed (content-map) response schema cannot describe it
        }
        return reply.type('text/html; charset=utf-8').header('content-security-policy', VIEWER_CSP).send(result.html);
      },
    );
  };
}
