import { and, asc, eq, getTableColumns, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { isUuid, rows, type Tx } from '../../platform/db/database.js';
import type { TenantTx } from '../../platform/db/tenant-db.js';
import type { CatalogModel, Mode } from './catalog/loader.js';
import { llmModelPreferences, llmModels, type CatalogModelRow, type ModelPreferenceRow } from './llm.table.js';

/** Catalog rows (global) and tenant preferences. Every preference query filters by tenant_id explicitly. */

/** A model by UUID or by model_name (names never look like UUIDs in any catalog we load). */
export async function findModelByRef(tx: Tx, ref: string): Promise<CatalogModelRow | null> {
  const where = isUuid(ref) ? or(eq(llmModels.id, ref.toLowerCase()), eq(llmModels.modelName, ref)) : eq(llmModels.modelName, ref);
  const [row] = await tx.select().from(llmModels).where(where).limit(1);
  return row ?? null;
}

export interface ModelFilter {
  provider?: string;
  mode?: Mode;
  /** Only models whose preference is enabled for this tenant. */
  enabledOnly?: boolean;
}

export interface ModelWithPreference {
  model: CatalogModelRow;
  preference: ModelPreferenceRow | null;
}

/**
 * Catalog models with the tenant's preference. Models dropped from the catalog stay listed for a tenant that still
 * has a preference on them, so an enabled model never silently disappears from its admin's view.
 */
export async function listModelsForTenant({ tx, tenantId }: TenantTx, filter: ModelFilter): Promise<ModelWithPreference[]> {
  const conditions: SQL[] = [];
  if (filter.provider) conditions.push(eq(llmModels.provider, filter.provider));
  if (filter.mode) conditions.push(eq(llmModels.mode, filter.mode));
  if (filter.enabledOnly) conditions.push(eq(llmModelPreferences.isEnabled, true));
  conditions.push(or(eq(llmModels.inCatalog, true), isNotNull(llmModelPreferences.modelId))!);
  const result = await tx
    .select({ model: llmModels, preference: llmModelPreferences })
    .from(llmModels)
    .leftJoin(
      llmModelPreferences,
      and(eq(llmModelPreferences.modelId, llmModels.id), eq(llmModelPreferences.tenantId, tenantId)),
    )
    .where(and(...conditions))
    .orderBy(asc(llmModels.provider), asc(llmModels.modelName));
  return result;
}

/** The current catalog, without tenant state. */
export async function listCatalogModels(tx: Tx, filter: { provider?: string; mode?: Mode }): Promise<CatalogModelRow[]> {
  const conditions: SQL[] = [eq(llmModels.inCatalog, true)];
  if (filter.provider) conditions.push(eq(llmModels.provider, filter.provider));
  if (filter.mode) conditions.push(eq(llmModels.mode, filter.mode));
  return tx.select().from(llmModels).where(and(...conditions)).orderBy(asc(llmModels.provider), asc(llmModels.modelName));
}

/** Model counts per provider and mode in the current catalog. */
export async function countModelsByProviderMode(tx: Tx): Promise<{ provider: string; mode: Mode; count: number }[]> {
  const result = await rows<{ provider: string; mode: Mode; count: number | string }>(
    tx,
    sql`SELECT provider, mode, count(*) AS count FROM llm_models WHERE in_catalog GROUP BY provider, mode ORDER BY provider, mode`,
  );
  return result.map((r) => ({ provider: r.provider, mode: r.mode, count: Number(r.count) }));
}

export async function providerExists(tx: Tx, provider: string): Promise<boolean> {
  const [row] = await tx.select({ id: llmModels.id }).from(llmModels).where(eq(llmModels.provider, provider)).limit(1);
  return Boolean(row);
}

// ---- catalog sync ----

function catalogValues(model: CatalogModel, source: string) {
  return {
    modelName: model.name,
    provider: model.provider,
    mode: model.mode,
    maxInputTokens: model.max_input_tokens,
    maxOutputTokens: model.max_output_tokens,
    inputCostPerToken: model.input_cost_per_token,
    outputCostPerToken: model.output_cost_per_token,
    cachedInputCostPerToken: model.cached_input_cost_per_token,
    costPerImage: model.cost_per_image,
    costPerSecond: model.cost_per_second,
    costPerCharacter: model.cost_per_character,
    costPerQuery: model.cost_per_query,
    outputVectorSize: model.output_vector_size,
    deprecationDate: model.deprecation_date,
    capabilities: model.capabilities,
    source,
  };
}

/** Catalog-owned columns a sync may rewrite: [Drizzle property, SQL column]. */
const SYNCED = Object.entries(getTableColumns(llmModels))
  .filter(([key]) => !['id', 'modelName', 'inCatalog', 'createdAt', 'updatedAt'].includes(key))
  .map(([key, column]) => [key, column.name] as const);

/**
 * Inserts new models and updates changed ones, matched by name so ids never change. Unchanged rows are not
 * rewritten (no dead tuples on every start). Returns how many rows were inserted and updated.
 */
export async function upsertCatalogModels(tx: Tx, models: CatalogModel[], source: string): Promise<{ inserted: number; updated: number }> {
  let inserted = 0;
  let updated = 0;
  const sorted = [...models].sort((a, b) => (a.name < b.name ? -1 : 1)); // a fixed lock order for concurrent starts
  // `source` alone does not count as a change: switching files must not rewrite (and report) every row.
  const changed = sql.raw(
    [...SYNCED.filter(([key]) => key !== 'source').map(([, c]) => `llm_models.${c} IS DISTINCT FROM excluded.${c}`), 'NOT llm_models.in_catalog'].join(' OR '),
  );
  const set = Object.fromEntries(SYNCED.map(([key, c]) => [key, sql.raw(`excluded.${c}`)]));
  for (let i = 0; i < sorted.length; i += 500) {
    const batch = sorted.slice(i, i + 500).map((m) => catalogValues(m, source));
    const result = await tx
      .insert(llmModels)
      .values(batch)
      .onConflictDoUpdate({
        target: llmModels.modelName,
        set: { ...set, inCatalog: true, updatedAt: sql`now()` },
        setWhere: changed,
      })
      .returning({ inserted: sql<boolean>`(xmax = 0)` });
    for (const row of result) {
      if (row.inserted) inserted++;
      else updated++;
    }
  }
  return { inserted, updated };
}

/** Flags rows the catalog no longer lists; they are kept because tenants may reference them. */
export async function markMissingModels(tx: Tx, presentNames: string[]): Promise<number> {
  const result = await rows<{ id: string }>(
    tx,
    sql`UPDATE llm_models SET in_catalog = false, updated_at = now()
        WHERE in_catalog AND NOT (model_name = ANY(${sql.param(presentNames)}::text[])) RETURNING id`,
  );
  return result.length;
}

export async function countCatalogModels(tx: Tx): Promise<number> {
  const [row] = await rows<{ count: number | string }>(tx, sql`SELECT count(*) AS count FROM llm_models WHERE in_catalog`);
  return Number(row.count);
}

// ---- preferences (tenant-owned) ----

export async function findPreference({ tx, tenantId }: TenantTx, modelId: string): Promise<ModelPreferenceRow | null> {
  const [row] = await tx
    .select()
    .from(llmModelPreferences)
    .where(and(eq(llmModelPreferences.tenantId, tenantId), eq(llmModelPreferences.modelId, modelId)));
  return row ?? null;
}

/**
 * Serialises default changes of one (tenant, mode) across connections, so that of two concurrent "make X default"
 * calls the second sees the first's default and unsets it instead of failing on the unique index.
 */
export async function lockDefaultSlot({ tx, tenantId }: TenantTx, mode: Mode): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`llm-default:${tenantId}:${mode}`}, 0))`);
}

export async function clearOtherDefaults({ tx, tenantId }: TenantTx, mode: Mode, keepModelId: string): Promise<void> {
  await tx
    .update(llmModelPreferences)
    .set({ isDefault: false, updatedAt: sql`now()` })
    .where(
      and(
        eq(llmModelPreferences.tenantId, tenantId),
        eq(llmModelPreferences.mode, mode),
        eq(llmModelPreferences.isDefault, true),
        ne(llmModelPreferences.modelId, keepModelId),
      ),
    );
}

export async function upsertPreference(
  { tx, tenantId }: TenantTx,
  values: { modelId: string; mode: Mode; isEnabled: boolean; isDefault: boolean },
): Promise<ModelPreferenceRow> {
  const [row] = await tx
    .insert(llmModelPreferences)
    .values({ ...values, tenantId })
    .onConflictDoUpdate({
      target: [llmModelPreferences.tenantId, llmModelPreferences.modelId],
      set: { isEnabled: values.isEnabled, isDefault: values.isDefault, updatedAt: sql`now()` },
    })
    .returning();
  return row;
}

export async function deletePreference({ tx, tenantId }: TenantTx, modelId: string): Promise<boolean> {
  const result = await tx
    .delete(llmModelPreferences)
    .where(and(eq(llmModelPreferences.tenantId, tenantId), eq(llmModelPreferences.modelId, modelId)))
    .returning({ modelId: llmModelPreferences.modelId });
  return result.length > 0;
}

export async function findDefaultModel({ tx, tenantId }: TenantTx, mode: Mode): Promise<CatalogModelRow | null> {
  const [row] = await tx
    .select({ model: llmModels })
    .from(llmModelPreferences)
    .innerJoin(llmModels, eq(llmModels.id, llmModelPreferences.modelId))
    .where(
      and(
        eq(llmModelPreferences.tenantId, tenantId),
        eq(llmModelPreferences.mode, mode),
        eq(llmModelPreferences.isDefault, true),
        eq(llmModelPreferences.isEnabled, true),
      ),
    );
  return row?.model ?? null;
}
