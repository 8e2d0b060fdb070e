import type { Database, Tx } from '../../platform/db/database.js';
import type { TenantDb, TenantTx } from '../../platform/db/tenant-db.js';
import { AppError, unprocessable } from '../../platform/http/errors.js';
import type { Principal } from '../../platform/auth/principal.js';
import { audit } from '../audit/index.js';
import { MODES, type Mode } from './catalog/loader.js';
import type { CatalogService } from './catalog.service.js';
import type { CatalogModelRow } from './llm.table.js';
import {
  clearOtherDefaults,
  countModelsByProviderMode,
  deletePreference,
  findModelByRef,
  findPreference,
  listCatalogModels,
  listModelsForTenant,
  lockDefaultSlot,
  upsertCatalogModels,
  upsertPreference,
  type ModelFilter,
} from './models.repo.js';
import { listCredentialSummaries } from './credentials.repo.js';
import { presentCatalogModel, presentPreference, presentTenantModel, presentV2Model } from './llm.present.js';

export interface ModelsDeps {
  db: Database;
  catalog: Pick<CatalogService, 'entry'>;
  hooks?: LlmHooks;
}

export interface PreferenceChange {
  is_enabled?: boolean;
  is_default?: boolean;
}

/** Model listings and the tenant's preferences (enable, default, activate, deactivate). */
/** What the language-model area tells other areas (handed to createLlm by src/modules/index.ts). */
interface LlmHooks {
  /** The tenant's default embedding model may have changed (documents re-embeds when its documents are on another). */
  onDefaultEmbeddingModelChanged?(tenantId: string): Promise<unknown>;
}

