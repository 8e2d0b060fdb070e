import type { CatalogModelRow, ModelPreferenceRow } from './llm.table.js';

/** Response shapes of the LLM endpoints, built from rows (snake_case, ISO-8601 times). */

export function presentCatalogModel(model: CatalogModelRow) {
  return {
    id: model.id,
    model_name: model.modelName,
    provider: model.provider,
    mode: model.mode,
    max_input_tokens: model.maxInputTokens,
    max_output_tokens: model.maxOutputTokens,
    input_cost_per_token: model.inputCostPerToken,
    output_cost_per_token: model.outputCostPerToken,
    cached_input_cost_per_token: model.cachedInputCostPerToken,
    cost_per_image: model.costPerImage,
    cost_per_second: model.costPerSecond,
    cost_per_character: model.costPerCharacter,
    cost_per_query: model.costPerQuery,
    output_vector_size: model.outputVectorSize,
    deprecation_date: model.deprecationDate,
    capabilities: model.capabilities,
    in_catalog: model.inCatalog,
  };
}

/** v1 listing: the catalog entry, whether the tenant configured its provider, and the tenant's preference. */
export function presentTenantModel(model: CatalogModelRow, preference: ModelPreferenceRow | null, providerConfigured: boolean) {
  return {
    ...presentCatalogModel(model),
    provider_configured: providerConfigured,
    is_enabled: preference?.isEnabled ?? false,
    is_default: preference?.isDefault ?? false,
  };
}

/** v2 listing: the same entry with the SPEC's `is_enabled` flag; `enabled` is kept as an alias for early clients. */
export function presentV2Model(model: CatalogModelRow, preference: ModelPreferenceRow | null, providerConfigured: boolean) {
  return { ...presentTenantModel(model, preference, providerConfigured), enabled: preference?.isEnabled ?? false };
}

export function presentPreference(model: CatalogModelRow, preference: ModelPreferenceRow | null) {
  return {
    model_id: model.id,
    model_name: model.modelName,
    provider: model.provider,
    mode: model.mode,
    is_enabled: preference?.isEnabled ?? false,
    is_default: preference?.isDefault ?? false,
    updated_at: preference ? preference.updatedAt.toISOString() : null,
  };
}
