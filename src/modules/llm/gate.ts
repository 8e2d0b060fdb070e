import type { Config } from '../../platform/config.js';
import type { Database } from '../../platform/db/database.js';
import { tenantDb } from '../../platform/db/tenant-db.js';
import type { Principal } from '../../platform/auth/principal.js';
import { AppError } from '../../platform/http/errors.js';
import type { Resolver } from '../../platform/net/address-policy.js';
import type { Mode } from './catalog/loader.js';
import { openProviderKey, SecretDecryptionError, type KeyRing } from './crypto.js';
import { assertProviderUrl, providerUrlPolicy, UnsafeUrlError } from './provider-url.js';
import { findDefaultModel, findModelByRef, findPreference } from './models.repo.js';
import { listAccessRules } from './access.repo.js';
import { findCredential, listCredentials, listCredentialSummaries } from './credentials.repo.js';
import type { AccessRuleRow, CatalogModelRow, ModelPreferenceRow, ProviderCredentialRow } from './llm.table.js';

export type { CatalogModelRow } from './llm.table.js';
export type { Mode } from './catalog/loader.js';

/**
 * The one way to a provider key: every language-model call, probe and background job resolves its model and key here,
 * through one chain of checks with one set of errors. In order (first failure wins):
 *
 *   404 unknown model → 400 wrong mode → 400 not enabled for the tenant → 403 denied by access rules (calls made for a
 *   principal only) → 400 provider not configured → 400 stored base URL no longer allowed → 500 key unreadable.
 *
 * "Not enabled" is 400, not 403: it is a configuration state of the tenant an admin fixes by enabling the model, not
 * a permission of the caller; 403 is kept for "this principal may not" (DESIGN §3).
 */

/** The tenant's decrypted key for one provider, as a call needs it. */
export interface ProviderCredentials {
  provider: string;
  apiKey: string;
  /** null: the provider's public endpoint. */
  baseUrl: string | null;
  organization: string | null;
}

/** What a call goes ahead with: the model and the key for its provider. */
export interface ResolvedCall {
  model: CatalogModelRow;
  credentials: ProviderCredentials;
}

export interface ModelGateDeps {
  db: Database;
  keys: KeyRing;
  config: Pick<Config, 'provider'>;
  /** DNS resolver for the base-URL check (tests may pin answers). */
  resolver?: Resolver;
}

/** No rule = open to every principal of the tenant; otherwise a user (or an app acting for one) matches by id or role, a key by id. */
export function allowedByRules(principal: Principal, rules: Pick<AccessRuleRow, 'principalType' | 'principalId'>[]): boolean {
  if (rules.length === 0) return true;
  return rules.some((rule) => {
    if (principal.kind !== 'api_key') {
      return (
        (rule.principalType === 'user' && rule.principalId === principal.userId) ||
        (rule.principalType === 'role' && rule.principalId === principal.role)
      );
    }
    return rule.principalType === 'api_key' && rule.principalId === principal.apiKeyId;
  });
}

/** The refusals of the chain, in one place. */
const refusals = {
  modelNotFound: (ref: string) => new AppError('model_not_found', `Model ${ref} not found`),
  wrongMode: (model: CatalogModelRow, mode: Mode) => new AppError('wrong_model_mode', `model ${model.modelName} is a ${model.mode} model, not ${mode}`),
  notEnabled: (model: CatalogModelRow) => new AppError('model_not_enabled', `model ${model.modelName} is not enabled for this tenant`),
  accessDenied: (model: CatalogModelRow) => new AppError('model_access_denied', `Access to model ${model.modelName} is restricted by its access rules`),
  noKey: (provider: string) => new AppError('provider_not_configured', `Provider ${provider} has no API key configured for this tenant`),
  urlNotAllowed: (provider: string, reason: string) =>
    new AppError('provider_url_not_allowed', `The base URL configured for provider ${provider} is not allowed: ${reason}`),
  keyUnreadable: (provider: string) => new AppError('provider_key_unreadable', `The API key stored for provider ${provider} cannot be decrypted; set it again`),
};

interface Found {
  model: CatalogModelRow;
  preference: ModelPreferenceRow | null;
  credential: ProviderCredentialRow | null;
  /** null: not read, the work has no caller to check. */
  rules: AccessRuleRow[] | null;
}

