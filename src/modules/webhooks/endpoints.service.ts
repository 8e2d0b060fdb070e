import { randomUUID } from 'node:crypto';
import type { Clock } from '../../platform/clock.js';
import type { Config } from '../../platform/config.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { TenantDb, TenantTx } from '../../platform/db/tenant-db.js';
import { AppError, unprocessable } from '../../platform/http/errors.js';
import type { KeyRing } from '../../platform/sealing.js';
import { audit } from '../audit/index.js';
import { checkEndpointUrl } from './endpoint-url.js';
import { countEndpoints, deleteEndpoint, findEndpoint, insertEndpoint, listEndpoints, lockTenantEndpoints, updateEndpoint } from './endpoints.repo.js';
import { presentEndpoint } from './endpoints.present.js';
import { emitEvent, enqueuePump, PUMP_QUEUE } from './events.js';
import { endpointsWithoutQueuedPump } from './events.repo.js';
import { newSigningSecret, sealSigningSecret } from './signing-secret.js';
import type { WebhookEndpointRow } from './webhooks.table.js';

/** How long a rotated-out secret keeps signing beside the new one, so receivers can switch without losing events. */
const SECRET_OVERLAP_MS = 24 * 3600_000;

export interface EndpointsDeps {
  config: Pick<Config, 'webhooks' | 'provider'>;
  secrets: KeyRing;
  clock: Clock;
}

interface EndpointInput {
  url: string;
  description?: string | null;
  event_types: string[];
  enabled?: boolean;
}

/** Each type once, in the order given; `*` (every type) only alone. The schema already refused unknown types. */
function eventTypes(types: string[]): string[] {
  const unique = [...new Set(types)];
  if (unique.includes('*') && unique.length > 1) throw unprocessable(['body', 'event_types'], 'event_types is either ["*"] (every type) or a list of types, not both');
  return unique;
}

const description = (value: string | null | undefined) => value?.trim() || null;

/** What the audit trail names an endpoint by: its origin, never its path or query (a receiver may put a token there). */
const origin = (url: string) => new URL(url).origin;

