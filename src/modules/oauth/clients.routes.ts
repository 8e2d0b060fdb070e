import { Type } from 'typebox';
import { auth } from '../../platform/http/types.js';
import { ErrorBody } from '../../platform/http/schemas.js';
import { ListOf, SkipLimitQuery } from '../../platform/http/pagination.js';
import { created, noContent, route, type Route } from '../../platform/http/route.js';
import { Client, ClientIdParams, CreateClient, CreatedClient, PatchClient, PublicClients } from './oauth.api.js';
import { presentClient, presentCreatedClient, presentPublicClient } from './clients.present.js';
import type { ClientsService } from './clients.service.js';

const tags = ['oauth'];
const BASE = '/api/v1/oauth-clients/';

/** Tenant admins register the third-party OAuth clients of their tenant; the login page lists the platform's. */
export function clientsRoutes(service: ClientsService): Route[] {
  return [
    route({
      method: 'POST',
      url: BASE,
      tags,
      summary: "Register an OAuth client of the tenant (a confidential client's secret is shown once)",
      description:
        'The client serves users of this tenant only, and always asks them for consent (first-party clients are registered by the operator). ' +
        'Redirect URIs are matched exactly at the authorization endpoint.',
      auth: auth.scopes('admin'),
      body: CreateClient,
      responses: { 201: CreatedClient },
      rateLimit: { policy: 'key_creation', key: ({ principal }) => `tenant:${principal.tenantId}` },
      handler: async ({ tenant, principal, body }) => {
        const { row, secret } = await service.register(tenant, principal, body);
        return created(presentCreatedClient(row, secret), { 'cache-control': 'no-store' });
      },
    }),
    route({
      method: 'GET',
      url: BASE,
      tags,
      summary: "The tenant's OAuth clients",
      auth: auth.scopes('admin'),
      query: SkipLimitQuery,
      responses: { 200: ListOf(Client) },
      handler: async ({ tenant, query }) => {
        const { rows, total } = await service.list(tenant, query.skip, query.limit);
        return { items: rows.map(presentClient), total, skip: query.skip, limit: query.limit };
      },
    }),
    route({
      method: 'GET',
      url: `${BASE}:client_id`,
      tags,
      summary: 'One OAuth client of the tenant',
      auth: auth.scopes('admin'),
      params: ClientIdParams,
      responses: { 200: Client, 404: ErrorBody },
      handler: async ({ tenant, params }) => presentClient(await service.get(tenant, params.client_id)),
    }),
    route({
      method: 'PATCH',
      url: `${BASE}:client_id`,
      tags,
      summary: 'Change an OAuth client: name, logo, redirect and post-logout URIs, allowed scopes',
      auth: auth.scopes('admin'),
      params: ClientIdParams,
      body: PatchClient,
      responses: { 200: Client, 404: ErrorBody },
      handler: async ({ tenant, principal, params, body }) => presentClient(await service.update(tenant, principal, params.client_id, body)),
    }),
    route({
      method: 'DELETE',
      url: `${BASE}:client_id`,
      tags,
      summary: 'Delete an OAuth client: every token issued to it stops working at once',
      auth: auth.scopes('admin'),
      params: ClientIdParams,
      responses: { 204: Type.Null(), 404: ErrorBody },
      handler: async ({ tenant, principal, params }) => {
        await service.remove(tenant, principal, params.client_id);
        return noContent();
      },
    }),
    route({
      method: 'GET',
      url: '/api/auth/clients',
      tags,
      summary: 'The platform-wide OAuth clients, for the login page (never secrets or redirect URIs)',
      auth: auth.public('the names and logos of the platform-wide applications are public'),
      responses: { 200: PublicClients },
      handler: async () => ({ items: (await service.listPlatform()).map(presentPublicClient) }),
    }),
  ];
}
