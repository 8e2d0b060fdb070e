import type { Database } from '../../../platform/db/database.js';
import { tenantDb, type TenantDb } from '../../../platform/db/tenant-db.js';
import { AppError } from '../../../platform/http/errors.js';
import { PROVIDERS } from '../catalog/loader.js';
import type { HealthStatus } from '../calls/failures.js';
import { baseUrlOf } from '../calls/providers.js';
import { removeSecret, removeSecrets } from '../calls/redact.js';
import type { CredentialSource, ProviderCredentials } from '../gate.js';
import { emitEvent } from '../../webhooks/index.js';
import { findHealthStatus, listHealth, lockProviderHealth, upsertHealth, type HealthUpdate } from './health.repo.js';

/** SPEC "Provider health": a status is trusted for 5 minutes, then a listing probes again. */
const HEALTH_TTL_SEC = 5 * 60;
const PROBE_TIMEOUT_MS = 10_000;
const QUOTA = /insufficient_quota|quota|billing|credit balance/i;

export interface HealthDeps {
  db: Database;
  credentials: Pick<CredentialSource, 'forProvider' | 'configuredProviders' | 'secretsOf'>;
  /** Probe deadline is the smaller of this and 10 s. */
  timeoutMs: number;
  /** The guarded client (platform/net): the probe goes to the tenant's base URL. */
  fetchImpl: typeof fetch;
}

/** The provider's model listing: cheap, authenticated, and answered with the same statuses as real calls. */
function probeRequest(credentials: ProviderCredentials): { url: string; headers: Record<string, string> } {
  const url = `${baseUrlOf(credentials)}/models`;
  switch (credentials.provider) {
    case 'anthropic':
      return { url, headers: { 'x-api-key': credentials.apiKey, 'anthropic-version': '2023-06-01' } };
    case 'google':
      return { url, headers: { 'x-goog-api-key': credentials.apiKey } };
    default: {
      const headers: Record<string, string> = { authorization: `Bearer ${credentials.apiKey}` };
      if (credentials.organization) headers['openai-organization'] = credentials.organization;
      return { url, headers };
    }
  }
}

