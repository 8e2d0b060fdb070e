import { Type } from 'typebox';
import { MODES } from './catalog/loader.js';
import { PRINCIPAL_TYPES } from './llm.table.js';
import { defaultsOptional, Uuid } from '../../platform/http/schemas.js';

/** TypeBox schemas of the LLM endpoints: validation, response serialization and OpenAPI in one place. */

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
const NullableNumber = Nullable(Type.Number());
const NullableInteger = Nullable(Type.Integer());

const ModeSchema = Type.Enum(MODES);


/** `model_id` accepts a UUID or a model_name (names hold dots, colons and slashes; send a slash as %2F). */
export const ModelRefParams = Type.Object({
  model_id: Type.String({ minLength: 1, maxLength: 300, description: 'UUID or model_name (URL-encode "/" as %2F)' }),
});
export const ModelNameParams = Type.Object({
  model_name: Type.String({ minLength: 1, maxLength: 300, description: 'model_name (URL-encode "/" as %2F)' }),
});
export const ProviderParams = Type.Object({ provider: Type.String({ minLength: 1, maxLength: 100 }) });

const Capabilities = Type.Record(Type.String(), Type.Boolean());

const catalogFields = {
  id: Uuid,
  model_name: Type.String(),
  provider: Type.String(),
  mode: ModeSchema,
  max_input_tokens: NullableInteger,
  max_output_tokens: NullableInteger,
  input_cost_per_token: NullableNumber,
  output_cost_per_token: NullableNumber,
  cached_input_cost_per_token: NullableNumber,
  cost_per_image: NullableNumber,
  cost_per_second: NullableNumber,
  cost_per_character: NullableNumber,
  cost_per_query: NullableNumber,
  output_vector_size: NullableInteger,
  deprecation_date: Nullable(Type.String()),
  capabilities: Capabilities,
  in_catalog: Type.Boolean({ description: 'false once the catalog no longer lists the model (kept for tenants using it)' }),
};

const CatalogModel = Type.Object(catalogFields);
const TenantModel = Type.Object({
  ...catalogFields,
  provider_configured: Type.Boolean(),
  is_enabled: Type.Boolean(),
  is_default: Type.Boolean(),
});
const V2Model = Type.Object({
  ...catalogFields,
  provider_configured: Type.Boolean(),
  is_enabled: Type.Boolean({ description: 'Enabled for this tenant (every model is disabled until enabled)' }),
  enabled: Type.Boolean({ deprecated: true, description: 'Alias of is_enabled, kept for earlier clients' }),
  is_default: Type.Boolean(),
});

export const LLMModelsListResponse = Type.Object({ models: Type.Array(TenantModel), total: Type.Integer() });
export const CatalogModelsListResponse = Type.Object({
  models: Type.Array(CatalogModel),
  total: Type.Integer(),
  providers: Type.Array(Type.String()),
  modes: Type.Array(ModeSchema),
});
export const ModelsGroupedResponse = Type.Object({
  ...Object.fromEntries(MODES.map((m) => [m, Type.Array(V2Model)])),
  total: Type.Integer(),
  enabled_total: Type.Integer(),
});
export const ModelsFlatResponse = Type.Object({ models: Type.Array(V2Model), total: Type.Integer() });

export const ModelsQuery = defaultsOptional(Type.Object({
  provider: Type.Optional(Type.String({ maxLength: 100 })),
  mode: Type.Enum(MODES, { default: 'chat' }),
  enabled_only: Type.Boolean({ default: false }),
}));
export const CatalogQuery = Type.Object({
  provider: Type.Optional(Type.String({ maxLength: 100 })),
  mode: Type.Optional(ModeSchema),
});
export const FlatQuery = defaultsOptional(Type.Object({
  mode: Type.Optional(ModeSchema),
  provider: Type.Optional(Type.String({ maxLength: 100 })),
  enabled_only: Type.Boolean({ default: false }),
}));

export const UpdateModelPreferenceRequest = Type.Object({
  is_enabled: Type.Optional(Type.Boolean()),
  is_default: Type.Optional(Type.Boolean({ description: 'true also enables the model and unsets the previous default of its mode' })),
});
const preferenceFields = {
  model_id: Uuid,
  model_name: Type.String(),
  provider: Type.String(),
  mode: ModeSchema,
  is_enabled: Type.Boolean(),
  is_default: Type.Boolean(),
  updated_at: Nullable(Type.String({ format: 'date-time' })),
};
export const ModelPreferenceResponse = Type.Object(preferenceFields);

export const ActivateModelRequest = Type.Object({
  model_name: Type.String({ minLength: 1, maxLength: 300 }),
  is_default: Type.Optional(Type.Boolean()),
});
export const ActivateModelResponse = Type.Object({
  ...preferenceFields,
  model_created: Type.Boolean({ description: 'true when the model record was created by this call' }),
});
export const DeactivateModelResponse = Type.Object({
  model_id: Uuid,
  model_name: Type.String(),
  is_enabled: Type.Literal(false),
  preference_removed: Type.Boolean({ description: 'false when the tenant had no preference for the model' }),
});

const PrincipalType = Type.Enum(PRINCIPAL_TYPES);
export const UpdateModelAccessRequest = Type.Object({
  rules: Type.Array(
    Type.Object({
      principal_type: PrincipalType,
      principal_id: Type.String({ minLength: 1, maxLength: 200, description: 'user id, role name or API key id' }),
    }),
    { maxItems: 500, description: 'the complete new rule set; empty = open to the whole tenant' },
  ),
});
export const ModelAccessResponse = Type.Object({
  model_id: Uuid,
  model_name: Type.String(),
  restricted: Type.Boolean({ description: 'false: no rule, every principal of the tenant may use the model' }),
  rules: Type.Array(
    Type.Object({ principal_type: PrincipalType, principal_id: Type.String(), created_at: Type.String({ format: 'date-time' }) }),
  ),
});

const providerFields = {
  provider: Type.String(),
  isConfigured: Type.Boolean(),
  model_count: Type.Integer(),
};
export const LLMProvidersListResponse = Type.Object({
  providers: Type.Array(
    Type.Object({
      ...providerFields,
      modes: Type.Array(ModeSchema),
      key_hint: Nullable(Type.String()),
      base_url: Nullable(Type.String()),
    }),
  ),
  total: Type.Integer(),
});
export const ProviderInfo = Type.Object({
  ...providerFields,
  models_by_mode: Type.Object(Object.fromEntries(MODES.map((m) => [m, Type.Integer()]))),
});

export const ProviderCredentialsRequest = Type.Object({
  api_key: Type.String({ minLength: 1, maxLength: 4096, description: 'always required: changing base_url means sending the key again' }),
  base_url: Type.Optional(Nullable(Type.String({ maxLength: 2048 }))),
  organization: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
});
export const ProviderCredentialsResponse = Type.Object({
  provider: Type.String(),
  isConfigured: Type.Boolean(),
  key_hint: Type.String(),
  base_url: Nullable(Type.String()),
  organization: Nullable(Type.String()),
  updated_at: Type.String({ format: 'date-time' }),
});
