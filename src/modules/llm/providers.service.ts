import type { Config } from '../../platform/config.js';
import type { Database } from '../../platform/db/database.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { TenantDb } from '../../platform/db/tenant-db.js';
import { AppError, unprocessable } from '../../platform/http/errors.js';
import { MODES, type Mode } from './catalog/loader.js';
import { keyHint, sealProviderKey, type KeyRing } from './crypto.js';
import type { Resolver } from '../../platform/net/address-policy.js';
import { assertProviderUrl, providerUrlPolicy, UnsafeUrlError } from './provider-url.js';
import { countModelsByProviderMode, providerExists } from './models.repo.js';
import { audit } from '../audit/index.js';
import { deleteCredential, findCredential, listCredentialSummaries, upsertCredential } from './credentials.repo.js';

export interface ProvidersDeps {
  db: Database;
  keys: KeyRing;
  config: Pick<Config, 'provider'>;
  resolver?: Resolver;
}

export interface CredentialsInput {
  api_key: string;
  base_url?: string | null;
  organization?: string | null;
}

// A key or organization is sent as an HTTP header: control characters would let it inject other headers.
const hasControl = (text: string) => [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/**
 * Provider listings and the tenant's provider keys. A key is write-only: it is sealed before it reaches the database
 * and no response or log line carries it (only a hint such as "sk-…abcd").
 */
export function createProvidersService(deps: ProvidersDeps) {
  const { db, keys } = deps;
  const policy = providerUrlPolicy(deps.config);

  async function overview(tenant: TenantDb) {
    const [counts, credentials] = await tenant.run(async (t) => [
      await countModelsByProviderMode(t.tx),
      await listCredentialSummaries(t),
    ] as const);
    const byProvider = new Map<string, Partial<Record<Mode, number>>>();
    for (const c of counts) byProvider.set(c.provider, { ...byProvider.get(c.provider), [c.mode]: c.count });
    for (const c of credentials) if (!byProvider.has(c.provider)) byProvider.set(c.provider, {});
    const configured = new Map(credentials.map((c) => [c.provider, c]));
    return [...byProvider.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([provider, perMode]) => {
        const credential = configured.get(provider);
        return {
          provider,
          isConfigured: Boolean(credential),
          model_count: Object.values(perMode).reduce((sum, n) => sum + (n ?? 0), 0),
          perMode,
          key_hint: credential?.keyHint ?? null,
          base_url: credential?.baseUrl ?? null,
        };
      });
  }

  /** GET /api/v1/llm/providers */
  async function listV1(tenant: TenantDb) {
    const providers = (await overview(tenant)).map(({ perMode, ...rest }) => ({
      ...rest,
      modes: MODES.filter((m) => (perMode[m] ?? 0) > 0),
    }));
    return { providers, total: providers.length };
  }

  /** GET /api/v2/llm/providers: one entry per provider with its model count per mode. */
  async function listV2(tenant: TenantDb) {
    return (await overview(tenant)).map(({ perMode, key_hint: _hint, base_url: _url, ...rest }) => ({
      ...rest,
      models_by_mode: Object.fromEntries(MODES.map((m) => [m, perMode[m] ?? 0])) as Record<Mode, number>,
    }));
  }

  async function normaliseBaseUrl(raw: string | null | undefined): Promise<string | null> {
    if (raw === undefined || raw === null || raw.trim() === '') return null;
    try {
      const url = await assertProviderUrl(raw.trim(), policy, deps.resolver);
      return url.href.replace(/\/+$/, '');
    } catch (error) {
      if (error instanceof UnsafeUrlError) throw unprocessable(['body', 'base_url'], error.message);
      throw error;
    }
  }

  /**
   * PUT /api/v2/llm/providers/{provider}/credentials. The key is always required (a PUT without it is a 422), so a
   * base URL can never be pointed elsewhere while keeping a key that was entered for the old destination.
   */
  async function putCredentials(tenant: TenantDb, actor: Principal, rawProvider: string, input: CredentialsInput) {
    const provider = rawProvider.trim().toLowerCase();
    const apiKey = input.api_key.trim();
    if (!apiKey) throw unprocessable(['body', 'api_key'], 'api_key must not be empty');
    if (hasControl(apiKey)) throw unprocessable(['body', 'api_key'], 'api_key must not contain control characters');
    const organization = input.organization?.trim() || null;
    if (organization && hasControl(organization)) throw unprocessable(['body', 'organization'], 'organization must not contain control characters');
    if (!(await db.system((tx) => providerExists(tx, provider)))) throw new AppError('provider_not_found', `Provider ${rawProvider} not found`);
    const baseUrl = await normaliseBaseUrl(input.base_url);
    // The key is sealed for this tenant (its id is in the associated data): the same tenant the row is written to.
    const sealed = sealProviderKey(keys, tenant.tenantId, provider, apiKey);
    const row = await tenant.run(async (t) => {
      const before = await findCredential(t, provider);
      const saved = await upsertCredential(t, { provider, ...sealed, keyHint: keyHint(apiKey), baseUrl, organization });
      // The hint (a few characters of the key) tells keys apart in the trail; the key itself never goes there.
      await audit(t, before ? 'llm.provider_key_rotated' : 'llm.provider_key_set', actor, {
        targetId: saved.id,
        targetName: provider,
        details: { key_hint: saved.keyHint, previous_key_hint: before?.keyHint ?? null, base_url: baseUrl, organization },
      });
      return saved;
    });
    return {
      provider: row.provider,
      isConfigured: true,
      key_hint: row.keyHint,
      base_url: row.baseUrl,
      organization: row.organization,
      updated_at: row.updatedAt.toISOString(),
    };
  }

  /** DELETE /api/v2/llm/providers/{provider}/credentials */
  async function deleteCredentials(tenant: TenantDb, actor: Principal, rawProvider: string): Promise<void> {
    const provider = rawProvider.trim().toLowerCase();
    const deleted = await tenant.run(async (t) => {
      const before = await findCredential(t, provider);
      if (!before || !(await deleteCredential(t, provider))) return false;
      await audit(t, 'llm.provider_key_deleted', actor, { targetId: before.id, targetName: provider, details: { key_hint: before.keyHint } });
      return true;
    });
    if (!deleted) throw new AppError('credentials_not_found', `No credentials configured for provider ${rawProvider}`);
  }

  return { listV1, listV2, putCredentials, deleteCredentials };
}
export type ProvidersService = ReturnType<typeof createProvidersService>;
