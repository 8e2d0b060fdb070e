import { auth } from '../../platform/http/types.js';
import { route } from '../../platform/http/route.js';
import type { SearchService } from './search.service.js';
import { SearchBody, SearchResponse } from './search.api.js';

export function searchRoutes(service: SearchService) {
  return [
    route({
      method: 'POST',
      url: '/api/v1/documents/query',
      tags: ['documents'],
      summary: 'Search the chunks of indexed documents (hybrid, vector or full text), with tags and memories as filters',
      auth: auth.platform('documents:read'),
      body: SearchBody,
      responses: { 200: SearchResponse },
      handler: ({ tenant, body }) => service.search(tenant, body),
    }),
  ];
}
