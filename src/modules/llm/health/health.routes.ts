import { Type } from 'typebox';
import { auth } from '../../../platform/http/types.js';
import { route } from '../../../platform/http/route.js';
import type { HealthService } from './health.service.js';

const HealthEntry = Type.Object({
  provider: Type.String(),
  configured: Type.Boolean({ description: 'The tenant has a key for this provider' }),
  status: Type.Union([
    Type.Literal('ok'),
    Type.Literal('rate_limited'),
    Type.Literal('quota_exceeded'),
    Type.Literal('invalid_key'),
    Type.Literal('error'),
    Type.Literal('unknown'),
  ]),
  checked_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  last_error: Type.Union([Type.String(), Type.Null()]),
  latency_ms: Type.Union([Type.Integer(), Type.Null()]),
});

const ProvidersHealthResponse = Type.Object({
  providers: Type.Array(HealthEntry),
  cache_ttl_seconds: Type.Integer(),
});

export function healthRoutes(health: HealthService) {
  return [
    route({
      method: 'GET',
      url: '/api/v1/llm/providers/health',
      tags: ['llm'],
      summary: "Health of each provider for this tenant's keys",
      description:
        'One entry per catalog provider. A status is kept for 5 minutes; after that, listing probes the provider ' +
        '(its model list, with the key) when a key is configured. Failed calls (429, 401/403, 5xx, timeouts) update ' +
        'the status at once and the next successful call sets it back to ok. Unconfigured providers are unknown.',
      openapi: { deprecated: true },
      auth: auth.scopes('llm:read'),
      responses: { 200: ProvidersHealthResponse },
      handler: ({ tenant }) => health.list(tenant),
    }),
  ];
}
