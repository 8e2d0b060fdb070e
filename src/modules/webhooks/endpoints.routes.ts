import { Type } from 'typebox';
import { auth } from '../../platform/http/types.js';
import { ErrorBody, IdParams } from '../../platform/http/schemas.js';
import { ListOf, SkipLimitQuery } from '../../platform/http/pagination.js';
import { created, noContent, respond, route } from '../../platform/http/route.js';
import { CreatedEndpoint, CreateEndpoint, Endpoint, RotatedSecret, TestSent, UpdateEndpoint } from './endpoints.api.js';
import type { EndpointsService } from './endpoints.service.js';

const tags = ['webhooks'];
const BASE = '/api/v1/webhooks/endpoints';

/** The tenant's webhook endpoints: where its events are sent, signed with a secret of each endpoint's own. */
export function endpointsRoutes(service: EndpointsService) {
  return [
    route({
      method: 'POST',
      url: BASE,
      tags,
      summary: 'Create a webhook endpoint (its signing secret is shown once)',
      description:
        'The URL must be https (http only to a loopback host when the operator sets WEBHOOK_ALLOW_HTTP_LOOPBACK) and pass the ' +
        'same address policy as provider base URLs (PROVIDER_ALLOW_PRIVATE_URLS, PROVIDER_ALLOWED_HOSTS). At most WEBHOOK_ENDPOINTS_MAX per tenant.',
      auth: auth.scopes('admin'),
      body: CreateEndpoint,
      responses: { 201: CreatedEndpoint, 409: ErrorBody },
      handler: async ({ tenant, principal, body }) => created(await service.create(tenant, principal, body)),
    }),
    route({
      method: 'GET',
      url: BASE,
      tags,
      summary: 'List webhook endpoints (never their secrets)',
      auth: auth.scopes('admin'),
      query: SkipLimitQuery,
      responses: { 200: ListOf(Endpoint) },
      handler: ({ tenant, query }) => service.list(tenant, query.skip, query.limit),
    }),
    route({
      method: 'GET',
      url: `${BASE}/:id`,
      tags,
      summary: 'One webhook endpoint (never its secret)',
      auth: auth.scopes('admin'),
      params: IdParams,
      responses: { 200: Endpoint, 404: ErrorBody },
      handler: ({ tenant, params }) => service.get(tenant, params.id),
    }),
    route({
      method: 'PATCH',
      url: `${BASE}/:id`,
      tags,
      summary: 'Change a webhook endpoint; enabling a disabled one resumes its deliveries',
      auth: auth.scopes('admin'),
      params: IdParams,
      body: UpdateEndpoint,
      responses: { 200: Endpoint, 404: ErrorBody },
      handler: ({ tenant, principal, params, body }) => service.update(tenant, principal, params.id, body),
    }),
    route({
      method: 'DELETE',
      url: `${BASE}/:id`,
      tags,
      summary: 'Delete a webhook endpoint and its deliveries',
      auth: auth.scopes('admin'),
      params: IdParams,
      responses: { 204: Type.Null(), 404: ErrorBody },
      handler: async ({ tenant, principal, params }) => {
        await service.remove(tenant, principal, params.id);
        return noContent();
      },
    }),
    route({
      method: 'POST',
      url: `${BASE}/:id/rotate-secret`,
      tags,
      summary: 'Rotate the signing secret (shown once); the previous one keeps signing beside it for 24 hours',
      auth: auth.scopes('admin'),
      params: IdParams,
      responses: { 200: RotatedSecret, 404: ErrorBody },
      handler: ({ tenant, principal, params }) => service.rotateSecret(tenant, principal, params.id),
    }),
    route({
      method: 'POST',
      url: `${BASE}/:id/test`,
      tags,
      summary: 'Send a webhook.test event to this endpoint only',
      auth: auth.scopes('admin'),
      params: IdParams,
      responses: { 202: TestSent, 404: ErrorBody, 409: ErrorBody },
      handler: async ({ tenant, params }) => respond(202, await service.sendTest(tenant, params.id)),
    }),
  ];
}
