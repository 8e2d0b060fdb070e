import type { TenantTx } from '../../../platform/db/tenant-db.js';
import type { EventBus } from '../../../platform/events/bus.js';

/** NOTIFY channel of connector runs: what each item became, and "the run changed" (cancel, end). */
export const RUN_EVENTS_CHANNEL = 'connector_run';

type ItemDecision = 'added' | 'updated' | 'unchanged' | 'deleted' | 'failed';

export interface ItemEvent {
  external_id: string | null;
  url: string | null;
  decision: ItemDecision;
  document_id: string | null;
  message?: string;
}

export type RunEvent =
  | { tenant_id: string; run_id: string; type: 'item'; item: ItemEvent }
  | { tenant_id: string; run_id: string; type: 'run' };

// NOTIFY payloads are limited to 8000 bytes: ids, addresses and messages are cut well below it.
const cut = (text: string | null, max: number) => (text !== null && text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Published in the transaction that records the item, so the event exists exactly when the change does. */
export async function publishItem(bus: EventBus, t: TenantTx, runId: string, item: ItemEvent): Promise<void> {
  const event: RunEvent = {
    tenant_id: t.tenantId,
    run_id: runId,
    type: 'item',
    item: {
      ...item,
      external_id: cut(item.external_id, 2000),
      url: cut(item.url, 2000),
      ...(item.message !== undefined ? { message: cut(item.message, 1000)! } : {}),
    },
  };
  await bus.publish(RUN_EVENTS_CHANNEL, event, t.tx);
}

export async function publishRunChanged(bus: EventBus, t: TenantTx, runId: string): Promise<void> {
  const event: RunEvent = { tenant_id: t.tenantId, run_id: runId, type: 'run' };
  await bus.publish(RUN_EVENTS_CHANNEL, event, t.tx);
}
