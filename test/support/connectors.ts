import type { TestService, TestTenant } from '../harness.js';
import type { ConnectorPeer } from './connector-peer.js';
import { eventually } from './eventually.js';

/** Helpers of the connectors tests: create a connector for a peer, run it, wait for its run and its documents. */

export async function createConnector(t: TestService, tenant: TestTenant, peer: ConnectorPeer, extra: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/connectors',
    headers: tenant.auth(),
    payload: { name: `${peer.kind} source`, kind: peer.kind, config: peer.config, ...(peer.credentials ? { credentials: peer.credentials } : {}), ...extra },
  });
  if (res.statusCode !== 201) throw new Error(`connector creation failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; [key: string]: any };
}

export async function getRun(t: TestService, tenant: TestTenant, connectorId: string, runId: string): Promise<any> {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/connectors/${connectorId}/runs/${runId}`, headers: tenant.auth() });
  if (res.statusCode !== 200) throw new Error(`run ${runId}: ${res.statusCode} ${res.body}`);
  return res.json();
}

export const runEnded = (run: any) => ['succeeded', 'failed', 'cancelled'].includes(run.status);

export async function startSync(t: TestService, tenant: TestTenant, connectorId: string, token?: string) {
  const res = await t.app.inject({ method: 'POST', url: `/api/v1/connectors/${connectorId}/sync`, headers: tenant.auth(token) });
  if (res.statusCode !== 202) throw new Error(`sync: ${res.statusCode} ${res.body}`);
  return res.json().run_id as string;
}

/** Starts a run and waits for it to end; answers the ended run. */
export async function syncAndWait(t: TestService, tenant: TestTenant, connectorId: string) {
  const runId = await startSync(t, tenant, connectorId);
  return eventually(`run ${runId} to end`, () => getRun(t, tenant, connectorId, runId), runEnded);
}

/** The tenant's documents that the connector keeps, once none of them is still being indexed. */
export async function connectorDocuments(t: TestService, tenant: TestTenant, connectorId: string) {
  const read = async () => {
    const out: any[] = [];
    for (let page = 1; ; page++) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/documents/?page=${page}&page_size=100`, headers: tenant.auth() });
      if (res.statusCode !== 200) throw new Error(`documents: ${res.statusCode} ${res.body}`);
      const body = res.json();
      out.push(...body.items);
      if (body.items.length < 100) break;
    }
    return out.filter((d) => d.source?.connector_id === connectorId);
  };
  return eventually('the connector documents to settle', read, (docs) => docs.every((d: any) => d.status === 'indexed' || d.status === 'error'));
}
