import { respond, route } from '../../platform/http/route.js';
import { ErrorBody } from '../../platform/http/schemas.js';
import { ListOf } from '../../platform/http/pagination.js';
import { auth } from '../../platform/http/types.js';
import { DeliveriesQuery, Delivery, DeliveryParams, EndpointParams, ReplayBody, ReplayResult } from './deliveries.api.js';
import type { DeliveriesService } from './deliveries.service.js';

const tags = ['webhooks'];

/** An endpoint's deliveries: what was sent and how it went, a manual retry, and a replay of the event log (admins). */
export function deliveriesRoutes(service: DeliveriesService) {
  return [
    route({
      method: 'GET',
      url: '/api/v1/webhooks/endpoints/:id/deliveries',
      tags,
      summary: "An endpoint's deliveries, newest first",
      auth: auth.scopes('admin'),
      params: EndpointParams,
      query: DeliveriesQuery,
      responses: { 200: ListOf(Delivery), 404: ErrorBody },
      handler: ({ tenant, params, query }) => service.list(tenant, params.id, query),
    }),
    route({
      method: 'POST',
      url: '/api/v1/webhooks/endpoints/:id/deliveries/:delivery_id/retry',
      tags,
      summary: 'Send a delivery again now',
      description: 'The delivery becomes pending and due at once; its attempts so far are kept. 409 `delivery_pending` when it already is pending.',
      auth: auth.scopes('admin'),
      params: DeliveryParams,
      responses: { 202: Delivery, 404: ErrorBody, 409: ErrorBody },
      handler: async ({ tenant, params }) => respond(202, await service.retry(tenant, params.id, params.delivery_id)),
    }),
    route({
      method: 'POST',
      url: '/api/v1/webhooks/endpoints/:id/replay',
      tags,
      summary: 'Send the events of a time range to the endpoint again',
      description:
        'A new pending delivery for every event created since `since` (until `until`) of a type the endpoint takes; at most 10 000 per call (422 beyond). The log keeps 30 days.',
      auth: auth.scopes('admin'),
      params: EndpointParams,
      body: ReplayBody,
      responses: { 202: ReplayResult, 404: ErrorBody, 409: ErrorBody },
      handler: async ({ tenant, params, body }) => respond(202, await service.replay(tenant, params.id, body)),
    }),
  ];
}
