import type { Config } from '../../platform/config.js';
import type { Database } from '../../platform/db/database.js';
import type { Principal } from '../../platform/auth/principal.js';
import { HttpError, badRequest, forbidden, notFound } from '../../platform/http/errors.js';
import type { Mode } from './catalog/loader.js';
import { openProviderKey, SecretDecryptionError, type KeyRing } from './crypto.js';
import { assertPublicBaseUrl, UnsafeUrlError, type Resolver } from './ssrf.js';
import { findDefaultModel, findModelByRef, findPreference } from './models.repo.js';
import { listAccessRules } from './access.repo.js';
import { findCredential } from './credentials.repo.js';
import type { AccessRuleRow, CatalogModelRow } from './llm.schema.js';

export type { CatalogModelRow } from './llm.schema.js';
export type { Mode } from './catalog/loader.js';

/**
 * The one place that decides whether a principal may call a model, and hands back the tenant's decrypted provider
 * key for that call. Order of the checks (first failure wins):
 *   404 unknown model → 400 wrong mode → 400 not enabled for the tenant → 403 denied by access rules →
 *   400 provider not configured → 400 stored base URL no longer allowed.
 * "Not enabled" is 400, not 403: it is a configuration state of the tenant an admin fixes by enabling the model,
 * not a permission of the caller; 403 is kept for "this principal may not" (DESIGN §3).
 */

export interface ProviderCredentials {
  provider: string;
  apiKey: string;
  /** null: the provider's public endpoint. */
  baseUrl: string | null;
  organization: string | null;
}

export interface ModelGateDeps {
  db: Database;
  keys: KeyRing;
  config: Pick<Config, 'provider'>;
  /** DNS resolver for the base-URL check (tests may pin answers). */
  resolver?: Resolver;
}

/** No rule = open to every principal of the tenant; otherwise a user matches by id or role, a key by id. */
export function allowedByRules(principal: Principal, rules: Pick<AccessRuleRow, 'principalType' | 'principalId'>[]): boolean {
  if (rules.length === 0) return true;
  return rules.some((rule) => {
    if (principal.kind === 'user') {
      return (
        (rule.principalType === 'user' && rule.principalId === principal.userId) ||
        (rule.principalType === 'role' && rule.principalId === principal.role)
      );
    }
    return rule.principalType === 'api_key' && rule.principalId === principal.apiKeyId;
  });
}

export function createModelGate(deps: ModelGateDeps) {
  const { db, keys } = deps;
  const policy = { allowPrivate: deps.config.provider.allowPrivateUrls, allowedHosts: deps.config.provider.allowedHosts };

  async function resolveForCall(
    principal: Principal,
    modelRef: string,
    mode: Mode,
  ): Promise<{ model: CatalogModelRow; credentials: ProviderCredentials }> {
    const tenantId = principal.tenantId;
    const found = await db.tenant(tenantId, async (tx) => {
      const model = await findModelByRef(tx, modelRef);
      if (!model) return null;
      const [preference, rules, credential] = [
        await findPreference(tx, tenantId, model.id),
        await listAccessRules(tx, tenantId, model.id),
        await findCredential(tx, tenantId, model.provider),
      ];
      return { model, preference, rules, credential };
    });
    if (!found) throw notFound(`Model ${modelRef} not found`, 'model_not_found');
    const { model, preference, rules, credential } = found;
    const name = model.modelName;
    if (model.mode !== mode) throw badRequest(`model ${name} is a ${model.mode} model, not ${mode}`, 'wrong_model_mode');
    if (!preference?.isEnabled) throw badRequest(`model ${name} is not enabled for this tenant`, 'model_not_enabled');
    if (!allowedByRules(principal, rules)) throw forbidden(`Access to model ${name} is restricted by its access rules`, 'model_access_denied');
    if (!credential) {
      throw badRequest(`Provider ${model.provider} has no API key configured for this tenant`, 'provider_not_configured');
    }
    if (credential.baseUrl) {
      // Checked again at call time: the host's DNS answer may have changed since the URL was saved.
      try {
        await assertPublicBaseUrl(credential.baseUrl, policy, deps.resolver);
      } catch (error) {
        if (error instanceof UnsafeUrlError) {
          throw badRequest(`The base URL configured for provider ${model.provider} is not allowed: ${error.message}`, 'provider_url_not_allowed');
        }
        throw error;
      }
    }
    let apiKey: string;
    try {
      apiKey = openProviderKey(keys, tenantId, model.provider, credential);
    } catch (error) {
      if (error instanceof SecretDecryptionError) {
        throw new HttpError(500, `The API key stored for provider ${model.provider} cannot be decrypted; set it again`, 'provider_key_unreadable');
      }
      throw error;
    }
    return {
      model,
      credentials: { provider: model.provider, apiKey, baseUrl: credential.baseUrl, organization: credential.organization },
    };
  }

  /** The tenant's enabled default model for a mode, or null. */
  async function defaultModel(tenantId: string, mode: Mode): Promise<CatalogModelRow | null> {
    return db.tenant(tenantId, (tx) => findDefaultModel(tx, tenantId, mode));
  }

  return { resolveForCall, defaultModel };
}
export type ModelGate = ReturnType<typeof createModelGate>;
