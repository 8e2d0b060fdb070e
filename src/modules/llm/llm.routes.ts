import { Type } from 'typebox';
import { auth, type App } from '../../platform/http/types.js';
import { principalOf } from '../../platform/auth/plugin.js';
import { ErrorBody, authErrors } from '../../platform/http/pagination.js';
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
const notFoundErrors = { 404: ErrorBody, ...authErrors };
/** Every /api/v1/llm operation is deprecated in favour of /api/v2/llm (SPEC "Versioning"). */
const v1 = { tags: ['llm'], deprecated: true };
const v2 = { tags: ['llm'] };

export function llmRoutes(services: LlmRouteServices) {
  const { models, access, providers } = services;
  return (app: App) => {
    // ---- version 1 ----
    app.get(
      '/api/v1/llm/providers',
      { schema: { ...v1, summary: 'Providers with configuration status, model count and modes', response: { 200: dto.LLMProvidersListResponse, ...authErrors } }, config: { auth: READ } },
      async (request) => providers.listV1(principalOf(request).tenantId),
    );
    app.get(
      '/api/v1/llm/models',
      { schema: { ...v1, summary: 'Models of one mode with costs and the tenant status', querystring: dto.ModelsQuery, response: { 200: dto.LLMModelsListResponse, ...authErrors } }, config: { auth: READ } },
      async (request) => models.listV1(principalOf(request).tenantId, request.query),
    );
    app.get(
      '/api/v1/llm/models/catalog',
      { schema: { ...v1, summary: 'The whole catalog with its providers and modes', querystring: dto.CatalogQuery, response: { 200: dto.CatalogModelsListResponse, ...authErrors } }, config: { auth: READ } },
      async (request) => models.catalog(request.query),
    );
    app.patch(
      '/api/v1/llm/models/:model_id/preference',
      {
        schema: { ...v1, summary: 'Enable or disable a model for the tenant, or make it the default of its mode', params: dto.ModelRefParams, body: dto.UpdateModelPreferenceRequest, response: { 200: dto.ModelPreferenceResponse, ...notFoundErrors } },
        config: { auth: ADMIN },
      },
      async (request) => models.updatePreference(principalOf(request).tenantId, request.params.model_id, request.body),
    );
    app.get(
      '/api/v1/llm/models/:model_id/access',
      { schema: { ...v1, summary: "The model's access rules for the tenant", params: dto.ModelRefParams, response: { 200: dto.ModelAccessResponse, ...notFoundErrors } }, config: { auth: READ } },
      async (request) => access.get(principalOf(request).tenantId, request.params.model_id),
    );
    app.put(
      '/api/v1/llm/models/:model_id/access',
      {
        schema: { ...v1, summary: 'Replace all access rules of the model (idempotent)', params: dto.ModelRefParams, body: dto.UpdateModelAccessRequest, response: { 200: dto.ModelAccessResponse, ...notFoundErrors } },
        config: { auth: ADMIN },
      },
      async (request) => access.replace(principalOf(request).tenantId, request.params.model_id, request.body.rules),
    );
    app.delete(
      '/api/v1/llm/models/:model_id/access',
      { schema: { ...v1, summary: 'Remove all access rules: the model is open to the whole tenant', params: dto.ModelRefParams, response: { 204: Type.Null(), ...notFoundErrors } }, config: { auth: ADMIN } },
      async (request, reply) => {
        await access.clear(principalOf(request).tenantId, request.params.model_id);
        return reply.code(204).send(null);
      },
    );

    // ---- version 2 ----
    app.get(
      '/api/v2/llm/models',
      { schema: { ...v2, summary: 'All models grouped by mode, each with its enabled flag', response: { 200: dto.ModelsGroupedResponse, ...authErrors } }, config: { auth: READ } },
      async (request) => models.grouped(principalOf(request).tenantId),
    );
    app.get(
      '/api/v2/llm/models/flat',
      { schema: { ...v2, summary: 'Models as one list, filtered by mode, provider, enabled', querystring: dto.FlatQuery, response: { 200: dto.ModelsFlatResponse, ...authErrors } }, config: { auth: READ } },
      async (request) => models.flat(principalOf(request).tenantId, request.query),
    );
    app.post(
      '/api/v2/llm/models/activate',
      { schema: { ...v2, summary: 'Enable a catalog model for the tenant', body: dto.ActivateModelRequest, response: { 200: dto.ActivateModelResponse, ...notFoundErrors } }, config: { auth: ADMIN } },
      async (request) => models.activate(principalOf(request).tenantId, request.body),
    );
    app.delete(
      '/api/v2/llm/models/:model_name/deactivate',
      { schema: { ...v2, summary: "Remove the tenant's preference (the model record is kept)", params: dto.ModelNameParams, response: { 200: dto.DeactivateModelResponse, ...notFoundErrors } }, config: { auth: ADMIN } },
      async (request) => models.deactivate(principalOf(request).tenantId, request.params.model_name),
    );
    app.get(
      '/api/v2/llm/providers',
      { schema: { ...v2, summary: 'Providers with their model count per mode', response: { 200: Type.Array(dto.ProviderInfo), ...authErrors } }, config: { auth: READ } },
      async (request) => providers.listV2(principalOf(request).tenantId),
    );
    app.put(
      '/api/v2/llm/providers/:provider/credentials',
      {
        schema: { ...v2, summary: "Set the tenant's key (and optional base URL) for a provider; the key is never returned", params: dto.ProviderParams, body: dto.ProviderCredentialsRequest, response: { 200: dto.ProviderCredentialsResponse, ...notFoundErrors } },
        config: { auth: ADMIN },
      },
      async (request) => providers.putCredentials(principalOf(request).tenantId, request.params.provider, request.body),
    );
    app.delete(
      '/api/v2/llm/providers/:provider/credentials',
      { schema: { ...v2, summary: "Delete the tenant's key for a provider", params: dto.ProviderParams, response: { 204: Type.Null(), ...notFoundErrors } }, config: { auth: ADMIN } },
      async (request, reply) => {
        await providers.deleteCredentials(principalOf(request).tenantId, request.params.provider);
        return reply.code(204).send(null);
      },
    );
  };
}
