import { Type } from 'typebox';
import { auth } from '../../../platform/http/types.js';
import { ErrorBody } from '../../../platform/http/schemas.js';
import { respond, route } from '../../../platform/http/route.js';
import type { EventBus } from '../../../platform/events/bus.js';
import { MAX_BULK_FILES, type BulkService } from './bulk.service.js';
import { followBatch } from './bulk-stream.js';
import { sendBatchEvents } from './bulk-stream.http.js';
import { BatchParams, BulkUploadBody, BulkUploadResponse, Counts } from './bulk.api.js';
import { readBulkForm } from './bulk-form.http.js';

export interface BulkRouteDeps {
  bus: EventBus;
  /** Where uploads are spooled (`tmp/` under it). */
  tmpRoot: string;
  uploadMaxBytes: number;
  heartbeatMs?: number;
}

const tags = ['documents'];

export function bulkRoutes(service: BulkService, deps: BulkRouteDeps) {
  return [
    route({
      method: 'POST',
      url: '/api/v1/documents/bulk-upload',
      tags,
      summary: `Upload up to ${MAX_BULK_FILES} files as one batch; indexing continues in the background`,
      auth: auth.scopes('documents:ingest'),
      // Documented only: the parts are streamed to disk and checked by readBulkForm (bulk-form.http.ts).
      openapi: { body: { content: { 'multipart/form-data': { schema: BulkUploadBody } } } },
      responses: { 202: BulkUploadResponse, 404: ErrorBody, 413: ErrorBody, 415: ErrorBody },
      handler: async ({ http, tenant, principal }) => {
        const spooled = await readBulkForm(http, { tmpRoot: deps.tmpRoot, uploadMaxBytes: deps.uploadMaxBytes });
        try {
          return respond(202, await service.upload(tenant, principal, spooled));
        } finally {
          await spooled.cleanup();
        }
      },
    }),
    route({
      method: 'GET',
      url: '/api/v1/documents/bulk-upload/:batch_id',
      tags,
      summary: 'Status counts of an upload batch',
      auth: auth.platform('documents:read'),
      params: BatchParams,
      responses: { 200: Counts, 404: ErrorBody },
      handler: ({ tenant, params }) => service.status(tenant, params.batch_id),
    }),
    route({
      method: 'GET',
      url: '/api/v1/documents/bulk-upload/:batch_id/stream',
      tags,
      summary: 'Server-sent events of a batch: snapshot, one status event per document change, done',
      description:
        'Events: `snapshot` (the counts), `status` ({document_id, filename, status, error?, counts}) for each status change, ' +
        '`done` (the counts) once every document is indexed or errored, after which the server closes the stream. ' +
        'A `: ping` comment is sent every 15 seconds.',
      auth: auth.platform('documents:read'),
      params: BatchParams,
      responses: {
        200: Type.Unsafe<string>({ description: 'An event stream', content: { 'text/event-stream': { schema: Type.String() } } }),
        404: ErrorBody,
      },
      // Subscribed and snapshotted before the response starts, so a 404 is still a plain JSON error.
      handler: async ({ http, tenant, params }) => sendBatchEvents(http, await followBatch(deps, tenant, params.batch_id), deps.heartbeatMs ?? 15_000),
    }),
  ];
}
