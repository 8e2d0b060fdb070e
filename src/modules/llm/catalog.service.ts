import type { Logger } from 'pino';
import type { Config } from '../../platform/config.js';
import type { Database } from '../../platform/db/database.js';
import { loadCatalog, readCatalogSource, type CatalogModel, type CatalogSourceOptions } from './catalog/loader.js';
import { countCatalogModels, markMissingModels, upsertCatalogModels } from './models.repo.js';

export interface CatalogSyncResult {
  source: string;
  /** Models in the source after loading. */
  total: number;
  inserted: number;
  updated: number;
  unchanged: number;
  /** Rows the source no longer lists, now flagged out of the catalog (kept: tenants may reference them). */
  removed: number;
  skipped: { name: string; reason: string }[];
}

export interface CatalogServiceDeps {
  db: Database;
  config: Pick<Config, 'catalogFile' | 'catalogUrl'>;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** For CATALOG_URL / `--url`: the guarded client (no redirects). */
  fetchImpl?: typeof fetch;
}

/** Keeps llm_models in step with the catalog file: on start and on `catalog sync`. */
export function createCatalogService(deps: CatalogServiceDeps) {
  const { db, config, log } = deps;
  let lastLoaded = new Map<string, CatalogModel>();

  async function sync(override: Pick<CatalogSourceOptions, 'file' | 'url'> = {}): Promise<CatalogSyncResult> {
    const hasOverride = Boolean(override.file || override.url);
    const { json, source } = await readCatalogSource({
      file: hasOverride ? override.file : (config.catalogFile ?? undefined),
      url: hasOverride ? override.url : (config.catalogUrl ?? undefined),
      fetchImpl: deps.fetchImpl,
    });
    const { models, skipped } = loadCatalog(json);
    const counts = await db.system(async (tx) => {
      const written = await upsertCatalogModels(tx, models, source);
      const removed = await markMissingModels(tx, models.map((m) => m.name));
      return { ...written, removed };
    });
    lastLoaded = new Map(models.map((m) => [m.name, m]));
    return {
      source,
      total: models.length,
      inserted: counts.inserted,
      updated: counts.updated,
      unchanged: models.length - counts.inserted - counts.updated,
      removed: counts.removed,
      skipped,
    };
  }

  /**
   * A configured source that cannot be read must not keep the service down (a catalog URL may be briefly
   * unreachable): the database keeps the last good catalog, and only an empty database falls back to the bundled file.
   */
  async function syncOnStart(): Promise<void> {
    try {
      const result = await sync();
      log.info({ catalog: { ...result, skipped: result.skipped.length } }, 'language-model catalog synced');
    } catch (error) {
      log.error({ err: error }, 'language-model catalog could not be loaded from its configured source');
      const existing = await db.system((tx) => countCatalogModels(tx));
      if (existing === 0) await syncBundled();
    }
  }

  async function syncBundled(): Promise<void> {
    const { json, source } = await readCatalogSource({});
    const { models } = loadCatalog(json);
    await db.system((tx) => upsertCatalogModels(tx, models, source));
    lastLoaded = new Map(models.map((m) => [m.name, m]));
    log.warn({ source }, 'language-model catalog fell back to the bundled file');
  }

  /** The entry of the last loaded catalog with this name (used to create a missing row on activation). */
  function entry(name: string): CatalogModel | undefined {
    return lastLoaded.get(name);
  }

  return { sync, syncOnStart, entry };
}
export type CatalogService = ReturnType<typeof createCatalogService>;