export function createHealthService(deps: HealthDeps) {
  const { db } = deps;
  const { fetchImpl } = deps;
  // Last status this process wrote per tenant and provider: a success only writes when it changes something.
  const known = new Map<string, HealthStatus>();
  const probing = new Map<string, Promise<void>>();

  /**
   * Records the status; when it differs from the recorded one (none recorded reads as `unknown`, as the listing
   * shows it), `llm.provider.health_changed` is written in the same transaction. Writes of one provider are
   * serialised, so two calls failing at once announce one change, not two.
   */
  async function write(tenantId: string, provider: string, update: HealthUpdate): Promise<void> {
    await tenantDb(db, tenantId).run(async (t) => {
      await lockProviderHealth(t, provider);
      const previous = (await findHealthStatus(t, provider)) ?? 'unknown';
      await upsertHealth(t, provider, update);
      if (previous !== update.status) {
        await emitEvent(t, 'llm.provider.health_changed', { provider, status: update.status, previous_status: previous });
      }
    });
    if (known.size > 100_000) known.clear();
    known.set(`${tenantId}:${provider}`, update.status);
  }

  /** A real call failed with a status that says something about the provider: recorded at once. */
  async function reportFailure(tenantId: string, provider: string, status: HealthStatus, message: string): Promise<void> {
    await write(tenantId, provider, { status, lastError: message, latencyMs: null });
  }

  /** A real call succeeded: back to ok, with no database write when this process already knows it is ok. */
  async function reportSuccess(tenantId: string, provider: string, latencyMs: number): Promise<void> {
    if (known.get(`${tenantId}:${provider}`) === 'ok') return;
    await write(tenantId, provider, { status: 'ok', lastError: null, latencyMs });
  }

  async function probe(tenantId: string, provider: string): Promise<void> {
    const started = performance.now();
    let update: HealthUpdate;
    let apiKey: string | undefined;
    try {
      const credentials = await deps.credentials.forProvider(tenantId, provider);
      if (!credentials) return;
      apiKey = credentials.apiKey;
      const { url, headers } = probeRequest(credentials);
      const res = await fetchImpl(url, { headers, signal: AbortSignal.timeout(Math.min(deps.timeoutMs, PROBE_TIMEOUT_MS)) });
      const body = res.ok ? '' : (await res.text().catch(() => '')).slice(0, 2_000);
      await res.body?.cancel().catch(() => {});
      const latencyMs = Math.round(performance.now() - started);
      if (res.ok) update = { status: 'ok', lastError: null, latencyMs };
      else if (res.status === 429 || res.status === 402) {
        const quota = res.status === 402 || QUOTA.test(body);
        update = { status: quota ? 'quota_exceeded' : 'rate_limited', lastError: `probe: HTTP ${res.status}`, latencyMs };
      } else if (res.status === 401 || res.status === 403) update = { status: 'invalid_key', lastError: `probe: HTTP ${res.status}, key rejected`, latencyMs };
      else update = { status: 'error', lastError: `probe: HTTP ${res.status}`, latencyMs };
    } catch (error) {
      const reason = error instanceof AppError ? String(error.detail) : (error as Error).name === 'TimeoutError' ? 'no answer in time' : (error as Error).message;
      update = { status: 'error', lastError: `probe: ${removeSecret(reason, apiKey)}`.slice(0, 1_000), latencyMs: Math.round(performance.now() - started) };
    }
    await write(tenantId, provider, update);
  }

  /** One probe at a time per tenant and provider, however many listings ask. */
  function probeOnce(tenantId: string, provider: string): Promise<void> {
    const key = `${tenantId}:${provider}`;
    let running = probing.get(key);
    if (!running) {
      running = probe(tenantId, provider).finally(() => probing.delete(key));
      probing.set(key, running);
    }
    return running;
  }

  /** One entry per catalog provider; configured ones whose status is older than 5 minutes (or than their key) are probed first. */
  async function list(tenant: TenantDb) {
    const tenantId = tenant.tenantId;
    const [configured, rows] = await Promise.all([deps.credentials.configuredProviders(tenantId), tenant.run(listHealth)]);
    const byProvider = new Map(rows.map((r) => [r.provider, r]));
    // A status older than the key it was measured with says nothing about the new key.
    const stale = PROVIDERS.filter((p) => {
      const changed = configured.get(p);
      const row = byProvider.get(p);
      return changed !== undefined && (!row || row.ageSec >= HEALTH_TTL_SEC || changed > row.checkedAt);
    });
    if (stale.length > 0) {
      await Promise.all(stale.map((p) => probeOnce(tenantId, p)));
      for (const row of await tenant.run(listHealth)) byProvider.set(row.provider, row);
    }
    // Rows written before messages were cleaned on the way in may still hold a key: cleaned again on the way out.
    const secrets = [...byProvider.values()].some((r) => r.lastError) ? await deps.credentials.secretsOf(tenantId) : [];
    const providers = PROVIDERS.map((provider) => {
      const row = byProvider.get(provider);
      if (!configured.has(provider) || !row) {
        return { provider, configured: configured.has(provider), status: 'unknown' as HealthStatus, checked_at: null, last_error: null, latency_ms: null };
      }
      return {
        provider,
        configured: true,
        status: row.status,
        checked_at: row.checkedAt.toISOString(),
        last_error: row.lastError === null ? null : removeSecrets(row.lastError, secrets),
        latency_ms: row.latencyMs,
      };
    });
    return { providers, cache_ttl_seconds: HEALTH_TTL_SEC };
  }

  return { list, reportFailure, reportSuccess };
}
export type HealthService = ReturnType<typeof createHealthService>;