export function createEndpointsService(deps: EndpointsDeps) {
  const { config, secrets, clock } = deps;
  const present = (row: WebhookEndpointRow) => presentEndpoint(row, clock.now());

  async function found(t: TenantTx, id: string, forUpdate = false): Promise<WebhookEndpointRow> {
    const row = await findEndpoint(t, id, { forUpdate });
    if (!row) throw new AppError('webhook_endpoint_not_found');
    return row;
  }

  /** The new endpoint with its signing secret, which is answered this once and stored only sealed. */
  async function create(tenant: TenantDb, principal: Principal, input: EndpointInput) {
    const types = eventTypes(input.event_types);
    // The address check resolves the host: before the transaction, which must not wait on DNS.
    const url = await checkEndpointUrl(input.url, config);
    const id = randomUUID();
    const secret = newSigningSecret();
    const row = await tenant.run(async (t) => {
      await lockTenantEndpoints(t);
      const max = config.webhooks.endpointsMax;
      if ((await countEndpoints(t)) >= max) throw new AppError('webhook_endpoint_limit', `The tenant has ${max} webhook endpoints, as many as it may have; delete one first`);
      const inserted = await insertEndpoint(t, {
        id,
        url,
        description: description(input.description),
        eventTypes: types,
        enabled: input.enabled ?? true,
        secretSealed: sealSigningSecret(secrets, t.tenantId, id, secret),
      });
      await audit(t, 'webhook.endpoint_created', principal, {
        targetId: id,
        targetName: origin(url),
        details: { event_types: types, enabled: inserted.enabled, description: inserted.description },
      });
      return inserted;
    });
    return { ...present(row), secret };
  }

  async function list(tenant: TenantDb, skip: number, limit: number) {
    const { rows, total } = await tenant.run((t) => listEndpoints(t, skip, limit));
    return { items: rows.map(present), total, skip, limit };
  }

  async function get(tenant: TenantDb, id: string) {
    return present(await tenant.run((t) => found(t, id)));
  }

  /** Changes what is given; re-enabling clears why the service disabled it and the failure streak, and resumes delivery. */
  async function update(tenant: TenantDb, principal: Principal, id: string, input: Partial<EndpointInput>) {
    const types = input.event_types === undefined ? undefined : eventTypes(input.event_types);
    const url = input.url === undefined ? undefined : await checkEndpointUrl(input.url, config);
    const row = await tenant.run(async (t) => {
      const before = await found(t, id, true);
      const values: Parameters<typeof updateEndpoint>[2] = {};
      const changed: string[] = [];
      if (url !== undefined && url !== before.url) {
        values.url = url;
        changed.push('url');
      }
      if (input.description !== undefined && description(input.description) !== before.description) {
        values.description = description(input.description);
        changed.push('description');
      }
      if (types !== undefined && types.join('\n') !== before.eventTypes.join('\n')) {
        values.eventTypes = types;
        changed.push('event_types');
      }
      const reenabled = input.enabled === true && !before.enabled;
      if (input.enabled !== undefined && input.enabled !== before.enabled) {
        values.enabled = input.enabled;
        changed.push('enabled');
      }
      if (reenabled) Object.assign(values, { disabledReason: null, failingSince: null });
      if (changed.length === 0) return before;
      const after = (await updateEndpoint(t, id, values))!;
      // Deliveries left pending while it was disabled go out now, not at the next sweep.
      if (reenabled) for (const endpointId of await endpointsWithoutQueuedPump(t, PUMP_QUEUE, [id])) await enqueuePump(t, endpointId);
      await audit(t, 'webhook.endpoint_updated', principal, {
        targetId: id,
        targetName: origin(after.url),
        details: {
          changed,
          ...(values.url ? { previous_origin: origin(before.url) } : {}),
          ...(values.eventTypes ? { event_types: values.eventTypes } : {}),
          ...(values.enabled !== undefined ? { enabled: values.enabled } : {}),
        },
      });
      return after;
    });
    return present(row);
  }

  /** Deletes the endpoint and its deliveries; events already sent are not recalled. */
  async function remove(tenant: TenantDb, principal: Principal, id: string): Promise<void> {
    await tenant.run(async (t) => {
      const row = await found(t, id, true);
      await audit(t, 'webhook.endpoint_deleted', principal, { targetId: id, targetName: origin(row.url) });
      await deleteEndpoint(t, id); // the row is locked: it is still there
    });
  }

  /**
   * A new signing secret; the current one becomes the previous, signing beside the new one for 24 hours. The one
   * before it, if still in its overlap, stops at once: only the immediately previous secret is kept.
   */
  async function rotateSecret(tenant: TenantDb, principal: Principal, id: string) {
    const secret = newSigningSecret();
    const until = new Date(clock.now().getTime() + SECRET_OVERLAP_MS);
    await tenant.run(async (t) => {
      const row = await found(t, id, true);
      await updateEndpoint(t, id, {
        secretSealed: sealSigningSecret(secrets, t.tenantId, id, secret),
        previousSecretSealed: row.secretSealed,
        previousSecretUntil: until,
      });
      await audit(t, 'webhook.secret_rotated', principal, {
        targetId: id,
        targetName: origin(row.url),
        details: { previous_secret_expires_at: until.toISOString() },
      });
    });
    return { secret, previous_secret_expires_at: until.toISOString() };
  }

  /** Sends a `webhook.test` event to this endpoint only (through the log and delivery like any event). */
  async function sendTest(tenant: TenantDb, id: string) {
    return tenant.run(async (t) => {
      const row = await found(t, id, true);
      if (!row.enabled) throw new AppError('webhook_endpoint_disabled');
      const event = await emitEvent(t, 'webhook.test', { endpoint_id: id, message: 'A test event sent from the webhook endpoint settings' }, { onlyEndpoint: id });
      return { event_id: event.id };
    });
  }

  return { create, list, get, update, remove, rotateSecret, sendTest };
}
export type EndpointsService = ReturnType<typeof createEndpointsService>;