export function createModelsService(deps: ModelsDeps) {
  const { db } = deps;

  /** After the change committed: an embedding model's preference can change the tenant's default embedding model. */
  async function changed<T>(model: CatalogModelRow, tenantId: string, result: T): Promise<T> {
    if (model.mode === 'embedding') await deps.hooks?.onDefaultEmbeddingModelChanged?.(tenantId);
    return result;
  }

  async function requireModel(tx: Tx, ref: string): Promise<CatalogModelRow> {
    const model = await findModelByRef(tx, ref);
    if (!model) throw new AppError('model_not_found', `Model ${ref} not found`);
    return model;
  }

  async function tenantModels(tenant: TenantDb, filter: ModelFilter) {
    return tenant.run(async (t) => {
      const [models, credentials] = [await listModelsForTenant(t, filter), await listCredentialSummaries(t)];
      return { models, configured: new Set(credentials.map((c) => c.provider)) };
    });
  }

  /** GET /api/v1/llm/models */
  async function listV1(tenant: TenantDb, query: { provider?: string; mode: Mode; enabled_only: boolean }) {
    const { models, configured } = await tenantModels(tenant, { provider: query.provider, mode: query.mode, enabledOnly: query.enabled_only });
    const items = models.map((m) => presentTenantModel(m.model, m.preference, configured.has(m.model.provider)));
    return { models: items, total: items.length };
  }

  /** GET /api/v1/llm/models/catalog: the catalog alone, with the values its filters accept. */
  async function catalog(query: { provider?: string; mode?: Mode }) {
    const [models, counts] = await db.system(async (tx) => [await listCatalogModels(tx, query), await countModelsByProviderMode(tx)] as const);
    return {
      models: models.map(presentCatalogModel),
      total: models.length,
      providers: [...new Set(counts.map((c) => c.provider))].sort(),
      modes: MODES.filter((mode) => counts.some((c) => c.mode === mode)),
    };
  }

  /** GET /api/v2/llm/models: every model, grouped by the seven modes. */
  async function grouped(tenant: TenantDb) {
    const { models, configured } = await tenantModels(tenant, {});
    const groups = Object.fromEntries(MODES.map((mode) => [mode, [] as ReturnType<typeof presentV2Model>[]])) as Record<
      Mode,
      ReturnType<typeof presentV2Model>[]
    >;
    for (const m of models) groups[m.model.mode].push(presentV2Model(m.model, m.preference, configured.has(m.model.provider)));
    return { ...groups, total: models.length, enabled_total: models.filter((m) => m.preference?.isEnabled).length };
  }

  /** GET /api/v2/llm/models/flat */
  async function flat(tenant: TenantDb, query: { mode?: Mode; provider?: string; enabled_only: boolean }) {
    const { models, configured } = await tenantModels(tenant, { mode: query.mode, provider: query.provider, enabledOnly: query.enabled_only });
    const items = models.map((m) => presentV2Model(m.model, m.preference, configured.has(m.model.provider)));
    return { models: items, total: items.length };
  }

  /**
   * Applies a preference change in one transaction. The (tenant, mode) lock makes "set default" atomic under
   * concurrent calls: the later call waits, then sees and unsets the earlier default, so exactly one remains.
   */
  async function applyPreference(t: TenantTx, model: CatalogModelRow, change: PreferenceChange) {
    await lockDefaultSlot(t, model.mode);
    const current = await findPreference(t, model.id);
    let isEnabled = change.is_enabled ?? current?.isEnabled ?? false;
    let isDefault = change.is_default ?? current?.isDefault ?? false;
    if (change.is_default === true) isEnabled = true; // a default must be usable
    if (!isEnabled) isDefault = false; // disabling a model also drops it as default
    if (isDefault) await clearOtherDefaults(t, model.mode, model.id);
    return upsertPreference(t, { modelId: model.id, mode: model.mode, isEnabled, isDefault });
  }

  /** PATCH /api/v1/llm/models/{model_id}/preference */
  async function updatePreference(tenant: TenantDb, actor: Principal, ref: string, change: PreferenceChange) {
    if (change.is_enabled === undefined && change.is_default === undefined) {
      throw unprocessable(['body'], 'provide is_enabled, is_default or both');
    }
    if (change.is_enabled === false && change.is_default === true) {
      throw unprocessable(['body', 'is_default'], 'a disabled model cannot be the default');
    }
    const { model, result } = await tenant.run(async (t) => {
      const model = await requireModel(t.tx, ref);
      const preference = await applyPreference(t, model, change);
      await audit(t, 'llm.model_preference_changed', actor, {
        targetId: model.id, targetName: model.modelName, details: { is_enabled: preference.isEnabled, is_default: preference.isDefault },
      });
      return { model, result: presentPreference(model, preference) };
    });
    return changed(model, tenant.tenantId, result);
  }

  /**
   * POST /api/v2/llm/models/activate: the model must be in the catalog; its row is created if a sync has not
   * written it yet; the preference is created or updated with enabled true.
   */
  async function activate(tenant: TenantDb, actor: Principal, input: { model_name: string; is_default?: boolean }) {
    const name = input.model_name.trim();
    const { model, result } = await tenant.run(async (t) => {
      const { tx } = t;
      let model = await findModelByRef(tx, name);
      let created = false;
      if (!model) {
        const entry = deps.catalog.entry(name);
        if (!entry) throw new AppError('model_not_found', `Model ${name} is not in the catalog`);
        await upsertCatalogModels(tx, [entry], 'activation');
        model = (await findModelByRef(tx, name))!;
        created = true;
      }
      const preference = await applyPreference(t, model, { is_enabled: true, is_default: input.is_default });
      await audit(t, 'llm.model_activated', actor, {
        targetId: model.id, targetName: model.modelName, details: { provider: model.provider, mode: model.mode, is_default: preference.isDefault },
      });
      return { model, result: { ...presentPreference(model, preference), model_created: created } };
    });
    return changed(model, tenant.tenantId, result);
  }

  /** DELETE /api/v2/llm/models/{model_name}/deactivate: removes the preference only; the model row stays. */
  async function deactivate(tenant: TenantDb, actor: Principal, modelName: string) {
    const { model, result } = await tenant.run(async (t) => {
      const model = await requireModel(t.tx, modelName);
      const removed = await deletePreference(t, model.id);
      await audit(t, 'llm.model_deactivated', actor, { targetId: model.id, targetName: model.modelName, details: { provider: model.provider, mode: model.mode } });
      return { model, result: { model_id: model.id, model_name: model.modelName, is_enabled: false as const, preference_removed: removed } };
    });
    return changed(model, tenant.tenantId, result);
  }

  return { listV1, catalog, grouped, flat, updatePreference, activate, deactivate };
}
export type ModelsService = ReturnType<typeof createModelsService>;
