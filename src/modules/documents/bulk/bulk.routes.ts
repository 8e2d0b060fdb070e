import path from 'node:path';
import { Type } from 'typebox';
import { auth, type App } from '../../../platform/http/types.js';
import { principalOf } from '../../../platform/auth/plugin.js';
import { ErrorBody, authErrors } from '../../../platform/http/pagination.js';
import { closeEventStreams, openEventStream } from '../../../platform/http/sse.js';
import type { Database } from '../../../platform/db/database.js';
import type { EventBus } from '../../../platform/events/bus.js';
import { MAX_BULK_FILES, type BulkService } from './bulk.service.js';
import { followBatch } from './bulk-stream.js';
import { BatchParams, BulkUploadBody, BulkUploadResponse, Counts } from './bulk.api.js';
import { readBulkForm } from './bulk-form.http.js';

export interface BulkRouteDeps {
  db: Database;
  bus: EventBus;
  dataDir: string;
  uploadMaxBytes: number;
  heartbeatMs?: number;
}

export function bulkRoutes(service: BulkService, deps: BulkRouteDeps) {
  return (app: App) => {
    // An open stream would hold shutdown until its batch finishes: end them first (clients reconnect).
    app.addHook('preClose', async () => closeEventStreams(app));

    app.post(
      '/api/v1/documents/bulk-upload',
      {
        schema: {
          tags: ['documents'],
          summary: `Upload up to ${MAX_BULK_FILES} files as one batch; indexing continues in the background`,
          consumes: ['multipart/form-data'],
          // Documented only: the parts are streamed by readBulkForm, not validated as a body.
          body: BulkUploadBody,
          response: { 202: BulkUploadResponse, 404: ErrorBody, 413: ErrorBody, 415: ErrorBody, ...authErrors },
        },
        validatorCompiler: () => () => true,
        config: { auth: auth.scopes('documents:ingest') },
      },
      async (request, reply) => {
        const principal = principalOf(request);
        const spooled = await readBulkForm(request, { tmpRoot: path.join(deps.dataDir, 'tmp'), uploadMaxBytes: deps.uploadMaxBytes });
        try {
          return reply.code(202).send(await service.upload(principal, spooled));
        } finally {
          await spooled.cleanup();
        }
      },
    );

    app.get(
      '/api/v1/documents/bulk-upload/:batch_id',
      {
        schema: { tags: ['documents'], summary: 'Status counts of an upload batch', params: BatchParams, response: { 200: Counts, 404: ErrorBody, ...authErrors } },
        config: { auth: auth.scopes('documents:read') },
      },
      async (request) => service.status(principalOf(request).tenantId, request.params.batch_id),
    );

    app.get(
      '/api/v1/documents/bulk-upload/:batch_id/stream',
      {
        schema: {
          tags: ['documents'],
          summary: 'Server-sent events of a batch: snapshot, one status event per document change, done',
          description:
            'Events: `snapshot` (the counts), `status` ({document_id, filename, status, error?, counts}) for each status change, ' +
            '`done` (the counts) once every document is indexed or errored, after which the server closes the stream. ' +
            'A `: ping` comment is sent every 15 seconds.',
          params: BatchParams,
          response: {
            200: { description: 'An event stream', content: { 'text/event-stream': { schema: Type.String() } } },
            404: ErrorBody,
            ...authErrors,
          },
        },
        config: { auth: auth.scopes('documents:read') },
      },
      async (request, reply) => {
        // Subscribed and snapshotted before the response starts, so a 404 is still a plain JSON error.
        const follower = await followBatch(deps, principalOf(request).tenantId, request.params.batch_id);
        try {
          const stream = openEventStream(reply, {
            heartbeatMs: deps.heartbeatMs ?? 15_000,
            onHeartbeat: () => void follower.reconcile().catch((err) => request.log.warn({ err }, 'batch stream reconcile failed')),
          });
          follower.attach(stream);
        } catch (error) {
          follower.cancel();
          throw error;
        }
      },
    );
  };
}
