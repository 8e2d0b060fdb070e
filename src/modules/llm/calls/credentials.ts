import type { Config } from '../../../platform/config.js';
import type { Database } from '../../../platform/db/database.js';
import { HttpError, badRequest, notFound } from '../../../platform/http/errors.js';
import type { Mode } from '../catalog/loader.js';
import { openProviderKey, SecretDecryptionError, type KeyRing } from '../crypto.js';
import { assertPublicBaseUrl, UnsafeUrlError } from '../ssrf.js';
import { findCredential, listCredentialSummaries } from '../credentials.repo.js';
import { findDefaultModel, findModelByRef, findPreference } from '../models.repo.js';
import type { CatalogModelRow, ProviderCredentialRow } from '../llm.schema.js';
import type { ProviderCredentials } from './providers.js';

export interface CredentialSourceDeps {
  db: Database;
  keys: KeyRing;
  config: Pick<Config, 'provider'>;
}

/**
 * Tenant-level access to provider keys for work that has no caller to check (health probes, ingestion embeddings,
 * document descriptions). Calls made for a principal go through the gate (gate.ts), which adds the access rules;
 * the checks here are the gate's others, in the same order and with the same errors.
 */
export function createCredentialSource(deps: CredentialSourceDeps) {
  const { db, keys } = deps;
  const policy = { allowPrivate: deps.config.provider.allowPrivateUrls, allowedHosts: deps.config.provider.allowedHosts };

  async function open(tenantId: string, provider: string, row: ProviderCredentialRow): Promise<ProviderCredentials> {
    if (row.baseUrl) {
      try {
        await assertPublicBaseUrl(row.baseUrl, policy);
      } catch (error) {
        if (error instanceof UnsafeUrlError) {
          throw badRequest(`The base URL configured for provider ${provider} is not allowed: ${error.message}`, 'provider_url_not_allowed');
        }
        throw error;
      }
    }
    try {
      const apiKey = openProviderKey(keys, tenantId, provider, row);
      return { provider, apiKey, baseUrl: row.baseUrl, organization: row.organization };
    } catch (error) {
      if (error instanceof SecretDecryptionError) {
        throw new HttpError(500, `The API key stored for provider ${provider} cannot be decrypted; set it again`, 'provider_key_unreadable');
      }
      throw error;
    }
  }

  /** The tenant's key for `provider`, or null when none is configured. */
  async function forProvider(tenantId: string, provider: string): Promise<ProviderCredentials | null> {
    const row = await db.tenant(tenantId, (tx) => findCredential(tx, tenantId, provider));
    return row ? open(tenantId, provider, row) : null;
  }

  /** Configured providers with the time their key or base URL last changed. */
  async function configuredProviders(tenantId: string): Promise<Map<string, Date>> {
    const rows = await db.tenant(tenantId, (tx) => listCredentialSummaries(tx, tenantId));
    return new Map(rows.map((r) => [r.provider, r.updatedAt]));
  }

  /**
   * `modelRef` (enabled, of `mode`) or, without one, the tenant's default model of `mode`; null when neither exists
   * (no default configured). An explicit model that cannot be used is an error, never a silent fallback.
   */
  async function resolveForTenant(
    tenantId: string,
    modelRef: string | null,
    mode: Mode,
  ): Promise<{ model: CatalogModelRow; credentials: ProviderCredentials } | null> {
    const found = await db.tenant(tenantId, async (tx) => {
      const model = modelRef ? await findModelByRef(tx, modelRef) : await findDefaultModel(tx, tenantId, mode);
      if (!model) return null;
      const preference = await findPreference(tx, tenantId, model.id);
      const credential = await findCredential(tx, tenantId, model.provider);
      return { model, preference, credential };
    });
    if (!found) {
      if (modelRef) throw notFound(`Model ${modelRef} not found`, 'model_not_found');
      return null;
    }
    const { model, preference, credential } = found;
    if (model.mode !== mode) throw badRequest(`model ${model.modelName} is a ${model.mode} model, not ${mode}`, 'wrong_model_mode');
    if (!preference?.isEnabled) throw badRequest(`model ${model.modelName} is not enabled for this tenant`, 'model_not_enabled');
    if (!credential) throw badRequest(`Provider ${model.provider} has no API key configured for this tenant`, 'provider_not_configured');
    return { model, credentials: await open(tenantId, model.provider, credential) };
  }

  return { forProvider, configuredProviders, resolveForTenant };
}
export type CredentialSource = ReturnType<typeof createCredentialSource>;
