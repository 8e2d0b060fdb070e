/**
 * The operator's caps: connectors per tenant (CONNECTOR_MAX_PER_TENANT) and items per run
 * (CONNECTOR_MAX_ITEMS_PER_RUN). A run that reaches the item cap has not listed everything, so it deletes nothing,
 * even the documents of items that are gone at the source.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestService, type TestService, type TestTenant } from '../../../test/harness.js';
import { createFolderPeer } from '../../../test/peers/connector-folder.js';
import type { ConnectorPeer } from '../../../test/support/connector-peer.js';
import { connectorDocuments, createConnector, syncAndWait } from '../../../test/support/connectors.js';

const MAX_ITEMS = 4;
const ITEMS = 6;

describe('connector limits', () => {
  let peer: ConnectorPeer;
  let t: TestService;
  let tenant: TestTenant;

  beforeAll(async () => {
    peer = await createFolderPeer();
    await peer.seed(ITEMS);
    t = await startTestService({ env: { ...peer.env, CONNECTOR_MAX_ITEMS_PER_RUN: String(MAX_ITEMS), CONNECTOR_MAX_PER_TENANT: '1' } });
    tenant = await createTenant(t, 'Capped');
  });
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  it('refuses a connector past the per-tenant cap', async () => {
    await createConnector(t, tenant, peer);
    const second = await t.app.inject({ method: 'POST', url: '/api/v1/connectors', headers: tenant.auth(), payload: { name: 'two', kind: 'folder', config: peer.config } });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('connector_limit');
  });

  it('indexes at most the item cap per run, and a capped run deletes nothing', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/connectors', headers: tenant.auth() });
    const id = list.json().items[0].id as string;
    const first = await syncAndWait(t, tenant, id);
    expect(first.listing_complete).toBe(false);
    expect(first.counts.added).toBeLessThanOrEqual(MAX_ITEMS);
    const before = await connectorDocuments(t, tenant, id);
    expect(before.length).toBe(first.counts.added);
    expect(before.length).toBeGreaterThan(0);

    // Every item the first run indexed disappears at the source; the source still holds more than the cap.
    const gone = before.map((d) => d.source.external_id as string);
    for (let i = 0; i < ITEMS; i++) if (gone.some((externalId) => externalId.includes(`item-${String(i).padStart(4, '0')}`))) await peer.remove(i);
    for (let i = ITEMS; i < ITEMS + MAX_ITEMS + 1; i++) await peer.add(i);
    const second = await syncAndWait(t, tenant, id);
    expect(second.listing_complete).toBe(false);
    expect(second.counts.deleted).toBe(0);
    const after = await connectorDocuments(t, tenant, id);
    for (const doc of before) expect(after.map((d) => d.document_id)).toContain(doc.document_id);
  });
});
