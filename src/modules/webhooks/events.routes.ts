import { auth } from '../../platform/http/types.js';
import { ErrorBody } from '../../platform/http/schemas.js';
import { ListOf } from '../../platform/http/pagination.js';
import { route } from '../../platform/http/route.js';
import { Event, EventParams, EventQuery } from './events.api.js';
import type { EventsService } from './events.service.js';

const tags = ['events'];

/** The tenant's event log, for servers that read it (polling, or catching up after an outage of their receiver). */
export function eventsRoutes(service: EventsService) {
  return [
    route({
      method: 'GET',
      url: '/api/v1/events',
      tags,
      summary: "The tenant's events of the last 30 days, newest first",
      description: 'Filter by `type` and by `since` (at or after that time). Events older than 30 days are not listed, whether or not they are purged yet.',
      auth: auth.scopes('events:read'),
      query: EventQuery,
      responses: { 200: ListOf(Event) },
      handler: ({ tenant, query }) => service.list(tenant, query),
    }),
    route({
      method: 'GET',
      url: '/api/v1/events/:id',
      tags,
      summary: 'One event of the last 30 days',
      auth: auth.scopes('events:read'),
      params: EventParams,
      responses: { 200: Event, 404: ErrorBody },
      handler: ({ tenant, params }) => service.get(tenant, params.id),
    }),
  ];
}
