import { Type } from 'typebox';
import { auth } from '../../platform/http/types.js';
import { ErrorBody } from '../../platform/http/schemas.js';
import { noContent, route } from '../../platform/http/route.js';
import type { ModelsService } from './models.service.js';
import type { AccessService } from './access.service.js';
import type { ProvidersService } from './providers.service.js';
import * as dto from './llm.api.js';

export interface LlmRouteServices {
  models: ModelsService;
  access: AccessService;
  providers: ProvidersService;
}

// Listings are open to any principal holding llm:read (members and viewers hold it through their role);
// everything that changes the tenant's configuration is for admins.
const READ = auth.scopes('llm:read');
const ADMIN = auth.scopes('admin');
const tags = ['llm'];
/** Every /api/v1/llm operation is deprecated in favour of /api/v2/llm (SPEC "Versioning"). */
const v1 = { tags, openapi: { deprecated: true } };

/** Catalog, the tenant's model preferences and access rules, and its provider keys. */
export function llmRoutes(services: LlmRouteServices) {
  const { models, access, providers } = services;
  return [
    // ---- version 1 ----
    route({
      ...v1,
      method: 'GET',
      url: '/api/v1/llm/providers',
      summary: 'Providers with configuration status, model count and modes',
      auth: READ,
      responses: { 200: dto.LLMProvidersListResponse },
      handler: ({ tenant }) => providers.listV1(tenant),
    }),
    route({
      ...v1,
      method: 'GET',
      url: '/api/v1/llm/models',
      summary: 'Models of one mode with costs and the tenant status',
      auth: READ,
      query: dto.ModelsQuery,
      responses: { 200: dto.LLMModelsListResponse },
      handler: ({ tenant, query }) => models.listV1(tenant, query),
    }),
    route({
      ...v1,
      method: 'GET',
      url: '/api/v1/llm/models/catalog',
      summary: 'The whole catalog with its providers and modes',
      auth: READ,
      query: dto.CatalogQuery,
      responses: { 200: dto.CatalogModelsListResponse },
      handler: ({ query }) => models.catalog(query),
    }),
    route({
      ...v1,
      method: 'PATCH',
      url: '/api/v1/llm/models/:model_id/preference',
      summary: 'Enable or disable a model for the tenant, or make it the default of its mode',
      auth: ADMIN,
      params: dto.ModelRefParams,
      body: dto.UpdateModelPreferenceRequest,
      responses: { 200: dto.ModelPreferenceResponse, 404: ErrorBody },
      handler: ({ tenant, principal, params, body }) => models.updatePreference(tenant, principal, params.model_id, body),
    }),
    route({
      ...v1,
      method: 'GET',
      url: '/api/v1/llm/models/:model_id/access',
      summary: "The model's access rules for the tenant",
      auth: READ,
      params: dto.ModelRefParams,
      responses: { 200: dto.ModelAccessResponse, 404: ErrorBody },
      handler: ({ tenant, params }) => access.get(tenant, params.model_id),
    }),
    route({
      ...v1,
      method: 'PUT',
      url: '/api/v1/llm/models/:model_id/access',
      summary: 'Replace all access rules of the model (idempotent)',
      auth: ADMIN,
      params: dto.ModelRefParams,
      body: dto.UpdateModelAccessRequest,
      responses: { 200: dto.ModelAccessResponse, 404: ErrorBody },
      handler: ({ tenant, principal, params, body }) => access.replace(tenant, principal, params.model_id, body.rules),
    }),
    route({
      ...v1,
      method: 'DELETE',
      url: '/api/v1/llm/models/:model_id/access',
      summary: 'Remove all access rules: the model is open to the whole tenant',
      auth: ADMIN,
      params: dto.ModelRefParams,
      responses: { 204: Type.Null(), 404: ErrorBody },
      handler: async ({ tenant, principal, params }) => {
        await access.clear(tenant, principal, params.model_id);
        return noContent();
      },
    }),

    // ---- version 2 ----
    route({
      tags,
      method: 'GET',
      url: '/api/v2/llm/models',
      summary: 'All models grouped by mode, each with its enabled flag',
      auth: READ,
      responses: { 200: dto.ModelsGroupedResponse },
      handler: ({ tenant }) => models.grouped(tenant),
    }),
    route({
      tags,
      method: 'GET',
      url: '/api/v2/llm/models/flat',
      summary: 'Models as one list, filtered by mode, provider, enabled',
      auth: READ,
      query: dto.FlatQuery,
      responses: { 200: dto.ModelsFlatResponse },
      handler: ({ tenant, query }) => models.flat(tenant, query),
    }),
    route({
      tags,
      method: 'POST',
      url: '/api/v2/llm/models/activate',
      summary: 'Enable a catalog model for the tenant',
      auth: ADMIN,
      body: dto.ActivateModelRequest,
      responses: { 200: dto.ActivateModelResponse, 404: ErrorBody },
      handler: ({ tenant, principal, body }) => models.activate(tenant, principal, body),
    }),
    route({
      tags,
      method: 'DELETE',
      url: '/api/v2/llm/models/:model_name/deactivate',
      summary: "Remove the tenant's preference (the model record is kept)",
      auth: ADMIN,
      params: dto.ModelNameParams,
      responses: { 200: dto.DeactivateModelResponse, 404: ErrorBody },
      handler: ({ tenant, principal, params }) => models.deactivate(tenant, principal, params.model_name),
    }),
    route({
      tags,
      method: 'GET',
      url: '/api/v2/llm/providers',
      summary: 'Providers with their model count per mode',
      auth: READ,
      responses: { 200: Type.Array(dto.ProviderInfo) },
      handler: ({ tenant }) => providers.listV2(tenant),
    }),
    route({
      tags,
      method: 'PUT',
      url: '/api/v2/llm/providers/:provider/credentials',
      summary: "Set the tenant's key (and optional base URL) for a provider; the key is never returned",
      auth: ADMIN,
      params: dto.ProviderParams,
      body: dto.ProviderCredentialsRequest,
      responses: { 200: dto.ProviderCredentialsResponse, 404: ErrorBody },
      handler: ({ tenant, principal, params, body }) => providers.putCredentials(tenant, principal, params.provider, body),
    }),
    route({
      tags,
      method: 'DELETE',
      url: '/api/v2/llm/providers/:provider/credentials',
      summary: "Delete the tenant's key for a provider",
      auth: ADMIN,
      params: dto.ProviderParams,
      responses: { 204: Type.Null(), 404: ErrorBody },
      handler: async ({ tenant, principal, params }) => {
        await providers.deleteCredentials(tenant, principal, params.provider);
        return noContent();
      },
    }),
  ];
}
