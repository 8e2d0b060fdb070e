import { Type } from 'typebox';
import type { EventBus } from '../../platform/events/bus.js';
import { auth } from '../../platform/http/types.js';
import { ErrorBody } from '../../platform/http/schemas.js';
import { ListOf, SkipLimitQuery } from '../../platform/http/pagination.js';
import { created, noContent, respond, route } from '../../platform/http/route.js';
import {
  Connector,
  ConnectorParams,
  CreateConnector,
  DeleteQuery,
  KindList,
  Run,
  RunParams,
  RunStatus,
  RunSummary,
  SyncStarted,
  UpdateConnector,
} from './connectors.api.js';
import type { ConnectorsService } from './connectors.service.js';
import { sendConnectorRunEvents } from './run-events.http.js';

const tags = ['connectors'];
const BASE = '/api/v1/connectors';

/** Connectors: sources kept in sync (docs/connectors.md). Reading needs connectors:read, running connectors:sync, changing admin. */
export function connectorsRoutes(service: ConnectorsService, deps: { bus: EventBus; heartbeatMs: number }) {
  return [
    route({
      method: 'GET',
      url: `${BASE}/kinds`,
      tags,
      summary: 'The kinds of connector this service offers, with the JSON Schema of their config and credentials',
      auth: auth.scopes('connectors:read'),
      responses: { 200: KindList },
      handler: async () => service.listKinds(),
    }),
    route({
      method: 'POST',
      url: BASE,
      tags,
      summary: 'Create a connector',
      description:
        '`config` is checked against the kind\'s schema and the kind\'s own rules (a 422 names the field under `body.config`). ' +
        '`credentials` are write-only: stored sealed, never answered (`has_credentials` says whether there are some). At most ' +
        'CONNECTOR_MAX_PER_TENANT per tenant. A scheduled connector runs first at once.',
      auth: auth.scopes('admin'),
      body: CreateConnector,
      responses: { 201: Connector, 404: ErrorBody, 409: ErrorBody },
      handler: async ({ tenant, principal, body }) => created(await service.create(tenant, principal, body)),
    }),
    route({
      method: 'GET',
      url: BASE,
      tags,
      summary: "The tenant's connectors, newest first",
      auth: auth.scopes('connectors:read'),
      query: SkipLimitQuery,
      responses: { 200: ListOf(Connector) },
      handler: ({ tenant, query }) => service.list(tenant, query.skip, query.limit),
    }),
    route({
      method: 'GET',
      url: `${BASE}/:id`,
      tags,
      summary: 'One connector, with its last run',
      auth: auth.scopes('connectors:read'),
      params: ConnectorParams,
      responses: { 200: Connector, 404: ErrorBody },
      handler: ({ tenant, params }) => service.get(tenant, params.id),
    }),
    route({
      method: 'PATCH',
      url: `${BASE}/:id`,
      tags,
      summary: 'Change a connector (what is given); enabled false pauses it, true resumes it',
      auth: auth.scopes('admin'),
      params: ConnectorParams,
      body: UpdateConnector,
      responses: { 200: Connector, 404: ErrorBody },
      handler: ({ tenant, principal, params, body }) => service.update(tenant, principal, params.id, body),
    }),
    route({
      method: 'DELETE',
      url: `${BASE}/:id`,
      tags,
      summary: 'Delete a connector; its documents are deleted too unless keep_documents=true',
      description: 'A queued or running run is cancelled. With keep_documents=true the documents stay as ordinary ones: their `source` becomes null and they may be edited and deleted by hand.',
      auth: auth.scopes('admin'),
      params: ConnectorParams,
      query: DeleteQuery,
      responses: { 204: Type.Null(), 404: ErrorBody },
      handler: async ({ tenant, principal, params, query }) => {
        await service.remove(tenant, principal, params.id, query.keep_documents);
        return noContent();
      },
    }),
    route({
      method: 'POST',
      url: `${BASE}/:id/sync`,
      tags,
      summary: 'Start a run now',
      description: '202 with the new run; 409 `connector_run_in_progress` (naming the run) while one is queued or running, 409 `connector_paused` for a paused connector.',
      auth: auth.scopes('connectors:sync'),
      params: ConnectorParams,
      responses: { 202: SyncStarted, 404: ErrorBody, 409: ErrorBody },
      handler: async ({ tenant, params }) => respond(202, await service.sync(tenant, params.id)),
    }),
    route({
      method: 'POST',
      url: `${BASE}/:id/pause`,
      tags,
      summary: 'Pause a connector: no run is scheduled, and a queued or running one is cancelled',
      auth: auth.scopes('connectors:sync'),
      params: ConnectorParams,
      responses: { 200: Connector, 404: ErrorBody },
      handler: ({ tenant, principal, params }) => service.pause(tenant, principal, params.id),
    }),
    route({
      method: 'POST',
      url: `${BASE}/:id/resume`,
      tags,
      summary: 'Resume a paused connector, or one in error (its failure streak is forgotten)',
      auth: auth.scopes('connectors:sync'),
      params: ConnectorParams,
      responses: { 200: Connector, 404: ErrorBody },
      handler: ({ tenant, principal, params }) => service.resume(tenant, principal, params.id),
    }),
    route({
      method: 'GET',
      url: `${BASE}/:id/runs`,
      tags,
      summary: "The connector's runs, newest first",
      auth: auth.scopes('connectors:read'),
      params: ConnectorParams,
      query: SkipLimitQuery,
      responses: { 200: ListOf(RunSummary), 404: ErrorBody },
      handler: ({ tenant, params, query }) => service.runs(tenant, params.id, query.skip, query.limit),
    }),
    route({
      method: 'GET',
      url: `${BASE}/:id/runs/:run_id`,
      tags,
      summary: 'One run: its counts, whether its listing completed, and its first item errors',
      auth: auth.scopes('connectors:read'),
      params: RunParams,
      responses: { 200: Run, 404: ErrorBody },
      handler: ({ tenant, params }) => service.run(tenant, params.id, params.run_id),
    }),
    route({
      method: 'GET',
      url: `${BASE}/:id/runs/:run_id/events`,
      tags,
      summary: 'Server-sent events of a run: each item as it is recorded, its documents\' status, then the end',
      description:
        'Events: `item` `{external_id, url, decision (added|updated|unchanged|deleted|failed), document_id, message?}` for every item ' +
        'the run records from the moment the stream opens; `document` `{document_id, filename, status, error}` when a document those ' +
        'items touched changes status; `end` with the run (as `GET .../runs/{run_id}` shows it) once it has ended, after which the ' +
        'server closes the stream. A stream opened on an ended run gets `end` at once.',
      auth: auth.scopes('connectors:read'),
      params: RunParams,
      responses: { 200: Type.String({ description: 'An event stream (text/event-stream)' }), 404: ErrorBody },
      openapi: { produces: ['text/event-stream'] },
      handler: ({ http, tenant, params }) => sendConnectorRunEvents(http, { bus: deps.bus, runs: service, heartbeatMs: deps.heartbeatMs }, tenant, params.id, params.run_id),
    }),
    route({
      method: 'POST',
      url: `${BASE}/:id/runs/:run_id/cancel`,
      tags,
      summary: 'Cancel a queued or running run (it stops at its next item; nothing is deleted)',
      auth: auth.scopes('connectors:sync'),
      params: RunParams,
      responses: { 202: Type.Object({ run_id: Type.String({ format: 'uuid' }), status: RunStatus }), 404: ErrorBody },
      handler: async ({ tenant, params }) => respond(202, await service.cancel(tenant, params.id, params.run_id)),
    }),
  ];
}
