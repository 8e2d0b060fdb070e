import { Type } from 'typebox';
import { principalRef } from '../../../platform/auth/principal.js';
import type { EventBus } from '../../../platform/events/bus.js';
import { ErrorBody } from '../../../platform/http/schemas.js';
import { ListOf, SkipLimitQuery } from '../../../platform/http/pagination.js';
import { respond, route } from '../../../platform/http/route.js';
import { auth } from '../../../platform/http/types.js';
import { ReindexRun, ReindexStarted, RunParams } from './reindex.api.js';
import { sendRunEvents } from './reindex-events.http.js';
import type { ReindexService } from './reindex.service.js';

/** Tenant-wide re-embedding runs (README: "Embedding models and re-embedding runs"). Admin only, like the indexing profile. */
export function reindexRoutes(runs: ReindexService, deps: { bus: EventBus; heartbeatMs?: number }) {
  return [
    route({
      method: 'POST',
      url: '/api/v1/documents/reindex-all',
      tags: ['documents'],
      summary: "Re-embed every document not yet on the tenant's current embedding model, in the background",
      description:
        '202 with a new run; 200 with the active run when one is already moving the tenant to the same model (one ' +
        'active run per tenant). An active run to another model is cancelled and replaced. Progress: ' +
        '`GET /api/v1/documents/reindex-runs/{id}` and its `/events` stream.',
      auth: auth.scopes('admin'),
      responses: { 200: ReindexStarted, 202: ReindexStarted, 404: ErrorBody, 409: ErrorBody, 502: ErrorBody },
      handler: async ({ tenant, principal }) => {
        const started = await runs.startAll(tenant, principalRef(principal));
        return respond(started.created ? 202 : 200, started);
      },
    }),
    route({
      method: 'GET',
      url: '/api/v1/documents/reindex-runs',
      tags: ['documents'],
      summary: "The tenant's re-embedding runs, newest first",
      auth: auth.scopes('admin'),
      query: SkipLimitQuery,
      responses: { 200: ListOf(ReindexRun) },
      handler: ({ tenant, query }) => runs.list(tenant, query),
    }),
    route({
      method: 'GET',
      url: '/api/v1/documents/reindex-runs/:id',
      tags: ['documents'],
      summary: 'Progress of a re-embedding run',
      auth: auth.scopes('admin'),
      params: RunParams,
      responses: { 200: ReindexRun, 404: ErrorBody },
      handler: ({ tenant, params }) => runs.get(tenant, params.id),
    }),
    route({
      method: 'GET',
      url: '/api/v1/documents/reindex-runs/:id/events',
      tags: ['documents'],
      summary: 'Server-sent events of a re-embedding run: progress until it ends',
      description:
        'Events: `progress` (the run, as `GET /reindex-runs/{id}` shows it) at once and whenever it changes, then ' +
        '`done` (the run in its final status: completed, cancelled or failed), after which the server closes the ' +
        'stream. A `: ping` comment is sent every 15 seconds.',
      auth: auth.scopes('admin'),
      params: RunParams,
      responses: {
        200: Type.String({ description: 'An event stream (text/event-stream)' }),
        404: ErrorBody,
      },
      openapi: { produces: ['text/event-stream'] },
      handler: ({ http, tenant, params }) => sendRunEvents(http, { bus: deps.bus, runs, heartbeatMs: deps.heartbeatMs ?? 15_000 }, tenant, params.id),
    }),
    route({
      method: 'POST',
      url: '/api/v1/documents/reindex-runs/:id/cancel',
      tags: ['documents'],
      summary: 'Cancel a re-embedding run (documents already being re-embedded finish)',
      auth: auth.scopes('admin'),
      params: RunParams,
      responses: { 200: ReindexRun, 404: ErrorBody },
      handler: ({ tenant, params }) => runs.cancel(tenant, params.id),
    }),
  ];
}
