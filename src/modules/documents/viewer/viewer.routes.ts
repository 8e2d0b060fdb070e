import { Type } from 'typebox';
import { auth } from '../../../platform/http/types.js';
import { ErrorBody, IdParams } from '../../../platform/http/schemas.js';
import { route } from '../../../platform/http/route.js';
import type { ViewerService } from './viewer.service.js';
import { ViewHeaders, ViewQuery, ViewerTokenResponse } from './viewer.api.js';
import { sendView } from './viewer.http.js';

const tags = ['documents'];

export function viewerRoutes(service: ViewerService) {
  return [
    route({
      method: 'POST',
      url: '/api/v1/documents/:id/viewer-token',
      tags,
      summary: 'A viewer token for this document, valid 10 minutes',
      auth: auth.platform('documents:read'),
      params: IdParams,
      responses: { 200: ViewerTokenResponse, 404: ErrorBody },
      handler: ({ tenant, params }) => service.issueToken(tenant, params.id),
    }),
    route({
      method: 'GET',
      url: '/api/v1/documents/:id/view',
      tags,
      summary: 'Render a document with a viewer token (no bearer): PDFs inline, other formats as an HTML page',
      auth: auth.custom('viewer token'),
      params: IdParams,
      query: ViewQuery,
      // Validated and documented like the query (the builder has no field of its own for headers).
      openapi: { headers: ViewHeaders },
      responses: {
        200: Type.Unsafe<string>({
          description: 'The original PDF, or the extracted content as a self-contained HTML page',
          content: {
            'application/pdf': { schema: Type.String({ format: 'binary' }) },
            'text/html': { schema: Type.String() },
          },
        }),
        401: ErrorBody,
        404: ErrorBody,
        409: ErrorBody,
        422: ErrorBody,
        429: ErrorBody,
      },
      handler: ({ http, params, query, headers }) =>
        sendView(http, () => service.view(params.id, (headers['x-viewer-token'] as string | undefined) ?? query.viewer_token)),
    }),
  ];
}