export function createModelGate(deps: ModelGateDeps) {
  const { db, keys } = deps;
  const policy = providerUrlPolicy(deps.config);

  /** Base URL (checked again at call time: its DNS answer may have changed since it was saved), then decryption. */
  async function open(tenantId: string, provider: string, row: ProviderCredentialRow): Promise<ProviderCredentials> {
    if (row.baseUrl) {
      try {
        await assertProviderUrl(row.baseUrl, policy, deps.resolver);
      } catch (error) {
        if (error instanceof UnsafeUrlError) throw refusals.urlNotAllowed(provider, error.message);
        throw error;
      }
    }
    try {
      const apiKey = openProviderKey(keys, tenantId, provider, row);
      return { provider, apiKey, baseUrl: row.baseUrl, organization: row.organization };
    } catch (error) {
      if (error instanceof SecretDecryptionError) throw refusals.keyUnreadable(provider);
      throw error;
    }
  }

  /** The model (by reference, else the tenant's default of `mode`) and what the chain needs about it, in one transaction. */
  async function find(tenantId: string, modelRef: string | null, mode: Mode, withRules: boolean): Promise<Found | null> {
    return tenantDb(db, tenantId).run(async (t) => {
      const model = modelRef ? await findModelByRef(t.tx, modelRef) : await findDefaultModel(t, mode);
      if (!model) return null;
      const preference = await findPreference(t, model.id);
      const rules = withRules ? await listAccessRules(t, model.id) : null;
      const credential = await findCredential(t, model.provider);
      return { model, preference: preference ?? null, rules, credential: credential ?? null };
    });
  }

  async function check(tenantId: string, found: Found, mode: Mode, principal: Principal | null): Promise<ResolvedCall> {
    const { model, preference, rules, credential } = found;
    if (model.mode !== mode) throw refusals.wrongMode(model, mode);
    if (!preference?.isEnabled) throw refusals.notEnabled(model);
    if (principal && rules && !allowedByRules(principal, rules)) throw refusals.accessDenied(model);
    if (!credential) throw refusals.noKey(model.provider);
    return { model, credentials: await open(tenantId, model.provider, credential) };
  }

  /** A call made for a principal: every check, access rules included. */
  async function resolveForCall(principal: Principal, modelRef: string, mode: Mode): Promise<ResolvedCall> {
    const found = await find(principal.tenantId, modelRef, mode, true);
    if (!found) throw refusals.modelNotFound(modelRef);
    return check(principal.tenantId, found, mode, principal);
  }

  /**
   * Work with no caller to check (ingestion embeddings, document descriptions): `modelRef` or, without one, the
   * tenant's default model of `mode`; null when neither exists. An explicit model that cannot be used is an error,
   * never a silent fallback.
   */
  async function resolveForTenant(tenantId: string, modelRef: string | null, mode: Mode): Promise<ResolvedCall | null> {
    const found = await find(tenantId, modelRef, mode, false);
    if (!found) {
      if (modelRef) throw refusals.modelNotFound(modelRef);
      return null;
    }
    return check(tenantId, found, mode, null);
  }

  /** The tenant's key for `provider` (health probes), or null when none is configured. */
  async function forProvider(tenantId: string, provider: string): Promise<ProviderCredentials | null> {
    const row = await tenantDb(db, tenantId).run((t) => findCredential(t, provider));
    return row ? open(tenantId, provider, row) : null;
  }

  /** Configured providers with the time their key or base URL last changed. */
  async function configuredProviders(tenantId: string): Promise<Map<string, Date>> {
    const rows = await tenantDb(db, tenantId).run(listCredentialSummaries);
    return new Map(rows.map((r) => [r.provider, r.updatedAt]));
  }

  /**
   * The tenant's current keys, decrypted, for removing them from stored provider messages when they are read (rows
   * written before messages were cleaned on the way in). Unreadable keys are skipped: nothing to match them with.
   */
  async function secretsOf(tenantId: string): Promise<string[]> {
    const rows = await tenantDb(db, tenantId).run(listCredentials);
    const secrets: string[] = [];
    for (const row of rows) {
      try {
        secrets.push(openProviderKey(keys, tenantId, row.provider, row));
      } catch (error) {
        if (!(error instanceof SecretDecryptionError)) throw error;
      }
    }
    return secrets;
  }

  /** The tenant's enabled default model for a mode, or null. */
  async function defaultModel(tenantId: string, mode: Mode): Promise<CatalogModelRow | null> {
    return tenantDb(db, tenantId).run((t) => findDefaultModel(t, mode));
  }

  return { resolveForCall, resolveForTenant, forProvider, configuredProviders, secretsOf, defaultModel };
}
export type ModelGate = ReturnType<typeof createModelGate>;

/** The tenant-level part of the gate, for work that has no caller (health probes, ingestion, descriptions). */
export type CredentialSource = Pick<ModelGate, 'resolveForTenant' | 'forProvider' | 'configuredProviders' | 'secretsOf'>;
