import type { Principal } from '../../../platform/auth/principal.js';
import type { EventBus } from '../../../platform/events/bus.js';
import type { Mode } from '../catalog/loader.js';
import type { ModelGate, ResolvedCall } from '../gate.js';

/** Raised by triggers of migration 0004 on every change of preferences, access rules, keys (payload: tenant id) and the catalog ('*'). */
const LLM_CONFIG_CHANNEL = 'llm_config_changed';

const TTL_MS = 10_000; // a safety net: NOTIFY drops entries the moment the configuration changes
const MAX_ENTRIES = 20_000;

/**
 * The gate answers from three tables and a decryption on every call; on the hot path that is most of our added
 * latency. Answers are cached per (tenant, principal, model, mode). Any write to the tables the gate reads fires a
 * NOTIFY (database triggers, so every instance and every code path, CLI included, invalidates), which drops the
 * tenant's entries. Refusals are not cached: a model an admin just enabled works on the next call.
 */
export function createGateCache(gate: Pick<ModelGate, 'resolveForCall'>, bus: EventBus) {
  const entries = new Map<string, { value: ResolvedCall; at: number; tenantId: string }>();
  const inFlight = new Map<string, Promise<ResolvedCall>>();
  // Bumped by every invalidation, so that a lookup that started before it cannot store a stale answer.
  let generation = 0;

  function dropTenant(tenantId: string): void {
    generation++;
    if (tenantId === '*') {
      entries.clear();
      return;
    }
    for (const [key, entry] of entries) if (entry.tenantId === tenantId) entries.delete(key);
  }

  async function start(): Promise<void> {
    await bus.subscribe(LLM_CONFIG_CHANNEL, (payload: unknown) => dropTenant(typeof payload === 'string' ? payload : '*'));
  }

  function keyOf(principal: Principal, modelRef: string, mode: Mode): string {
    const who = principal.kind === 'api_key' ? `k:${principal.apiKeyId}` : `u:${principal.userId}:${principal.role}`;
    return `${principal.tenantId}|${who}|${mode}|${modelRef}`;
  }

  async function resolveForCall(principal: Principal, modelRef: string, mode: Mode): Promise<ResolvedCall> {
    const key = keyOf(principal, modelRef, mode);
    const hit = entries.get(key);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
    const startedAt = generation;
    const flightKey = `${startedAt}|${key}`;
    let pending = inFlight.get(flightKey);
    if (!pending) {
      pending = gate
        .resolveForCall(principal, modelRef, mode)
        .then((value) => {
          if (generation === startedAt) {
            if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
            entries.set(key, { value, at: Date.now(), tenantId: principal.tenantId });
          }
          return value;
        })
        .finally(() => inFlight.delete(flightKey));
      inFlight.set(flightKey, pending);
    }
    return pending;
  }

  return { start, resolveForCall, invalidate: dropTenant };
}
export type GateCache = ReturnType<typeof createGateCache>;
